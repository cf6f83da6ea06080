import Foundation
import ThemeKit

/// The problems a repository already had when it adopted themelint (`--write-baseline`),
/// so that a later run (`--baseline`) reports only the new ones (SwiftLint's baseline, for
/// themes).
///
/// A problem is matched by the parts of its SARIF fingerprint: its rule, its file, and its
/// key, or, for a problem with no key (a parse error, a file's name, a folder with no
/// default), its message with the digits left out (digits are mostly line numbers). Lines
/// and columns are not part of it, so a problem stays matched when lines move; severity is
/// not either, so re-grading a rule keeps it matched. Counts matter: a baseline that holds
/// two problems of one rule, file and key absorbs at most two; a problem fixed since is
/// simply gone, and one that comes back later is new again.
///
/// Files are named relative to the folder the baseline file is in, not to the current
/// directory, so that one baseline committed at the root of a repository matches the same
/// problems whichever folder themelint runs from. The file is JSON, its problems sorted
/// by file, rule, key and message, so that it diffs well when committed:
///
/// ```json
/// {
///   "problems" : [
///     {"count" : 2, "file" : "Themes/dark.plist", "key" : "primaryColor", "rule" : "duplicate_key"},
///     {"count" : 1, "file" : "Themes/odd name.plist", "message" : "…", "rule" : "invalid_theme_name"}
///   ],
///   "tool" : "themelint",
///   "version" : 1
/// }
/// ```
public struct Baseline: Sendable, Hashable {
    /// One problem, as the file stores it.
    struct Entry: Codable, Hashable {
        var count: Int
        /// Relative to the baseline's folder where it lies under it; absolute otherwise.
        var file: String
        var key: String?
        /// For a problem with no key: its message as reported when the baseline was written.
        var message: String?
        var rule: String
    }

    /// The file's outline.
    struct Document: Codable {
        var problems: [Entry]
        var tool: String
        var version: Int
    }

    /// What two problems must share to match.
    struct Fingerprint: Hashable {
        var rule: String
        var file: String
        var subject: String

        init(rule: String, file: String, key: String?, message: String?) {
            self.rule = rule
            self.file = file
            // As SARIFReporter.fingerprint: the key, else the message without its digits.
            subject = key.map { "k:" + $0 } ?? "m:" + Diagnostic.identity(ofMessage: message ?? "")
        }
    }

    /// How many problems of each fingerprint the baseline holds.
    var counts: [Fingerprint: Int]
    /// The folder file names are relative to.
    var folder: String
    /// The directory the reports' relative paths are relative to.
    var currentDirectory: String

    /// The baseline in the file at `path` (relative to `currentDirectory`, by default the
    /// process's).
    ///
    /// - Throws: `LintFailure` when it cannot be read or is no themelint baseline.
    public static func read(path: String, currentDirectory: String? = nil) throws(LintFailure) -> Baseline {
        let currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LintFailure("cannot read the baseline \(path): \(Self.reason(error))")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw LintFailure("the baseline \(path) is not a themelint baseline: \(Self.reason(error))")
        }
        guard document.tool == "themelint", document.version == 1 else {
            throw LintFailure(
                "the baseline \(path) is not a themelint baseline: expected \"tool\" : \"themelint\" and \"version\" : 1"
            )
        }
        var baseline = Baseline(
            counts: [:], folder: folder(of: path, currentDirectory: currentDirectory),
            currentDirectory: currentDirectory)
        for (index, entry) in document.problems.enumerated() {
            guard entry.count > 0, entry.key != nil || entry.message != nil else {
                throw LintFailure(
                    "the baseline \(path) is not a themelint baseline: problems[\(index)] needs a count of 1 or more "
                        + "and a key or a message")
            }
            let fingerprint = Fingerprint(rule: entry.rule, file: entry.file, key: entry.key, message: entry.message)
            baseline.counts[fingerprint, default: 0] += entry.count
        }
        return baseline
    }

    /// `report` without the problems this baseline holds, each absorbing at most as many
    /// problems as it counts. Problems that stop a run (`io_error`) are never absorbed.
    public func newProblems(in report: LintReport) -> LintReport {
        var remaining = counts
        var files = FileNames(folder: folder, currentDirectory: currentDirectory)
        var kept = report
        let before = kept.diagnostics.count
        kept.diagnostics.removeAll { diagnostic in
            guard diagnostic.code != .ioError else { return false }
            let fingerprint = Fingerprint(
                rule: diagnostic.code.rawValue, file: files.name(diagnostic.location.file), key: diagnostic.key,
                message: diagnostic.message)
            guard let count = remaining[fingerprint], count > 0 else { return false }
            remaining[fingerprint] = count - 1
            return true
        }
        kept.baselineCount += before - kept.diagnostics.count
        return kept
    }

    /// The baseline of every problem in `report` (but `io_error`), as JSON text to write to
    /// `path` (relative to `currentDirectory`, by default the process's): file names are
    /// made relative to the folder `path` is in.
    public static func text(
        of report: LintReport, path: String, currentDirectory: String? = nil
    ) -> String {
        let currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        var files = FileNames(
            folder: folder(of: path, currentDirectory: currentDirectory), currentDirectory: currentDirectory)
        var counts: [Entry: Int] = [:]
        for diagnostic in report.diagnostics where diagnostic.code != .ioError {
            let entry = Entry(
                count: 0, file: files.name(diagnostic.location.file), key: diagnostic.key,
                message: diagnostic.key == nil ? diagnostic.message : nil, rule: diagnostic.code.rawValue)
            counts[entry, default: 0] += 1
        }
        let problems = counts.map { entry, count in
            var entry = entry
            entry.count = count
            return entry
        }.sorted {
            ($0.file, $0.rule, $0.key ?? "", $0.message ?? "") < ($1.file, $1.rule, $1.key ?? "", $1.message ?? "")
        }
        // Strings and integers only, which always encode.
        return (try? JSONOutput.document(Document(problems: problems, tool: "themelint", version: 1))) ?? "{}\n"
    }

    /// The absolute, standardized folder of the file at `path`.
    static func folder(of path: String, currentDirectory: String) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
        return url.standardizedFileURL.deletingLastPathComponent().path
    }

    /// Report paths (relative to the current directory) made relative to the baseline's
    /// folder, each distinct path worked out once.
    struct FileNames {
        var folder: String
        var currentDirectory: String
        var known: [String: String] = [:]

        mutating func name(_ reported: String) -> String {
            if let name = known[reported] { return name }
            let absolute = URL(
                fileURLWithPath: reported, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)
            ).standardizedFileURL.path
            // The baseline's own folder (a folder-wide problem) is `.`, not its absolute path.
            let name = absolute == folder ? "." : PathDisplay.relative(absolute, to: folder)
            known[reported] = name
            return name
        }
    }

    /// A short reason for a read or decoding failure.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty: "it is not valid JSON"
        case DecodingError.keyNotFound(let key, let context):
            "\(path(context.codingPath + [key])) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            "\(path(context.codingPath)) has the wrong type"
        case let error as CocoaError where error.code == .fileReadNoSuchFile: "no such file"
        case let error as CocoaError where error.code == .fileReadNoPermission: "permission denied"
        default: (error as NSError).localizedDescription
        }
    }

    /// A coding path as a JSON path: `problems[2].rule`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }
}

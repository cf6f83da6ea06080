import Foundation
import ThemeKit
import ThemeOutput
import ThemeSupport

/// The problems a repository already had when it adopted themelint (`--write-baseline`),
/// so that a later run (`--baseline`) reports only the new ones (SwiftLint's baseline, for
/// themes).
///
/// A problem is matched by its rule, its file, and its key, or, for a problem with no key (a
/// parse error, a file's name, a folder with no default, a comment that is no directive), by
/// what its message names (`identity(ofMessage:)`): the numbers that say where it is are
/// left out, the quoted names and character codes kept. Lines and columns are not part of
/// it, so a problem stays matched when lines move; severity is not either, so re-grading a
/// rule keeps it matched. Counts matter: a baseline that holds two problems of one rule,
/// file and key absorbs at most two; a problem fixed since is simply gone, and one that
/// comes back later is new again.
///
/// Files are named relative to the folder the baseline file is in (`../Themes/dark.plist`
/// for a baseline in `ci/`), not to the current directory, so that a baseline committed in a
/// repository matches the same problems whichever folder themelint runs from and wherever
/// the checkout is. An absolute name (as the first version wrote for a file outside the
/// baseline's folder) is still read. The file is JSON, its problems sorted by file, rule,
/// key and message, so that it diffs well when committed:
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
///
/// It is read with the configuration's strict reader: a key written twice (which `jq` and
/// Python read as the last one, a lenient reader as the first, so that a reviewer and
/// themelint would see different baselines), an unknown key or an unknown rule id is an
/// error that names where it is.
public struct Baseline: Sendable, Hashable {
    /// One problem, as the file stores it.
    struct Entry: Codable, Hashable {
        var count: Int
        /// Relative to the baseline's folder (`..` segments included); `.` for the folder itself.
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
        /// Absolute and normalized.
        var file: String
        var subject: String

        init(rule: String, file: String, key: String?, message: String?) {
            self.rule = rule
            self.file = file
            subject = key.map { "k:" + $0 } ?? "m:" + Baseline.identity(ofMessage: message ?? "")
        }
    }

    /// How many problems of each fingerprint the baseline holds.
    var counts: [Fingerprint: Int]
    /// The folder file names are relative to (absolute, normalized).
    var folder: String
    /// The directory the reports' relative paths are relative to.
    var currentDirectory: String

    /// The largest baseline read, in bytes: far more than the problems of any repository.
    public static let maximumFileSize = 1 << 28
    /// The keys of the document and of each problem.
    static let documentKeys = ["problems", "tool", "version"]
    static let entryKeys = ["count", "file", "key", "message", "rule"]
    /// The largest count: above it, a JSON number no longer holds every whole number exactly.
    static let maximumCount = 1 << 53

    /// The baseline in the file at `path` (relative to `currentDirectory`, by default the
    /// process's).
    ///
    /// - Throws: `LintFailure` when it cannot be read or is no themelint baseline, naming
    ///   where in the file (`line:column` for JSON syntax, a JSON path otherwise).
    public static func read(path: String, currentDirectory: String? = nil) throws(LintFailure) -> Baseline {
        let currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        let absolute = PathPattern.normalized(path.hasPrefix("/") ? path : currentDirectory + "/" + path)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.load(absolute, limit: maximumFileSize)
        } catch {
            switch error {
            case .tooLarge:
                throw LintFailure("cannot read the baseline \(path): it is larger than \(maximumFileSize) bytes")
            case .system(let reason):
                throw LintFailure("cannot read the baseline \(path): \(Self.reason(reading: reason))")
            }
        }
        let document: JSONNode
        do {
            document = try ConfigurationParser.read(bytes)
        } catch {
            throw LintFailure(
                "\(path):\(error.location.line):\(error.location.column): the baseline is not valid JSON: \(error.message)"
            )
        }
        var baseline = Baseline(
            counts: [:], folder: PathPattern.normalized(absolute + "/.."), currentDirectory: currentDirectory)
        do {
            try baseline.add(document, file: path)
        } catch {
            throw LintFailure(error.description)
        }
        return baseline
    }

    /// Adds the problems of a baseline document, checked as strictly as a configuration.
    private mutating func add(_ document: JSONNode, file: String) throws(ConfigurationError) {
        let reader = ConfigurationParser(file: file)
        let root = try reader.object(document, at: ".", allowed: Self.documentKeys, required: Self.documentKeys)
        guard root["tool"]?.string == "themelint", root["version"]?.number == 1 else {
            let wrong = root["tool"]?.string == "themelint" ? root["version"] : root["tool"]
            throw reader.error(
                at: ".", wrong?.location ?? document.location,
                "not a themelint baseline: expected \"tool\" : \"themelint\" and \"version\" : 1")
        }
        let problemsNode = root["problems"]
        guard let problems = problemsNode?.elements else {
            throw reader.error(
                at: ".problems", problemsNode?.location ?? document.location,
                "must be an array of problems, not \(problemsNode?.kind ?? "nothing")")
        }
        for (index, problem) in problems.enumerated() {
            let path = ".problems[\(index)]"
            let fields = try reader.object(
                problem, at: path, allowed: Self.entryKeys, required: ["count", "file", "rule"])
            let countNode = fields["count"] ?? problem
            guard let count = countNode.wholeNumber, (1...Self.maximumCount).contains(count) else {
                throw reader.error(
                    at: path + ".count", countNode.location, "must be a whole number from 1 to \(Self.maximumCount)")
            }
            let ruleNode = fields["rule"] ?? problem
            let rule = try reader.ruleID(
                try reader.string(ruleNode, at: path + ".rule"), at: path + ".rule", ruleNode.location)
            let name = try reader.string(fields["file"] ?? problem, at: path + ".file")
            var subject: (key: String?, message: String?) = (nil, nil)
            for field in ["key", "message"] {
                guard let node = fields[field] else { continue }
                guard let text = node.string else {
                    throw reader.error(at: path + "." + field, node.location, "must be a string, not \(node.kind)")
                }
                if field == "key" { subject.key = text } else { subject.message = text }
            }
            guard subject.key != nil || subject.message != nil else {
                throw reader.error(at: path, problem.location, "needs a key, or a message for a problem with no key")
            }
            let fingerprint = Fingerprint(
                rule: rule.rawValue, file: PathPattern.normalized(name.hasPrefix("/") ? name : folder + "/" + name),
                key: subject.key, message: subject.message)
            // Counts that overflow are a tampered file, not a trap.
            let (sum, overflow) = counts[fingerprint, default: 0].addingReportingOverflow(count)
            guard !overflow else {
                throw reader.error(
                    at: path + ".count", countNode.location,
                    "with the counts of the same problem before it, it adds up past \(Int.max)")
            }
            counts[fingerprint] = sum
        }
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
                rule: diagnostic.code.rawValue, file: files.absolute(diagnostic.location.file), key: diagnostic.key,
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
    /// made relative to the folder `path` is in, with `..` for files outside it.
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

    /// The absolute, normalized folder of the file at `path`.
    static func folder(of path: String, currentDirectory: String) -> String {
        PathPattern.normalized((path.hasPrefix("/") ? path : currentDirectory + "/" + path) + "/..")
    }

    /// Report paths (relative to the current directory) as the baseline names them: made
    /// relative to the baseline's folder, with `..` for a file outside it (as absolute and
    /// normalized, `absolute`, for matching), each distinct path worked out once.
    struct FileNames {
        var folder: String
        var currentDirectory: String
        var known: [String: (absolute: String, name: String)] = [:]

        /// The absolute, normalized path of a reported path.
        mutating func absolute(_ reported: String) -> String { names(reported).absolute }

        /// The name a baseline stores: `.` for its own folder, `../Themes/dark.plist`.
        mutating func name(_ reported: String) -> String { names(reported).name }

        private mutating func names(_ reported: String) -> (absolute: String, name: String) {
            if let names = known[reported] { return names }
            let absolute = PathPattern.normalized(
                reported.hasPrefix("/") ? reported : currentDirectory + "/" + reported)
            let names = (absolute, FileNames.relative(absolute, to: folder))
            known[reported] = names
            return names
        }

        /// `path` relative to `folder` (both absolute and normalized): `.` for the folder
        /// itself, `..` segments up to the deepest folder they share.
        static func relative(_ path: String, to folder: String) -> String {
            let target = path.split(separator: "/")
            let base = folder.split(separator: "/")
            var shared = 0
            while shared < target.count, shared < base.count, target[shared] == base[shared] { shared += 1 }
            let parts = Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }
    }

    /// What stands for a problem with no key when it is matched: its message with the
    /// numbers that say where it is (`line 12`, `near character 40`, a file's size) left
    /// out, and what it names kept whole: text in single quotes (a directive's rule name, a
    /// file's name, a value), a character's code (`U+0001`, `0x80`) and a number that is
    /// part of a word (`UTF-16`). So a baselined
    /// `'unknown1' is not a themelint rule` does not hide a new `'unknown2'`, while a parse
    /// error moved two lines down stays matched. One pass over the message.
    static func identity(ofMessage message: String) -> String {
        let scalars = Array(message.unicodeScalars)
        var kept = String.UnicodeScalarView()
        var quoted = false
        var index = 0
        func isWordy(_ at: Int) -> Bool {
            guard scalars.indices.contains(at) else { return false }
            return scalars[at].properties.isAlphabetic || ("0"..."9").contains(scalars[at])
        }
        func isDigit(_ at: Int) -> Bool { scalars.indices.contains(at) && ("0"..."9").contains(scalars[at]) }
        func isHexDigit(_ at: Int) -> Bool {
            scalars.indices.contains(at) && scalars[at].properties.isASCIIHexDigit
        }
        while index < scalars.count {
            let scalar = scalars[index]
            // A quote opens after a non-letter and closes before one: the apostrophe of
            // "theme's" does neither.
            if scalar == "'", quoted ? !isWordy(index + 1) : !isWordy(index - 1) { quoted.toggle() }
            let startsCode =
                !quoted && !isWordy(index - 1) && index + 2 < scalars.count
                && ((scalar == "U" && scalars[index + 1] == "+") || (scalar == "0" && scalars[index + 1] == "x"))
                && isHexDigit(index + 2)
            if startsCode {
                kept.append(scalar)
                kept.append(scalars[index + 1])
                index += 2
                while isHexDigit(index) {
                    kept.append(scalars[index])
                    index += 1
                }
                continue
            }
            guard !quoted, isDigit(index) else {
                kept.append(scalar)
                index += 1
                continue
            }
            // A run of digits: a number of its own goes; one that is part of a word
            // (`UTF-16`, `x2`) stays.
            var end = index
            while isDigit(end) { end += 1 }
            let before = index > 0 ? scalars[index - 1] : " "
            let partOfWord =
                before.properties.isAlphabetic || before == "-" || before == "_"
                || (scalars.indices.contains(end) && (scalars[end].properties.isAlphabetic || scalars[end] == "_"))
            if partOfWord { kept.append(contentsOf: scalars[index..<end]) }
            index = end
        }
        return String(kept)
    }

    /// A file reader's reason, worded for the baseline: `it is not a regular file` for a
    /// FIFO or a device.
    static func reason(reading reason: String) -> String {
        switch reason {
        case "is a directory, not a theme file": "it is a directory, not a file"
        case _ where reason.hasPrefix("is "): "it " + reason
        default: reason
        }
    }
}

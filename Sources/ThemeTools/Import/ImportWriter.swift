import Foundation
import ThemeKit
import ThemeLint
import ThemeOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts an import's themes in a folder, all or nothing: each is written to a scratch
/// folder, loaded with ThemeKit's loader and linted there, and only when every one loads
/// and lints with no error are they moved into the folder (a rename each, in the same file
/// system). A run that fails leaves the folder as it was.
package enum ImportWriter {
    /// Why the themes were not written.
    package enum Failure: Error, Sendable, Hashable {
        /// The folder, or a file in it, is in the way (`--force` replaces files), or cannot
        /// be written: exit 2.
        case output(String)
        /// A written theme does not load or lint (a bug of the importer): exit 1.
        case check(String)
    }

    /// Writes `themes` into `directory`, replacing files already there only when `force`.
    /// Returns the paths written, in the themes' order.
    package static func write(
        _ themes: [ImportedTheme], to directory: String, force: Bool
    ) throws(Failure) -> [String] {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = fileManager.fileExists(atPath: directory, isDirectory: &isFolder)
        if exists, !isFolder.boolValue { throw .output("\(directory) is a file, not a folder") }
        let targets = themes.map { (directory as NSString).appendingPathComponent($0.name + ".plist") }
        if exists, !force {
            let inTheWay = targets.filter { fileManager.fileExists(atPath: $0) }
            if !inTheWay.isEmpty {
                throw .output(
                    "not overwriting \(inTheWay.joined(separator: ", ")): --force replaces existing files")
            }
        }
        // The scratch folder: inside the folder (hidden, so that no linter or manager takes
        // it for themes), or beside it when the folder is still to be made.
        let parent = (directory as NSString).deletingLastPathComponent
        let scratchBase = exists ? directory : (parent.isEmpty ? "." : parent)
        let absoluteBase =
            scratchBase.hasPrefix("/")
            ? scratchBase : (fileManager.currentDirectoryPath as NSString).appendingPathComponent(scratchBase)
        let scratch = (absoluteBase as NSString).appendingPathComponent(".themekit-import-\(UUID().uuidString)")
        do {
            try fileManager.createDirectory(atPath: scratch, withIntermediateDirectories: !exists)
        } catch {
            throw .output("cannot write to \(scratchBase): \(error.reason)")
        }
        defer { try? fileManager.removeItem(atPath: scratch) }
        for theme in themes {
            let path = (scratch as NSString).appendingPathComponent(theme.name + ".plist")
            do { try OutputFile.write(theme.text, to: path) } catch {
                throw .output("cannot write \(path): \(error.reason)")
            }
        }
        try check(themes, in: scratch)
        if !exists {
            guard rename(scratch, directory) == 0 else {
                throw .output("cannot make \(directory): \(String(cString: strerror(errno)))")
            }
            return targets
        }
        for (theme, target) in zip(themes, targets) {
            let path = (scratch as NSString).appendingPathComponent(theme.name + ".plist")
            guard rename(path, target) == 0 else {
                throw .output("cannot move \(theme.name).plist into \(directory): \(String(cString: strerror(errno)))")
            }
        }
        return targets
    }

    /// Loads every theme of `folder` with ThemeKit's loader and lints it: any error fails.
    static func check(_ themes: [ImportedTheme], in folder: String) throws(Failure) {
        // One session: each file read once, and a chain's themes resolved from their
        // parents' merges, so that checking n themes of a chain costs n, not n².
        let loader = ThemeLoader(directory: folder)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        var problems: [String] = []
        for theme in themes {
            let analysis = loader.analyze(theme.name, in: session)
            if !analysis.errors.isEmpty {
                problems.append(
                    "the imported theme '\(theme.name)' does not load: "
                        + analysis.errors.map(\.rendered).joined(separator: "\n"))
            }
        }
        let paths = themes.map { (folder as NSString).appendingPathComponent($0.name + ".plist") }
        do {
            let report = try ThemeLinter(currentDirectory: folder).lint(paths: paths)
            let errors = report.diagnostics.filter { $0.severity == .error && $0.code != "missing_default" }
            problems += errors.map(\.rendered)
        } catch {
            problems.append("themelint could not lint the imported themes: \(error.message)")
        }
        guard problems.isEmpty else {
            throw .check(
                "the imported themes have themelint errors (an importer bug: please report it):\n"
                    + problems.joined(separator: "\n"))
        }
    }
}

extension Error {
    /// The system's words for a file error, or the error's description.
    var reason: String {
        if let error = self as? OutputFile.WriteError { return error.reason }
        return (self as NSError).localizedDescription
    }
}

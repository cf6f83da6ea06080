import Foundation
import Synchronization
public import ThemeKit

/// A problem with how themelint was called or with the file system, rather than with a
/// theme: exit status 2.
public struct LintFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// What one themelint run found.
public struct LintReport: Sendable, Hashable {
    /// Every diagnostic, sorted by path, line and column.
    public var diagnostics: [Diagnostic]
    /// How many theme files were read.
    public var fileCount: Int

    /// Creates a report; the diagnostics are sorted.
    public init(diagnostics: [Diagnostic], fileCount: Int) {
        self.diagnostics = diagnostics.sorted()
        self.fileCount = fileCount
    }

    /// How many diagnostics are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many diagnostics are warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    /// Whether a file could not be read at all (`io_error`), which makes the exit status 2.
    public var hasIOErrors: Bool { diagnostics.contains { $0.code == .ioError } }
}

/// Finds the themes under some paths and checks each one.
public struct ThemeLinter: Sendable {
    /// The directory that relative paths in reports are relative to (by default the
    /// process's current directory).
    public var currentDirectory: String
    /// The reader used for every file.
    public var reader: PropertyListReader

    /// Creates a linter whose reports are relative to `currentDirectory`.
    public init(currentDirectory: String? = nil, reader: PropertyListReader = PropertyListReader()) {
        self.currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        self.reader = reader
    }

    /// Lints every theme under `paths` (folders are searched recursively for `*.plist`;
    /// files are read whatever their name), reading files in parallel.
    ///
    /// - Throws: `LintFailure` when a path does not exist or a folder holds no theme.
    public func lint(paths: [String]) throws(LintFailure) -> LintReport {
        let files = try ThemeDiscovery(currentDirectory: currentDirectory).themeFiles(under: paths)
        let results = Mutex([[Diagnostic]](repeating: [], count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let found = diagnose(file: files[index].path, displayPath: files[index].display)
            results.withLock { $0[index] = found }
        }
        return LintReport(diagnostics: results.withLock { $0.joined().map { $0 } }, fileCount: files.count)
    }

    /// The problems with one file on its own, reported under `displayPath`.
    public func diagnose(file path: String, displayPath: String? = nil) -> [Diagnostic] {
        do {
            return try ThemeFile.read(path, displayPath: displayPath, reader: reader).diagnostics
        } catch {
            return error.diagnostics
        }
    }
}

/// A theme file found on disk: where to open it, and how to name it in reports.
struct ThemePath: Sendable, Hashable, Comparable {
    /// The path to open, absolute or relative to the current directory.
    var path: String
    /// The path as reported: relative to the current directory where it lies under it.
    var display: String

    static func < (lhs: ThemePath, rhs: ThemePath) -> Bool { lhs.display < rhs.display }
}

/// Turns the paths given on the command line into a sorted list of theme files.
struct ThemeDiscovery {
    var currentDirectory: String

    func themeFiles(under paths: [String]) throws(LintFailure) -> [ThemePath] {
        var files: [ThemePath] = []
        let fileManager = FileManager.default
        for given in paths {
            let path = absolute(given)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LintFailure("no such file or directory: \(given)")
            }
            guard isDirectory.boolValue else {
                files.append(ThemePath(path: path, display: display(path)))
                continue
            }
            guard let walker = fileManager.enumerator(atPath: path) else {
                throw LintFailure("cannot read the folder \(given)")
            }
            var found: [ThemePath] = []
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".plist") else { continue }
                let file = join(path, relative)
                found.append(ThemePath(path: file, display: display(file)))
            }
            guard !found.isEmpty else {
                throw LintFailure("no themes (*.plist) in \(given)")
            }
            files += found
        }
        var seen = Set<String>()
        return files.sorted().filter { seen.insert($0.display).inserted }
    }

    /// `path` made absolute against the current directory.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : join(currentDirectory, path)
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` relative to the current directory when it lies inside it; as given otherwise.
    func display(_ path: String) -> String {
        var path = path
        let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if path.hasPrefix(base) { path.removeFirst(base.count) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        while let range = path.range(of: "/./") { path.replaceSubrange(range, with: "/") }
        return path
    }
}

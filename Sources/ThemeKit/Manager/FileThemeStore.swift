import Foundation
import ThemeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the theme name in a small text file, by default `<config>/<application>/theme`
/// (see ``standard(applicationName:environment:)``).
///
/// Reading is bounded and never blocks: a file over 4 KiB is refused unread, and
/// anything that is not a regular file (a FIFO, a device, a folder) is refused. Saving
/// writes through symbolic links to the file they lead to, so a store file kept in a
/// dotfiles repository stays a link.
public struct FileThemeStore: ThemeStore {
    /// The largest store file read, in bytes: a theme name and its line break fit many
    /// times over. A larger file is refused before any of it is read.
    package static let maximumSize = 4096

    /// The application name used when nothing usable is left after sanitising.
    private static let fallbackApplicationName = "themekit"

    /// The file that holds the name.
    public var path: String

    /// A store at an explicit path.
    public init(path: String) {
        self.path = path
    }

    /// The running application's name, as one safe path component: its bundle identifier
    /// when it has one, else its executable's name, else `themekit`.
    ///
    /// The name is sanitised like an `applicationName` given to
    /// ``standard(applicationName:environment:)``.
    public static var currentApplicationName: String {
        let executable = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) }
        for candidate in [Bundle.main.bundleIdentifier, ProcessInfo.processInfo.processName, executable] {
            if let candidate, let name = pathComponent(candidate) { return name }
        }
        return fallbackApplicationName
    }

    /// The standard store of an application: `<config>/<applicationName>/theme`.
    ///
    /// `applicationName` defaults to ``currentApplicationName``, so that two apps never
    /// share a saved theme. It is made one safe path component: `/`, control characters
    /// and line separators become `_`, it is cut to at most 255 UTF-8 bytes (between
    /// Unicode scalars), and an empty name, `.` or `..` becomes `themekit`.
    ///
    /// On Linux, `<config>` is the first of these that is an absolute path other than `/` (an
    /// empty variable counts as unset; `environment` defaults to the process's):
    /// 1. `$XDG_CONFIG_HOME`;
    /// 2. `$HOME/.config`;
    /// 3. `<home>/.config`, with the user's home folder from the password database;
    /// 4. `<temporary folder>/.config` (`NSTemporaryDirectory()`, else `/tmp`).
    ///
    /// On Apple platforms `<config>` is the app's Application Support folder, as `FileManager`
    /// gives it (inside the app's container when it has one), else `<home>/Library/Application
    /// Support`. This branch is not built in CI, which runs on Linux only.
    public static func standard(applicationName: String? = nil, environment: [String: String]? = nil)
        -> FileThemeStore
    {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let application =
            applicationName.map { pathComponent($0) ?? fallbackApplicationName } ?? currentApplicationName
        #if os(Linux)
            let config = usableFolder(environment["XDG_CONFIG_HOME"]) ?? homeFolder(environment) + "/.config"
        #else
            let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            let config = usableFolder(support?.path) ?? homeFolder(environment) + "/Library/Application Support"
        #endif
        return FileThemeStore(path: config + "/" + application + "/theme")
    }

    /// Reads the saved choice: a theme name, or `system:<base>`.
    ///
    /// - Returns: `nil` when there is no file at ``path`` (or a link there leads nowhere).
    /// - Throws: `ThemeStoreError` when the file is larger than 4 KiB, is not a
    ///   regular file, cannot be read, is not UTF-8, or does not hold a theme choice.
    public func loadThemeName() throws -> String? {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.load(path, limit: Self.maximumSize)
        } catch {
            switch error {
            case .tooLarge(let size):
                throw ThemeStoreError(
                    "the saved theme at \(path) is too large to be a theme name: \(size) bytes, over the limit of \(Self.maximumSize)"
                )
            case .system(let reason):
                if Self.isMissing(path) { return nil }
                throw ThemeStoreError("cannot read the saved theme at \(path): \(reason)")
            }
        }
        guard let text = UTF8Check.string(validating: bytes) else {
            throw ThemeStoreError("the saved theme at \(path) is not UTF-8 text")
        }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard ThemeChoice(storedText: name) != nil else {
            throw ThemeStoreError("the saved theme at \(path) is not a theme name")
        }
        return name
    }

    /// Saves the name, creating the store's folder if needed.
    ///
    /// When ``path`` is a symbolic link, the chain of links is followed (a relative link
    /// relative to its own folder) and the file it ends at is replaced atomically, leaving
    /// the links in place; a link that leads nowhere gets its file created. The file is
    /// replaced only when it is a regular file or does not exist yet.
    ///
    /// - Throws: `ThemeStoreError` when the path leads to something other than a regular
    ///   file (a folder, a FIFO, a device), through too many links, or cannot be written.
    public func saveThemeName(_ name: String) throws {
        let target = try Self.finalTarget(of: path)
        if let kind = target.kind {
            let subject = target.path == path ? "it" : "it leads to \(target.path), which"
            throw ThemeStoreError("cannot save the theme to \(path): \(subject) is \(kind), not a regular file")
        }
        let url = URL(fileURLWithPath: target.path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((name + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            throw ThemeStoreError("cannot save the theme to \(path): \(error.localizedDescription)")
        }
    }

    // MARK: Paths

    /// `name` as one path component, or `nil` if nothing usable is left.
    package static func pathComponent(_ name: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var size = 0
        for scalar in name.unicodeScalars {
            let safe: Unicode.Scalar =
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator: "_"
                default: scalar == "/" ? "_" : scalar
                }
            size += UTF8.width(safe)
            guard size <= 255 else { break }
            scalars.append(safe)
        }
        let component = String(scalars)
        return component.isEmpty || component == "." || component == ".." ? nil : component
    }

    /// `$HOME`, else the home folder in the password database, else the temporary folder.
    private static func homeFolder(_ environment: [String: String]) -> String {
        usableFolder(environment["HOME"]) ?? usableFolder(passwordDatabaseHome())
            ?? usableFolder(NSTemporaryDirectory()) ?? "/tmp"
    }

    /// `path` without its trailing slashes, if it is absolute and not the root folder.
    private static func usableFolder(_ path: String?) -> String? {
        guard var path, path.hasPrefix("/"), !path.utf8.contains(0) else { return nil }
        while path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? nil : path
    }

    /// The user's home folder as the password database records it.
    private static func passwordDatabaseHome() -> String? {
        var size = 4096
        while size <= 1 << 20 {
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>?
            var buffer = [CChar](repeating: 0, count: size)
            let (status, home) = buffer.withUnsafeMutableBufferPointer { buffer -> (Int32, String?) in
                guard let base = buffer.baseAddress else { return (ERANGE, nil) }
                let status = getpwuid_r(getuid(), &entry, base, buffer.count, &result)
                guard status == 0, result != nil, let home = entry.pw_dir else { return (status, nil) }
                return (status, String(cString: home))
            }
            guard status == ERANGE else { return home }
            size *= 2
        }
        return nil
    }

    /// Whether nothing is at `path` (following links).
    private static func isMissing(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) != 0 else { return false }
        return errno == ENOENT || errno == ENOTDIR
    }

    /// The most links followed from the store's path, as Linux's `MAXSYMLINKS`.
    private static let maximumLinks = 40

    /// Where a write to `path` must go: the end of its chain of links, and what it is when
    /// it is neither a regular file nor missing (`kind`, for a person, else `nil`).
    private static func finalTarget(of path: String) throws -> (path: String, kind: String?) {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                if code == ENOENT { return (current, nil) }
                throw ThemeStoreError("cannot save the theme to \(path): \(current): \(describe(code))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: current = try destination(of: current, from: path)
            case S_IFREG: return (current, nil)
            case S_IFDIR: return (current, "a folder")
            case S_IFIFO: return (current, "a FIFO")
            case S_IFCHR: return (current, "a character device")
            case S_IFBLK: return (current, "a block device")
            case S_IFSOCK: return (current, "a socket")
            default: return (current, "an unknown kind of file")
            }
        }
        throw ThemeStoreError("cannot save the theme to \(path): \(describe(ELOOP))")
    }

    /// Where the link at `link` leads, a relative destination taken from the link's folder.
    private static func destination(of link: String, from path: String) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4097)
        let count = buffer.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { readlink(link, $0, buffer.count) } ?? -1
        }
        guard count >= 0 else {
            throw ThemeStoreError("cannot save the theme to \(path): \(link): \(describe(errno))")
        }
        guard count < buffer.count, let destination = UTF8Check.string(validating: buffer[..<count]) else {
            throw ThemeStoreError(
                "cannot save the theme to \(path): the link at \(link) does not lead to a usable path")
        }
        if destination.hasPrefix("/") { return destination }
        guard let slash = link.lastIndex(of: "/") else { return destination }
        return String(link[...slash]) + destination
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

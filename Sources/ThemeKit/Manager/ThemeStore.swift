import Foundation
import ThemeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a manager keeps the user's chosen theme between launches.
///
/// A store keeps one line of text: a theme name for a pinned theme (`dark`), or
/// `system:<base>` for "follow the system's appearance from `<base>`" (see
/// ``ThemeChoice``). A theme name never holds a `:`, so a theme named `system` is never
/// taken for the second.
public protocol ThemeStore: Sendable {
    /// The saved choice as text (``ThemeChoice/storedText``), `nil` if none was saved.
    ///
    /// - Throws: when something was saved but cannot be read back (unreadable, corrupt).
    func loadThemeName() throws -> String?
    /// Saves the chosen theme as text (``ThemeChoice/storedText``).
    func saveThemeName(_ name: String) throws
}

/// What the user chose: one theme, or to follow the system's light or dark appearance
/// from a base theme.
public enum ThemeChoice: Sendable, Hashable {
    /// This theme, whatever the system's appearance (`changeTheme(_:)`).
    case theme(String)
    /// The base theme when the system is of the base's appearance or states no
    /// preference, and the partner its file names when it is of the other
    /// (`followSystemAppearance(base:)`).
    case followingSystem(base: String)

    /// The prefix of a stored "follow the system" choice.
    private static let followingPrefix = "system:"

    /// The choice as a store keeps it: the theme's name, or `system:<base>`.
    public var storedText: String {
        switch self {
        case .theme(let name): name
        case .followingSystem(let base): Self.followingPrefix + base
        }
    }

    /// The choice a store's text holds, or `nil` if it holds none: a theme name (as every
    /// store written before following the system existed holds), or `system:<base>`.
    public init?(storedText text: String) {
        if text.hasPrefix(Self.followingPrefix) {
            let base = String(text.dropFirst(Self.followingPrefix.count))
            guard ThemeName.isValid(base) else { return nil }
            self = .followingSystem(base: base)
        } else {
            guard ThemeName.isValid(text) else { return nil }
            self = .theme(text)
        }
    }

    /// The theme the choice starts from: the pinned theme, or the base.
    public var baseName: String {
        switch self {
        case .theme(let name): name
        case .followingSystem(let base): base
        }
    }
}

/// A store failure, for a person.
public struct ThemeStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

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

/// Keeps the theme name in memory: for tests, previews and apps that do not persist.
public final class InMemoryThemeStore: ThemeStore {
    private let state: Locked<(name: String?, saves: Int)>

    /// A store holding `name`, as if it had been saved.
    public init(_ name: String? = nil) {
        state = Locked((name, 0))
    }

    /// The name saved last.
    public var name: String? { state.withLock { $0.name } }
    /// How many times a name was saved.
    public var saveCount: Int { state.withLock { $0.saves } }

    public func loadThemeName() throws -> String? { name }

    public func saveThemeName(_ name: String) throws {
        state.withLock {
            $0.name = name
            $0.saves += 1
        }
    }
}

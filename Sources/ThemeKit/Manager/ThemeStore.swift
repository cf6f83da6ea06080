import Foundation
import Synchronization

/// Where a manager keeps the user's chosen theme between launches.
public protocol ThemeStore: Sendable {
    /// The saved theme name, `nil` if none was saved.
    ///
    /// - Throws: when something was saved but cannot be read back (unreadable, corrupt).
    func loadThemeName() throws -> String?
    /// Saves the chosen theme name.
    func saveThemeName(_ name: String) throws
}

/// A store failure, for a person.
public struct ThemeStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Keeps the theme name in a small text file, by default
/// `$XDG_CONFIG_HOME/themekit/theme` (or `~/.config/themekit/theme`).
public struct FileThemeStore: ThemeStore {
    /// The file that holds the name.
    public var path: String

    /// A store at an explicit path.
    public init(path: String) {
        self.path = path
    }

    /// The standard location for an application: `<config>/<applicationName>/theme`, where
    /// `<config>` is `XDG_CONFIG_HOME` when it is set to an absolute path, else `~/.config`.
    public static func standard(applicationName: String = "themekit", environment: [String: String]? = nil)
        -> FileThemeStore
    {
        let environment = environment ?? ProcessInfo.processInfo.environment
        var config = environment["XDG_CONFIG_HOME"] ?? ""
        if !config.hasPrefix("/") {
            let home = environment["HOME"] ?? NSHomeDirectory()
            config = home + "/.config"
        }
        return FileThemeStore(path: config + "/" + applicationName + "/theme")
    }

    public func loadThemeName() throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ThemeStoreError("cannot read the saved theme at \(path): \(error.localizedDescription)")
        }
        guard data.count <= 4096, let text = String(data: data, encoding: .utf8) else {
            throw ThemeStoreError("the saved theme at \(path) is not a theme name")
        }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard ThemeName.isValid(name) else {
            throw ThemeStoreError("the saved theme at \(path) is not a theme name")
        }
        return name
    }

    public func saveThemeName(_ name: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((name + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            throw ThemeStoreError("cannot save the theme to \(path): \(error.localizedDescription)")
        }
    }
}

/// Keeps the theme name in memory: for tests, previews and apps that do not persist.
public final class InMemoryThemeStore: ThemeStore {
    private let state: Mutex<(name: String?, saves: Int)>

    /// A store holding `name`, as if it had been saved.
    public init(_ name: String? = nil) {
        state = Mutex((name, 0))
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

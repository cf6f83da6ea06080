public import Foundation
import Synchronization

/// The current theme of an app, and the notifications that tell its objects to restyle.
///
/// ```swift
/// try ThemeManager.shared.changeTheme("lowcontrast")
/// let tint = ThemeManager.shared.color(forKey: "primaryColor")
/// ```
///
/// A manager is `Sendable`. Its state is one immutable `Theme` value swapped under a lock:
/// any number of threads may read while another changes the theme, and every read sees
/// the old theme or the new one, never a mix. Several lookups that must agree should use
/// one `currentTheme` snapshot.
///
/// Loading never happens under that lock: a theme is read, checked and resolved first, and
/// only a finished theme is swapped in. Changes are serialised among themselves, so
/// notifications arrive in the order the changes were made.
public final class ThemeManager: Sendable {
    // MARK: Notifications

    /// Posted once after each successful change or reload, on the thread that made it.
    /// `object` is the manager; `userInfo` holds `previousThemeKey` and `themeKey`.
    public static let didChangeThemeNotification = Notification.Name("ThemeKitDidChangeThemeNotification")
    /// Posted when a live reload or the restore at start fails; `userInfo[errorKey]` is
    /// the `ThemeError`, `userInfo[themeKey]` the theme that failed. The current theme stays.
    public static let didFailToReloadNotification = Notification.Name("ThemeKitDidFailToReloadNotification")
    /// Posted when the chosen theme could not be saved; the change itself still applied.
    /// `userInfo[errorKey]` is the store's error.
    public static let didFailToSaveThemeNotification = Notification.Name("ThemeKitDidFailToSaveThemeNotification")
    /// `userInfo` key: the theme name before the change (`String`).
    public static let previousThemeKey = "previousTheme"
    /// `userInfo` key: the theme name after the change, or the one that failed (`String`).
    public static let themeKey = "theme"
    /// `userInfo` key: the error of a failure notification.
    public static let errorKey = "error"

    /// The app's manager. Its folder is `THEMEKIT_THEMES` from the environment, else
    /// `./Themes`; set `directory` before first use to point it elsewhere. It saves the
    /// chosen theme with `FileThemeStore.standard()`.
    public static let shared = ThemeManager(
        directory: ProcessInfo.processInfo.environment["THEMEKIT_THEMES"] ?? "./Themes",
        store: FileThemeStore.standard())

    // MARK: State

    private struct State {
        var loader: ThemeLoader
        var theme: Theme
        /// Whether `theme` came from a successful load (not the empty fallback).
        var isLoaded = false
        /// Whether the saved choice has been restored (done lazily, on first use).
        var isStarted = false
        var restoreError: ThemeError?
        var subscribers: [Int: AsyncStream<ThemeChange>.Continuation] = [:]
        var nextSubscriber = 0
        var watcher: DirectoryWatcher?
    }

    private let state: Mutex<State>
    /// Held for the whole of a change (load, swap, save, notify) so changes are ordered.
    private let changeLock = Mutex(())
    private let center: NotificationCenter
    private let store: (any ThemeStore)?

    /// Creates a manager for a folder of themes.
    ///
    /// Nothing is read until first use: the saved theme is then restored (or `default`).
    /// - Parameters:
    ///   - directory: The folder holding `<name>.plist` themes.
    ///   - options: How themes are read (for example RNThemeManager's alpha-first colors).
    ///   - notificationCenter: Where notifications are posted.
    ///   - store: Where the chosen theme is saved; `nil` saves nothing.
    public init(
        directory: String, options: ThemeOptions = ThemeOptions(),
        notificationCenter: NotificationCenter = .default, store: (any ThemeStore)? = nil
    ) {
        state = Mutex(
            State(
                loader: ThemeLoader(directory: directory, options: options),
                theme: .empty(named: ThemeName.defaultTheme)))
        center = notificationCenter
        self.store = store
    }

    deinit {
        let (watcher, subscribers) = state.withLock { ($0.watcher, Array($0.subscribers.values)) }
        watcher?.stop()
        for subscriber in subscribers { subscriber.finish() }
    }

    // MARK: The folder

    /// The folder themes are read from. Setting it drops the current theme; the next use
    /// restores the saved choice from the new folder.
    public var directory: String {
        get { state.withLock { $0.loader.directory } }
        set {
            changeLock.withLock { _ in
                state.withLock {
                    $0.loader.directory = newValue
                    $0.isStarted = false
                    $0.isLoaded = false
                    $0.theme = .empty(named: ThemeName.defaultTheme)
                }
            }
        }
    }

    /// The names of the themes in the folder, sorted.
    public var availableThemes: [String] { state.withLock { $0.loader }.availableThemes() }

    // MARK: The current theme

    /// The current theme, whole: lookups on it agree with each other whatever happens to
    /// the manager meanwhile.
    public var currentTheme: Theme {
        startIfNeeded()
        return state.withLock { $0.theme }
    }

    /// The current theme's name.
    public var currentThemeName: String {
        startIfNeeded()
        return state.withLock { $0.theme.name }
    }

    /// Why the saved theme could not be restored at start, if it could not (the manager
    /// then uses `default`, or an empty theme if `default` fails too).
    public var restoreError: ThemeError? {
        startIfNeeded()
        return state.withLock { $0.restoreError }
    }

    /// The color for a `…Color` key of the current theme.
    public func color(forKey key: String) -> ThemeColor? { read { $0.color(forKey: key) } }
    /// The font (name and size) for a `…Font` key of the current theme.
    public func font(forKey key: String) -> ThemeFont? { read { $0.font(forKey: key) } }
    /// The image name for an `…Image` key of the current theme.
    public func image(forKey key: String) -> String? { read { $0.image(forKey: key) } }
    /// The string for an untyped `<string>` key of the current theme.
    public func string(forKey key: String) -> String? { read { $0.string(forKey: key) } }
    /// The number for a `…Size` key or an untyped number of the current theme.
    public func number(forKey key: String) -> Double? { read { $0.number(forKey: key) } }
    /// The flag for an untyped `<true/>`/`<false/>` key of the current theme.
    public func bool(forKey key: String) -> Bool? { read { $0.bool(forKey: key) } }

    /// The value for a typed key in the current theme, as the key's type:
    /// `ThemeManager.shared[.primaryColor]` is a `ThemeColor?`. `nil` if the key is missing
    /// or holds a value of another kind.
    public subscript<Value>(key: ThemeKey<Value>) -> Value? { read { $0[key] } }

    /// The file for an `…Image` key: `<name>.png`, `.pdf` or `.svg` in the theme folder,
    /// in that order; `nil` if none exists or the name could leave the folder.
    public func imageURL(forKey key: String) -> URL? {
        guard let name = image(forKey: key), !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            return nil
        }
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        for kind in ["png", "pdf", "svg"] {
            let url = folder.appendingPathComponent(name + "." + kind)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// A lookup: one dictionary read of pre-resolved values, under the lock for its length.
    @inline(__always)
    private func read<T>(_ lookup: (borrowing Theme) -> T?) -> T? {
        // Once started (every lookup but the first), one lock: whether the saved choice
        // has been restored is checked under the same lock as the read.
        let started: T?? = state.withLock { $0.isStarted ? .some(lookup($0.theme)) : .none }
        if let started { return started }
        startIfNeeded()
        return state.withLock { lookup($0.theme) }
    }

    // MARK: Changing the theme

    /// Loads, checks and resolves `name` whole, then makes it current, saves the choice and
    /// posts `didChangeThemeNotification` once.
    ///
    /// Choosing the current theme again does nothing (use `reloadTheme()` to re-read it).
    /// - Throws: `ThemeError` with every problem of the theme; the current theme, the saved
    ///   choice and observers are then untouched.
    public func changeTheme(_ name: String) throws(ThemeError) {
        startIfNeeded()
        try changeLock.withLock { _ throws(ThemeError) in
            let (current, isLoaded, loader) = state.withLock { ($0.theme.name, $0.isLoaded, $0.loader) }
            if current == name, isLoaded { return }
            let theme = try loader.load(name)
            install(theme, cause: .changed)
        }
    }

    /// Reads the current theme again from disk and posts `didChangeThemeNotification`.
    ///
    /// - Throws: `ThemeError`; the current theme then stays.
    public func reloadTheme() throws(ThemeError) {
        startIfNeeded()
        try changeLock.withLock { _ throws(ThemeError) in
            let (name, loader) = state.withLock { ($0.theme.name, $0.loader) }
            install(try loader.load(name), cause: .reloaded)
        }
    }

    /// Every change from now on, for Swift concurrency. Each stream gets every change made
    /// after it was created; it ends when the manager is released.
    public func changes() -> AsyncStream<ThemeChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ThemeChange.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int in
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Swaps `theme` in, saves the choice if it changed, then tells everyone. Called with
    /// `changes` held.
    private func install(_ theme: Theme, cause: ThemeChange.Cause) {
        let (previous, subscribers) = state.withLock { state in
            let previous = state.theme.name
            state.theme = theme
            state.isLoaded = true
            return (previous, Array(state.subscribers.values))
        }
        if cause == .changed, let store {
            do {
                try store.saveThemeName(theme.name)
            } catch {
                center.post(
                    name: Self.didFailToSaveThemeNotification, object: self,
                    userInfo: [Self.themeKey: theme.name, Self.errorKey: error])
            }
        }
        center.post(
            name: Self.didChangeThemeNotification, object: self,
            userInfo: [Self.previousThemeKey: previous, Self.themeKey: theme.name])
        let change = ThemeChange(previousTheme: previous, theme: theme.name, cause: cause)
        for subscriber in subscribers { subscriber.yield(change) }
    }

    // MARK: Restoring at start

    private func startIfNeeded() {
        if state.withLock({ $0.isStarted }) { return }
        changeLock.withLock { _ in
            let (isStarted, loader) = state.withLock { ($0.isStarted, $0.loader) }
            guard !isStarted else { return }
            var failure: ThemeError?
            var theme: Theme?
            var failedName = ThemeName.defaultTheme
            do {
                if let saved = try store?.loadThemeName(), saved != ThemeName.defaultTheme {
                    failedName = saved
                    switch Result(catching: { () throws(ThemeError) in try loader.load(saved) }) {
                    case .success(let loaded): theme = loaded
                    case .failure(let error): failure = error
                    }
                }
            } catch {
                failure = ThemeError(
                    Diagnostic(.ioError, "\(error)", at: .wholeFile((store as? FileThemeStore)?.path ?? "theme store")))
                failedName = "saved theme"
            }
            if theme == nil {
                switch Result(catching: { () throws(ThemeError) in try loader.load(ThemeName.defaultTheme) }) {
                case .success(let loaded):
                    theme = loaded
                case .failure(let error):
                    if failure == nil { failedName = ThemeName.defaultTheme }
                    failure = ThemeError((failure?.diagnostics ?? []) + error.diagnostics)
                }
            }
            state.withLock {
                $0.theme = theme ?? .empty(named: ThemeName.defaultTheme)
                $0.isLoaded = theme != nil
                $0.isStarted = true
                $0.restoreError = failure
            }
            if let failure {
                center.post(
                    name: Self.didFailToReloadNotification, object: self,
                    userInfo: [Self.themeKey: failedName, Self.errorKey: failure])
            }
        }
    }

    // MARK: Live reload

    /// Watches the theme folder and reloads the current theme when its file or an
    /// ancestor's changes on disk (in-place writes and editors' write-and-rename alike).
    /// Bursts of events are coalesced. A broken or half-written file keeps the current
    /// theme and posts `didFailToReloadNotification`.
    ///
    /// - Throws: `ThemeError` (`io_error`) if the folder cannot be watched.
    public func startWatching(quietPeriod: Duration = .milliseconds(50)) throws(ThemeError) {
        startIfNeeded()
        stopWatching()
        let directory = self.directory
        let watcher = try DirectoryWatcher(directory: directory, quietPeriod: quietPeriod) { [weak self] change in
            if case .files(let names) = change { self?.filesChanged(names) }
        }
        state.withLock { $0.watcher = watcher }
    }

    /// Stops watching the theme folder. Safe to call when not watching.
    public func stopWatching() {
        let watcher = state.withLock { state -> DirectoryWatcher? in
            defer { state.watcher = nil }
            return state.watcher
        }
        watcher?.stop()
    }

    /// Whether the manager is watching its folder.
    public var isWatching: Bool { state.withLock { $0.watcher != nil } }

    private func filesChanged(_ names: Set<String>) {
        changeLock.withLock { _ in
            let (theme, loader) = state.withLock { ($0.theme, $0.loader) }
            guard theme.lineage.contains(where: { names.contains($0 + ".plist") }) else { return }
            do {
                install(try loader.load(theme.name), cause: .fileChanged)
            } catch {
                center.post(
                    name: Self.didFailToReloadNotification, object: self,
                    userInfo: [Self.themeKey: theme.name, Self.errorKey: error])
            }
        }
    }
}

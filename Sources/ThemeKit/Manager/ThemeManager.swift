public import Foundation
public import Observation
import ThemeSupport

// Locks. A manager has three, and takes them only in this order: `watchLock` (held while
// watching is started, stopped or moved to another folder: `startWatching`, `stopWatching`,
// `restart`), then `changeLock` (held while a theme is loaded and swapped in, so that loads
// and swaps happen one at a time: `change`, `startIfNeeded`, `restart`, `watcherReported`),
// then `state` (the `Locked<State>` around every field: held briefly, and no lock is taken
// while it is held). The watcher's own lock sits between the first two: a watcher reports
// with it held, and the report takes `changeLock`; `DirectoryWatcher.stop()` waits for a
// report in progress, so a watcher is stopped with `watchLock` held at most, never under
// `changeLock` or `state`. No call-out under a lock: observers, bindings, stream consumers
// and the store are code the manager does not own, which may call the manager back (a
// `Locked` traps on re-entry) or wait for another thread; so what a change must tell is
// queued in `state`'s outbox under the hold that made the change, and delivered once every
// lock is released (ThemeManager+Delivery.swift). The same holds for app code the manager
// runs on its own behalf: a `ThemeKey`'s `ThemeValueConvertible.init` runs after the value is
// read, a store's error is described while the store is read (before `changeLock`), and a
// store or source that is replaced, or that a copy of the state held last, is released once
// the locks are (its `deinit`). The one wait under a lock is `watchLock`'s on a watcher's
// report (DirectoryWatcher.swift gives its own order). A source's first answer is waited for
// with no lock held (ThemeManager+Appearance.swift).

/// The current theme of an app, and the ways its objects follow it.
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
/// Objects follow the theme in three ways, all fed by the same changes in the same order:
/// `bind(_:_:)` for UI code on the main actor, `didChangeThemeNotification`, and
/// `changes()`. The manager is also `Observable`.
///
/// The manager never holds a lock of its own while it runs code it does not own (observers,
/// bindings, stream consumers, the store): a theme is loaded and swapped in first, and
/// what must be told is queued under the same lock hold, then delivered with no lock held,
/// in order, by one thread at a time. So any callback may call the manager back.
public final class ThemeManager: Sendable {
    /// The app's manager. Its folder is `THEMEKIT_THEMES` from the environment (when set
    /// and not empty), else `./Themes`. It saves the chosen theme with
    /// `FileThemeStore.standard()`, a file of the app's own (named after its bundle
    /// identifier, else its executable). Set `directory`, `options`, `store` or
    /// `loadsPartialThemes` before first use to change them; nothing is read until then.
    public static let shared = ThemeManager(
        directory: ProcessInfo.processInfo.environment["THEMEKIT_THEMES"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "./Themes",
        store: FileThemeStore.standard())

    // MARK: State

    struct State {
        var loader: ThemeLoader
        var store: (any ThemeStore)?
        var loadsPartialThemes = false
        var theme: Theme
        /// The number of `theme`: every swap bumps it.
        var version: UInt64 = 0
        /// Whether the saved choice has been restored (done lazily, on first use).
        var isStarted = false
        var restoreError: ThemeError?
        var outbox = Outbox<Delivery>()
        /// Notifications queued by the outbox's deliveries, posted in the same order.
        var posts = Outbox<Post>()
        var subscribers: [Int: AsyncStream<ThemeChange>.Continuation] = [:]
        var nextSubscriber = 0
        /// Live bindings as last counted on the main actor; changes are queued for them
        /// only when there are some.
        var bindingCount = 0
        /// Changes the bindings have not applied yet, oldest first (bounded).
        var bindingQueue: [(version: UInt64, theme: Theme)] = []
        var isBindingRoundScheduled = false
        var watcher: DirectoryWatcher?
        /// Numbers watchers, so that a report from one already replaced is ignored.
        var watcherNumber: UInt64 = 0
        /// The quiet period watching was started with, kept for a move to another folder.
        var quietPeriod: Duration = .milliseconds(50)
        /// The last live reload failed: the next event of any file retries it (the file
        /// it lacked, such as a parent named later, may be the one that appears).
        var liveReloadFailed = false
        /// The base theme while the manager follows the system's appearance; nil while a
        /// theme is pinned.
        var followedBase: String?
        /// Where the system's appearance comes from, the task reading it, and its number
        /// (so that a value from a source already replaced is ignored).
        var appearanceSource: (any AppearanceSource)?
        var appearanceTask: Task<Void, Never>?
        var appearanceSourceNumber: UInt64 = 0
        /// What the source said last, or that it has not answered yet.
        var sourceAnswer = SourceAnswer.answered(nil)
        /// `THEMEKIT_APPEARANCE`, or what the app set: wins over the source.
        var appearanceOverride: ThemeAppearance?

        /// The system's appearance as the manager follows it (nil: no preference, or no
        /// answer yet).
        var systemAppearance: ThemeAppearance? { appearanceOverride ?? sourceAnswer.appearance }

        /// The gate to wait at before choosing a theme for the system's appearance: the
        /// source's first answer, when it has not come and no override makes it moot.
        var pendingFirstAnswer: FirstAnswer? {
            guard appearanceOverride == nil, case .awaiting(let first) = sourceAnswer else { return nil }
            return first
        }

        /// What the store saves for the theme in use: the followed base, else the theme.
        var choice: ThemeChoice { followedBase.map { .followingSystem(base: $0) } ?? .theme(theme.name) }

        /// Swaps `theme` in and queues everything that must hear of it. A theme installed
        /// before the start's restore (a store that changes the theme while it is read) is
        /// the choice: the restore then leaves it, so that the theme stays the one
        /// observers heard of last.
        mutating func install(_ theme: Theme, cause: ThemeChange.Cause, saving choice: ThemeChoice? = nil) {
            let change = ThemeChange(previousTheme: self.theme, theme: theme, cause: cause)
            self.theme = theme
            isStarted = true
            version &+= 1
            outbox.append(.change(change, saving: choice, subscribers: Array(subscribers.values)))
            if bindingCount > 0 {
                if bindingQueue.count >= ThemeManager.bindingQueueLimit { bindingQueue.removeFirst() }
                bindingQueue.append((version, theme))
            }
        }
    }

    let state: Locked<State>
    /// Held while a theme is loaded and swapped in, so that loads and swaps are ordered.
    /// Nothing the manager does not own runs under it.
    let changeLock = Locked(())
    /// Held while watching is started, stopped or moved to another folder.
    let watchLock = Locked(())
    let center: NotificationCenter
    let registrar = ObservationRegistrar()
    let bindings = BindingRegistry()
    /// Delivers what live reload queued, so that the watcher's own thread never waits for
    /// an observer's queue.
    let deliveryQueue = DispatchQueue(label: "ThemeKit.ThemeManager.delivery")

    /// Creates a manager for a folder of themes.
    ///
    /// Nothing is read until first use: the saved theme is then restored (or `default`; in a
    /// folder of DTCG files with no `default`, the first resolver's default contexts).
    /// - Parameters:
    ///   - directory: The folder holding `<name>.plist` themes, or a designer's DTCG files (a
    ///     `.resolver.json` and the `.tokens.json` files it names; its themes are the resolver's
    ///     context combinations).
    ///   - options: How themes are read (for example RNThemeManager's alpha-first colors).
    ///   - notificationCenter: Where notifications are posted.
    ///   - store: Where the chosen theme is saved; `nil` saves nothing.
    public init(
        directory: String, options: ThemeOptions = ThemeOptions(),
        notificationCenter: NotificationCenter = .default, store: (any ThemeStore)? = nil
    ) {
        var initial = State(
            loader: ThemeLoader(directory: directory, options: options), store: store,
            theme: .empty(named: ThemeName.defaultTheme))
        initial.appearanceOverride = Self.appearanceFromEnvironment()
        state = Locked(initial)
        center = notificationCenter
    }

    deinit {
        let (watcher, subscribers, appearanceTask) = state.withLock {
            ($0.watcher, Array($0.subscribers.values), $0.appearanceTask)
        }
        appearanceTask?.cancel()
        watcher?.stop()
        for subscriber in subscribers { subscriber.finish() }
    }

    // MARK: Configuration

    /// The folder themes are read from. Set before first use, it only changes where the
    /// manager will look. Set later, the saved choice is restored from the new folder at
    /// once and delivered as a change (`.restarted`); if the manager was watching, it
    /// watches the new folder.
    public var directory: String {
        get { state.withLock { $0.loader.directory } }
        set { restart { $0.directory = newValue } }
    }

    /// How themes are read. Setting it after first use restores the saved choice with the
    /// new options at once, as setting `directory` does.
    public var options: ThemeOptions {
        get { state.withLock { $0.loader.options } }
        set { restart { $0.options = newValue } }
    }

    /// Where the chosen theme is saved and restored from; `nil` saves nothing. Set it before
    /// first use for the restore to read it.
    public var store: (any ThemeStore)? {
        get { state.withLock { $0.store } }
        set {
            // The old store is handed out and released here, with no lock held: its deinit is
            // the app's code.
            let old = state.withLock { state -> (any ThemeStore)? in
                defer { state.store = newValue }
                return state.store
            }
            _ = consume old
        }
    }

    /// Whether `changeTheme`, `reloadTheme` and live reload accept a theme with errors,
    /// leaving its broken keys out (`Theme.isDegraded`). Off by default: a change is all or
    /// nothing. The restore at start always accepts a degraded `default` rather than start
    /// unstyled.
    public var loadsPartialThemes: Bool {
        get { state.withLock { $0.loadsPartialThemes } }
        set { state.withLock { $0.loadsPartialThemes = newValue } }
    }

    /// The names of the themes in the folder, sorted.
    public var availableThemes: [String] { state.withLock { $0.loader }.availableThemes() }

    // MARK: The current theme

    /// The current theme, whole: lookups on it agree with each other whatever happens to
    /// the manager meanwhile.
    public var currentTheme: Theme {
        startIfNeeded()
        registrar.access(self, keyPath: \.currentTheme)
        return state.withLock { $0.theme }
    }

    /// The current theme's name.
    public var currentThemeName: String { currentTheme.name }

    /// Whether the current theme was loaded despite errors, or stands in for a theme that
    /// could not be loaded at all (`currentTheme.problems` says what was wrong).
    public var isDegraded: Bool { currentTheme.isDegraded }

    /// Why the saved theme could not be restored whole at start, if it could not: the
    /// manager then uses `default`, degraded if it has errors, or an empty theme if it
    /// cannot be read at all.
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
    /// The number for a `…Size` key, a length, an opacity, a duration in seconds, or an
    /// untyped number or numeric string of the current theme.
    public func number(forKey key: String) -> Double? { read { $0.number(forKey: key) } }
    /// The duration for a `…Duration` or `…Delay` key (written in seconds) of the current
    /// theme.
    public func duration(forKey key: String) -> Duration? { read { $0.duration(forKey: key) } }
    /// The flag for an untyped `<true/>`/`<false/>` key of the current theme.
    public func bool(forKey key: String) -> Bool? { read { $0.bool(forKey: key) } }

    /// The value for a typed key in the current theme, as the key's type:
    /// `ThemeManager.shared[.primaryColor]` is a `ThemeColor?`. `nil` if the key is missing
    /// or holds a value of another kind.
    public subscript<Value>(key: ThemeKey<Value>) -> Value? {
        // The value is read under the lock, and converted with no lock held: the key type's
        // `init(themeValue:)` may be the app's, and may call the manager back.
        read { $0[key.name] }.flatMap(Value.init(themeValue:))
    }

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

    /// `\.currentTheme`, made once: a key path literal is a call into the runtime at each
    /// use, which was a tenth of a lookup's instructions (callgrind, `themebench --profile-lookup`).
    /// Unsafe only by its type: a key path is immutable once made, and this one is never
    /// replaced.
    nonisolated(unsafe) private static let currentThemePath: KeyPath<ThemeManager, Theme> = \.currentTheme

    /// A lookup: one dictionary read of pre-resolved values, under the lock for its length.
    @inline(__always)
    private func read<T>(_ lookup: (borrowing Theme) -> T?) -> T? {
        registrar.access(self, keyPath: Self.currentThemePath)
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
    /// Choosing the current theme again does nothing (use `reloadTheme()` to re-read it),
    /// unless the current theme is degraded. Called on the main actor, every binding has
    /// applied the new theme when it returns (unless it was called from inside a binding:
    /// then right after that binding's round).
    /// - Throws: `ThemeError` with every problem of the theme; the current theme, the saved
    ///   choice, observers and bindings are then untouched. With `loadsPartialThemes`, only
    ///   a theme that cannot be read at all throws.
    public func changeTheme(_ name: String) throws(ThemeError) {
        startIfNeeded()
        let wasFollowing = state.withLock { $0.followedBase != nil }
        try change { state throws(ThemeError) in
            let current = state.theme
            if current.name == name, !current.isDegraded {
                // The theme stays; a manager that followed the system now keeps it.
                if state.followedBase != nil {
                    self.state.withLock {
                        $0.followedBase = nil
                        $0.outbox.append(.save(.theme(name)))
                    }
                }
                return
            }
            let theme = try state.loader.load(name, allowingErrors: state.loadsPartialThemes)
            self.state.withLock {
                $0.followedBase = nil
                $0.install(theme, cause: .changed, saving: .theme(name))
            }
        }
        if wasFollowing { registrar.withMutation(of: self, keyPath: \.isFollowingSystemAppearance) {} }
    }

    /// Reads the current theme again from disk and posts `didChangeThemeNotification`.
    ///
    /// - Throws: `ThemeError`; the current theme then stays.
    public func reloadTheme() throws(ThemeError) {
        startIfNeeded()
        try change { state throws(ThemeError) in
            let theme = try state.loader.load(state.theme.name, allowingErrors: state.loadsPartialThemes)
            self.state.withLock { $0.install(theme, cause: .reloaded) }
        }
    }

    /// Every change from now on, for Swift concurrency, each with the theme it installed.
    ///
    /// Each stream gets every change made after it was created, in order; it ends when the
    /// manager is released. A subscriber that reads slowly holds at most `limit` changes
    /// not yet read: past that the oldest are dropped, so it always ends on the newest.
    public func changes(bufferingNewest limit: Int = 32) -> AsyncStream<ThemeChange> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ThemeChange.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
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

    /// Runs `body` with `changeLock` held on a copy of the state (it installs through
    /// `state`), then delivers what it queued, with no lock held.
    func change(_ body: @Sendable (State) throws(ThemeError) -> Void) throws(ThemeError) {
        // The copy leaves the lock with the outcome: it may hold the last reference to a store
        // or a source replaced meanwhile, whose deinit is the app's code.
        let (outcome, snapshot) = changeLock.withLock { _ -> (Result<Void, ThemeError>, State) in
            let snapshot = state.withLock { $0 }
            return (Result { () throws(ThemeError) in try body(snapshot) }, snapshot)
        }
        _ = consume snapshot
        deliver()
        try outcome.get()
    }
}

extension ThemeManager: Observable {}

public import Foundation
public import Observation
import Synchronization

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
    // MARK: Notifications

    /// Posted once after each change or reload, in the order the changes happened, on the
    /// thread that delivers it (the one that made the change, unless another thread was
    /// delivering: then that one; live reloads are delivered on a private queue).
    /// `object` is the manager; `userInfo` holds `previousThemeKey`, `themeKey` and
    /// `themeValueKey`.
    public static let didChangeThemeNotification = Notification.Name("ThemeKitDidChangeThemeNotification")
    /// Posted when a live reload or the restore at start fails, or when watching stops
    /// because the folder went away; `userInfo[errorKey]` is the `ThemeError`,
    /// `userInfo[themeKey]` the theme that failed. The current theme stays.
    public static let didFailToReloadNotification = Notification.Name("ThemeKitDidFailToReloadNotification")
    /// Posted when the chosen theme could not be saved; the change itself still applied.
    /// `userInfo[errorKey]` is the store's error.
    public static let didFailToSaveThemeNotification = Notification.Name("ThemeKitDidFailToSaveThemeNotification")
    /// `userInfo` key: the theme name before the change (`String`).
    public static let previousThemeKey = "previousTheme"
    /// `userInfo` key: the theme name after the change, or the one that failed (`String`).
    public static let themeKey = "theme"
    /// `userInfo` key: the theme after the change (`Theme`): the one this change installed,
    /// even if another change followed before the notification was delivered.
    public static let themeValueKey = "themeValue"
    /// `userInfo` key: the error of a failure notification.
    public static let errorKey = "error"

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

    /// What must be told, queued in the order the changes happened.
    private enum Delivery: Sendable {
        case change(ThemeChange, saves: Bool, subscribers: [AsyncStream<ThemeChange>.Continuation])
        case failure(theme: String, error: ThemeError)
    }

    /// A notification to post, queued by the first stage of delivery in its order.
    private enum Post: Sendable {
        case changed(ThemeChange)
        case failed(theme: String, error: ThemeError)
        case notSaved(theme: String, error: StoreFailure)
    }

    /// A store's error, carried to the notification that reports it.
    ///
    /// `@unchecked Sendable`: a `ThemeStore` may throw any error; it is handed over once, to
    /// the notification's `userInfo`, and never touched by the manager meanwhile.
    private struct StoreFailure: @unchecked Sendable {
        let error: any Error
    }

    private struct State {
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

        /// Swaps `theme` in and queues everything that must hear of it. A theme installed
        /// before the start's restore (a store that changes the theme while it is read) is
        /// the choice: the restore then leaves it, so that the theme stays the one
        /// observers heard of last.
        mutating func install(_ theme: Theme, cause: ThemeChange.Cause, saves: Bool) {
            let change = ThemeChange(previousTheme: self.theme, theme: theme, cause: cause)
            self.theme = theme
            isStarted = true
            version &+= 1
            outbox.append(.change(change, saves: saves, subscribers: Array(subscribers.values)))
            if bindingCount > 0 {
                if bindingQueue.count >= ThemeManager.bindingQueueLimit { bindingQueue.removeFirst() }
                bindingQueue.append((version, theme))
            }
        }
    }

    /// Changes that bindings may fall behind by before the oldest are skipped (the newest
    /// is always applied).
    static let bindingQueueLimit = 64

    private let state: Mutex<State>
    /// Held while a theme is loaded and swapped in, so that loads and swaps are ordered.
    /// Nothing the manager does not own runs under it.
    private let changeLock = Mutex(())
    /// Held while watching is started, stopped or moved to another folder.
    private let watchLock = Mutex(())
    private let center: NotificationCenter
    private let registrar = ObservationRegistrar()
    private let bindings = BindingRegistry()
    /// Delivers what live reload queued, so that the watcher's own thread never waits for
    /// an observer's queue.
    private let deliveryQueue = DispatchQueue(label: "ThemeKit.ThemeManager.delivery")

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
                loader: ThemeLoader(directory: directory, options: options), store: store,
                theme: .empty(named: ThemeName.defaultTheme)))
        center = notificationCenter
    }

    deinit {
        let (watcher, subscribers) = state.withLock { ($0.watcher, Array($0.subscribers.values)) }
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
        set { state.withLock { $0.store = newValue } }
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
        registrar.access(self, keyPath: \.currentTheme)
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
        try change { state throws(ThemeError) in
            let current = state.theme
            if current.name == name, !current.isDegraded { return }
            let theme = try state.loader.load(name, allowingErrors: state.loadsPartialThemes)
            self.state.withLock { $0.install(theme, cause: .changed, saves: true) }
        }
    }

    /// Reads the current theme again from disk and posts `didChangeThemeNotification`.
    ///
    /// - Throws: `ThemeError`; the current theme then stays.
    public func reloadTheme() throws(ThemeError) {
        startIfNeeded()
        try change { state throws(ThemeError) in
            let theme = try state.loader.load(state.theme.name, allowingErrors: state.loadsPartialThemes)
            self.state.withLock { $0.install(theme, cause: .reloaded, saves: false) }
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
    private func change(_ body: (State) throws(ThemeError) -> Void) throws(ThemeError) {
        let outcome = changeLock.withLock { _ -> Result<Void, ThemeError> in
            let snapshot = state.withLock { $0 }
            return Result { () throws(ThemeError) in try body(snapshot) }
        }
        deliver()
        try outcome.get()
    }

    // MARK: Delivering

    /// Delivers everything queued, in order, unless another thread (or an outer frame of
    /// this one) is delivering: that one then delivers it after the item in hand.
    ///
    /// Two stages, each with its own outbox: the first saves the choice, invalidates
    /// observers of `Observable` and feeds the streams; the second posts the notifications.
    /// The first stage queues the second's items, so both keep the order of the changes.
    private func deliver() {
        if state.withLock({ $0.outbox.claim() }) {
            while let item = state.withLock({ $0.outbox.next() }) {
                deliver(item)
            }
        }
        post()
        applyBindings()
    }

    private func deliver(_ item: Delivery) {
        switch item {
        case .change(let change, let saves, let subscribers):
            if saves, let store = state.withLock({ $0.store }) {
                do {
                    try store.saveThemeName(change.theme.name)
                } catch {
                    let failure = StoreFailure(error: error)
                    state.withLock { $0.posts.append(.notSaved(theme: change.theme.name, error: failure)) }
                }
            }
            state.withLock { $0.posts.append(.changed(change)) }
            registrar.willSet(self, keyPath: \.currentTheme)
            registrar.didSet(self, keyPath: \.currentTheme)
            for subscriber in subscribers { subscriber.yield(change) }
        case .failure(let theme, let error):
            state.withLock { $0.posts.append(.failed(theme: theme, error: error)) }
        }
    }

    /// Posts the queued notifications, in order, unless another thread is posting.
    private func post() {
        if MainQueue.isCurrent, !Thread.isMainThread {
            // On Linux, once an async `main` has started, the main queue (and the main actor)
            // runs on a worker thread. Foundation there posts to a `queue: .main` observer by
            // queueing it on the main queue and waiting, which from the main queue itself
            // never ends: post from the private queue instead.
            deliverLater()
            return
        }
        guard state.withLock({ $0.posts.claim() }) else { return }
        while let post = state.withLock({ $0.posts.next() }) {
            switch post {
            case .changed(let change):
                center.post(
                    name: Self.didChangeThemeNotification, object: self,
                    userInfo: [
                        Self.previousThemeKey: change.previousTheme.name, Self.themeKey: change.theme.name,
                        Self.themeValueKey: change.theme,
                    ])
            case .failed(let theme, let error):
                center.post(
                    name: Self.didFailToReloadNotification, object: self,
                    userInfo: [Self.themeKey: theme, Self.errorKey: error])
            case .notSaved(let theme, let failure):
                center.post(
                    name: Self.didFailToSaveThemeNotification, object: self,
                    userInfo: [Self.themeKey: theme, Self.errorKey: failure.error])
            }
        }
    }

    /// Delivers from the private queue, for changes made on a thread that must not wait.
    private func deliverLater() {
        deliveryQueue.async { [weak self] in self?.deliver() }
    }

    // MARK: Bindings

    /// Styles `owner` with the current theme now, then with every new theme, on the main
    /// actor, until `owner` is released or the binding is cancelled.
    ///
    /// ```swift
    /// ThemeManager.shared.bind(label) { label, theme in
    ///     label.textColor = theme.color(forKey: "textColor")
    /// }
    /// ```
    ///
    /// The manager holds `owner` weakly, and `apply` until the binding ends (so a closure
    /// that captures a manager of its own, not `shared`, should capture it weakly). A change
    /// made on the main actor is applied before `changeTheme` returns; one made elsewhere
    /// (live reload, a background task) is applied on the main actor soon after, in order.
    /// A binding that falls more than 64 changes behind skips the oldest; it always applies
    /// the newest.
    @MainActor
    @discardableResult
    public func bind<Owner: AnyObject>(
        _ owner: Owner, _ apply: @escaping @MainActor (Owner, Theme) -> Void
    ) -> ThemeBinding {
        startIfNeeded()
        let binding = ThemeBinding()
        let live = bindings.count + 1
        let (theme, version) = state.withLock { state in
            state.bindingCount = live
            return (state.theme, state.version)
        }
        bindings.add(binding, version: version) { [weak owner] theme in
            guard let owner else { return false }
            apply(owner, theme)
            return true
        }
        apply(owner, theme)
        return binding
    }

    /// Binds an object that styles itself (`ThemeApplying`): `bind(object) { $0.applyTheme($1) }`.
    @MainActor
    @discardableResult
    public func bind(_ object: some ThemeApplying) -> ThemeBinding {
        bind(object) { object, theme in object.applyTheme(theme) }
    }

    /// Applies queued changes to the bindings: now when on the main thread, else soon on
    /// the main queue.
    private func applyBindings() {
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { applyBindingRound() }
            return
        }
        let schedules = state.withLock { state -> Bool in
            guard !state.bindingQueue.isEmpty, !state.isBindingRoundScheduled else { return false }
            state.isBindingRoundScheduled = true
            return true
        }
        if schedules {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.applyBindingRound() }
            }
        }
    }

    @MainActor
    private func applyBindingRound() {
        state.withLock { $0.isBindingRoundScheduled = false }
        bindings.applyChanges {
            state.withLock { state in state.bindingQueue.isEmpty ? nil : state.bindingQueue.removeFirst() }
        }
        let live = bindings.count
        state.withLock { $0.bindingCount = live }
    }

    // MARK: Restoring at start

    /// The manager whose store this thread (or task) is reading. A store that calls the
    /// manager from `loadThemeName()` (a lookup, `changeTheme`) would otherwise start it
    /// again, read the store again, and so on until the stack ran out; its calls see the
    /// theme from before the start instead (empty, or one it installs itself).
    @TaskLocal private static var readingStoreOf: ObjectIdentifier?

    private func startIfNeeded() {
        if state.withLock({ $0.isStarted }) || Self.readingStoreOf == ObjectIdentifier(self) { return }
        // The store is app code: read it with no lock held.
        let (saved, store) = readStore()
        changeLock.withLock { _ in
            if !state.withLock({ $0.isStarted }) { queueRestore(saved, store: store, cause: nil) }
        }
        deliver()
    }

    /// The saved theme name, read from the store with no lock held, and the store.
    private func readStore() -> (Result<String?, any Error>, (any ThemeStore)?) {
        let store = state.withLock { $0.store }
        let saved = Self.$readingStoreOf.withValue(ObjectIdentifier(self)) {
            Result { try store?.loadThemeName() }
        }
        return (saved, store)
    }

    /// Restores the saved choice (else `default`) and swaps it in. With `cause` nil this is
    /// the start; otherwise the folder or options changed after start, and the result is
    /// queued as a change. Called with `changeLock` held; delivers nothing.
    private func queueRestore(_ saved: Result<String?, any Error>, store: (any ThemeStore)?, cause: ThemeChange.Cause?)
    {
        let loader = state.withLock { $0.loader }
        let (theme, failure, failedName) = Self.restore(saved, store: store, loader: loader)
        state.withLock { state in
            if let cause {
                state.install(theme, cause: cause, saves: false)
            } else {
                state.theme = theme
                state.version &+= 1
            }
            state.isStarted = true
            state.restoreError = failure
            if let failure { state.outbox.append(.failure(theme: failedName, error: failure)) }
        }
    }

    /// The theme to start with: the saved one if it loads whole, else `default` (degraded
    /// if it has errors), else an empty theme; with every problem met on the way.
    private static func restore(
        _ saved: Result<String?, any Error>, store: (any ThemeStore)?, loader: ThemeLoader
    ) -> (Theme, ThemeError?, failedName: String) {
        var problems: [Diagnostic] = []
        var failedName = ThemeName.defaultTheme
        switch saved {
        case .success(let name?) where name != ThemeName.defaultTheme:
            do throws(ThemeError) {
                return (try loader.load(name), nil, name)
            } catch {
                problems = error.diagnostics
                failedName = name
            }
        case .success:
            break
        case .failure(let error):
            let path = (store as? FileThemeStore)?.path ?? "theme store"
            problems = [Diagnostic(.ioError, "\(error)", at: .wholeFile(path))]
            failedName = "saved theme"
        }
        do throws(ThemeError) {
            let theme = try loader.load(ThemeName.defaultTheme, allowingErrors: true)
            // A saved theme that inherits from default fails with default's own problems:
            // each is said once.
            problems += theme.problems.filter { !problems.contains($0) }
            return (theme, problems.isEmpty ? nil : ThemeError(problems), failedName)
        } catch {
            problems += error.diagnostics.filter { !problems.contains($0) }
            let error = ThemeError(problems)
            return (Theme.empty(named: ThemeName.defaultTheme).degraded(by: error.diagnostics), error, failedName)
        }
    }

    /// Changes the loader; after start, restores from the new settings at once, and moves
    /// watching to the new folder.
    private func restart(_ update: (inout ThemeLoader) -> Void) {
        let isStarted = state.withLock { $0.isStarted }
        let (saved, store) = isStarted ? readStore() : (.success(nil), nil)
        watchLock.withLock { _ in
            let (watcher, quietPeriod) = state.withLock { state -> (DirectoryWatcher?, Duration) in
                update(&state.loader)
                defer { state.watcher = nil }
                return (state.watcher, state.quietPeriod)
            }
            // Stopped with no change lock held: stop() waits for a report in progress,
            // which takes the change lock.
            watcher?.stop()
            changeLock.withLock { _ in
                if isStarted { queueRestore(saved, store: store, cause: .restarted) }
            }
            guard watcher != nil else { return }
            do throws(ThemeError) {
                try watch(quietPeriod: quietPeriod)
            } catch {
                state.withLock { $0.outbox.append(.failure(theme: $0.theme.name, error: error)) }
            }
        }
        deliver()
    }

    // MARK: Live reload

    /// Watches the theme folder and reloads the current theme when its file or an
    /// ancestor's changes on disk (in-place writes and editors' write-and-rename alike).
    /// Bursts of events are coalesced. A broken or half-written file keeps the current
    /// theme and posts `didFailToReloadNotification`; the next change of any file in the
    /// folder retries. Watching survives a kernel queue overflow (the folder is rescanned),
    /// the folder being deleted and made again, and `directory` being changed.
    ///
    /// - Throws: `ThemeError` (`io_error`) if the folder cannot be watched.
    public func startWatching(quietPeriod: Duration = .milliseconds(50)) throws(ThemeError) {
        startIfNeeded()
        try watchLock.withLock { _ throws(ThemeError) in
            let old = state.withLock { state -> DirectoryWatcher? in
                defer { state.watcher = nil }
                return state.watcher
            }
            old?.stop()
            try watch(quietPeriod: quietPeriod)
        }
    }

    /// Starts a watcher on the current folder. Called with `watchLock` held.
    private func watch(quietPeriod: Duration) throws(ThemeError) {
        let (directory, number) = state.withLock { state in
            state.watcherNumber &+= 1
            return (state.loader.directory, state.watcherNumber)
        }
        let watcher = try DirectoryWatcher(directory: directory, quietPeriod: quietPeriod) { [weak self] change in
            self?.watcherReported(change, by: number)
        }
        state.withLock {
            $0.watcher = watcher
            $0.quietPeriod = quietPeriod
            $0.liveReloadFailed = false
        }
    }

    /// Stops watching the theme folder. Safe to call when not watching.
    public func stopWatching() {
        watchLock.withLock { _ in
            let watcher = state.withLock { state -> DirectoryWatcher? in
                defer { state.watcher = nil }
                return state.watcher
            }
            watcher?.stop()
        }
    }

    /// The current watcher, for tests that pause it to make the kernel's queue overflow.
    var watcherForTesting: DirectoryWatcher? { state.withLock { $0.watcher } }

    /// Whether the manager is watching its folder: false once watching stopped by itself
    /// (the folder went away for good), as the failure notification then said.
    public var isWatching: Bool {
        let watcher = state.withLock { $0.watcher }
        return watcher?.isWatching ?? false
    }

    /// Handles a watcher's report, on the watcher's queue. It loads and swaps here, but
    /// delivers on the manager's own queue: `stopWatching()` waits for this to return, and
    /// a delivery may wait for the main queue.
    private func watcherReported(_ change: DirectoryWatcher.Change, by number: UInt64) {
        let queued = changeLock.withLock { _ -> Bool in
            let snapshot = state.withLock { $0 }
            guard snapshot.watcherNumber == number, snapshot.watcher != nil else { return false }
            let theme = snapshot.theme
            let rescan: Bool
            switch change {
            case .stopped(let error):
                state.withLock {
                    $0.watcher = nil
                    $0.outbox.append(.failure(theme: theme.name, error: error))
                }
                return true
            case .files(let names):
                guard snapshot.liveReloadFailed || theme.lineage.contains(where: { names.contains($0 + ".plist") })
                else { return false }
                rescan = false
            case .rescan:
                rescan = true
            }
            do throws(ThemeError) {
                let loaded = try snapshot.loader.load(theme.name, allowingErrors: snapshot.loadsPartialThemes)
                let unchanged =
                    rescan && !snapshot.liveReloadFailed && loaded.values == theme.values
                    && loaded.lineage == theme.lineage && loaded.problems == theme.problems
                if unchanged { return false }
                state.withLock {
                    $0.liveReloadFailed = false
                    $0.install(loaded, cause: .fileChanged, saves: false)
                }
            } catch {
                state.withLock {
                    $0.liveReloadFailed = true
                    $0.outbox.append(.failure(theme: theme.name, error: error))
                }
            }
            return true
        }
        if queued { deliverLater() }
    }
}

extension ThemeManager: Observable {}

/// Whether code runs on the main queue, which is where the main actor runs: the main thread
/// on Apple platforms and in synchronous Linux programs, a worker thread once an async
/// `main` on Linux has handed the main queue to dispatch.
enum MainQueue {
    /// Marks the main queue; set once, by the lazy initializer.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

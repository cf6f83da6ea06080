import Foundation
import ThemeSupport

/// Light and dark: following the system's appearance from a base theme and its partner.
extension ThemeManager {
    /// The environment variable that overrides any ``appearanceSource``: `light` or `dark`
    /// (empty counts as unset), read when a manager is created. Any other value is ignored,
    /// and said once on standard error.
    package static let appearanceVariable = "THEMEKIT_APPEARANCE"

    /// How long after a source is installed a theme chosen for the system's appearance waits
    /// for the source's first answer, at most (SPEC §8): then it goes on with no preference.
    static let firstAnswerLimit: Duration = .milliseconds(250)

    /// Where the system's light or dark preference comes from; `nil` (the default): no
    /// preference. Set it at any time: the manager reads the new source at once (its first
    /// value arrives asynchronously) and stops reading the old one. Set it before
    /// ``followSystemAppearance(base:)`` or the first use of a manager whose saved choice
    /// follows the system: the theme is then chosen with the source's first answer (waited
    /// for, at most 250 ms after the source was set), so an app whose desktop is dark is
    /// styled dark from its first frame.
    ///
    /// On Linux, `ThemeKitPortal`'s `PortalAppearanceSource` reads the desktop's
    /// preference from the XDG desktop portal.
    public var appearanceSource: (any AppearanceSource)? {
        get { state.withLock { $0.appearanceSource } }
        set { replaceAppearanceSource(with: newValue) }
    }

    /// The system's appearance as the manager follows it: ``appearanceOverride`` when set,
    /// else the source's last value; `nil` when there is no preference (or no answer yet).
    public var systemAppearance: ThemeAppearance? {
        registrar.access(self, keyPath: \.systemAppearance)
        return state.withLock { $0.systemAppearance }
    }

    /// An appearance that wins over whatever ``appearanceSource`` says: set from
    /// `THEMEKIT_APPEARANCE` when the manager is created, for users without a desktop
    /// portal and for tests; `nil` to follow the source again.
    public var appearanceOverride: ThemeAppearance? {
        get { state.withLock { $0.appearanceOverride } }
        set {
            state.withLock { $0.appearanceOverride = newValue }
            registrar.withMutation(of: self, keyPath: \.systemAppearance) {}
            systemAppearanceChanged()
        }
    }

    /// Whether the manager follows the system's appearance: true from
    /// ``followSystemAppearance(base:)`` (or a saved "follow the system" restored at start)
    /// until ``changeTheme(_:)`` pins a theme.
    public var isFollowingSystemAppearance: Bool {
        startIfNeeded()
        registrar.access(self, keyPath: \.isFollowingSystemAppearance)
        return state.withLock { $0.followedBase != nil }
    }

    /// The base theme while the manager follows the system's appearance, else `nil`.
    public var followedBaseTheme: String? {
        startIfNeeded()
        return state.withLock { $0.followedBase }
    }

    /// Follows the system's appearance from `base`: the theme in use is `base` when the
    /// system is of `base`'s appearance or states no preference, and the partner `base`'s
    /// file names (`DARK_THEME` in a light theme, `LIGHT_THEME` in a dark one) when it is
    /// of the other; a base with no partner is used as it is. The choice is saved, and
    /// restored at start.
    ///
    /// A source that has not answered yet is waited for (at most 250 ms after it was set), so
    /// that the theme chosen is the one for the system's appearance: right after this returns,
    /// `currentThemeName` is the dark partner while the desktop is dark.
    ///
    /// Each later change of the system's appearance that changes the theme in use is a
    /// change like any other, with the cause `.systemAppearance`; one that does not change
    /// it posts nothing.
    /// - Throws: `ThemeError` when `base`, or the partner for the system's appearance now,
    ///   does not load; the current theme, the saved choice and observers are then
    ///   untouched.
    public func followSystemAppearance(base: String) throws(ThemeError) {
        startIfNeeded()
        awaitFirstAppearance()
        try change { state throws(ThemeError) in
            let (theme, failure) = try Self.followed(
                base, in: state.systemAppearance, loader: state.loader, allowingErrors: state.loadsPartialThemes)
            if let failure { throw failure.error }
            self.state.withLock { state in
                state.followedBase = base
                if state.theme.name == theme.name, !state.theme.isDegraded {
                    state.outbox.append(.save(.followingSystem(base: base)))
                } else {
                    state.install(theme, cause: .changed, saving: .followingSystem(base: base))
                }
            }
        }
        registrar.withMutation(of: self, keyPath: \.isFollowingSystemAppearance) {}
    }

    /// The theme a manager following the system from `base` uses in `appearance`, loaded:
    /// the partner `base` names for it, else `base`.
    /// - Returns: the theme, and the partner's name and error when the partner did not
    ///   load (the theme is then `base`).
    /// - Throws: `base`'s error, when it does not load.
    static func followed(
        _ base: String, in appearance: ThemeAppearance?, loader: ThemeLoader, allowingErrors: Bool = false,
        tokens: TokensFolder? = nil
    ) throws(ThemeError) -> (theme: Theme, partnerFailure: (name: String, error: ThemeError)?) {
        let baseTheme = try loader.load(base, allowingErrors: allowingErrors, tokens: tokens)
        guard let appearance else { return (baseTheme, nil) }
        let target = baseTheme.themeName(for: appearance)
        guard target != base else { return (baseTheme, nil) }
        do throws(ThemeError) {
            return (try loader.load(target, allowingErrors: allowingErrors, tokens: tokens), nil)
        } catch {
            return (baseTheme, (target, error))
        }
    }

    /// Waits, with no lock held, for the source's first answer when a theme is about to be
    /// chosen for the system's appearance and the source has not answered yet: at most until
    /// `firstAnswerLimit` after the source was installed, then the choice goes on with no
    /// preference.
    func awaitFirstAppearance() {
        state.withLock { $0.pendingFirstAnswer }?.wait()
    }

    /// Starts reading `source` (with no lock held: `appearances()` is the app's code) and
    /// stops reading the one before.
    private func replaceAppearanceSource(with source: (any AppearanceSource)?) {
        let first = source.map { _ in FirstAnswer(limit: Self.firstAnswerLimit) }
        // The old source is handed out and released here, with no lock held: its deinit is
        // the app's code.
        let (old, oldSource, oldAnswer, number) = state.withLock {
            state -> (Task<Void, Never>?, (any AppearanceSource)?, SourceAnswer, UInt64) in
            defer {
                state.appearanceTask = nil
                state.appearanceSource = source
                state.sourceAnswer = first.map { .awaiting($0) } ?? .answered(nil)
            }
            state.appearanceSourceNumber &+= 1
            return (state.appearanceTask, state.appearanceSource, state.sourceAnswer, state.appearanceSourceNumber)
        }
        old?.cancel()
        // Whoever waited for the old source's first answer goes on.
        if case .awaiting(let gate) = oldAnswer { gate.open() }
        _ = consume oldSource
        registrar.withMutation(of: self, keyPath: \.systemAppearance) {}
        guard let source, let first else {
            systemAppearanceChanged()
            return
        }
        let appearances = source.appearances()
        let read: @Sendable () async -> Void = { [weak self] in
            for await appearance in appearances {
                guard let self else { return }
                let current = self.state.withLock { state -> Bool in
                    guard state.appearanceSourceNumber == number else { return false }
                    state.sourceAnswer = .answered(appearance)
                    return true
                }
                first.open()
                guard current else { return }
                self.registrar.withMutation(of: self, keyPath: \.systemAppearance) {}
                self.systemAppearanceChanged()
            }
        }
        let task: Task<Void, Never>
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            // Read on a queue of its own, not on the shared pool: a thread waiting for the first
            // answer may be one of the pool's. Linux has no such floor: this is the path tested.
            let executor = AppearanceReadingExecutor()
            task = Task.detached(executorPreference: executor) {
                // The executor lives as long as the task, whatever the runtime keeps of it.
                defer { withExtendedLifetime(executor) {} }
                await read()
            }
        } else {
            // Before task executors (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1) the
            // stream is read on the shared pool: when every pool thread waits for the first
            // answer, the answer is taken in once the first wait ends, at `firstAnswerLimit`.
            task = Task.detached { await read() }
        }
        let kept = state.withLock { state -> Bool in
            guard state.appearanceSourceNumber == number else { return false }
            state.appearanceTask = task
            return true
        }
        if !kept { task.cancel() }
    }

    /// The system's appearance (or its override) changed: while following, loads the theme
    /// it calls for and swaps it in when it is not the one in use. A theme that fails to
    /// load keeps the current one and is reported through `didFailToReloadNotification`.
    /// Delivered from the manager's queue, so that the source's thread never waits for an
    /// observer's.
    func systemAppearanceChanged() {
        // The copy of the state leaves the lock: it may hold the last reference to a store or
        // a source replaced meanwhile, whose deinit is the app's code.
        let (queued, snapshot) = changeLock.withLock { _ -> (Bool, State) in
            let snapshot = state.withLock { $0 }
            return (followSystem(from: snapshot), snapshot)
        }
        _ = consume snapshot
        if queued { deliverLater() }
    }

    /// Loads and swaps in the theme the system's appearance calls for, or queues why it could
    /// not; returns whether anything was queued. Called with `changeLock` held.
    private func followSystem(from snapshot: State) -> Bool {
        guard snapshot.isStarted, let base = snapshot.followedBase else { return false }
        let current = snapshot.theme
        do throws(ThemeError) {
            let (theme, failure) = try Self.followed(
                base, in: snapshot.systemAppearance, loader: snapshot.loader,
                allowingErrors: snapshot.loadsPartialThemes)
            if let failure {
                state.withLock { $0.outbox.append(.failure(theme: failure.name, error: failure.error)) }
                return true
            }
            if theme.name == current.name, !current.isDegraded { return false }
            state.withLock { $0.install(theme, cause: .systemAppearance) }
        } catch {
            state.withLock { $0.outbox.append(.failure(theme: base, error: error)) }
        }
        return true
    }
}

extension ThemeManager {
    /// The values of `THEMEKIT_APPEARANCE` already said to be wrong on standard error: each is
    /// said once per process, however many managers read it.
    private static let saidWrongValues = Locked<Set<String>>([])

    /// `THEMEKIT_APPEARANCE` from the environment, for a new manager; a value that is neither
    /// `light` nor `dark` is said on standard error (once per process), then ignored.
    static func appearanceFromEnvironment() -> ThemeAppearance? {
        switch environmentAppearance(ProcessInfo.processInfo.environment[appearanceVariable]) {
        case .success(let appearance):
            return appearance
        case .failure(let problem):
            if saidWrongValues.withLock({ $0.insert(problem.message).inserted }) {
                FileHandle.standardError.write(Data("ThemeKit: warning: \(problem.message)\n".utf8))
            }
            return nil
        }
    }

    /// Why `THEMEKIT_APPEARANCE` was ignored: its value is neither `light` nor `dark`.
    package struct AppearanceVariableProblem: Error, Equatable, Sendable {
        /// The sentence a person reads, the value escaped.
        package let message: String

        package init(_ message: String) {
            self.message = message
        }
    }

    /// What `THEMEKIT_APPEARANCE`'s `value` asks for: an appearance, nil when it is unset or
    /// empty, or why it is ignored.
    package static func environmentAppearance(_ value: String?) -> Result<ThemeAppearance?, AppearanceVariableProblem> {
        guard let value else { return .success(nil) }
        let word = value.trimmingCharacters(in: .whitespaces).lowercased()
        if word.isEmpty { return .success(nil) }
        if let appearance = ThemeAppearance(rawValue: word) { return .success(appearance) }
        let suggestion = Suggestions.closest(to: word, among: ThemeAppearance.allCases.map(\.rawValue))
        return .failure(
            AppearanceVariableProblem(
                "\(appearanceVariable) must be 'light' or 'dark'; '\(Escaping.visible(value))' is neither, so it is ignored"
                    + Suggestions.hint(suggestion)))
    }
}

extension ThemeAppearance {
    /// The appearance an environment variable names (`light` or `dark`, in any letter
    /// case, around white space); `nil` for anything else, and for an empty or unset one.
    package init?(environmentValue value: String?) {
        guard let value else { return nil }
        self.init(rawValue: value.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// The start: the saved choice restored (else `default`) on first use, and again when the
/// folder or the options change.
extension ThemeManager {
    /// The manager whose store this thread (or task) is reading. A store that calls the
    /// manager from `loadThemeName()` (a lookup, `changeTheme`) would otherwise start it
    /// again, read the store again, and so on until the stack ran out; its calls see the
    /// theme from before the start instead (empty, or one it installs itself).
    @TaskLocal private static var readingStoreOf: ObjectIdentifier?

    func startIfNeeded() {
        if state.withLock({ $0.isStarted }) || Self.readingStoreOf == ObjectIdentifier(self) { return }
        // The store is app code: read it with no lock held.
        let (saved, store) = readStore()
        awaitFirstAppearance(for: saved)
        changeLock.withLock { _ in
            if !state.withLock({ $0.isStarted }) { queueRestore(saved, store: store, cause: nil) }
        }
        deliver()
    }

    /// The saved theme name, read from the store with no lock held, and the store. A store's
    /// error is written into its message here too, with no lock held and as part of the
    /// read: its `description` is the app's code, and may call the manager back.
    private func readStore() -> (Result<String?, StoreReadFailure>, (any ThemeStore)?) {
        let store = state.withLock { $0.store }
        let saved = Self.$readingStoreOf.withValue(ObjectIdentifier(self)) {
            Result { try store?.loadThemeName() }.mapError { StoreReadFailure(message: "\($0)") }
        }
        return (saved, store)
    }

    /// Why the store could not be read, as its error described itself.
    struct StoreReadFailure: Error {
        let message: String
    }

    /// Waits for the appearance source's first answer (bounded) when the saved choice follows
    /// the system: the theme restored is then the one for the system's appearance.
    private func awaitFirstAppearance(for saved: Result<String?, StoreReadFailure>) {
        guard case .success(let text?) = saved, case .followingSystem = ThemeChoice(storedText: text) else { return }
        awaitFirstAppearance()
    }

    /// Restores the saved choice (else `default`) and swaps it in. With `cause` nil this is
    /// the start; otherwise the folder or options changed after start, and the result is
    /// queued as a change. Called with `changeLock` held; delivers nothing.
    private func queueRestore(
        _ saved: Result<String?, StoreReadFailure>, store: (any ThemeStore)?, cause: ThemeChange.Cause?
    ) {
        let (loader, appearance) = state.withLock { ($0.loader, $0.systemAppearance) }
        let (theme, failure, failedName, followedBase) = Self.restore(
            saved, store: store, loader: loader, appearance: appearance)
        state.withLock { state in
            state.followedBase = followedBase
            if let cause {
                state.install(theme, cause: cause)
            } else {
                state.theme = theme
                state.version &+= 1
            }
            state.isStarted = true
            state.restoreError = failure
            if let failure { state.outbox.append(.failure(theme: failedName, error: failure)) }
        }
    }

    /// The theme to start with: the saved one if it loads whole (for a saved "follow the
    /// system", the base's theme for `appearance`, else the base), else the folder's start
    /// theme (`default`, or in a DTCG folder without one its resolver's default theme;
    /// `ThemeLoader.startThemeName()`), degraded if it has errors, else an empty theme; with every problem met on the way, and the
    /// base when the manager follows the system.
    private static func restore(
        _ saved: Result<String?, StoreReadFailure>, store: (any ThemeStore)?, loader: ThemeLoader,
        appearance: ThemeAppearance?
    ) -> (Theme, ThemeError?, failedName: String, followedBase: String?) {
        var problems: [Diagnostic] = []
        // The folder's DTCG themes, when finding the start read them, serve every load below.
        let (start, tokens) = loader.startTheme()
        var failedName = start
        switch saved {
        case .success(let text?):
            // Text that is no choice is loaded as a name, and refused as one.
            let choice = ThemeChoice(storedText: text) ?? .theme(text)
            switch choice {
            case .theme(let name) where name != start:
                do throws(ThemeError) {
                    return (try loader.load(name, tokens: tokens), nil, name, nil)
                } catch {
                    problems = error.diagnostics
                    failedName = name
                }
            case .theme:
                break
            case .followingSystem(let base):
                do throws(ThemeError) {
                    let (theme, partnerFailure) = try followed(base, in: appearance, loader: loader, tokens: tokens)
                    return (theme, partnerFailure?.error, partnerFailure?.name ?? base, base)
                } catch {
                    problems = error.diagnostics
                    failedName = base
                }
            }
        case .success:
            break
        case .failure(let error):
            let path = (store as? FileThemeStore)?.path ?? "theme store"
            problems = [Diagnostic(.ioError, error.message, at: .wholeFile(path))]
            failedName = "saved theme"
        }
        do throws(ThemeError) {
            let theme = try loader.load(start, allowingErrors: true, tokens: tokens)
            // A saved theme that inherits from default fails with default's own problems:
            // each is said once.
            problems += theme.problems.filter { !problems.contains($0) }
            return (theme, problems.isEmpty ? nil : ThemeError(problems), failedName, nil)
        } catch {
            problems += error.diagnostics.filter { !problems.contains($0) }
            let error = ThemeError(problems)
            return (
                Theme.empty(named: start).degraded(by: error.diagnostics), error, failedName, nil
            )
        }
    }

    /// Changes the loader; after start, restores from the new settings at once, and moves
    /// watching to the new folder.
    func restart(_ update: (inout ThemeLoader) -> Void) {
        let isStarted = state.withLock { $0.isStarted }
        let (saved, store) = isStarted ? readStore() : (.success(nil), nil)
        awaitFirstAppearance(for: saved)
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
}

/// Live reload: watching the folder and reloading the current theme when its files change.
extension ThemeManager {
    /// Watches the theme folder and reloads the current theme when its file or an
    /// ancestor's changes on disk (in-place writes and editors' write-and-rename alike).
    /// Bursts of events are coalesced. A broken or half-written file keeps the current
    /// theme and posts `didFailToReloadNotification`; the next change of any file in the
    /// folder retries. Watching survives a kernel queue overflow (the folder is rescanned),
    /// the folder being deleted and made again, and `directory` being changed.
    ///
    /// Live reload is Linux-only (it reads inotify): on other platforms this throws, saying so.
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
    func watch(quietPeriod: Duration) throws(ThemeError) {
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
        // The copy of the state leaves the lock: it may hold the last reference to a store or
        // a source replaced meanwhile, whose deinit is the app's code.
        let (queued, snapshot) = changeLock.withLock { _ -> (Bool, State) in
            let snapshot = state.withLock { $0 }
            return (reload(for: change, by: number, from: snapshot), snapshot)
        }
        _ = consume snapshot
        if queued { deliverLater() }
    }

    /// Reloads the current theme for a watcher's report, or queues why it could not; returns
    /// whether anything was queued. Called with `changeLock` held.
    private func reload(for change: DirectoryWatcher.Change, by number: UInt64, from snapshot: State) -> Bool {
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
                && loaded.appearanceFacts == theme.appearanceFacts
            if unchanged { return false }
            state.withLock {
                $0.liveReloadFailed = false
                $0.install(loaded, cause: .fileChanged)
            }
        } catch {
            state.withLock {
                $0.liveReloadFailed = true
                $0.outbox.append(.failure(theme: theme.name, error: error))
            }
        }
        return true
    }
}

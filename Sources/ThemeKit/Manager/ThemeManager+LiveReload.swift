/// Live reload: watching the folder and reloading the current theme when its files change.
extension ThemeManager {
    /// Watches the theme folder and reloads the current theme when its file or an
    /// ancestor's changes on disk (in-place writes and editors' write-and-rename alike).
    /// A DTCG theme (SPEC §12) reloads when one of its token files changes, in the folder or
    /// wherever its resolver names it (a `tokens/` subfolder), or when a resolver document
    /// of the folder is made, removed or changed.
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
        watcher.follow(outsideFiles: state.withLock { $0.loader }.tokensFilesOutside())
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
            guard
                snapshot.liveReloadFailed || theme.lineage.contains(where: { names.contains($0 + ".plist") })
                    || Self.touchesTokens(theme, names, in: snapshot.loader.directory)
            else { return false }
            rescan = false
            // A resolver made, removed or changed may name other files, and after a failure
            // (a subfolder of token files deleted, say) they may be back: follow them anew.
            if snapshot.liveReloadFailed || names.contains(where: TokensFolder.isResolver) {
                snapshot.watcher?.follow(outsideFiles: snapshot.loader.tokensFilesOutside())
            }
        case .rescan:
            rescan = true
            snapshot.watcher?.follow(outsideFiles: snapshot.loader.tokensFilesOutside())
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

    /// Whether a burst's `names` touch the DTCG theme `theme`: a resolver document of the
    /// folder (made, removed or changed, it may give the theme other files), or one of the
    /// theme's files, named in the folder or, outside it, by its path as the watcher follows
    /// it. A burst of plists only (a folder of plists) costs a suffix check per name; a theme
    /// of plists is never touched.
    static func touchesTokens(_ theme: Theme, _ names: Set<String>, in directory: String) -> Bool {
        guard names.contains(where: TokensFolder.isTokensFile) else { return false }
        // A theme of no file (the empty start on a file that did not parse) may be one the
        // change makes readable; a theme of plists reads no DTCG file, whatever a resolver says.
        if theme.files.isEmpty { return true }
        guard theme.files.contains(where: { !$0.hasSuffix(".plist") }) else { return false }
        if names.contains(where: TokensFolder.isResolver) { return true }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return theme.files.contains { path in
            names.contains(path)
                || TokensFolder.entryName(of: path, in: prefix).map { names.contains(String($0)) } == true
        }
    }
}

extension ThemeLoader {
    /// The files the folder's DTCG sources read that are not entries of the folder (a
    /// resolver's token files in a subfolder), for the watcher to follow. A folder of
    /// plists pays one listing.
    func tokensFilesOutside() -> [String] {
        let folder = tokensFolder()
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var paths: Set<String> = []
        for source in folder.sources {
            for document in source.documents where TokensFolder.entryName(of: document.file, in: prefix) == nil {
                paths.insert(document.file)
            }
        }
        return paths.sorted()
    }
}

extension TokensFolder {
    /// The name of the folder entry that `path` (as a resolver's reference locates it, such
    /// as `Themes/./base.tokens.json`) names, when it names one of the folder `prefix`
    /// (ending in '/'); `nil` for a file elsewhere.
    static func entryName(of path: String, in prefix: String) -> Substring? {
        guard path.hasPrefix(prefix) else { return nil }
        var rest = path.dropFirst(prefix.count)
        while rest.hasPrefix("./") { rest = rest.dropFirst(2).drop { $0 == "/" } }
        return rest.isEmpty || rest.contains("/") ? nil : rest
    }
}

import Dispatch
import ThemeSupport

// Locks. A watcher has three, and takes them only in this order: `delivery` (held for the
// whole of a handler call, so that `stop()` can wait one out), then `state` (the `Locked<State>`
// of what is delivered next: held briefly, and no lock is taken while it is held). `watches`
// (the inotify watches) is taken alone, by the read source's handler on `queue`, and released
// before `state` is taken, or by `follow(outsideFiles:)`, which the manager calls with at most
// `watchLock` or `changeLock` held (never `state`). The handler (`onChange`) is the one call-out under a lock: it runs
// with `delivery` held and nothing else, and that is the point of `delivery`; so the handler
// may call `stop()` (which then does not wait for itself) but must not wait for another thread
// that calls `stop()`. The manager's report takes `changeLock` inside the handler, which makes
// `delivery` come before `changeLock` in the manager's order: a watcher is stopped with
// `watchLock` held at most, never under `changeLock` or `state` (top of ThemeManager.swift).
// `stop()` takes `state`, releases it, then waits on `delivery`. The files beside this one take
// no lock of their own: Watches.swift and LinkedFiles.swift run under `watches`, Inotify.swift
// (the system calls and the records' layout) under none.

/// Watches one directory and reports, once per burst of changes, what changed in it.
///
/// On Linux the watcher reads inotify events for the directory (not its subdirectories).
/// After the first event it waits for a quiet period; every further event restarts the
/// wait, and when the directory has been quiet for that long the handler is called once
/// with a ``Change``:
///
/// - ``Change/files(_:)``: the names of the files (last path components, such as
///   `default.plist`) seen during the burst. An atomic save reports both the temporary
///   name and the final one.
/// - ``Change/rescan``: events were lost, because the kernel's event queue overflowed or
///   because the folder was deleted, made again and watched anew. Anything in the folder
///   may have changed. A rescan supersedes the file names of its burst.
/// - ``Change/stopped(_:)``: the folder can no longer be watched; the watcher has stopped
///   itself, and this is its last call.
///
/// To see the folder come back after it is deleted or moved away, the watcher also watches
/// the folder's parent for a directory of the folder's name. When the parent cannot be
/// watched (the folder is `/`, its path ends in `.` or `..`, or the parent is unreadable),
/// or when the parent goes too, losing the folder stops the watcher. A folder given through
/// a symbolic link is watched through it, but only the link's name is looked for in the
/// parent.
///
/// An entry that is a symbolic link to a file (`default.plist -> real.plist`, or a file in
/// another folder) is reported, under the link's name, when the file it leads to changes:
/// the watcher watches the target's folder too, and follows the link when it is made,
/// removed or pointed elsewhere (and anew after a rescan).
///
/// Handler calls never overlap. The watcher is `Sendable`: its mutable state lives behind
/// `Locked` values, and `stop()` may be called from any thread, including from the handler.
/// On other platforms the initializer throws: live reload needs inotify.
final class DirectoryWatcher: Sendable {
    /// What the delivery side keeps while the watcher runs; touched only under `state`'s lock.
    private struct State {
        /// The inotify read source, until `stop()` or the watcher itself takes and cancels it.
        var source: ReadSource?
        /// Set by `stop()`; once set, no handler call starts.
        var isStopped = false
        /// What was seen since the last handler call.
        var burst = Burst()
        /// Why the watcher stopped itself, until the handler has been told.
        var stopReason: ThemeError?
        /// Bumped by every batch of events, so that only the last scheduled flush fires.
        var generation: UInt64 = 0
        /// The thread running the handler right now, if any, so that `stop()` called from
        /// inside the handler does not wait for itself.
        var deliveringThread: UInt?

        /// Takes what the next handler call reports, if anything: a stop, else a rescan,
        /// else the file names.
        mutating func takeChange() -> Change? {
            defer { burst = Burst() }
            if let stopReason {
                self.stopReason = nil
                return .stopped(stopReason)
            }
            if burst.rescan { return .rescan }
            return burst.names.isEmpty ? nil : .files(burst.names)
        }
    }

    private let state: Locked<State>
    /// The inotify watches. Touched only on `queue` (by the read source's handler), so the
    /// lock is never contended; it is what makes the watcher `Sendable`.
    private let watches: Locked<Watches>
    /// Held for the whole of a handler call, so that `stop()` can wait one out.
    private let delivery = Locked(())
    /// A serial queue for reading events and calling the handler.
    private let queue: DispatchQueue
    private let quietPeriod: DispatchTimeInterval
    private let onChange: @Sendable (Change) -> Void

    /// Starts watching `directory`.
    ///
    /// - Parameters:
    ///   - directory: The directory to watch, absolute or relative to the current directory.
    ///     Files in it are reported by name.
    ///   - quietPeriod: How long the directory must stay quiet after an event before the
    ///     handler is called. A negative period counts as zero.
    ///   - queue: Where the handler runs; calls are serialized even on a concurrent queue.
    ///     `nil` uses a private serial queue.
    ///   - onChange: Called once per burst with what changed.
    /// - Throws: A `ThemeError` with an `io_error` diagnostic if the directory cannot be
    ///   watched (it does not exist, is not a directory, is unreadable, or inotify is
    ///   unavailable).
    init(
        directory: String,
        quietPeriod: Duration = .milliseconds(50),
        queue: DispatchQueue? = nil,
        onChange: @escaping @Sendable (DirectoryWatcher.Change) -> Void
    ) throws(ThemeError) {
        let watches = try Watches(directory: directory)
        self.state = Locked(State())
        self.watches = Locked(watches)
        self.queue = DispatchQueue(label: "ThemeKit.DirectoryWatcher", target: queue)
        self.quietPeriod = Self.interval(quietPeriod)
        self.onChange = onChange
        start(watches.descriptor)
    }

    /// Whether the watcher is still watching (false after `stop()` or after it reported
    /// ``Change/stopped(_:)``).
    var isWatching: Bool { state.withLock { $0.source != nil } }

    /// Stops watching and closes the inotify descriptor.
    ///
    /// Safe to call more than once and from any thread. When it returns, no handler call
    /// is running (unless it was called from inside the handler) and none will start.
    func stop() {
        let current = Inotify.currentThread()
        let (source, isInsideHandler) = state.withLock { state in
            state.isStopped = true
            let source = state.source
            state.source = nil
            return (source, state.deliveringThread == current)
        }
        // The cancel handler closes the descriptor, once, after any running read ends.
        source?.source.cancel()
        if !isInsideHandler {
            delivery.withLock { _ in }  // waits for a handler call in progress to return
        }
    }

    deinit { stop() }

    /// Reports changes to the files at `paths`, outside the folder, under their paths (as
    /// given) from now on, instead of those given before: a DTCG theme's token files that
    /// its resolver names in a subfolder. Followed anew after a rescan, as links are.
    func follow(outsideFiles paths: [String]) {
        watches.withLock { $0.follow(outsideFiles: paths) }
    }

    /// Holds back reading events and calling the handler until `resumeForTesting()`, so that
    /// a test can make the kernel's queue overflow. Calls must be balanced before the watcher
    /// is released (libdispatch traps on releasing a suspended queue).
    func pauseForTesting() { queue.suspend() }

    /// Ends a `pauseForTesting()`.
    func resumeForTesting() { queue.resume() }

    /// Creates and resumes the read source. Not top-level code, so the closures are not
    /// main-actor closures and may run on the background queue.
    private func start(_ descriptor: Int32) {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { @Sendable [weak self] in
            self?.readEvents()
        }
        source.setCancelHandler { @Sendable in
            Inotify.close(descriptor)
        }
        state.withLock { $0.source = ReadSource(source) }
        source.resume()
    }

    /// Reads every pending record and follows the folder through deletions. Runs on `queue`
    /// as the read source's handler; the cancel handler, which closes the descriptor, cannot
    /// run before it returns.
    private func readEvents() {
        let (burst, stopReason) = watches.withLock { watches in
            var burst = Burst()
            var stopReason: ThemeError?
            Inotify.drain(watches.descriptor) { records in
                guard stopReason == nil else { return }
                stopReason = watches.absorb(records, into: &burst)
            }
            return (burst, stopReason)
        }
        receive(burst, stopReason: stopReason)
    }

    /// Adds a batch to the burst and restarts the quiet period, or, when the folder can no
    /// longer be watched, stops and reports that at once. Runs on `queue`.
    private func receive(_ burst: Burst, stopReason: ThemeError?) {
        guard stopReason != nil || !burst.isEmpty else { return }
        let next: (generation: UInt64, source: ReadSource?)? = state.withLock { state in
            guard !state.isStopped, state.source != nil else { return nil }
            state.burst.formUnion(burst)
            state.generation &+= 1
            guard let stopReason else { return (state.generation, nil) }
            state.stopReason = stopReason
            let source = state.source
            state.source = nil
            return (state.generation, source)
        }
        guard let next else { return }
        if let source = next.source {
            source.source.cancel()
            flush(ifStill: next.generation)
        } else {
            queue.asyncAfter(deadline: .now() + quietPeriod) { @Sendable [weak self] in
                self?.flush(ifStill: next.generation)
            }
        }
    }

    /// Calls the handler with the burst, unless a later event restarted the quiet period
    /// or the watcher was stopped. Runs on `queue`.
    private func flush(ifStill generation: UInt64) {
        let current = Inotify.currentThread()
        delivery.withLock { _ in
            let change: Change? = state.withLock { state in
                guard !state.isStopped, state.generation == generation, let change = state.takeChange()
                else { return nil }
                state.deliveringThread = current
                return change
            }
            guard let change else { return }
            onChange(change)
            state.withLock { $0.deliveringThread = nil }
        }
    }

    /// A `Duration` as a dispatch interval: negative becomes zero, huge is capped at a year.
    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, seconds > 0 || attoseconds > 0 else { return .nanoseconds(0) }
        let cappedSeconds = min(seconds, 365 * 24 * 60 * 60)
        return .nanoseconds(Int(clamping: cappedSeconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}

extension DirectoryWatcher {
    /// What one handler call reports.
    enum Change: Sendable, Hashable {
        /// These files (last path components) changed during the burst.
        case files(Set<String>)
        /// Events may have been lost (the kernel's queue overflowed, or the folder was
        /// made again and watched anew): anything in the folder may have changed; rescan it.
        case rescan
        /// The folder can no longer be watched (deleted and not made again in a way we can see,
        /// or re-watching it failed); the watcher has stopped itself. The error says why (io_error).
        case stopped(ThemeError)
    }

    /// Where a folder sits: the directory holding it and its name there.
    struct Placement: Hashable, Sendable {
        var parent: String
        var name: String
    }
}

extension DirectoryWatcher.Placement {
    /// The placement of `directory`, from its path's components (`Themes` is in `.`,
    /// `/a/b/` in `/a`), or `nil` when the path names no entry a parent could show again:
    /// `/`, or a path ending in `.` or `..`.
    init?(of directory: String) {
        let components = directory.split(separator: "/")
        guard let name = components.last, name != ".", name != ".." else { return nil }
        let rest = components.dropLast().joined(separator: "/")
        if directory.hasPrefix("/") {
            parent = "/" + rest
        } else {
            parent = rest.isEmpty ? "." : rest
        }
        self.name = String(name)
    }
}

/// What a burst has seen so far.
struct Burst: Sendable {
    /// The names of the folder's entries that changed.
    var names: Set<String> = []
    /// Whether events may have been lost.
    var rescan = false

    var isEmpty: Bool { names.isEmpty && !rescan }

    mutating func formUnion(_ other: Burst) {
        names.formUnion(other.names)
        rescan = rescan || other.rescan
    }
}

/// A dispatch read source handed between threads.
///
/// `@unchecked Sendable` because the protocol is not marked `Sendable` on Linux, though
/// libdispatch sources are thread-safe objects: after setup the watcher only ever calls
/// `cancel()` on it, which may be called from any thread.
struct ReadSource: @unchecked Sendable {
    let source: any DispatchSourceRead
    init(_ source: any DispatchSourceRead) { self.source = source }
}

import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// Locks. A watcher has three, and takes them only in this order: `delivery` (held for the
// whole of a handler call, so that `stop()` can wait one out), then `state` (the `Mutex<State>`
// of what is delivered next: held briefly, and no lock is taken while it is held). `watches`
// (the inotify watches) is taken alone, by the read source's handler on `queue`, and released
// before `state` is taken. The handler (`onChange`) is the one call-out under a lock: it runs
// with `delivery` held and nothing else, and that is the point of `delivery`; so the handler
// may call `stop()` (which then does not wait for itself) but must not wait for another thread
// that calls `stop()`. The manager's report takes `changeLock` inside the handler, which makes
// `delivery` come before `changeLock` in the manager's order: a watcher is stopped with
// `watchLock` held at most, never under `changeLock` or `state` (top of ThemeManager.swift).
// `stop()` takes `state`, releases it, then waits on `delivery`.

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
/// `Mutex`es, and `stop()` may be called from any thread, including from the handler.
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

    private let state: Mutex<State>
    /// The inotify watches. Touched only on `queue` (by the read source's handler), so the
    /// lock is never contended; it is what makes the watcher `Sendable`.
    private let watches: Mutex<Watches>
    /// Held for the whole of a handler call, so that `stop()` can wait one out.
    private let delivery = Mutex(())
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
        self.state = Mutex(State())
        self.watches = Mutex(watches)
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

    /// The events of an inotify record that the watcher asks for or reads: the values of
    /// `<sys/inotify.h>` (the Linux ABI), spelled out so that the parser builds everywhere.
    struct InotifyEvents: OptionSet, Hashable, Sendable {
        let rawValue: UInt32

        static let attributes = Self(rawValue: 0x0000_0004)
        static let closedAfterWrite = Self(rawValue: 0x0000_0008)
        static let movedFrom = Self(rawValue: 0x0000_0040)
        static let movedTo = Self(rawValue: 0x0000_0080)
        static let created = Self(rawValue: 0x0000_0100)
        static let deleted = Self(rawValue: 0x0000_0200)
        static let deletedSelf = Self(rawValue: 0x0000_0400)
        static let movedSelf = Self(rawValue: 0x0000_0800)
        /// The kernel's queue overflowed: events after this one were dropped (`wd` is -1).
        static let queueOverflow = Self(rawValue: 0x0000_4000)
        /// The watch is gone: removed, or its directory deleted.
        static let ignored = Self(rawValue: 0x0000_8000)
        /// Asked for: watch the path only if it is a directory.
        static let onlyDirectory = Self(rawValue: 0x0100_0000)
        /// Asked for: add these events to the directory's watch, if it has one, rather than
        /// replace its events (a link's target may sit in the folder's parent).
        static let addToWatch = Self(rawValue: 0x2000_0000)
        /// Reported: the entry the event names is a directory.
        static let isDirectory = Self(rawValue: 0x4000_0000)

        /// What the folder's watch asks for: its entries' changes, and its own end.
        static let folderWatch: Self = [
            .closedAfterWrite, .movedTo, .movedFrom, .created, .deleted, .attributes, .deletedSelf, .movedSelf,
            .onlyDirectory,
        ]
        /// What the parent's watch asks for: entries appearing (the folder made again), and its own end.
        static let parentWatch: Self = [.created, .movedTo, .deletedSelf, .movedSelf, .onlyDirectory]
        /// What the watch of a folder holding a link's target asks for: its entries' changes,
        /// added to what the folder's watch already asks for, if it has one.
        static let targetWatch: Self = [
            .closedAfterWrite, .movedTo, .movedFrom, .created, .deleted, .attributes, .deletedSelf, .movedSelf,
            .onlyDirectory, .addToWatch,
        ]
        /// Events that may make an entry a link, or end one.
        static let entryReplaced: Self = [.created, .movedTo, .movedFrom, .deleted]
        /// Any of these ends what a watch stands for: the kernel dropped it (`ignored`, after
        /// `deletedSelf`), or its directory left the watched path (`movedSelf`).
        static let watchEnded: Self = [.ignored, .deletedSelf, .movedSelf]
    }

    /// One inotify record: which watch it is for, what happened, and the entry it names.
    struct InotifyRecord: Hashable, Sendable {
        /// The watch descriptor (`wd`) the record is for; -1 for a queue overflow.
        var watch: Int32
        var events: InotifyEvents
        /// The entry's name, or `nil` when the record is about the watched directory itself.
        var name: String?
    }

    /// The records in a buffer read from an inotify descriptor, in order.
    ///
    /// Each record is a 16-byte header (`wd`, `mask`, `cookie`, `len`, native-endian 32-bit
    /// integers) followed by `len` bytes holding the name, NUL-padded. A truncated record
    /// ends the parse.
    static func records(inInotifyRecords bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
        let headerSize = 16
        var records: [InotifyRecord] = []
        var offset = 0
        while bytes.count - offset >= headerSize {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard bytes.count - nameStart >= length else { break }
            let name = bytes[nameStart..<nameStart + length].prefix { $0 != 0 }
            records.append(
                InotifyRecord(
                    watch: watch, events: InotifyEvents(rawValue: mask),
                    name: name.isEmpty ? nil : String(decoding: name, as: UTF8.self)))
            offset = nameStart + length
        }
        return records
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
private struct Burst: Sendable {
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

/// The inotify descriptor and its two watches: the folder, and its parent, where the folder
/// shows up again after it was deleted or moved away.
private struct Watches: Sendable {
    typealias Record = DirectoryWatcher.InotifyRecord

    let descriptor: Int32
    let directory: String
    let placement: DirectoryWatcher.Placement?
    /// The folder's watch, or `nil` while the folder is gone.
    var folder: Int32?
    /// The parent's watch, or `nil` if the parent cannot be watched or is gone.
    var parent: Int32?
    /// Why there is no parent watch, worded to end "it was deleted or moved away"; empty
    /// while the parent is watched or when the path names no parent.
    var parentProblem = ""
    /// The folder's links to files, and the watches that see their targets.
    var linked = LinkedFiles()

    /// Opens a descriptor and watches the parent, then the folder: in that order, a folder
    /// replaced just after it was watched still shows up in the parent.
    init(directory: String) throws(ThemeError) {
        let descriptor: Int32
        do {
            descriptor = try Inotify.open()
        } catch {
            throw Self.failure(directory, error.reason)
        }
        self.descriptor = descriptor
        self.directory = directory
        self.placement = DirectoryWatcher.Placement(of: directory)
        // Best effort: without the parent the watcher still works until the folder goes.
        watchParent()
        do {
            folder = try Inotify.addWatch(directory, .folderWatch, to: descriptor)
        } catch {
            Inotify.close(descriptor)
            throw Self.failure(directory, error.reason)
        }
        followLinks()
    }

    /// Adds a buffer of records to `burst`, following the folder as it goes and comes back.
    /// Returns why the folder can no longer be watched, if it cannot.
    mutating func absorb(_ records: [Record], into burst: inout Burst) -> ThemeError? {
        var overflowed = false
        for record in records {
            if record.events.contains(.queueOverflow) {
                overflowed = true
                continue
            }
            // A link's target may sit in the folder, its parent or another folder: its
            // change is the link's.
            if let name = record.name, let links = linked.links(to: name, in: record.watch) {
                burst.names.formUnion(links)
            }
            if record.watch == folder {
                if !record.events.isDisjoint(with: .watchEnded) {
                    release(record)
                    folder = nil
                    unfollowLinks()
                    if parent == nil { return gone() }
                } else if let name = record.name {
                    burst.names.insert(name)
                    if !record.events.isDisjoint(with: .entryReplaced) { follow(name) }
                }
            } else if record.watch == parent {
                if !record.events.isDisjoint(with: .watchEnded) {
                    release(record)
                    parent = nil
                    parentProblem = ", and so was its parent folder \(placement?.parent ?? "")"
                    if folder == nil { return gone() }
                } else if record.events.contains(.isDirectory), !record.events.isDisjoint(with: [.created, .movedTo]),
                    let name = record.name, name == placement?.name
                {
                    if let error = watchFolderAgain(into: &burst) { return error }
                }
            } else if !record.events.isDisjoint(with: .watchEnded), let links = linked.forget(watch: record.watch) {
                // A target's folder went: its links lead nowhere now, which is news.
                release(record)
                burst.names.formUnion(links)
            }
            // Any other watch is one this code already ended; its last records mean nothing.
        }
        if overflowed {
            // Any record may have been dropped, the folder's and the parent's own ends too:
            // ask the kernel again what the paths hold now.
            burst.rescan = true
            watchParent()
            let error = watchFolderAgain(into: &burst)
            followLinks()
            return error
        }
        return nil
    }

    /// Follows every link to a file in the folder anew (at the start, and after anything
    /// that is a rescan): one read of the folder, and a look at each link.
    private mutating func followLinks() {
        unfollowLinks()
        guard folder != nil else { return }
        for name in Inotify.linkNames(in: directory) { follow(name) }
    }

    /// Forgets every link, and ends the watches kept only for their targets.
    private mutating func unfollowLinks() {
        for watch in linked.removeAll() { releaseTarget(watch) }
    }

    /// Looks at the folder's entry `name` again: when it is a link to a file, watches the
    /// folder of the file it leads to (or would lead to, for a link whose file is not there)
    /// and notes the link under the target's name; otherwise forgets it.
    private mutating func follow(_ name: String) {
        if let unused = linked.remove(link: name) { releaseTarget(unused) }
        guard let target = Inotify.linkTarget(directory + "/" + name),
            let watch = try? Inotify.addWatch(target.folder, .targetWatch, to: descriptor)
        else { return }
        linked.add(link: name, watch: watch, target: target.name)
    }

    /// Ends a watch kept for links' targets, unless it is the folder's or its parent's too.
    private func releaseTarget(_ watch: Int32) {
        guard watch != folder, watch != parent else { return }
        Inotify.removeWatch(watch, from: descriptor)
    }

    /// Removes the watch of a record that says its directory moved away: the kernel keeps
    /// watching a moved directory under its new name. (It drops a deleted one by itself.)
    private func release(_ record: Record) {
        if record.events.contains(.movedSelf) {
            Inotify.removeWatch(record.watch, from: descriptor)
        }
    }

    /// Watches whatever directory the folder's path names now. A new watch means events
    /// between the folder's creation and now were missed: a rescan. A path that names no
    /// directory (gone again) keeps the watcher waiting while the parent is watched.
    private mutating func watchFolderAgain(into burst: inout Burst) -> ThemeError? {
        do {
            let watch = try Inotify.addWatch(directory, .folderWatch, to: descriptor)
            guard watch != folder else { return nil }
            if let folder { Inotify.removeWatch(folder, from: descriptor) }
            folder = watch
            burst.rescan = true
            followLinks()
            return nil
        } catch let error where error.isMissing {
            if let folder { Inotify.removeWatch(folder, from: descriptor) }
            folder = nil
            unfollowLinks()
            return parent == nil ? gone() : nil
        } catch {
            return Self.failure(directory, error.reason)
        }
    }

    /// Watches whatever directory the parent's path names now (at the start, and after an
    /// overflow, which may have dropped the parent's own end), or notes why it cannot.
    private mutating func watchParent() {
        guard let placement else { return }
        let watch: Int32?
        do {
            watch = try Inotify.addWatch(placement.parent, .parentWatch, to: descriptor)
            parentProblem = ""
        } catch {
            watch = nil
            parentProblem = ", and its parent folder \(placement.parent) cannot be watched (\(error.reason))"
        }
        if let parent, parent != watch { Inotify.removeWatch(parent, from: descriptor) }
        parent = watch
    }

    /// Why the watcher stops when the folder is gone and cannot be seen coming back.
    private func gone() -> ThemeError {
        Self.failure(directory, "it was deleted or moved away" + parentProblem)
    }

    static func failure(_ directory: String, _ reason: String) -> ThemeError {
        ThemeError(
            Diagnostic(
                .ioError, "cannot watch \(directory): \(reason)",
                at: SourceLocation(file: directory, line: 1, column: 1)))
    }
}

/// The folder's symbolic links to files, by the watch and name of the file each leads to,
/// so that a record about a target names its links in one lookup.
private struct LinkedFiles: Sendable {
    /// For each watch, the names of the targets in its folder, and the links to each.
    private var targets: [Int32: [String: Set<String>]] = [:]
    /// For each link, its target's watch and name.
    private var links: [String: Target] = [:]

    private struct Target: Sendable {
        var watch: Int32
        var name: String
    }

    /// The links whose target is the entry `name` of the folder `watch` watches.
    func links(to name: String, in watch: Int32) -> Set<String>? {
        targets.isEmpty ? nil : targets[watch]?[name]
    }

    mutating func add(link: String, watch: Int32, target: String) {
        links[link] = Target(watch: watch, name: target)
        targets[watch, default: [:]][target, default: []].insert(link)
    }

    /// Forgets `link`; returns its target's watch when no other link needs it.
    mutating func remove(link: String) -> Int32? {
        guard let target = links.removeValue(forKey: link) else { return nil }
        targets[target.watch]?[target.name]?.remove(link)
        if targets[target.watch]?[target.name]?.isEmpty == true { targets[target.watch]?[target.name] = nil }
        guard targets[target.watch]?.isEmpty ?? true else { return nil }
        targets[target.watch] = nil
        return target.watch
    }

    /// Forgets the links whose targets `watch` watched (its folder went); returns them.
    mutating func forget(watch: Int32) -> Set<String>? {
        guard let names = targets.removeValue(forKey: watch) else { return nil }
        let gone = names.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for link in gone { links[link] = nil }
        return gone
    }

    /// Forgets every link; returns the watches they used.
    mutating func removeAll() -> [Int32] {
        defer {
            targets = [:]
            links = [:]
        }
        return Array(targets.keys)
    }
}

/// A dispatch read source handed between threads.
///
/// `@unchecked Sendable` because the protocol is not marked `Sendable` on Linux, though
/// libdispatch sources are thread-safe objects: after setup the watcher only ever calls
/// `cancel()` on it, which may be called from any thread.
private struct ReadSource: @unchecked Sendable {
    let source: any DispatchSourceRead
    init(_ source: any DispatchSourceRead) { self.source = source }
}

/// The few system calls the watcher makes, kept apart so that other platforms compile.
private enum Inotify {
    /// A failed system call's `errno`.
    struct SystemError: Error {
        let code: Int32
    }

    #if canImport(Glibc)
        /// Opens a non-blocking inotify descriptor.
        static func open() throws(SystemError) -> Int32 {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw SystemError(code: errno) }
            return descriptor
        }

        /// Watches `path` for `events`; returns the watch, which is the existing one if the
        /// directory at `path` is already watched.
        static func addWatch(_ path: String, _ events: DirectoryWatcher.InotifyEvents, to descriptor: Int32)
            throws(SystemError) -> Int32
        {
            let watch = inotify_add_watch(descriptor, path, events.rawValue)
            guard watch >= 0 else { throw SystemError(code: errno) }
            return watch
        }

        /// Removes a watch; the kernel then sends its `ignored` record, which is not read as news.
        static func removeWatch(_ watch: Int32, from descriptor: Int32) {
            _ = inotify_rm_watch(descriptor, watch)
        }

        /// Reads every pending record until the descriptor would block, one buffer at a time.
        static func drain(_ descriptor: Int32, _ body: ([DirectoryWatcher.InotifyRecord]) -> Void) {
            // Room for many records; one record is at most 16 + NAME_MAX + 1 bytes.
            let capacity = 64 * 1024
            let buffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: capacity, alignment: MemoryLayout<UInt32>.alignment)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer.baseAddress, capacity)
                if count > 0 {
                    body(DirectoryWatcher.records(inInotifyRecords: UnsafeRawBufferPointer(rebasing: buffer[..<count])))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break  // EAGAIN: drained. Any other error: nothing more to read now.
                }
            }
        }

        static func close(_ descriptor: Int32) {
            _ = Glibc.close(descriptor)
        }

        /// The names of the entries of `folder` that are symbolic links.
        static func linkNames(in folder: String) -> [String] {
            guard let stream = opendir(folder) else { return [] }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                let type = entry.pointee.d_type
                guard type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { continue }
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                        String(cString: $0)
                    }
                }
                guard name != ".", name != ".." else { continue }
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
                }
                names.append(name)
            }
            return names
        }

        /// Where the symbolic link at `path` leads, as a folder and a name in it: the file at
        /// the end of its links; for a link whose file is not there, the path it names. Nil
        /// when `path` is no link, or leads to a folder.
        static func linkTarget(_ path: String) -> (folder: String, name: String)? {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
            let target: String
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
                guard stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
            } else {
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(path, &buffer, buffer.count - 1)
                guard count > 0 else { return nil }
                let written = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                    .joined(separator: "/")
                target = written.hasPrefix("/") ? written : folder + "/" + written
            }
            guard let slash = target.lastIndex(of: "/") else { return nil }
            let name = String(target[target.index(after: slash)...])
            guard !name.isEmpty, name != ".", name != ".." else { return nil }
            let folder = String(target[..<slash])
            return (folder.isEmpty ? "/" : folder, name)
        }

        static func currentThread() -> UInt {
            UInt(pthread_self())
        }
    #else
        static func open() throws(SystemError) -> Int32 {
            throw SystemError(code: -1)
        }

        // Unreachable: `open` always throws, so no watcher is ever started.
        static func addWatch(_ path: String, _ events: DirectoryWatcher.InotifyEvents, to descriptor: Int32)
            throws(SystemError) -> Int32
        { throw SystemError(code: -1) }
        static func removeWatch(_ watch: Int32, from descriptor: Int32) {}
        static func drain(_ descriptor: Int32, _ body: ([DirectoryWatcher.InotifyRecord]) -> Void) {}
        static func close(_ descriptor: Int32) {}
        static func linkNames(in folder: String) -> [String] { [] }
        static func linkTarget(_ path: String) -> (folder: String, name: String)? { nil }
        static func currentThread() -> UInt { 0 }
    #endif
}

extension Inotify.SystemError {
    /// The path names no directory (now): nothing there, or something that is not a directory.
    var isMissing: Bool {
        #if canImport(Glibc)
            code == ENOENT || code == ENOTDIR
        #else
            false
        #endif
    }

    /// What went wrong, as the C library says it.
    var reason: String {
        #if canImport(Glibc)
            String(cString: strerror(code))
        #else
            "live reload needs inotify (Linux)"
        #endif
    }
}

public import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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
/// - ``Change/rescan``: events were lost, because the kernel's event queue overflowed.
///   Anything in the folder may have changed. A rescan supersedes the file names of its
///   burst.
///
/// Handler calls never overlap. The watcher is `Sendable`: its mutable state lives behind
/// a `Mutex`, and `stop()` may be called from any thread, including from the handler.
/// On other platforms the initializer throws: live reload needs inotify.
public final class DirectoryWatcher: Sendable {
    /// What changes while the watcher runs; touched only under `state`'s lock.
    private struct State {
        /// The inotify read source, until `stop()` takes and cancels it.
        var source: ReadSource?
        /// Set by `stop()`; once set, no handler call starts.
        var isStopped = false
        /// What was seen since the last handler call.
        var burst = Burst()
        /// Bumped by every batch of events, so that only the last scheduled flush fires.
        var generation: UInt64 = 0
        /// The thread running the handler right now, if any, so that `stop()` called from
        /// inside the handler does not wait for itself.
        var deliveringThread: UInt?

        /// Takes what the next handler call reports, if anything: a rescan, else the file names.
        mutating func takeChange() -> Change? {
            defer { burst = Burst() }
            if burst.rescan { return .rescan }
            return burst.names.isEmpty ? nil : .files(burst.names)
        }
    }

    private let state = Mutex(State())
    /// Held for the whole of a handler call, so that `stop()` can wait one out.
    private let delivery = Mutex(())
    /// A serial queue for reading events and calling the handler.
    private let queue: DispatchQueue
    private let quietPeriod: DispatchTimeInterval
    private let onChange: @Sendable (Change) -> Void

    /// Starts watching `directory`.
    ///
    /// - Parameters:
    ///   - directory: The directory to watch. Files in it are reported by name.
    ///   - quietPeriod: How long the directory must stay quiet after an event before the
    ///     handler is called. A negative period counts as zero.
    ///   - queue: Where the handler runs; calls are serialized even on a concurrent queue.
    ///     `nil` uses a private serial queue.
    ///   - onChange: Called once per burst with what changed.
    /// - Throws: A `ThemeError` with an `io_error` diagnostic if the directory cannot be
    ///   watched (it does not exist, is not a directory, is unreadable, or inotify is
    ///   unavailable).
    public init(
        directory: String,
        quietPeriod: Duration = .milliseconds(50),
        queue: DispatchQueue? = nil,
        onChange: @escaping @Sendable (DirectoryWatcher.Change) -> Void
    ) throws(ThemeError) {
        let descriptor = try Inotify.watch(directory)
        self.queue = DispatchQueue(label: "ThemeKit.DirectoryWatcher", target: queue)
        self.quietPeriod = Self.interval(quietPeriod)
        self.onChange = onChange
        start(descriptor)
    }

    /// Stops watching and closes the inotify descriptor.
    ///
    /// Safe to call more than once and from any thread. When it returns, no handler call
    /// is running (unless it was called from inside the handler) and none will start.
    public func stop() {
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
            self?.receive(Inotify.readBurst(from: descriptor))
        }
        source.setCancelHandler { @Sendable in
            Inotify.close(descriptor)
        }
        state.withLock { $0.source = ReadSource(source) }
        source.resume()
    }

    /// Adds a batch of events to the burst and restarts the quiet period. Runs on `queue`.
    private func receive(_ burst: Burst) {
        guard !burst.isEmpty else { return }
        let generation: UInt64? = state.withLock { state in
            guard !state.isStopped else { return nil }
            state.burst.formUnion(burst)
            state.generation &+= 1
            return state.generation
        }
        guard let generation else { return }
        queue.asyncAfter(deadline: .now() + quietPeriod) { @Sendable [weak self] in
            self?.flush(ifStill: generation)
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
    public enum Change: Sendable, Hashable {
        /// These files (last path components) changed during the burst.
        case files(Set<String>)
        /// Events may have been lost (the kernel's queue overflowed): anything in the folder
        /// may have changed; rescan it.
        case rescan
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
        /// Reported: the entry the event names is a directory.
        static let isDirectory = Self(rawValue: 0x4000_0000)

        /// What the folder's watch asks for: its entries' changes, and its own end.
        static let folderWatch: Self = [
            .closedAfterWrite, .movedTo, .movedFrom, .created, .deleted, .attributes, .deletedSelf, .movedSelf,
            .onlyDirectory,
        ]
        /// What the parent's watch asks for: entries appearing (the folder made again), and its own end.
        static let parentWatch: Self = [.created, .movedTo, .deletedSelf, .movedSelf, .onlyDirectory]
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
    #if canImport(Glibc)
        /// Opens a non-blocking inotify descriptor watching `directory`.
        static func watch(_ directory: String) throws(ThemeError) -> Int32 {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw failure(directory, errno: errno) }
            let mask =
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
                | IN_ONLYDIR
            guard inotify_add_watch(descriptor, directory, UInt32(mask)) >= 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw failure(directory, errno: code)
            }
            return descriptor
        }

        /// Reads every pending event until the descriptor would block; returns what they say.
        static func readBurst(from descriptor: Int32) -> Burst {
            // Room for many records; one record is at most 16 + NAME_MAX + 1 bytes.
            let capacity = 64 * 1024
            let buffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: capacity, alignment: MemoryLayout<UInt32>.alignment)
            defer { buffer.deallocate() }
            var burst = Burst()
            while true {
                let count = read(descriptor, buffer.baseAddress, capacity)
                if count > 0 {
                    let records = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    for record in DirectoryWatcher.records(inInotifyRecords: records) {
                        if record.events.contains(.queueOverflow) {
                            burst.rescan = true
                        } else if let name = record.name {
                            burst.names.insert(name)
                        }
                    }
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break  // EAGAIN: drained. Any other error: nothing more to read now.
                }
            }
            return burst
        }

        static func close(_ descriptor: Int32) {
            _ = Glibc.close(descriptor)
        }

        static func currentThread() -> UInt {
            UInt(pthread_self())
        }

        private static func failure(_ directory: String, errno code: Int32) -> ThemeError {
            let reason = String(cString: strerror(code))
            return ThemeError(
                Diagnostic(
                    .ioError, "cannot watch \(directory): \(reason)",
                    at: SourceLocation(file: directory, line: 1, column: 1)))
        }
    #else
        static func watch(_ directory: String) throws(ThemeError) -> Int32 {
            throw ThemeError(
                Diagnostic(
                    .ioError, "cannot watch \(directory): live reload needs inotify (Linux)",
                    at: SourceLocation(file: directory, line: 1, column: 1)))
        }

        // Unreachable: `watch` always throws, so no watcher is ever started.
        static func readBurst(from descriptor: Int32) -> Burst { Burst() }
        static func close(_ descriptor: Int32) {}
        static func currentThread() -> UInt { 0 }
    #endif
}

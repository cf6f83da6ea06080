import Foundation
import ThemeKit
import ThemeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a stream's loop is tuned, and who hears what it does. The defaults are the
/// product's; tests shorten the waits and count the loop's steps.
struct PortalOptions: Sendable {
    /// The longest any call to the bus or the portal waits for its answer.
    var callTimeout: Duration = .seconds(1)
    /// The wait before trying again after the bus could not be reached; it doubles after each
    /// failed attempt, up to `longestRetryDelay`, and starts over once a connection is made.
    var firstRetryDelay: Duration = .seconds(1)
    var longestRetryDelay: Duration = .seconds(30)
    /// Hears each step of the loop, on the loop's thread.
    var observer: (@Sendable (PortalEvent) -> Void)?
}

/// A step of a stream's loop, as `PortalOptions.observer` hears it.
enum PortalEvent: Equatable, Sendable {
    /// The loop is about to connect to the bus.
    case connecting
    /// The loop is registered on the bus under this name.
    case connected(uniqueName: String)
    /// The loop has asked the portal for the value, and has its answer or knows there is none.
    case read
    /// The bus closed the connection; the loop will connect again.
    case disconnected
    /// The loop has closed its connection and its socket pair, and its thread is about to end.
    case stopped
}

/// The waits between attempts to reach a bus: the first, then each twice the one before,
/// up to the longest.
struct RetryDelay {
    private let first: Duration
    private let longest: Duration
    private var upcoming: Duration

    init(first: Duration, longest: Duration) {
        self.first = min(first, longest)
        self.longest = longest
        upcoming = self.first
    }

    /// The wait before the next attempt; the one after it will be twice as long.
    mutating func next() -> Duration {
        let wait = upcoming
        upcoming = min(upcoming * 2, longest)
        return wait
    }

    /// Starts over from the first wait (after a connection was made).
    mutating func reset() {
        upcoming = first
    }
}

/// How a stream's consumer stops its loop from any thread: a flag, and a socket pair whose
/// one end the loop polls beside its connection, so that a stop written to the other wakes it
/// at once.
///
/// `Sendable`: the flag and whether the pair is open live behind a `Locked`, and the pair is
/// written under it, so a stop never writes to a socket the loop has closed (whose number the
/// process may have given to another file since).
final class LoopWaker: Sendable {
    private struct State {
        var stopped = false
        var open: Bool
    }

    private let state: Locked<State>
    private let waitEnd: Int32
    private let wakeEnd: Int32

    /// A waker with a new socket pair, made close-on-exec (a process another thread starts
    /// inherits neither end) and non-blocking. Without one (no file descriptors left) the
    /// loop looks at the flag four times a second instead.
    init() {
        var ends: [Int32] = [-1, -1]
        #if os(Linux)
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            let made = socketpair(AF_UNIX, type, 0, &ends) == 0
        #else
            let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0
            for end in ends where made {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        #endif
        waitEnd = made ? ends[0] : -1
        wakeEnd = made ? ends[1] : -1
        state = Locked(State(open: made))
    }

    /// Whether the loop was asked to stop.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Asks the loop to stop and wakes it. Any thread, any number of times.
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            guard state.open else { return }
            // Both ends are open while `open` is: the write cannot raise SIGPIPE.
            var byte: UInt8 = 1
            _ = write(wakeEnd, &byte, 1)
        }
    }

    /// Closes the socket pair; the loop's last step.
    func close() {
        state.withLock { state in
            guard state.open else { return }
            state.open = false
            #if canImport(Glibc)
                _ = Glibc.close(waitEnd)
                _ = Glibc.close(wakeEnd)
            #else
                _ = Darwin.close(waitEnd)
                _ = Darwin.close(wakeEnd)
            #endif
        }
    }

    /// Waits until `descriptor` can be read (or has hung up), a stop, or `timeout` (nil: no
    /// limit), whichever comes first. A signal does not end the wait: a retry never comes
    /// early, however often the process is signalled.
    func wait(for descriptor: Int32?, timeout: Duration?) {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        // poll skips an entry whose descriptor is negative.
        var entries = [
            pollfd(fd: waitEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        while !isStopped {
            var limit: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return }
                limit = milliseconds(left)
            }
            if waitEnd < 0 {
                // No socket pair to wake the poll: look at the flag four times a second.
                limit = limit < 0 ? 250 : min(limit, 250)
            }
            let ready = poll(&entries, nfds_t(entries.count), limit)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                // poll itself failed (out of kernel memory): pause, so that the loop never spins.
                usleep(10_000)
            }
        }
    }
}

/// What reads the portal for one stream, on a thread of its own: connects to the bus, reads
/// the value, follows its changes, and connects again after the bus goes, until its consumer
/// stops it.
///
/// Not `Sendable`: made, run and released on its thread; only the waker is shared.
final class PortalLoop {
    private let address: String?
    private let options: PortalOptions
    private let continuation: AsyncStream<ThemeAppearance?>.Continuation
    private let waker: LoopWaker
    /// The last value yielded; `.none` before the first.
    private var last: ThemeAppearance?? = .none

    private init(
        address: String?, options: PortalOptions, continuation: AsyncStream<ThemeAppearance?>.Continuation,
        waker: LoopWaker
    ) {
        self.address = address
        self.options = options
        self.continuation = continuation
        self.waker = waker
    }

    /// Starts a loop on a new thread; `waker.stop()` ends it.
    static func start(
        address: String?, options: PortalOptions, continuation: AsyncStream<ThemeAppearance?>.Continuation,
        waker: LoopWaker
    ) {
        let thread = Thread {
            PortalLoop(address: address, options: options, continuation: continuation, waker: waker).run()
        }
        thread.name = "ThemeKitPortal"
        thread.start()
    }

    private func run() {
        defer {
            waker.close()
            continuation.finish()
            options.observer?(.stopped)
        }
        guard let address else {
            // No bus is configured, and none will be: no preference, for good.
            deliver(nil)
            while !waker.isStopped { waker.wait(for: nil, timeout: nil) }
            return
        }
        var delay = RetryDelay(first: options.firstRetryDelay, longest: options.longestRetryDelay)
        while !waker.isStopped {
            options.observer?(.connecting)
            switch DBusConnection.open(address: address, timeout: options.callTimeout) {
            case .success(let connection):
                delay.reset()
                options.observer?(.connected(uniqueName: connection.uniqueName))
                follow(connection)
                guard !waker.isStopped else { return }
                options.observer?(.disconnected)
            case .failure:
                deliverNoAnswer()
            }
            waker.wait(for: nil, timeout: delay.next())
        }
    }

    /// Reads the value and follows its changes, until the bus goes or the loop is stopped.
    private func follow(_ connection: DBusConnection) {
        for rule in PortalSettings.matchRules {
            // A bus that refuses a rule still answers the read: the value is then read, not followed.
            _ = connection.addMatch(rule, timeout: options.callTimeout)
        }
        read(on: connection)
        while !waker.isStopped {
            while let message = connection.nextMessage() {
                switch PortalSettings.notice(for: message) {
                case .changed(let appearance): deliver(appearance)
                case .portalStarted: read(on: connection)
                case .disconnected: return
                case .ignored: break
                }
                guard !waker.isStopped else { return }
            }
            guard connection.isConnected, let descriptor = connection.fileDescriptor else { return }
            waker.wait(for: descriptor, timeout: connection.needsMemory ? .milliseconds(250) : nil)
            connection.pump()
        }
    }

    /// Reads the value: `ReadOne`, or `Read` from a portal that has no `ReadOne`. A portal's
    /// error (`NotFound`, …) is no preference; no answer at all (no portal, none in time, a
    /// lost connection) is what `deliverNoAnswer` says.
    private func read(on connection: DBusConnection) {
        var reply = call(.readOne, on: connection)
        if case .failure(let failure) = reply, failure.name == PortalSettings.unknownMethod {
            reply = call(.read, on: connection)
        }
        switch reply {
        case .success(let message):
            deliver(PortalSettings.appearance(reply: message.arguments))
        case .failure(let failure) where PortalSettings.noAnswer.contains(failure.name) || !connection.isConnected:
            deliverNoAnswer()
        case .failure:
            deliver(nil)
        }
        options.observer?(.read)
    }

    private func call(_ method: PortalSettings.Method, on connection: DBusConnection) -> DBusConnection.Reply {
        guard let message = PortalSettings.call(method) else { return .failure(.outOfMemory) }
        return connection.call(message, timeout: options.callTimeout)
    }

    /// Nobody answered (no bus, no portal, none in time): no preference as the first value;
    /// after that the last value stands until a portal answers, so that a portal or a bus that
    /// restarts does not flash the other appearance.
    private func deliverNoAnswer() {
        if case .none = last { deliver(nil) }
    }

    /// Yields `appearance` unless it is the value yielded last.
    private func deliver(_ appearance: ThemeAppearance?) {
        if let previous = last, previous == appearance { return }
        last = appearance
        continuation.yield(appearance)
    }
}

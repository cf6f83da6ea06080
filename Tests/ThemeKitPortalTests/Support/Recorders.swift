import Synchronization
import ThemeKit

@testable import ThemeKitPortal

/// How many times a test looks, 10 ms apart, for what the source should do (a value, a step)
/// before it gives up: at least 10 s of looking. Counted in looks, not by the clock, so that a
/// test whose task waits for its turn while the rest of the suite keeps the machine busy does
/// not give up early. Tests never assert on time; this only keeps a broken source from
/// hanging the suite.
let patience = 1000

/// Looks (at most `tries` times, 10 ms apart) until `predicate` holds; returns whether it did.
/// It runs where its caller does (the main actor for a main-actor test).
func eventually(
    isolation: isolated (any Actor)? = #isolation, tries: Int = patience, _ predicate: () -> Bool
) async throws -> Bool {
    for _ in 0..<tries {
        if predicate() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return predicate()
}

/// Reads a source's sequence on a task of its own and keeps every value; stops reading (the
/// consumer goes) on `stop()` or when the recorder goes.
final class StreamLog: Sendable {
    private struct State {
        var values: [ThemeAppearance?] = []
        var ended = false
    }

    /// What the reading task writes: a box of its own, so that the task does not hold the log.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let reader: Task<Void, Never>

    init(_ stream: AsyncStream<ThemeAppearance?>) {
        reader = Task { [shared] in
            for await value in stream {
                shared.state.withLock { $0.values.append(value) }
            }
            shared.state.withLock { $0.ended = true }
        }
    }

    /// The values read so far.
    var values: [ThemeAppearance?] { shared.state.withLock { $0.values } }
    /// Whether the sequence ended (it never should while it is read).
    var ended: Bool { shared.state.withLock { $0.ended } }

    /// The values, once there are `count` of them (or the wait is over).
    func values(count: Int) async throws -> [ThemeAppearance?] {
        _ = try await eventually { values.count >= count }
        return values
    }

    /// Stops reading: the task ends, and with it the sequence's consumer.
    func stop() {
        reader.cancel()
    }

    deinit {
        stop()
    }
}

/// The steps a source's loop reports (`PortalOptions.observer`), each with when it came.
final class EventLog: Sendable {
    /// What the loop's thread writes: a box of its own, so that the options do not hold the log.
    private final class Shared: Sendable {
        let events = Mutex<[(event: PortalEvent, at: ContinuousClock.Instant)]>([])
    }

    private let shared = Shared()

    /// The events so far.
    var all: [PortalEvent] { shared.events.withLock { $0.map(\.event) } }

    /// How many of the events so far are `event`.
    func count(_ event: PortalEvent) -> Int { all.filter { $0 == event }.count }

    /// The name the loop was last registered under.
    var uniqueName: String? {
        all.reversed().lazy.compactMap {
            if case .connected(let name) = $0 { name } else { nil }
        }.first
    }

    /// The times between the attempts to connect after the `after`th one (counted from 1),
    /// taken on the loop's thread as it reports them: what a retry waited, whenever the test
    /// itself gets to look.
    func waitsBetweenAttempts(after first: Int = 1) -> [Duration] {
        let times = shared.events.withLock { $0.filter { $0.event == .connecting }.map(\.at) }
        guard times.count > first else { return [] }
        return (first..<times.count).map { times[$0] - times[$0 - 1] }
    }

    /// Options that report to this log, with retry waits of `firstRetry` doubling up to
    /// `longestRetry` (short, so that tests of a bus that goes do not wait for the product's 1 s).
    func options(
        firstRetry: Duration = .milliseconds(100), longestRetry: Duration = .milliseconds(400)
    ) -> PortalOptions {
        PortalOptions(
            firstRetryDelay: firstRetry, longestRetryDelay: longestRetry,
            observer: { [shared] event in shared.events.withLock { $0.append((event, ContinuousClock.now)) } })
    }
}

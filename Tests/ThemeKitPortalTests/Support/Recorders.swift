import Synchronization
import ThemeKit

@testable import ThemeKitPortal

/// The generous bound of every wait for something the source does: a value, a step. Tests
/// never assert on time; this only keeps a broken source from hanging the suite.
let patience: Duration = .seconds(10)

/// Waits (at most `limit`) until `predicate` holds; returns whether it did.
func eventually(within limit: Duration = patience, _ predicate: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
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

/// The steps a source's loop reports (`PortalOptions.observer`).
final class EventLog: Sendable {
    /// What the loop's thread writes: a box of its own, so that the options do not hold the log.
    private final class Shared: Sendable {
        let events = Mutex<[PortalEvent]>([])
    }

    private let shared = Shared()

    /// The events so far.
    var all: [PortalEvent] { shared.events.withLock { $0 } }

    /// How many of the events so far are `event`.
    func count(_ event: PortalEvent) -> Int { all.filter { $0 == event }.count }

    /// The name the loop was last registered under.
    var uniqueName: String? {
        all.reversed().lazy.compactMap {
            if case .connected(let name) = $0 { name } else { nil }
        }.first
    }

    /// Options that report to this log, with retry waits of `firstRetry` doubling up to
    /// `longestRetry` (short, so that tests of a bus that goes do not wait for the product's 1 s).
    func options(
        firstRetry: Duration = .milliseconds(100), longestRetry: Duration = .milliseconds(400)
    ) -> PortalOptions {
        PortalOptions(
            firstRetryDelay: firstRetry, longestRetryDelay: longestRetry,
            observer: { [shared] event in shared.events.withLock { $0.append(event) } })
    }
}

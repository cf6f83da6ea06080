import Testing
import ThemeKit

@testable import ThemeKitPortal

/// A stream's connection and thread end with its consumer: nothing is left behind.
@Suite("Stopping a stream", .needsBusAndPortal)
struct PortalTeardownTests {
    @Test("a consumer that stops reading ends the loop, which closes its connection")
    func stopClosesConnection() async throws {
        let bus = try await TestBus()
        try await bus.startPortal(["--value", "1"])
        let events = EventLog()
        let log = bus.read(options: events.options())
        #expect(try await log.values(count: 1) == [.dark])
        let name = try #require(events.uniqueName)
        #expect(owner(of: name, on: bus.address) == name)
        log.stop()
        #expect(try await eventually { events.count(.stopped) == 1 })
        // The bus no longer knows the loop's connection.
        #expect(owner(of: name, on: bus.address) == nil)
    }

    @Test("each call of appearances() has its own connection, and stopping one leaves the other running")
    func eachStreamHasItsOwnConnection() async throws {
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "1"])
        let first = EventLog()
        let second = EventLog()
        let firstLog = bus.read(options: first.options())
        let secondLog = bus.read(options: second.options())
        #expect(try await firstLog.values(count: 1) == [.dark])
        #expect(try await secondLog.values(count: 1) == [.dark])
        #expect(first.uniqueName != second.uniqueName)
        firstLog.stop()
        #expect(try await eventually { first.count(.stopped) == 1 })
        portal.send("set 2")
        #expect(try await secondLog.values(count: 2) == [.dark, .light])
        #expect(firstLog.values == [.dark])
    }

    @Test("a sequence dropped without being read ends its loop")
    func droppedSequenceStops() async throws {
        let bus = try await TestBus()
        let events = EventLog()
        var stream: AsyncStream<ThemeAppearance?>? = PortalAppearanceSource(
            busAddress: bus.address, options: events.options()
        ).appearances()
        #expect(try await eventually { events.uniqueName != nil })
        #expect(stream != nil)
        stream = nil
        #expect(try await eventually { events.count(.stopped) == 1 })
    }

    @Test("a stop during a call the portal never answers, and during a wait to retry, ends the loop")
    func stopInterruptsWaits() async throws {
        let bus = try await TestBus()
        try await bus.startPortal(["--silent"])
        let calling = EventLog()
        let callingLog = bus.read(options: calling.options())
        #expect(try await eventually { calling.uniqueName != nil })
        callingLog.stop()
        // An hour's wait to retry: only the stop can end it in time.
        let retrying = EventLog()
        let scratch = try ScratchFolder()
        let options = retrying.options(firstRetry: .seconds(3600), longestRetry: .seconds(3600))
        let address = "unix:path=" + scratch.url.appendingPathComponent("no-bus").path
        let retryingLog = StreamLog(PortalAppearanceSource(busAddress: address, options: options).appearances())
        #expect(try await retryingLog.values(count: 1) == [nil])
        retryingLog.stop()
        #expect(try await eventually { calling.count(.stopped) == 1 && retrying.count(.stopped) == 1 })
    }
}

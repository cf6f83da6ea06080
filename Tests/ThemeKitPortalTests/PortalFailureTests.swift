import Foundation
import Testing
import ThemeKit

@testable import ThemeKitPortal

/// No bus, no portal, a portal or a bus that goes: no preference or the last value, a stream
/// that goes on, no busy loop, and a portal or bus that comes back is read again.
@Suite("When the bus or the portal fails")
struct PortalFailureTests {
    @Test("no bus at the address: no preference at once; the stream goes on, and retries wait 1 s, then 2 s")
    func noBusIsNoPreference() async throws {
        let scratch = try ScratchFolder()
        let events = EventLog()
        let options = events.options(firstRetry: .seconds(1), longestRetry: .seconds(30))  // the product's
        let address = "unix:path=" + scratch.url.appendingPathComponent("no-bus").path
        let log = StreamLog(PortalAppearanceSource(busAddress: address, options: options).appearances())
        #expect(try await log.values(count: 1) == [nil])
        #expect(try await eventually { events.count(.connecting) >= 3 })
        // A loop that spun would have tried again at once; this one waited, twice as long the second time.
        let waits = events.waitsBetweenAttempts()
        #expect(waits.count >= 2 && waits[0] >= .seconds(1) && waits[1] >= .seconds(2), "\(waits)")
        #expect(log.values == [nil])
        #expect(!log.ended)
    }

    @Test("no bus configured at all: no preference, no attempt to connect, and a stream that goes on")
    func noAddressIsNoPreference() async throws {
        let events = EventLog()
        let log = StreamLog(PortalAppearanceSource(busAddress: nil, options: events.options()).appearances())
        #expect(try await log.values(count: 1) == [nil])
        try await Task.sleep(for: .milliseconds(200))
        #expect(events.all == [])
        #expect(!log.ended)
    }

    @Test("a bus that accepts the connection and never answers: no preference once the call's timeout is over")
    func hungBusTimesOut() async throws {
        let scratch = try ScratchFolder()
        let listener = try SilentListener(in: scratch.url)
        let log = StreamLog(PortalAppearanceSource(busAddress: listener.address).appearances())
        // dbus_bus_register would wait libdbus's default 25 s here.
        #expect(try await log.values(count: 1) == [nil])
        #expect(!log.ended)
    }

    @Test("start-up with no bus: appearances() returns at once, and its first value follows (printed, not asserted)")
    func startupWithNoBus() async throws {
        let scratch = try ScratchFolder()
        let address = "unix:path=" + scratch.url.appendingPathComponent("no-bus").path
        var returns: [Duration] = []
        var firsts: [Duration] = []
        for _ in 0..<50 {
            let clock = ContinuousClock()
            let start = clock.now
            let stream = PortalAppearanceSource(busAddress: address).appearances()
            returns.append(clock.now - start)
            var values = stream.makeAsyncIterator()
            let first = await values.next()
            firsts.append(clock.now - start)
            #expect(first == .some(nil))
        }
        func summary(_ times: [Duration]) -> String {
            let sorted = times.sorted().map {
                Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1e3
            }
            return "median \(sorted[sorted.count / 2].formatted(.number.precision(.fractionLength(3)))) ms, "
                + "slowest \(sorted[sorted.count - 1].formatted(.number.precision(.fractionLength(3)))) ms"
        }
        print(
            "ThemeKitPortal start-up with no bus, 50 runs: appearances() returns in \(summary(returns)); "
                + "its first value (nil) comes in \(summary(firsts))")
    }
}

/// The same, with a real bus that goes and comes back.
@Suite("When the bus or the portal fails, on a real bus", .needsBusAndPortal)
struct PortalRecoveryTests {
    @Test("no portal yet: no preference; a portal that starts later is read")
    func portalThatStartsLaterIsRead() async throws {
        let bus = try await TestBus()
        let log = bus.read()
        #expect(try await log.values(count: 1) == [nil])
        try await bus.startPortal(["--value", "1"])
        #expect(try await log.values(count: 2) == [nil, .dark])
    }

    @Test("a portal killed mid-run: the last value stands, the stream goes on, and the next portal is read")
    func portalKilledMidRun() async throws {
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "1"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [.dark])
        portal.kill()
        #expect(try await eventually { owner(of: PortalSettings.busName, on: bus.address) == nil })
        try await bus.startPortal(["--value", "2"])
        // No nil between: the bus told of the old portal's end before the new one's start.
        #expect(try await log.values(count: 2) == [.dark, .light])
        #expect(!log.ended)
    }

    @Test("the bus killed mid-run: the last value stands, the loop retries without spinning, and reads the next bus")
    func busKilledMidRun() async throws {
        let bus = try await TestBus()
        try await bus.startPortal(["--value", "1"])
        let events = EventLog()
        let log = bus.read(options: events.options(firstRetry: .milliseconds(100), longestRetry: .seconds(1)))
        #expect(try await log.values(count: 1) == [.dark])
        bus.kill()
        #expect(try await eventually { events.count(.disconnected) == 1 })
        // The first attempt connected; the retries after it wait 0.1 s, 0.2 s, 0.4 s, … up to 1 s.
        #expect(try await eventually { events.count(.connecting) >= 4 })
        let waits = events.waitsBetweenAttempts(after: 2)
        #expect(waits.count >= 2 && waits[0] >= .milliseconds(200) && waits[1] >= .milliseconds(400), "\(waits)")
        #expect(log.values == [.dark])
        #expect(!log.ended)
        // The bus comes back before the portal: the loop reads and finds no portal, and the
        // last value stands until the portal starts.
        try await bus.start()
        #expect(try await eventually { events.count(.read) == 2 })
        #expect(log.values == [.dark])
        try await bus.startPortal(["--value", "2"])
        #expect(try await log.values(count: 2) == [.dark, .light])
    }
}

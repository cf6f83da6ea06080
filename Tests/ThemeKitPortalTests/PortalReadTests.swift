import Testing
import ThemeKit

@testable import ThemeKitPortal

/// The first value, read from a fake portal on a private dbus-daemon.
@Suite("Reading the portal's color-scheme", .needsBusAndPortal)
struct PortalReadTests {
    @Test(
        "ReadOne's value: 1 dark, 2 light, 0 and any other number no preference",
        arguments: [(1, .dark), (2, .light), (0, nil), (7, nil)] as [(Int, ThemeAppearance?)])
    func readsReadOne(value: Int, expected: ThemeAppearance?) async throws {
        let bus = try await TestBus()
        try await bus.startPortal(["--value", "\(value)"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [expected])
    }

    @Test(
        "a version-1 portal, which has no ReadOne, is read through Read (a variant inside a variant)",
        arguments: [(1, .dark), (2, .light)] as [(Int, ThemeAppearance?)])
    func readsVersionOnePortalThroughRead(value: Int, expected: ThemeAppearance?) async throws {
        let bus = try await TestBus()
        try await bus.startPortal(["--version", "1", "--value", "\(value)"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [expected])
    }

    @Test("a portal that answers NotFound, or a value that is not a u, is no preference", arguments: [1, 2])
    func errorAndWrongTypeAreNoPreference(version: Int) async throws {
        for answer in ["--not-found", "--wrong-type"] {
            let bus = try await TestBus()
            try await bus.startPortal(["--version", "\(version)", "--value", "1", answer])
            let log = bus.read()
            #expect(try await log.values(count: 1) == [nil], "\(answer), version \(version)")
        }
    }

    @Test("a portal that never answers is no preference once the call's timeout is over, and the stream goes on")
    func silentPortalTimesOut() async throws {
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "1", "--silent"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [nil])
        // It still follows the portal's signals.
        portal.send("set 1")
        #expect(try await log.values(count: 2) == [nil, .dark])
        #expect(!log.ended)
    }
}

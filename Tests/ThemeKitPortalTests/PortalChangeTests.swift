import Testing
import ThemeKit

@testable import ThemeKitPortal

/// Following `SettingChanged`, from a fake portal on a private dbus-daemon.
@Suite("Following the portal's changes", .needsBusAndPortal)
struct PortalChangeTests {
    @Test("dark, then light, then no preference, each as the portal signals it", arguments: [1, 2])
    func followsSettingChanged(version: Int) async throws {
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--version", "\(version)", "--value", "1"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [.dark])
        portal.send("set 2")
        #expect(try await log.values(count: 2) == [.dark, .light])
        portal.send("set 0")
        #expect(try await log.values(count: 3) == [.dark, .light, nil])
    }

    @Test("a signal that repeats the value yields nothing: each element differs from the one before")
    func yieldsOnlyDistinctValues() async throws {
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "1"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [.dark])
        for command in ["set 1", "set 2", "set 2", "set 7", "set 0", "set 1"] { portal.send(command) }
        // 7 and 0 are both no preference: one nil.
        #expect(try await log.values(count: 4) == [.dark, .light, nil, .dark])
    }

    @Test("other settings, and color-scheme from a connection that does not own the portal's name, are not taken")
    func ignoresOtherSettingsAndOtherSenders() async throws {
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "2"])
        let log = bus.read()
        #expect(try await log.values(count: 1) == [.light])
        portal.send("spoof 1")
        portal.send("emit org.freedesktop.appearance contrast 1")
        portal.send("emit org.example.other color-scheme 1")
        portal.send("set 0")
        // Had any of the first three got through, dark would come before no preference.
        #expect(try await log.values(count: 2) == [.light, nil])
    }
}

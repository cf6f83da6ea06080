import Foundation
import Testing
import ThemeKit

@testable import ThemeKitPortal

/// A manager following the system through the portal source, end to end: a fake portal on a
/// private dbus-daemon flips the desktop's setting, and the manager's theme follows.
@Suite("A manager following the desktop through the portal", .needsBusAndPortal)
struct PortalManagerTests {
    /// A light base, `default`, and its dark partner, `night`.
    private static func themes(in folder: URL) throws {
        func theme(_ name: String, _ entries: String) throws {
            let text = "<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
            try text.write(to: folder.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
        }
        try theme(
            "default",
            "<key>DARK_THEME</key><string>night</string>\n<key>textColor</key><string>#000000</string>\n")
        try theme(
            "night",
            "<key>INHERITED_THEME</key><string>default</string>\n<key>APPEARANCE</key><string>dark</string>\n"
                + "<key>textColor</key><string>#FFFFFF</string>\n")
    }

    /// A manager of `default` and `night` in a scratch folder, following the system from
    /// `default` through a portal source at `address` (the scratch folder goes with the test).
    private static func following(address: String, in scratch: ScratchFolder) throws -> ThemeManager {
        try themes(in: scratch.url)
        let manager = ThemeManager(directory: scratch.url.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        manager.appearanceSource = PortalAppearanceSource(busAddress: address)
        try manager.followSystemAppearance(base: "default")
        return manager
    }

    @Test("dark → night, light → default, no preference → the base; each a change with the cause systemAppearance")
    func followsTheDesktop() async throws {
        let scratch = try ScratchFolder()
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "2"])
        let manager = try Self.following(address: bus.address, in: scratch)
        let changes = manager.changes()
        #expect(try await eventually { manager.systemAppearance == .light })
        #expect(manager.currentThemeName == "default")

        portal.send("set 1")
        #expect(try await eventually { manager.currentThemeName == "night" })
        #expect(manager.color(forKey: "textColor")?.hexString == "#FFFFFF")
        var iterator = changes.makeAsyncIterator()
        let dark = try #require(await iterator.next())
        #expect(dark.cause == .systemAppearance)
        #expect(dark.theme.name == "night")

        portal.send("set 2")
        #expect(try await eventually { manager.currentThemeName == "default" })
        portal.send("set 1")
        #expect(try await eventually { manager.currentThemeName == "night" })
        portal.send("set 0")
        #expect(try await eventually { manager.systemAppearance == nil })
        #expect(try await eventually { manager.currentThemeName == "default" })
        var causes: [ThemeChange.Cause] = []
        for _ in 0..<3 { causes.append(try #require(await iterator.next()).cause) }
        #expect(causes == [.systemAppearance, .systemAppearance, .systemAppearance])
    }

    @Test("a portal killed mid-run keeps the theme in use; a portal that comes back is followed again")
    func portalGoesAndComesBack() async throws {
        let scratch = try ScratchFolder()
        let bus = try await TestBus()
        let portal = try await bus.startPortal(["--value", "1"])
        let manager = try Self.following(address: bus.address, in: scratch)
        #expect(try await eventually { manager.currentThemeName == "night" })
        portal.kill()
        try await Task.sleep(for: .milliseconds(200))
        #expect(manager.currentThemeName == "night")
        try await bus.startPortal(["--value", "2"])
        #expect(try await eventually { manager.currentThemeName == "default" })
    }

    @Test("no bus at all: no preference, the base theme, and the app goes on")
    func noBus() async throws {
        let scratch = try ScratchFolder()
        let missing = scratch.url.appendingPathComponent("no-such-bus").path
        let manager = try Self.following(address: "unix:path=" + missing, in: scratch)
        try await Task.sleep(for: .milliseconds(200))
        #expect(manager.systemAppearance == nil)
        #expect(manager.currentThemeName == "default")
        try manager.changeTheme("night")
        #expect(manager.currentThemeName == "night")
    }
}

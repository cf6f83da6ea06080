import Foundation
import TestSupport
import Testing
import ThemeKit

@testable import ThemeKitPortal

/// The source and a manager against Debian's own xdg-desktop-portal (1.16) and
/// xdg-desktop-portal-gtk (1.14) on a private bus, the desktop's setting flipped with gsettings
/// as GNOME does (`Fixtures/real_portal.py`), beside the stand-in portal of the other suites.
/// Serialized: each test runs a whole desktop.
@Suite("The real desktop portal", .needsRealPortal, .serialized)
struct RealPortalTests {
    /// A light base, `default`, and its dark partner, `night`, in `folder`.
    private static func themes(in folder: URL) throws {
        func theme(_ name: String, _ entries: String) throws {
            let text = "<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
            try text.write(to: folder.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
        }
        try theme("default", "<key>DARK_THEME</key><string>night</string>\n")
        try theme(
            "night", "<key>INHERITED_THEME</key><string>default</string>\n<key>APPEARANCE</key><string>dark</string>\n")
    }

    @Test("a manager on a DTCG resolver follows the real portal between its light and dark contexts")
    func followsTheRealPortalOnDTCGContexts() async throws {
        let desktop = try await RealDesktop(scheme: "prefer-dark")
        let scratch = try ScratchFolder()
        try TokensFixtures.writeTwoModifierFolder(to: scratch.url)
        let manager = ThemeManager(directory: scratch.url.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        #expect(manager.currentThemeName == "light-regular")
        manager.appearanceSource = PortalAppearanceSource(busAddress: desktop.address)
        try manager.followSystemAppearance(base: "light-compact")
        #expect(try await eventually { manager.currentThemeName == "dark-compact" })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#000000")
        #expect(manager.number(forKey: "gap") == 4)
        try await desktop.set("prefer-light")
        #expect(try await eventually { manager.currentThemeName == "light-compact" })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FFFFFF")
        try await desktop.set("prefer-dark")
        #expect(try await eventually { manager.currentThemeName == "dark-compact" })
        #expect(manager.followedBaseTheme == "light-compact")
    }

    @Test("the portal's value follows gsettings: prefer-dark dark, default no preference, prefer-light light")
    func readsAndFollowsTheRealPortal() async throws {
        let desktop = try await RealDesktop(scheme: "prefer-dark")
        let log = StreamLog(PortalAppearanceSource(busAddress: desktop.address).appearances())
        #expect(try await log.values(count: 1) == [.dark])
        try await desktop.set("default")
        #expect(try await log.values(count: 2) == [.dark, nil])
        try await desktop.set("prefer-light")
        #expect(try await log.values(count: 3) == [.dark, nil, .light])
        try await desktop.set("prefer-dark")
        #expect(try await log.values(count: 4) == [.dark, nil, .light, .dark])
        #expect(!log.ended)
    }

    @Test("a cold start: the source's first call starts the portal, and a manager follows what it says")
    func coldStart() async throws {
        let desktop = try await RealDesktop(scheme: "prefer-dark", cold: true)
        let scratch = try ScratchFolder()
        try Self.themes(in: scratch.url)
        let manager = ThemeManager(directory: scratch.url.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        manager.appearanceSource = PortalAppearanceSource(busAddress: desktop.address)
        try manager.followSystemAppearance(base: "default")
        // Started by D-Bus activation, the portal may answer after the 250 ms the manager
        // waits (then the base comes first): what matters is that its answer is followed.
        #expect(try await eventually { manager.currentThemeName == "night" })
        #expect(manager.systemAppearance == .dark)
        try await desktop.set("default")
        #expect(try await eventually { manager.currentThemeName == "default" })
    }

    /// Managers started while the desktop is dark, each recording every theme it applies from
    /// the very start; several, since the flash this pins came in most starts, not all.
    @Test("an app started while the desktop is dark is styled dark first, every time, and follows it to light")
    @MainActor
    func noFlashAtStart() async throws {
        let desktop = try await RealDesktop(scheme: "prefer-dark")
        let scratch = try ScratchFolder()
        try Self.themes(in: scratch.url)
        var bound: [(ThemeManager, StyledNames, ThemeBinding)] = []
        var followed: [(ThemeManager, AsyncStream<ThemeChange>)] = []
        for _ in 0..<6 {
            // An app that followed the system when it last ran: restored at its first use.
            let restored = ThemeManager(
                directory: scratch.url.path, notificationCenter: NotificationCenter(),
                store: InMemoryThemeStore("system:default"))
            restored.appearanceOverride = nil
            restored.appearanceSource = PortalAppearanceSource(busAddress: desktop.address)
            let styled = StyledNames()
            let binding = restored.bind(styled) { styled, theme in styled.names.append(theme.name) }
            #expect(styled.names == ["night"])
            bound.append((restored, styled, binding))

            // An app that starts following now, as the docs show it.
            let following = ThemeManager(directory: scratch.url.path, notificationCenter: NotificationCenter())
            following.appearanceOverride = nil
            let changes = following.changes()
            following.appearanceSource = PortalAppearanceSource(busAddress: desktop.address)
            try following.followSystemAppearance(base: "default")
            #expect(following.currentThemeName == "night")
            followed.append((following, changes))
        }

        try await desktop.set("default")
        for (manager, styled, binding) in bound {
            #expect(try await eventually { styled.names.count == 2 })
            #expect(styled.names == ["night", "default"])
            #expect(manager.currentThemeName == "default")
            binding.cancel()
        }
        for (manager, changes) in followed {
            var iterator = changes.makeAsyncIterator()
            let first = try #require(await iterator.next())
            #expect(first.cause == .changed)
            #expect([first.previousTheme.name, first.theme.name] == ["default", "night"])
            let second = try #require(await iterator.next())
            #expect(second.cause == .systemAppearance)
            #expect([second.previousTheme.name, second.theme.name] == ["night", "default"])
            #expect(manager.currentThemeName == "default")
        }
    }
}

/// The themes a bound object was styled with, in order.
@MainActor
final class StyledNames {
    var names: [String] = []
}

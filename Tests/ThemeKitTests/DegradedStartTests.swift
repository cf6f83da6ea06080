import Foundation
import Testing

@testable import ThemeKit

/// RNThemeManager's own example themes, as its repository has them. Its `default` has a
/// dangling alias (`highlightColor` names `selectedTextColorKey`, a UIKit constant, not a
/// key), and both other themes inherit it. SPEC §5.1: start never leaves an app silently
/// unstyled; `changeTheme` stays all-or-nothing unless the app asks for partial loads.
@Suite("Starting on a degraded default", .serialized)
struct DegradedStartTests {
    private let fixture = Fixtures.url("rnthememanager-repo").path

    /// Every key of the fixture's `default` but `highlightColor`.
    private let goodKeys: Set<String> = [
        "bodyFont", "bodyFontSize", "headerFont", "headerFontSize", "bodyTextColor", "backgroundColor", "buttonFont",
        "buttonFontSize", "buttonTextColor", "headerColor", "primaryColor", "secondaryColor",
        "buttonSelectedTextColor",
    ]

    /// Checks that `diagnostics` is the one problem of the fixture's `default`: the
    /// dangling alias, at `highlightColor`'s value (line 26, after the tab).
    private func expectDanglingHighlight(
        _ diagnostics: [Diagnostic]?, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(diagnostics?.map(\.code) == [.unresolvedAlias], sourceLocation: sourceLocation)
        guard let diagnostic = diagnostics?.first else { return }
        #expect(diagnostic.key == "highlightColor", sourceLocation: sourceLocation)
        #expect(diagnostic.location.file.hasSuffix("/default.plist"), sourceLocation: sourceLocation)
        #expect(diagnostic.location.line == 26, sourceLocation: sourceLocation)
        #expect(diagnostic.location.column == 2, sourceLocation: sourceLocation)
    }

    /// A copy of the fixture folder, to edit.
    private func fixtureCopy() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for name in ["default", "hicontrast", "locontrast"] {
            try folder.write(name + ".plist", try Fixtures.bytes("rnthememanager-repo/\(name).plist"))
        }
        return folder
    }

    @Test("the manager starts on a degraded default: every problem reported, good keys read, broken ones nil")
    func startsDegraded() throws {
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: fixture, notificationCenter: log.center, store: store)
        #expect(manager.currentThemeName == "default")
        #expect(manager.isDegraded)
        expectDanglingHighlight(manager.currentTheme.problems)
        expectDanglingHighlight(manager.restoreError?.diagnostics)
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
        #expect(log.userInfos.first?[ThemeManager.themeKey] == "default")
        #expect(manager.color(forKey: "highlightColor") == nil)
        #expect(Set(manager.currentTheme.values.keys) == goodKeys)
        #expect(manager.font(forKey: "bodyFont") == ThemeFont(name: "AppleSDGothicNeo-Medium", size: 17))
        #expect(manager.font(forKey: "headerFont") == ThemeFont(name: "ArialRoundedMTBold", size: 30))
        #expect(manager.font(forKey: "buttonFont") == ThemeFont(name: "ArialRoundedMTBold", size: 20))
        #expect(manager.number(forKey: "bodyFontSize") == 17)
        #expect(manager.number(forKey: "headerFontSize") == 30)
        #expect(manager.number(forKey: "buttonFontSize") == 20)
        let colors = [
            "bodyTextColor": "#505050", "backgroundColor": "#F0EFEC", "buttonTextColor": "#505050",
            "headerColor": "#505050", "primaryColor": "#35A2FB", "secondaryColor": "#EA3F34",
            "buttonSelectedTextColor": "#FFFFFF",
        ]
        for (key, hex) in colors {
            #expect(manager.color(forKey: key)?.hexString == hex, "\(key)")
        }
        #expect(store.saveCount == 0)
    }

    @Test("changeTheme is all-or-nothing: a theme inheriting the dangling key throws and nothing changes")
    func changeIsAllOrNothing() throws {
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: fixture, notificationCenter: log.center, store: store)
        let before = manager.currentTheme
        for name in ["hicontrast", "locontrast"] {
            #expect {
                try manager.changeTheme(name)
            } throws: { error in
                expectDanglingHighlight((error as? ThemeError)?.diagnostics)
                return error is ThemeError
            }
        }
        #expect(manager.currentThemeName == "default")
        #expect(manager.currentTheme.values == before.values)
        #expect(manager.currentTheme.problems == before.problems)
        #expect(store.saveCount == 0)
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
    }

    @Test("with loadsPartialThemes a degraded theme can be chosen; choosing it again re-loads it")
    func partialLoads() throws {
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: fixture, notificationCenter: log.center, store: store)
        manager.loadsPartialThemes = true
        try manager.changeTheme("hicontrast")
        #expect(manager.currentThemeName == "hicontrast")
        #expect(manager.isDegraded)
        expectDanglingHighlight(manager.currentTheme.problems)
        #expect(manager.currentTheme.lineage == ["hicontrast", "default"])
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#7FF102")
        #expect(manager.color(forKey: "buttonSelectedTextColor")?.hexString == "#505050")
        #expect(manager.font(forKey: "bodyFont") == ThemeFont(name: "AppleSDGothicNeo-Medium", size: 17))
        #expect(manager.color(forKey: "highlightColor") == nil)
        #expect(store.name == "hicontrast")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
        // The current theme is degraded: choosing it again is not a no-op.
        try manager.changeTheme("hicontrast")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 2)
        #expect(manager.isDegraded)
    }

    @Test("choosing a degraded current theme again re-loads it: fixed on disk, it loads whole")
    func rechoosingDegradedThemeReloads() throws {
        let folder = try fixtureCopy()
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        #expect(manager.isDegraded)
        // Still broken, all-or-nothing: the re-load throws, and the degraded theme stays.
        #expect(throws: ThemeError.self) { try manager.changeTheme("default") }
        #expect(manager.isDegraded)
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 0)
        let text = try String(contentsOfFile: folder.path + "/default.plist", encoding: .utf8)
        try folder.write(
            "default.plist", text.replacingOccurrences(of: "selectedTextColorKey", with: "primaryColor"))
        try manager.changeTheme("default")
        #expect(!manager.isDegraded)
        #expect(manager.currentTheme.problems.isEmpty)
        #expect(manager.color(forKey: "highlightColor")?.hexString == "#35A2FB")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
        // Whole now: choosing it again is a no-op.
        try manager.changeTheme("default")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
    }

    @Test("a saved theme that fails falls back to a degraded default, reporting both problems")
    func savedThemeFailsToo() throws {
        let log = NotificationLog()
        let store = InMemoryThemeStore("gone")
        let manager = ThemeManager(directory: fixture, notificationCenter: log.center, store: store)
        #expect(manager.currentThemeName == "default")
        #expect(manager.isDegraded)
        expectDanglingHighlight(manager.currentTheme.problems)
        #expect(Set(manager.restoreError?.codes ?? []) == [.themeNotFound, .unresolvedAlias])
        #expect(manager.restoreError?.diagnostics.count == 2)
        #expect(log.userInfos.map { $0[ThemeManager.themeKey] } == ["gone"])
        #expect(store.name == "gone")
        #expect(store.saveCount == 0)
    }

    @Test("a saved theme that fails only through default's problem: default, degraded, the problem reported once")
    func savedThemeInheritsTheProblem() throws {
        let log = NotificationLog()
        let store = InMemoryThemeStore("hicontrast")
        let manager = ThemeManager(directory: fixture, notificationCenter: log.center, store: store)
        #expect(manager.currentThemeName == "default")
        #expect(manager.isDegraded)
        expectDanglingHighlight(manager.currentTheme.problems)
        #expect(manager.restoreError?.codes.allSatisfy { $0 == .unresolvedAlias } == true)
        #expect(log.userInfos.map { $0[ThemeManager.themeKey] } == ["hicontrast"])
        #expect(store.name == "hicontrast")
        #expect(store.saveCount == 0)
        // hicontrast fails only because of default's dangling key: one problem, said once.
        expectDanglingHighlight(manager.restoreError?.diagnostics)
    }

    @Test("a default that cannot be read at all: an empty, degraded theme whose problems are the restore error's")
    func unreadableDefault() throws {
        let folder = try TemporaryDirectory()
        try folder.write("default.plist", "not xml")
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        #expect(manager.currentThemeName == "default")
        #expect(manager.currentTheme.values.isEmpty)
        #expect(manager.isDegraded)
        #expect(manager.currentTheme.problems.map(\.code) == [.parseError])
        #expect(manager.currentTheme.problems == manager.restoreError?.diagnostics)
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
    }

    @Test("ThemeLoader.load(allowingErrors:) keeps the good keys, drops the broken ones, sorts the problems")
    func loaderPartialTheme() throws {
        let folder = try TemporaryDirectory()
        // Broken keys in an order that is not alphabetical, so that sorting shows.
        try folder.theme(
            "partial",
            [
                "zColor": "@nowhere", "goodColor": "ff0000", "aFont": "Helvetica", "aliasColor": "goodColor",
                "mSize": "-3", "titleFont": "Courier", "titleFontSize": "12", "note": "text",
            ])
        let theme = try folder.loader.load("partial", allowingErrors: true)
        #expect(theme.isDegraded)
        #expect(theme.problems.map(\.code) == [.unresolvedAlias, .missingFontSize, .invalidSize])
        #expect(theme.problems.map(\.location.line) == [3, 5, 7])
        #expect(theme.problems == theme.problems.sorted())
        #expect(Set(theme.values.keys) == ["goodColor", "aliasColor", "titleFont", "titleFontSize", "note"])
        #expect(theme.color(forKey: "aliasColor")?.hexString == "#FF0000")
        #expect(theme.font(forKey: "titleFont") == ThemeFont(name: "Courier", size: 12))
        #expect(theme.string(forKey: "note") == "text")
        #expect(theme.font(forKey: "aFont") == nil)
        #expect {
            try folder.loader.load("partial")
        } throws: { error in
            (error as? ThemeError)?.diagnostics == theme.problems
        }
        // A theme with no problem is not degraded either way.
        try folder.theme("whole", ["goodColor": "ff0000"])
        #expect(try !folder.loader.load("whole", allowingErrors: true).isDegraded)
    }
}

import Foundation
import Observation
import Testing

@testable import ThemeKit

/// `ThemeManager` is `Observable` (SPEC §5.1): a reader of the theme depends on it; a real
/// change or reload invalidates it once; a failed or no-op change never does.
@Suite("Observation", .serialized)
struct ObservationTests {
    /// Each way of reading the theme that must make the reader depend on it.
    enum Read: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case currentTheme, currentThemeName, color, font, image, string, number, bool, isDegraded, typedSubscript, style

        var testDescription: String { rawValue }

        func callAsFunction(_ manager: ThemeManager) {
            switch self {
            case .currentTheme: _ = manager.currentTheme
            case .currentThemeName: _ = manager.currentThemeName
            case .color: _ = manager.color(forKey: "primaryColor")
            case .font: _ = manager.font(forKey: "titleFont")
            case .image: _ = manager.image(forKey: "logoImage")
            case .string: _ = manager.string(forKey: "themeName")
            case .number: _ = manager.number(forKey: "titleFontSize")
            case .bool: _ = manager.bool(forKey: "isDark")
            case .isDegraded: _ = manager.isDegraded
            case .typedSubscript: _ = manager[ThemeKey<ThemeColor>("primaryColor")]
            case .style: _ = manager.style("Button", states: [.highlighted]).color(forKey: "primaryColor")
            }
        }
    }

    /// Starts `manager` (so the restore at start is not what is observed), then tracks one
    /// `read` of it; the counter counts its invalidations.
    private func track(_ read: Read, of manager: ThemeManager) -> Counter {
        _ = manager.currentTheme
        let counter = Counter()
        withObservationTracking {
            read(manager)
        } onChange: {
            counter.increment()
        }
        return counter
    }

    @Test("ThemeManager is Observable (this compiles)")
    func isObservable() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let _: any Observable = manager
    }

    @Test("a real change invalidates a reader once, however many changes follow", arguments: Read.allCases)
    func changeInvalidatesOnce(_ read: Read) throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let counter = track(read, of: manager)
        #expect(counter.value == 0)
        try manager.changeTheme("dark")
        #expect(counter.value == 1)
        try manager.changeTheme("default")
        #expect(counter.value == 1)
    }

    @Test("a reload invalidates a reader", arguments: Read.allCases)
    func reloadInvalidates(_ read: Read) throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let counter = track(read, of: manager)
        try manager.reloadTheme()
        #expect(counter.value == 1)
    }

    @Test("setting directory after start restores from the new folder and invalidates", arguments: Read.allCases)
    func restartInvalidates(_ read: Read) throws {
        let folder = try twoThemes()
        let other = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let counter = track(read, of: manager)
        manager.directory = other.path
        #expect(counter.value == 1)
    }

    @Test("a failed change and a no-op change do not invalidate", arguments: Read.allCases)
    func failedAndNoOpChangesDoNotInvalidate(_ read: Read) throws {
        let folder = try twoThemes()
        try folder.theme("broken", ["aColor": "@nowhere"])
        let manager = ThemeManager(directory: folder.path)
        let counter = track(read, of: manager)
        #expect(throws: ThemeError.self) { try manager.changeTheme("missing") }
        #expect(throws: ThemeError.self) { try manager.changeTheme("broken") }
        try manager.changeTheme("default")  // the current theme
        try folder.write("default.plist", "not xml")
        #expect(throws: ThemeError.self) { try manager.reloadTheme() }
        #expect(counter.value == 0)
        // Still tracked: the next real change is seen.
        try folder.theme("default", ["primaryColor": "0000ff"])
        try manager.changeTheme("dark")
        #expect(counter.value == 1)
    }

    @Test("a live reload invalidates a reader", arguments: Read.allCases)
    func liveReloadInvalidates(_ read: Read) async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let counter = track(read, of: manager)
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "123456", "titleFont": "A", "titleFontSize": "1"])
        #expect(try await eventually { counter.value == 1 })
        #expect(manager.color(forKey: "primaryColor") == ThemeColor(hex: "#123456"))
    }
}

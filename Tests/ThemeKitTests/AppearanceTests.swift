import Foundation
import Observation
import Synchronization
import Testing

@testable import ThemeKit

/// An appearance source a test drives by hand: each value it sends is the system's new
/// preference.
final class ManualAppearanceSource: AppearanceSource {
    private let stream: AsyncStream<ThemeAppearance?>
    private let continuation: AsyncStream<ThemeAppearance?>.Continuation
    private let asked = Mutex(0)

    init(_ initial: ThemeAppearance?? = .none) {
        (stream, continuation) = AsyncStream.makeStream(of: ThemeAppearance?.self)
        if case .some(let value) = initial { continuation.yield(value) }
    }

    /// How many times a manager asked for the sequence.
    var requests: Int { asked.withLock { $0 } }

    func appearances() -> AsyncStream<ThemeAppearance?> {
        asked.withLock { $0 += 1 }
        return stream
    }

    func send(_ appearance: ThemeAppearance?) { continuation.yield(appearance) }
}

/// A folder with a light base and its dark partner, a theme with no partner, and a dark
/// base with a light partner.
func appearanceFolder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.theme("default", ["DARK_THEME": "night", "textColor": "#000000", "canvasColor": "#FFFFFF"])
    try folder.theme("night", ["INHERITED_THEME": "default", "APPEARANCE": "dark", "textColor": "#FFFFFF"])
    try folder.theme("plain", ["textColor": "#111111"])
    try folder.theme("ink", ["APPEARANCE": "dark", "LIGHT_THEME": "paper", "textColor": "#EEEEEE"])
    try folder.theme("paper", ["INHERITED_THEME": "ink", "APPEARANCE": "light", "textColor": "#222222"])
    return folder
}

/// The theme names of every change notification one center posts, in order.
final class ChangeLog: Sendable {
    private final class Names: Sendable {
        let list = Mutex<[String]>([])
    }

    private let names = Names()

    init(_ center: NotificationCenter) {
        _ = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: nil, queue: nil) {
            [names] note in
            let name = note.userInfo?[ThemeManager.themeKey] as? String ?? "?"
            names.list.withLock { $0.append(name) }
        }
    }

    var themes: [String] { names.list.withLock { $0 } }
}

@Suite("Light and dark: the reserved keys")
struct AppearanceKeyTests {
    @Test("APPEARANCE, DARK_THEME and LIGHT_THEME are read, and are no theme values")
    func reservedKeysAreNoValues() throws {
        let folder = try appearanceFolder()
        let light = try folder.loader.load("default")
        #expect(light.appearance == .light)
        #expect(light.darkThemeName == "night")
        #expect(light.lightThemeName == nil)
        #expect(light["DARK_THEME"] == nil)
        #expect(light.values.keys.sorted() == ["canvasColor", "textColor"])
        let dark = try folder.loader.load("night")
        #expect(dark.appearance == .dark)
        #expect(dark["APPEARANCE"] == nil)
        #expect(dark.count == 2)
    }

    @Test("APPEARANCE is inherited; a partner is not (a dark child of a light theme names none)")
    func appearanceInheritedPartnersNot() throws {
        let folder = try appearanceFolder()
        try folder.theme("midnight", ["INHERITED_THEME": "night", "textColor": "#FFFFFE"])
        let midnight = try folder.loader.load("midnight")
        #expect(midnight.appearance == .dark)
        #expect(midnight.darkThemeName == nil)
        #expect(try folder.loader.load("night").darkThemeName == nil)
    }

    @Test("a value that names a reserved key is no alias of it, and a partner's name is no alias")
    func reservedKeysAreNoAliasTargets() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["DARK_THEME": "night", "night": "moon", "labelText": "DARK_THEME"])
        try folder.theme("night", ["APPEARANCE": "dark"])
        let theme = try folder.loader.load("default")
        #expect(theme.string(forKey: "labelText") == "DARK_THEME")
        #expect(theme.darkThemeName == "night")
        #expect(theme.string(forKey: "night") == "moon")
    }

    @Test("an APPEARANCE that is neither light nor dark is invalid_appearance at its value, with a suggestion")
    func invalidAppearance() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["APPEARANCE": "drak", "textColor": "#000000"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.code) == [.invalidAppearance])
        let problem = try #require(analysis.diagnostics.first)
        #expect(problem.message == "APPEARANCE must be 'light' or 'dark'; 'drak' is neither; did you mean 'dark'?")
        #expect(problem.location.line == 3)
        #expect(problem.location.column == 23)
        #expect(throws: ThemeError.self) { try folder.loader.load("default") }
    }

    @Test("a partner that is missing or not a theme name is missing_partner at the value")
    func missingPartner() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["DARK_THEME": "nigth", "LIGHT_THEME": "../x"])
        try folder.theme("night", ["APPEARANCE": "dark"])
        let messages = folder.loader.analyze("default").diagnostics.map {
            "\($0.code) \($0.location.line): \($0.message)"
        }
        #expect(
            messages == [
                "missing_partner 3: DARK_THEME names 'nigth', but there is no nigth.plist beside this theme; did you mean 'night'?",
                "missing_partner 4: LIGHT_THEME must be a theme name; '../x' is not one",
            ])
    }

    @Test("the theme for an appearance: itself, or the partner it names for the other")
    func themeForAppearance() throws {
        let folder = try appearanceFolder()
        let light = try folder.loader.load("default")
        #expect(light.themeName(for: .light) == "default")
        #expect(light.themeName(for: .dark) == "night")
        let ink = try folder.loader.load("ink")
        #expect(ink.themeName(for: .dark) == "ink")
        #expect(ink.themeName(for: .light) == "paper")
        #expect(try folder.loader.load("plain").themeName(for: .dark) == "plain")
    }

    @Test("THEMEKIT_APPEARANCE's values: light or dark in any case; anything else or empty is unset")
    func environmentValues() {
        #expect(ThemeAppearance(environmentValue: "dark") == .dark)
        #expect(ThemeAppearance(environmentValue: " Light ") == .light)
        #expect(ThemeAppearance(environmentValue: "") == nil)
        #expect(ThemeAppearance(environmentValue: nil) == nil)
        #expect(ThemeAppearance(environmentValue: "auto") == nil)
    }

    @Test("a stored choice: a theme name, or system:<base>; a theme named system stays a theme")
    func storedChoices() {
        #expect(ThemeChoice(storedText: "dark") == .theme("dark"))
        #expect(ThemeChoice(storedText: "system") == .theme("system"))
        #expect(ThemeChoice(storedText: "system:default") == .followingSystem(base: "default"))
        #expect(ThemeChoice(storedText: "system:") == nil)
        #expect(ThemeChoice(storedText: "system:../x") == nil)
        #expect(ThemeChoice.followingSystem(base: "system").storedText == "system:system")
        #expect(ThemeChoice(storedText: "system:system") == .followingSystem(base: "system"))
    }
}

@Suite("Light and dark: a manager that follows the system")
struct FollowSystemTests {
    /// The choosing table: each base, and each state of the system.
    @Test(
        "following: the base when the system matches it or states nothing, else its partner",
        arguments: [
            ("default", nil, "default"), ("default", .light, "default"), ("default", .dark, "night"),
            ("plain", .dark, "plain"), ("plain", nil, "plain"), ("ink", nil, "ink"), ("ink", .dark, "ink"),
            ("ink", .light, "paper"),
        ] as [(String, ThemeAppearance?, String)])
    func choosingTable(base: String, system: ThemeAppearance?, expected: String) throws {
        let folder = try appearanceFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = system
        try manager.followSystemAppearance(base: base)
        #expect(manager.currentThemeName == expected)
        #expect(manager.isFollowingSystemAppearance)
        #expect(manager.followedBaseTheme == base)
    }

    @Test("a pinned theme stays whatever the system does; following again picks the partner")
    func pinnedVersusFollowing() throws {
        let folder = try appearanceFolder()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        try manager.changeTheme("default")
        manager.appearanceOverride = .dark
        #expect(manager.currentThemeName == "default")
        #expect(!manager.isFollowingSystemAppearance)
        try manager.followSystemAppearance(base: "default")
        #expect(manager.currentThemeName == "night")
        #expect(store.name == "system:default")
        try manager.changeTheme("plain")
        #expect(!manager.isFollowingSystemAppearance)
        #expect(store.name == "plain")
        manager.appearanceOverride = .light
        #expect(manager.currentThemeName == "plain")
    }

    @Test("changeTheme of the theme in use pins it: no change posted, the pin saved")
    func pinningTheThemeInUse() throws {
        let folder = try appearanceFolder()
        let center = NotificationCenter()
        let log = ChangeLog(center)
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: store)
        manager.appearanceOverride = .dark
        try manager.followSystemAppearance(base: "default")
        #expect(log.themes == ["night"])
        try manager.changeTheme("night")
        #expect(log.themes == ["night"])
        #expect(!manager.isFollowingSystemAppearance)
        #expect(store.name == "night")
        manager.appearanceOverride = .light
        #expect(manager.currentThemeName == "night")
    }

    @Test("a system change is a change: cause systemAppearance, one notification, the stream told")
    func systemChangeIsAChange() async throws {
        let folder = try appearanceFolder()
        let center = NotificationCenter()
        let log = ChangeLog(center)
        let source = ManualAppearanceSource(.some(.light))
        let manager = ThemeManager(directory: folder.path, notificationCenter: center)
        manager.appearanceSource = source
        try manager.followSystemAppearance(base: "default")
        #expect(try await eventually { manager.systemAppearance == .light })
        let changes = manager.changes()
        source.send(.dark)
        var iterator = changes.makeAsyncIterator()
        let change = try #require(await iterator.next())
        #expect(change.cause == .systemAppearance)
        #expect(change.previousTheme.name == "default")
        #expect(change.theme.name == "night")
        // Following the theme already in use posted nothing; the system's change posts once.
        #expect(try await eventually { log.themes == ["night"] })
        source.send(nil)
        let back = try #require(await iterator.next())
        #expect(back.cause == .systemAppearance)
        #expect(back.theme.name == "default")
        #expect(manager.systemAppearance == nil)
    }

    @Test("a system change that keeps the theme in use posts nothing")
    func noChangeNoPost() async throws {
        let folder = try appearanceFolder()
        let center = NotificationCenter()
        let log = ChangeLog(center)
        let source = ManualAppearanceSource()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center)
        manager.appearanceSource = source
        try manager.followSystemAppearance(base: "plain")
        let before = log.themes
        source.send(.dark)
        source.send(.light)
        #expect(try await eventually { manager.systemAppearance == .light })
        try await Task.sleep(for: .milliseconds(100))
        #expect(log.themes == before)
        #expect(manager.currentThemeName == "plain")
    }

    @Test("a partner that fails to load keeps the current theme and posts a failure")
    func partnerFailure() async throws {
        let folder = try appearanceFolder()
        let center = NotificationCenter()
        let failures = FailureLog(center)
        let manager = ThemeManager(directory: folder.path, notificationCenter: center)
        try manager.followSystemAppearance(base: "default")
        try folder.theme("night", ["INHERITED_THEME": "default", "APPEARANCE": "dark", "textColor": "nope"])
        manager.appearanceOverride = .dark
        #expect(manager.currentThemeName == "default")
        #expect(try await eventually { failures.count == 1 })
        #expect(failures.themes == ["night"])
        #expect(failures.codes == [[.unresolvedAlias]])
        #expect(manager.isFollowingSystemAppearance)
    }

    @Test("followSystemAppearance is all or nothing: a base or partner that fails throws and changes nothing")
    func followingIsAllOrNothing() throws {
        let folder = try appearanceFolder()
        try folder.theme("broken", ["DARK_THEME": "night", "textColor": "nope"])
        try folder.theme("lonely", ["DARK_THEME": "gone-dark"])
        try folder.theme("gone-dark", ["APPEARANCE": "dark", "textColor": "nope"])
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        try manager.changeTheme("plain")
        manager.appearanceOverride = .dark
        #expect(throws: ThemeError.self) { try manager.followSystemAppearance(base: "broken") }
        #expect(throws: ThemeError.self) { try manager.followSystemAppearance(base: "lonely") }
        #expect(manager.currentThemeName == "plain")
        #expect(!manager.isFollowingSystemAppearance)
        #expect(store.name == "plain")
    }

    @Test("the override wins over the source; cleared, the source's value counts again")
    func overrideWinsOverSource() async throws {
        let folder = try appearanceFolder()
        let source = ManualAppearanceSource(.some(.dark))
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = .light
        manager.appearanceSource = source
        try manager.followSystemAppearance(base: "default")
        #expect(try await eventually { source.requests == 1 })
        try await Task.sleep(for: .milliseconds(50))
        #expect(manager.currentThemeName == "default")
        #expect(manager.systemAppearance == .light)
        manager.appearanceOverride = nil
        #expect(try await eventually { manager.currentThemeName == "night" })
    }

    @Test("a replaced source is no longer read; setting nil means no preference")
    func replacingTheSource() async throws {
        let folder = try appearanceFolder()
        let first = ManualAppearanceSource(.some(.dark))
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        try manager.followSystemAppearance(base: "default")
        manager.appearanceSource = first
        #expect(try await eventually { manager.currentThemeName == "night" })
        let second = ManualAppearanceSource(.some(.light))
        manager.appearanceSource = second
        #expect(try await eventually { manager.currentThemeName == "default" })
        first.send(.dark)
        try await Task.sleep(for: .milliseconds(100))
        #expect(manager.currentThemeName == "default")
        second.send(.dark)
        #expect(try await eventually { manager.currentThemeName == "night" })
        manager.appearanceSource = nil
        #expect(manager.systemAppearance == nil)
        #expect(try await eventually { manager.currentThemeName == "default" })
    }
}

@Suite("Light and dark: the saved choice")
struct FollowSystemStoreTests {
    @Test("'follow the system from default' is saved and restored at start, with the partner for the system")
    func savedAndRestored() throws {
        let folder = try appearanceFolder()
        let store = InMemoryThemeStore()
        let first = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        try first.followSystemAppearance(base: "default")
        #expect(store.name == "system:default")
        let second = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        second.appearanceOverride = .dark
        #expect(second.currentThemeName == "night")
        #expect(second.isFollowingSystemAppearance)
        #expect(second.restoreError == nil)
    }

    @Test("a store file of a pinned name reads as pinned; a theme named system is a theme")
    func fileStoreChoices() throws {
        let folder = try appearanceFolder()
        try folder.theme("system", ["textColor": "#123456"])
        let file = folder.url.appendingPathComponent("saved/theme").path
        let store = FileThemeStore(path: file)
        try FileManager.default.createDirectory(
            atPath: folder.url.appendingPathComponent("saved").path, withIntermediateDirectories: true)
        try Data("system\n".utf8).write(to: URL(fileURLWithPath: file))
        let pinned = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        pinned.appearanceOverride = .dark
        #expect(pinned.currentThemeName == "system")
        #expect(!pinned.isFollowingSystemAppearance)
        try pinned.followSystemAppearance(base: "default")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "system:default\n")
        let restored = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        #expect(restored.followedBaseTheme == "default")
    }

    @Test("a saved base whose partner fails starts on the base, still following, and says why")
    func restoredPartnerFails() throws {
        let folder = try appearanceFolder()
        try folder.theme("night", ["INHERITED_THEME": "default", "APPEARANCE": "dark", "textColor": "nope"])
        let store = InMemoryThemeStore("system:default")
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        manager.appearanceOverride = .dark
        #expect(manager.currentThemeName == "default")
        #expect(manager.isFollowingSystemAppearance)
        #expect(manager.restoreError?.codes == [.unresolvedAlias])
        #expect(store.name == "system:default")
    }

    @Test("changing the folder restores the following choice from the new folder")
    func restartKeepsFollowing() throws {
        let folder = try appearanceFolder()
        let other = try appearanceFolder()
        try other.theme("night", ["INHERITED_THEME": "default", "APPEARANCE": "dark", "textColor": "#FAFAFA"])
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        manager.appearanceOverride = .dark
        try manager.followSystemAppearance(base: "default")
        manager.directory = other.path
        #expect(manager.currentThemeName == "night")
        #expect(manager.color(forKey: "textColor")?.hexString == "#FAFAFA")
        #expect(manager.isFollowingSystemAppearance)
    }
}

@Suite("Light and dark: what Observation sees")
struct AppearanceObservationTests {
    @Test("systemAppearance and isFollowingSystemAppearance are observed; a pinned no-op change invalidates neither")
    func observed() throws {
        let folder = try appearanceFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        let told = Counter()
        func watch() {
            withObservationTracking {
                _ = manager.systemAppearance
                _ = manager.isFollowingSystemAppearance
            } onChange: {
                told.increment()
            }
        }
        watch()
        try manager.changeTheme("default")
        #expect(told.value == 0)
        manager.appearanceOverride = .dark
        #expect(told.value == 1)
        watch()
        try manager.followSystemAppearance(base: "default")
        #expect(told.value == 2)
        watch()
        try manager.changeTheme("plain")
        #expect(told.value == 3)
    }
}

/// A source that answers as the portal does: on a thread of its own, a moment after it is
/// asked, then whatever `send` says.
final class LateAppearanceSource: AppearanceSource {
    private let first: ThemeAppearance?
    private let delay: TimeInterval
    private let continuations = Mutex<[AsyncStream<ThemeAppearance?>.Continuation]>([])

    init(answering first: ThemeAppearance?, afterMilliseconds delay: Int = 40) {
        self.first = first
        self.delay = Double(delay) / 1000
    }

    func appearances() -> AsyncStream<ThemeAppearance?> {
        let (stream, continuation) = AsyncStream.makeStream(of: ThemeAppearance?.self)
        continuations.withLock { $0.append(continuation) }
        let (first, delay) = (self.first, self.delay)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: delay)
            continuation.yield(first)
        }
        return stream
    }

    func send(_ appearance: ThemeAppearance?) {
        for continuation in continuations.withLock({ $0 }) { continuation.yield(appearance) }
    }
}

/// The themes a bound object was styled with, in order.
@MainActor
final class StyledNames {
    var names: [String] = []
}

@Suite("Light and dark: no flash at start")
struct NoFlashTests {
    @Test("followSystemAppearance waits for the source's first answer: the dark partner when it returns")
    func followWaitsForFirstAnswer() async throws {
        let folder = try appearanceFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        let changes = manager.changes()
        let source = LateAppearanceSource(answering: .dark)
        manager.appearanceSource = source
        try manager.followSystemAppearance(base: "default")
        // The docs' promise: "dark" while the desktop is dark, right after following.
        #expect(manager.currentThemeName == "night")
        #expect(manager.systemAppearance == .dark)
        var iterator = changes.makeAsyncIterator()
        let first = try #require(await iterator.next())
        #expect(first.cause == .changed)
        #expect([first.previousTheme.name, first.theme.name] == ["default", "night"])
        // Nothing came between: the next change is the system's next one.
        source.send(.light)
        let next = try #require(await iterator.next())
        #expect(next.cause == .systemAppearance)
        #expect([next.previousTheme.name, next.theme.name] == ["night", "default"])
    }

    @Test("a saved 'follow the system' restored at start: the first theme a binding applies is the dark one")
    @MainActor
    func restoreWaitsForFirstAnswer() async throws {
        let folder = try appearanceFolder()
        let manager = ThemeManager(
            directory: folder.path, notificationCenter: NotificationCenter(),
            store: InMemoryThemeStore("system:default"))
        manager.appearanceOverride = nil
        let source = LateAppearanceSource(answering: .dark)
        manager.appearanceSource = source
        let styled = StyledNames()
        let binding = manager.bind(styled) { styled, theme in styled.names.append(theme.name) }
        #expect(styled.names == ["night"])
        #expect(manager.isFollowingSystemAppearance)
        #expect(manager.restoreError == nil)
        source.send(.light)
        #expect(try await eventually { styled.names.count == 2 })
        #expect(styled.names == ["night", "default"])
        binding.cancel()
    }

    @Test("a source that does not answer in time: the base, then the partner when its answer comes")
    func silentSourceGoesOnWithNoPreference() async throws {
        let folder = try appearanceFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        let source = ManualAppearanceSource()
        manager.appearanceSource = source
        try manager.followSystemAppearance(base: "default")
        #expect(manager.currentThemeName == "default")
        #expect(manager.systemAppearance == nil)
        source.send(.dark)
        #expect(try await eventually { manager.currentThemeName == "night" })
    }

    @Test("a source that answers 'no preference' is an answer: the base")
    func noPreferenceIsAnAnswer() throws {
        let folder = try appearanceFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        manager.appearanceSource = LateAppearanceSource(answering: nil)
        try manager.followSystemAppearance(base: "ink")
        #expect(manager.currentThemeName == "ink")
        #expect(manager.systemAppearance == nil)
    }

    @Test("THEMEKIT_APPEARANCE other than light or dark is said, escaped, with the nearest value")
    func wrongEnvironmentValueIsSaid() {
        #expect(ThemeManager.environmentAppearance(" Dark ") == .success(.dark))
        #expect(ThemeManager.environmentAppearance("") == .success(nil))
        #expect(ThemeManager.environmentAppearance(nil) == .success(nil))
        func ignored(_ rest: String) -> Result<ThemeAppearance?, ThemeManager.AppearanceVariableProblem> {
            .failure(.init("THEMEKIT_APPEARANCE must be 'light' or 'dark'; " + rest))
        }
        #expect(ThemeManager.environmentAppearance("purple") == ignored("'purple' is neither, so it is ignored"))
        #expect(
            ThemeManager.environmentAppearance("drak")
                == ignored("'drak' is neither, so it is ignored; did you mean 'dark'?"))
        #expect(
            ThemeManager.environmentAppearance("da\nrk\u{1B}[2J")
                == ignored("'da\\nrk\\u{1b}[2J' is neither, so it is ignored"))
    }
}

import Foundation
import Observation
import Synchronization
import TestSupport
import Testing

@testable import ThemeKit

/// `TokensFixtures.writeTwoModifierFolder` in a folder of its own.
func twoModifierFolder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try TokensFixtures.writeTwoModifierFolder(to: folder.url)
    return folder
}

/// A UI object styled by a binding, on the main actor.
@MainActor
private final class Swatch {
    var background: ThemeColor?
    var themes: [String] = []
}

/// A manager on a folder of DTCG files does what it does on plists (SPEC §12): follows the
/// system's appearance between the light and dark contexts, feeds bindings, Observation and
/// the stream, restores the saved choice, and starts degraded rather than unstyled.
@Suite("The manager on a folder of DTCG files", .serialized)
struct TokensManagerTests {
    @Test("following the system switches between the light and dark contexts, the other modifiers kept")
    func followsTheSystemBetweenContexts() async throws {
        let folder = try twoModifierFolder()
        let center = NotificationCenter()
        let log = ChangeLog(center)
        let source = ManualAppearanceSource(.some(.light))
        let manager = ThemeManager(directory: folder.path, notificationCenter: center)
        #expect(manager.currentThemeName == "light-regular")
        manager.appearanceSource = source
        try manager.followSystemAppearance(base: "light-compact")
        #expect(manager.currentThemeName == "light-compact")
        #expect(manager.number(forKey: "gap") == 4)
        source.send(.dark)
        #expect(try await eventually { manager.currentThemeName == "dark-compact" })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#000000")
        #expect(manager.number(forKey: "gap") == 4)
        #expect(manager.currentTheme.lightThemeName == "light-compact")
        source.send(.light)
        #expect(try await eventually { manager.currentThemeName == "light-compact" })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FFFFFF")
        #expect(try await eventually { log.themes == ["light-compact", "dark-compact", "light-compact"] })
        #expect(manager.followedBaseTheme == "light-compact")
    }

    @Test("a dark base follows a light system to its light partner; the choice is saved as following")
    func darkBaseFollowsToLight() throws {
        let folder = try twoModifierFolder()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        manager.appearanceOverride = .light
        try manager.followSystemAppearance(base: "dark-regular")
        #expect(manager.currentThemeName == "light-regular")
        #expect(store.name == "system:dark-regular")
        manager.appearanceOverride = .dark
        #expect(manager.currentThemeName == "dark-regular")
    }

    @Test("a binding applies the resolver's default at once, then each context switched to")
    @MainActor
    func bindingsFollowContexts() throws {
        let folder = try designersFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        let swatch = Swatch()
        let binding = manager.bind(swatch) { swatch, theme in
            swatch.background = theme.color(forKey: "color.bg")
            swatch.themes.append(theme.name)
        }
        #expect(swatch.themes == ["light"])
        #expect(swatch.background == ThemeColor(hex: "#FAFAFA"))
        try manager.changeTheme("dark")
        #expect(swatch.themes == ["light", "dark"])
        #expect(swatch.background == ThemeColor(hex: "#101010"))
        binding.cancel()
    }

    @Test("Observation: a reader of a token's color is invalidated once by a switch of context")
    func observationOnContexts() throws {
        let folder = try designersFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        _ = manager.currentTheme
        let counter = Counter()
        withObservationTracking {
            _ = manager.color(forKey: "color.bg")
        } onChange: {
            counter.increment()
        }
        try manager.changeTheme("light")  // the theme in use: nothing to observe
        #expect(counter.value == 0)
        try manager.changeTheme("dark")
        try manager.changeTheme("light")
        #expect(counter.value == 1)
    }

    @Test("the stream tells each switch of context with both themes")
    func streamTellsSwitches() async throws {
        let folder = try designersFolder()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        var changes = manager.changes().makeAsyncIterator()
        try manager.changeTheme("dark")
        let change = try #require(await changes.next())
        #expect(change.previousTheme.name == "light")
        #expect(change.theme.name == "dark")
        #expect(change.theme.color(forKey: "color.bg")?.hexString == "#101010")
        #expect(change.cause == .changed)
    }

    @Test("a FileThemeStore saves 'dark' and the next manager on the folder starts on it")
    func fileStoreRestoresAContext() throws {
        let folder = try designersFolder()
        let storeFolder = try TemporaryDirectory()
        let store = FileThemeStore(path: storeFolder.path + "/theme")
        let first = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        try first.changeTheme("dark")
        let second = ThemeManager(
            directory: folder.path, notificationCenter: NotificationCenter(),
            store: FileThemeStore(path: storeFolder.path + "/theme"))
        #expect(second.currentThemeName == "dark")
        #expect(second.restoreError == nil)
        #expect(second.color(forKey: "color.bg")?.hexString == "#101010")
    }

    @Test("a dangling reference at start: the manager starts degraded on the default contexts, the problem located")
    func startsDegradedOnADanglingReference() throws {
        let folder = try designersFolder()
        try folder.write(
            "tokens/light.tokens.json",
            ##"{ "color": { "$type": "color", "bg": { "$value": "#fafafa" },"## + "\n"
                + ##" "line": { "$value": "{color.gray}" } } }"##)
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        #expect(manager.currentThemeName == "light")
        #expect(manager.isDegraded)
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        #expect(manager.color(forKey: "color.line") == nil)
        let problem = try #require(manager.restoreError?.diagnostics.first)
        #expect(manager.restoreError?.diagnostics.count == 1)
        #expect(problem.code == .unresolvedAlias)
        #expect(problem.location.file == folder.path + "/tokens/light.tokens.json")
        #expect(problem.location.line == 2)
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
    }

    @Test("a token file that does not parse at start: an empty degraded theme, the parse error located")
    func startsDegradedOnABrokenFile() throws {
        let folder = try designersFolder()
        try folder.write("tokens/light.tokens.json", "{ \"color\": {\n  \"bg\": ")
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        #expect(manager.currentThemeName == "light")
        #expect(manager.isDegraded)
        #expect(manager.currentTheme.count == 0)
        let problem = try #require(manager.restoreError?.diagnostics.first { $0.code == .parseError })
        #expect(problem.location.file == folder.path + "/tokens/light.tokens.json")
        #expect(problem.location.line == 2)
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
        // The rest of the resolver still loads.
        try manager.changeTheme("dark")
        #expect(manager.color(forKey: "color.bg")?.hexString == "#101010")
    }

    @Test("the start reads each file of a DTCG folder once: finding the default theme and loading it share the read")
    func startReadsTheFolderOnce() throws {
        let folder = try designersFolder()
        let reads = ReadCounts()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        manager.state.withLock { state in
            state.loader.tokensSource = { path, limit in
                reads.count(path)
                return TokensReader.disk(path, limit)
            }
        }
        #expect(manager.currentThemeName == "light")
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        #expect(reads.counts[folder.path + "/app.resolver.json"] == 1)
        #expect(reads.counts[folder.path + "/tokens/light.tokens.json"] == 1)
        // A saved choice that follows the system loads its base and the partner from the same read.
        let following = ThemeManager(
            directory: folder.path, notificationCenter: NotificationCenter(),
            store: InMemoryThemeStore("system:light"))
        following.appearanceOverride = .dark
        let followingReads = ReadCounts()
        following.state.withLock { state in
            state.loader.tokensSource = { path, limit in
                followingReads.count(path)
                return TokensReader.disk(path, limit)
            }
        }
        #expect(following.currentThemeName == "dark")
        #expect(followingReads.counts[folder.path + "/app.resolver.json"] == 1)
    }
}

/// How many times each path was read.
final class ReadCounts: Sendable {
    private let list = Mutex<[String: Int]>([:])
    func count(_ path: String) { list.withLock { $0[path, default: 0] += 1 } }
    var counts: [String: Int] { list.withLock { $0 } }
}

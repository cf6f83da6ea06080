import Foundation
import Synchronization
import Testing

@testable import ThemeKit

/// `changes()` for slow subscribers, live reload as the folder moves, goes and comes back,
/// and failures that must leave everything as it was (SPEC §5, §5.1).
@Suite("Manager changes", .serialized)
struct ManagerChangesTests {
    /// Everything `stream` yields until it ends; bounded: gives up (and returns nil) if it
    /// has not ended within a few seconds.
    private func collect(_ stream: AsyncStream<ThemeChange>) async -> [ThemeChange]? {
        await withTaskGroup(of: [ThemeChange]?.self) { group in
            group.addTask {
                var all: [ThemeChange] = []
                for await change in stream { all.append(change) }
                return Task.isCancelled ? nil : all
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private static let changeNote = ThemeManager.didChangeThemeNotification

    // MARK: changes()

    @Test("a slow subscriber holds at most its buffer, the newest changes, ending on the last one")
    func slowSubscriberKeepsTheNewest() async throws {
        let folder = try twoThemes()
        var manager: ThemeManager? = ThemeManager(directory: folder.path)
        guard let stream = manager?.changes(bufferingNewest: 4) else { return }
        for index in 0..<10 {
            try manager?.changeTheme(index.isMultiple(of: 2) ? "dark" : "default")
        }
        manager = nil  // ends the stream after what it holds
        let received = try #require(await collect(stream))
        #expect(received.count == 4)
        #expect(received.last?.theme.name == "default")
        #expect(received.map(\.theme.name) == ["dark", "default", "dark", "default"])
        #expect(received.map(\.previousTheme.name) == ["default", "dark", "default", "dark"])
        for change in received {
            let expected = change.theme.name == "dark" ? "#000000" : "#0000FF"
            #expect(change.theme.color(forKey: "primaryColor")?.hexString == expected)
        }
    }

    @Test("each change carries the theme it installed, not the manager's theme when it is read")
    func changesCarryTheirOwnTheme() async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let stream = manager.changes()
        try manager.changeTheme("dark")
        try manager.changeTheme("default")
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(manager.currentThemeName == "default")
        #expect(first?.theme.name == "dark")
        #expect(first?.theme.color(forKey: "primaryColor")?.hexString == "#000000")
        #expect(first?.previousTheme.color(forKey: "primaryColor")?.hexString == "#0000FF")
        #expect(first?.cause == .changed)
        let second = await iterator.next()
        #expect(second?.theme.name == "default")
        #expect(second?.theme.color(forKey: "primaryColor")?.hexString == "#0000FF")
    }

    // MARK: Live reload stays true

    @Test("directory changed while watching: the new folder is watched, the old one no longer")
    func watchingFollowsDirectory() throws {
        let first = try twoThemes()
        let second = try TemporaryDirectory()
        try second.theme("default", ["themeName": "second", "primaryColor": "00ff00"])
        let log = NotificationLog()
        let manager = ThemeManager(directory: first.path, notificationCenter: log.center)
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        manager.directory = second.path
        #expect(manager.isWatching)
        #expect(manager.string(forKey: "themeName") == "second")
        #expect(log.count(Self.changeNote) == 1)  // the restore from the new folder
        // An edit in the old folder, then two in the new one: only the new ones reload.
        try first.theme("default", ["themeName": "first", "primaryColor": "ff0000"])
        try second.theme("default", ["themeName": "second", "primaryColor": "ff00ff"])
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#FF00FF" })
        try second.theme("default", ["themeName": "second", "primaryColor": "00ffff"])
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#00FFFF" })
        #expect(log.wait { log.count(Self.changeNote) >= 3 })
        #expect(log.count(Self.changeNote) == 3)
        #expect(manager.string(forKey: "themeName") == "second")
        #expect(manager.isWatching)
    }

    @Test("a parent named before it exists: a failure, then a reload once the parent file appears")
    func parentAppearsLater() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        try manager.changeTheme("dark")
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try folder.theme("dark", ["INHERITED_THEME": "base", "themeName": "dark", "primaryColor": "000000"])
        #expect(log.wait { failures.codes.contains([.missingParent]) })
        #expect(failures.themes.allSatisfy { $0 == "dark" })
        #expect(manager.currentTheme.lineage == ["dark", "default"])
        try folder.theme("base", ["baseColor": "ff0000", "titleFont": "Courier", "titleFontSize": "9"])
        #expect(log.wait { manager.currentTheme.lineage == ["dark", "base"] })
        #expect(manager.color(forKey: "baseColor")?.hexString == "#FF0000")
        #expect(manager.font(forKey: "titleFont") == ThemeFont(name: "Courier", size: 9))
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#000000")
        #expect(manager.isWatching)
    }

    @Test("the folder deleted with its files and made again: the theme reloads from the new files")
    func folderMadeAgain() throws {
        let outer = try TemporaryDirectory()
        let themes = outer.url.appendingPathComponent("themes")
        let staging = outer.url.appendingPathComponent("staging")
        let files = FileManager.default
        try files.createDirectory(at: themes, withIntermediateDirectories: false)
        try Data(plist(["primaryColor": "0000ff"]).utf8).write(to: themes.appendingPathComponent("default.plist"))
        let log = NotificationLog()
        let manager = ThemeManager(directory: themes.path, notificationCenter: log.center)
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try files.removeItem(at: themes)
        // The new folder is made whole beside it, then moved into place.
        try files.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data(plist(["primaryColor": "00ff00"]).utf8).write(to: staging.appendingPathComponent("default.plist"))
        try files.moveItem(at: staging, to: themes)
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#00FF00" })
        #expect(manager.isWatching)
        // And the new folder is the one watched.
        try Data(plist(["primaryColor": "ff00ff"]).utf8).write(to: themes.appendingPathComponent("default.plist"))
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#FF00FF" })
        #expect(manager.isWatching)
    }

    @Test("the folder deleted and made again in place, its file written after: the theme reloads")
    func folderMadeAgainInPlace() throws {
        let outer = try TemporaryDirectory()
        let themes = outer.url.appendingPathComponent("themes")
        let files = FileManager.default
        try files.createDirectory(at: themes, withIntermediateDirectories: false)
        try Data(plist(["primaryColor": "0000ff"]).utf8).write(to: themes.appendingPathComponent("default.plist"))
        let log = NotificationLog()
        let manager = ThemeManager(directory: themes.path, notificationCenter: log.center)
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try files.removeItem(at: themes)
        try files.createDirectory(at: themes, withIntermediateDirectories: false)
        try Data(plist(["primaryColor": "00ff00"]).utf8).write(to: themes.appendingPathComponent("default.plist"))
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#00FF00" })
        #expect(manager.isWatching)
    }

    @Test("the folder and its parent deleted: a failure (io_error), and watching stops")
    func folderAndParentDeleted() throws {
        let outer = try TemporaryDirectory()
        let parent = outer.url.appendingPathComponent("parent")
        let themes = parent.appendingPathComponent("themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try Data(plist(["primaryColor": "0000ff"]).utf8).write(to: themes.appendingPathComponent("default.plist"))
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = ThemeManager(directory: themes.path, notificationCenter: log.center)
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        #expect(manager.isWatching)
        try FileManager.default.removeItem(at: parent)
        #expect(log.wait { failures.codes.contains([.ioError]) })
        #expect(log.wait { !manager.isWatching })
        #expect(failures.themes.allSatisfy { $0 == "default" })
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        #expect(log.count(Self.changeNote) == 0)
    }

    // MARK: Failures leave everything as it was

    /// A UI object on the main actor.
    @MainActor
    private final class Swatch {
        var themes: [String] = []
        var color: ThemeColor?
    }

    @Test("a failed restore, change, reload or live reload keeps the theme, the saved choice and the bindings")
    @MainActor
    func failuresKeepEverything() async throws {
        let folder = try twoThemes()
        try folder.theme("broken", ["aColor": "@nowhere"])
        let store = InMemoryThemeStore("broken")
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)

        // The restore fails: default, and the saved choice is not overwritten.
        #expect(manager.currentThemeName == "default")
        #expect(manager.restoreError?.codes == [.unresolvedAlias])
        #expect(store.name == "broken")
        #expect(store.saveCount == 0)

        let swatch = Swatch()
        manager.bind(swatch) { swatch, theme in
            swatch.themes.append(theme.name)
            swatch.color = theme.color(forKey: "primaryColor")
        }
        try manager.changeTheme("dark")
        #expect(swatch.themes == ["default", "dark"])
        #expect(try await eventually { store.name == "dark" })

        #expect(throws: ThemeError.self) { try manager.changeTheme("broken") }
        try folder.write("dark.plist", "<plist><dict><key>primaryColor")
        #expect(throws: ThemeError.self) { try manager.reloadTheme() }
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try folder.write("dark.plist", "<plist><dict><key>primaryColor</key><string>ff")
        // The failures are delivered in order: the restore's, then the live reload's.
        #expect(try await eventually { failures.count >= 2 })
        #expect(failures.themes.prefix(2) == ["broken", "dark"])

        #expect(manager.currentThemeName == "dark")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#000000")
        #expect(store.name == "dark")
        #expect(store.saveCount == 1)
        #expect(swatch.themes == ["default", "dark"])
        #expect(swatch.color?.hexString == "#000000")
        #expect(log.count(Self.changeNote) == 1)
    }

    @Test("a change on the main actor has saved the choice when changeTheme returns; observers hear it once")
    @MainActor
    func mainActorChangeIsSavedBeforeReturning() async throws {
        let folder = try twoThemes()
        let store = InMemoryThemeStore()
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        _ = manager.currentTheme
        try manager.changeTheme("dark")
        #expect(store.name == "dark")
        if Thread.isMainThread {
            #expect(log.count(Self.changeNote) == 1)
        }
        // Where the main queue is run by a worker thread (async main on Linux, as under the
        // test runner), notifications are posted from the manager's private queue, so that
        // a queue: .main observer cannot wait for the main queue from the main queue.
        #expect(try await eventually { log.count(Self.changeNote) == 1 })
    }
}

import Foundation
import Synchronization
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// Live reload sees a rewrite of the target of a symlinked theme file
/// (`default.plist -> real.plist`, `real.plist` rewritten), in the watched folder and in
/// another one: the watcher follows the folder's links to files and reports a change of a
/// target under the link's name.
@Suite("Live reload through symbolic links", .serialized)
struct LinkedThemeReloadTests {
    #if canImport(Glibc)
        private static func theme(_ color: String) -> String {
            plist(["primaryColor": color, "titleFont": "A", "titleFontSize": "1"])
        }

        private func watchedManager(_ folder: TemporaryDirectory, _ log: NotificationLog) throws -> ThemeManager {
            let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
            try manager.startWatching(quietPeriod: .milliseconds(30))
            #expect(manager.color(forKey: "primaryColor")?.hexString == "#111111")
            return manager
        }

        @Test("a rewrite of a link's target in the watched folder reloads the theme")
        func targetInSameFolder() throws {
            let folder = try TemporaryDirectory()
            let real = try folder.write("real.plist", Self.theme("111111"))
            #expect(symlink("real.plist", folder.path + "/default.plist") == 0)
            let log = NotificationLog()
            let manager = try watchedManager(folder, log)
            defer { manager.stopWatching() }
            try Self.theme("222222").write(toFile: real, atomically: false, encoding: .utf8)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#222222" })
            // An editor's atomic save of the target: a new file renamed over it.
            try folder.write(".real.plist.swp", Self.theme("333333"))
            #expect(rename(folder.path + "/.real.plist.swp", real) == 0)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#333333" })
        }

        @Test("a rewrite of a link's target in another folder reloads the theme, atomic saves too")
        func targetInOtherFolder() throws {
            let folder = try TemporaryDirectory()
            let elsewhere = try TemporaryDirectory()
            let real = try elsewhere.write("brand.plist", Self.theme("111111"))
            #expect(symlink(real, folder.path + "/default.plist") == 0)
            let log = NotificationLog()
            let manager = try watchedManager(folder, log)
            defer { manager.stopWatching() }
            try Self.theme("222222").write(toFile: real, atomically: false, encoding: .utf8)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#222222" })
            try elsewhere.write("brand.plist.tmp", Self.theme("333333"))
            #expect(rename(elsewhere.path + "/brand.plist.tmp", real) == 0)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#333333" })
        }

        @Test("a link made or pointed elsewhere while watching is followed from then on")
        func linkChangedWhileWatching() throws {
            let folder = try TemporaryDirectory()
            let elsewhere = try TemporaryDirectory()
            try folder.write("default.plist", Self.theme("111111"))
            let first = try elsewhere.write("first.plist", Self.theme("222222"))
            let second = try elsewhere.write("second.plist", Self.theme("333333"))
            let log = NotificationLog()
            let manager = try watchedManager(folder, log)
            defer { manager.stopWatching() }
            // The theme becomes a link (made beside it, renamed over it, as `ln -sf` does).
            #expect(symlink(first, folder.path + "/.default.plist.link") == 0)
            #expect(rename(folder.path + "/.default.plist.link", folder.path + "/default.plist") == 0)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#222222" })
            try Self.theme("444444").write(toFile: first, atomically: false, encoding: .utf8)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#444444" })
            // Pointed at another file: the new target is watched.
            #expect(unlink(folder.path + "/default.plist") == 0)
            #expect(symlink(second, folder.path + "/default.plist") == 0)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#333333" })
            try Self.theme("555555").write(toFile: second, atomically: false, encoding: .utf8)
            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#555555" })
        }

        @Test("the watcher names the link when its target changes, and forgets a link removed")
        func watcherReportsLinkName() async throws {
            let folder = try TemporaryDirectory()
            let elsewhere = try TemporaryDirectory()
            let real = try elsewhere.write("brand.plist", "one")
            #expect(symlink(real, folder.path + "/a.plist") == 0)
            let calls = Mutex<[DirectoryWatcher.Change]>([])
            let watcher = try DirectoryWatcher(directory: folder.path, quietPeriod: .milliseconds(30)) { change in
                calls.withLock { $0.append(change) }
            }
            defer { watcher.stop() }
            try "two".write(toFile: real, atomically: false, encoding: .utf8)
            #expect(await Self.poll { calls.withLock { $0 } == [.files(["a.plist"])] })
            #expect(unlink(folder.path + "/a.plist") == 0)
            #expect(await Self.poll { calls.withLock { $0.count } == 2 })
            try "three".write(toFile: real, atomically: false, encoding: .utf8)
            try await Task.sleep(for: .milliseconds(300))
            #expect(calls.withLock { $0 } == [.files(["a.plist"]), .files(["a.plist"])])
        }

        /// Polls `condition` until it holds or five seconds pass.
        private static func poll(_ condition: () -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline, !condition() {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return condition()
        }
    #endif
}

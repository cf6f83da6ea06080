import Foundation
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// When the kernel's inotify queue overflows, events are lost: the manager rescans, and
/// reloads only if the current theme's files really changed (SPEC §5, live reload).
@Suite("Live reload after a queue overflow", .serialized)
struct OverflowReloadTests {
    #if canImport(Glibc)
        static let limit: Int? = {
            guard
                let text = try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8),
                let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0, limit <= 100_000
            else { return nil }
            return limit
        }()

        /// One `IN_CLOSE_WRITE` per open, nothing written; alternating between two files, since
        /// the kernel merges an event with an identical one just before it.
        static func touch(_ paths: [String], times: Int) {
            for index in 0..<times {
                let descriptor = open(paths[index % paths.count], O_WRONLY)
                if descriptor >= 0 { close(descriptor) }
            }
        }

        @Test(
            "an overflow that hid nothing posts nothing; one that hid a write to the theme reloads it",
            .enabled(if: limit != nil, "needs a readable max_queued_events of at most 100,000"))
        func overflowRescans() async throws {
            let limit = try #require(Self.limit)
            let folder = try twoThemes()
            let noise = [try folder.write("notes.txt", ""), try folder.write("todo.txt", "")]
            let log = NotificationLog()
            let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
            #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
            try manager.startWatching(quietPeriod: .milliseconds(20))
            defer { manager.stopWatching() }
            let watcher = try #require(manager.watcherForTesting)

            // 1. Only noise: the rescan finds the theme as it was, and nothing is posted.
            watcher.pauseForTesting()
            Self.touch(noise, times: limit + limit / 4)
            watcher.resumeForTesting()

            // 2. Noise first, then the theme rewritten: its event is past the full queue and
            //    lost, so only the rescan can see it.
            watcher.pauseForTesting()
            Self.touch(noise, times: limit + limit / 4)
            try folder.theme(
                "default",
                ["themeName": "default", "primaryColor": "00ff00", "titleFont": "Helvetica", "titleFontSize": "17"])
            watcher.resumeForTesting()

            #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#00FF00" })
            // Reports are handled in order: by now the first overflow's rescan was handled too.
            #expect(log.wait { log.count(ThemeManager.didChangeThemeNotification) == 1 })
            #expect(log.names == [ThemeManager.didChangeThemeNotification])
            #expect(manager.isWatching)
        }
    #endif
}

import Foundation
import Synchronization
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// Observers that call the manager back, from every kind of callback (SPEC §5.1): none of
/// these may trap on a re-entered lock, deadlock, or hear a change twice or out of order.
@Suite("Observers calling the manager back", .serialized)
struct ReentrancyTests {
    /// Records the changes one observer hears, as "previous→new".
    final class Heard: Sendable {
        private let list = Mutex<[String]>([])
        var all: [String] { list.withLock { $0 } }
        func add(_ note: Notification) {
            let previous = note.userInfo?[ThemeManager.previousThemeKey] as? String ?? "?"
            let current = note.userInfo?[ThemeManager.themeKey] as? String ?? "?"
            list.withLock { $0.append("\(previous)→\(current)") }
        }
    }

    @Test("an observer that changes the theme from its callback: heard after the current change, no trap")
    func observerChangesTheme() throws {
        let folder = try twoThemes()
        let center = NotificationCenter()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: InMemoryThemeStore())
        _ = manager.currentThemeName
        let heard = Heard()
        let token = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) {
            note in
            heard.add(note)
            // The crash: this trapped with "Recursive call to lock Mutex".
            if note.userInfo?[ThemeManager.themeKey] as? String == "dark" { try? manager.changeTheme("default") }
        }
        defer { center.removeObserver(token) }
        try manager.changeTheme("dark")
        #expect(heard.all == ["default→dark", "dark→default"])
        #expect(manager.currentThemeName == "default")
    }

    /// A store that calls its manager back while it is read: a lookup, then a change
    /// when it has one to make. It says `dark` was saved.
    final class CallingStore: ThemeStore {
        private struct Weak { weak var manager: ThemeManager? }
        private let manager = Mutex(Weak())
        private let changesTo: String?
        private let looked = Mutex<[String]>([])
        /// What each lookup from `loadThemeName` found (`none` for nothing).
        var lookups: [String] { looked.withLock { $0 } }

        init(changingTo name: String? = nil) { changesTo = name }

        func calls(_ manager: ThemeManager) { self.manager.withLock { $0.manager = manager } }

        func loadThemeName() throws -> String? {
            guard let manager = manager.withLock({ $0.manager }) else { return "dark" }
            let found = manager.color(forKey: "primaryColor")?.hexString ?? "none"
            looked.withLock { $0.append(found) }
            if let changesTo { try manager.changeTheme(changesTo) }
            return "dark"
        }

        func saveThemeName(_ name: String) throws {}
    }

    @Test("a store that looks a value up while it is read at start: no endless restart")
    func storeLooksUp() throws {
        let folder = try twoThemes()
        let store = CallingStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        store.calls(manager)
        // The first use restores the saved choice; the store's lookup in the middle of it
        // must not start the manager again (and again, until the stack overflows).
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#000000")
        #expect(manager.currentThemeName == "dark")
        // The store's own lookup saw the theme from before the start: empty.
        #expect(store.lookups == ["none"])
    }

    @Test("a store that changes the theme while it is read at start: the change stands, heard once")
    func storeChangesTheme() throws {
        let folder = try twoThemes()
        try folder.theme("light", ["INHERITED_THEME": "default", "primaryColor": "ffffff"])
        let center = NotificationCenter()
        let store = CallingStore(changingTo: "light")
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: store)
        store.calls(manager)
        let heard = Heard()
        let token = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) {
            heard.add($0)
        }
        defer { center.removeObserver(token) }
        // The theme is the one observers heard of last, not the saved one swapped in
        // silently after it.
        #expect(manager.currentThemeName == "light")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#FFFFFF")
        #expect(heard.all == ["default→light"])
        #expect(store.lookups == ["none"])
        // Started once: a later change reads no store.
        try manager.changeTheme("dark")
        #expect(store.lookups == ["none"])
        #expect(heard.all == ["default→light", "light→dark"])
    }

    @Test("every manager call from a change observer's callback works")
    func everyCallFromACallback() throws {
        let folder = try twoThemes()
        let other = try twoThemes()
        let center = NotificationCenter()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: InMemoryThemeStore())
        let results = Mutex<[String]>([])
        let (folderPath, otherPath) = (folder.path, other.path)
        let token = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) {
            _ in
            // Only the first time: the reload below is a change too, heard here again.
            guard results.withLock({ $0.isEmpty }) else {
                results.withLock { $0.append("heard again: \(manager.currentThemeName)") }
                return
            }
            var seen: [String] = []
            seen.append(manager.currentThemeName)
            seen.append(manager.color(forKey: "primaryColor")?.hexString ?? "nil")
            seen.append(manager.availableThemes.joined(separator: ","))
            seen.append(manager.directory == folderPath ? "folder" : "other")
            _ = manager.changes()
            do {
                try manager.reloadTheme()
                try manager.startWatching(quietPeriod: .milliseconds(20))
                seen.append(manager.isWatching ? "watching" : "not watching")
                manager.stopWatching()
            } catch {
                seen.append("\(error)")
            }
            results.withLock { $0.append(seen.joined(separator: " ")) }
        }
        try manager.changeTheme("dark")
        center.removeObserver(token)
        // The callback's reload is heard once, after the change that caused it.
        #expect(results.withLock { $0 } == ["dark #000000 dark,default folder watching", "heard again: dark"])

        // Re-pointing the folder from a callback: the restore from there is heard as a change.
        let heard = Heard()
        let second = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) {
            note in
            heard.add(note)
            if heard.all.count == 1 { manager.directory = otherPath }
        }
        defer { center.removeObserver(second) }
        try manager.changeTheme("default")
        #expect(manager.directory == other.path)
        #expect(heard.all == ["dark→default", "default→default"])
        #expect(manager.currentTheme.files.first?.hasPrefix(other.path) == true)
    }

    @Test("a failure observer that falls back to default from its callback")
    func failureObserverFallsBack() throws {
        let folder = try twoThemes()
        let center = NotificationCenter()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: InMemoryThemeStore())
        try manager.changeTheme("dark")
        let failures = Mutex(0)
        let token = center.addObserver(
            forName: ThemeManager.didFailToReloadNotification, object: manager, queue: nil
        ) { _ in
            failures.withLock { $0 += 1 }
            try? manager.changeTheme("default")
        }
        defer { center.removeObserver(token) }
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try folder.write("dark.plist", "<plist><dict><key>broken")
        let log = NotificationLog()
        #expect(log.wait { manager.currentThemeName == "default" })
        #expect(failures.withLock { $0 } >= 1)
        // The same at start: a saved theme that fails, and an observer that picks default.
        let started = ThemeManager(
            directory: folder.path, notificationCenter: center, store: InMemoryThemeStore("dark"))
        let startToken = center.addObserver(
            forName: ThemeManager.didFailToReloadNotification, object: started, queue: nil
        ) { _ in try? started.changeTheme("default") }
        defer { center.removeObserver(startToken) }
        #expect(started.currentThemeName == "default")
        #expect(started.restoreError?.codes == [.parseError])
    }

    @Test("a queue: .main observer with live reload while the main thread changes themes: no deadlock")
    @MainActor
    func mainQueueObserverWithLiveReload() async throws {
        let folder = try twoThemes()
        let center = NotificationCenter()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: InMemoryThemeStore())
        let heard = Heard()
        let token = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: .main)
        {
            note in heard.add(note)
        }
        defer { center.removeObserver(token) }
        try manager.startWatching(quietPeriod: .milliseconds(1))
        defer { manager.stopWatching() }
        let stop = Atomic(false)
        let path = folder.path + "/default.plist"
        Thread.detachNewThread {
            var round = 0
            while !stop.load(ordering: .relaxed) {
                round += 1
                let color = round.isMultiple(of: 2) ? "0000ff" : "0000fe"
                let text = plist([
                    "themeName": "default", "primaryColor": color, "titleFont": "Helvetica", "titleFontSize": "17",
                ])
                try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                usleep(2_000)
            }
        }
        // The old manager deadlocked here: the watcher thread posted under the change lock and
        // waited for the main queue, while the main thread waited for the lock.
        for round in 0..<200 {
            try? manager.changeTheme(round.isMultiple(of: 2) ? "dark" : "default")
            await Task.yield()
        }
        stop.store(true, ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(200))
        let chain = heard.all
        #expect(chain.count >= 200)
        #expect(Self.brokenLinks(in: chain).isEmpty, "\(Self.brokenLinks(in: chain).prefix(5))")
    }

    /// The places where a heard change does not start where the one before it ended.
    static func brokenLinks(in chain: [String]) -> [String] {
        var broken: [String] = []
        for (before, after) in zip(chain, chain.dropFirst()) {
            let end = before.split(separator: "→").last.map(String.init)
            let start = after.split(separator: "→").first.map(String.init)
            if end != start { broken.append("\(before) then \(after)") }
        }
        return broken
    }

    @Test("observers on a serial queue, .main and the posting thread hear every change once, in order, under load")
    func orderUnderLoad() async throws {
        let seconds = ProcessInfo.processInfo.environment["THEMEKIT_STRESS_SECONDS"].flatMap(Double.init) ?? 2
        let folder = try TemporaryDirectory()
        let names = ["default", "alpha", "beta", "gamma"]
        for name in names { try folder.theme(name, ["themeName": name, "markerColor": "000000"]) }
        let center = NotificationCenter()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center, store: InMemoryThemeStore())
        _ = manager.currentThemeName
        let serial = OperationQueue()
        serial.maxConcurrentOperationCount = 1
        let observers: [(String, OperationQueue?)] = [
            ("posting thread", nil), ("serial queue", serial), ("main", .main),
        ]
        let heard = observers.map { _ in Heard() }
        let calledBack = Atomic(0)
        var tokens: [any NSObjectProtocol] = []
        for (index, observer) in observers.enumerated() {
            let record = heard[index]
            tokens.append(
                center.addObserver(
                    forName: ThemeManager.didChangeThemeNotification, object: manager, queue: observer.1
                ) { note in
                    record.add(note)
                    // The serial-queue observer changes the theme itself now and then.
                    if index == 1, Int.random(in: 0..<8) == 0 {
                        try? manager.changeTheme(names.randomElement() ?? "default")
                        calledBack.wrappingAdd(1, ordering: .relaxed)
                    }
                })
        }
        defer { for token in tokens { center.removeObserver(token) } }
        let stream = manager.changes(bufferingNewest: 1_000_000)
        try manager.startWatching(quietPeriod: .milliseconds(2))
        defer { manager.stopWatching() }

        let stop = Atomic(false)
        let changes = Atomic(0)
        let group = DispatchGroup()
        for _ in 0..<3 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while !stop.load(ordering: .relaxed) {
                    if (try? manager.changeTheme(names.randomElement() ?? "default")) != nil {
                        changes.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
        }
        group.enter()
        let directory = folder.path
        Thread.detachNewThread {
            defer { group.leave() }
            var round = 0
            while !stop.load(ordering: .relaxed) {
                round += 1
                let name = manager.currentThemeName
                let text = plist(["themeName": name, "markerColor": StressTests.hex(round & 0xFF_FFFF)])
                try? Data(text.utf8).write(
                    to: URL(fileURLWithPath: directory + "/" + name + ".plist"), options: .atomic)
                usleep(3_000)
            }
        }
        try await Task.sleep(for: .seconds(seconds))
        stop.store(true, ordering: .relaxed)
        let joined = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: group.wait(timeout: .now() + 60)) }
        }
        #expect(joined == .success)
        manager.stopWatching()
        // Let the queues and the main actor catch up with what is still being delivered.
        let reference = heard[0]
        var settled = false
        for _ in 0..<500 {
            try await Task.sleep(for: .milliseconds(20))
            let counts = heard.map(\.all.count)
            if counts.allSatisfy({ $0 == counts[0] }), counts[0] > 0 {
                try await Task.sleep(for: .milliseconds(100))
                if heard.map(\.all.count) == counts {
                    settled = true
                    break
                }
            }
        }
        #expect(settled, "\(heard.map(\.all.count))")
        var streamed: [String] = []
        for await change in stream {
            streamed.append("\(change.previousTheme.name)→\(change.theme.name)")
            if streamed.count == reference.all.count { break }
        }
        print(
            "order: \(changes.load(ordering: .relaxed)) changes from 3 threads, "
                + "\(calledBack.load(ordering: .relaxed)) from a callback, \(reference.all.count) heard by each "
                + "of \(observers.count) observers and the stream")
        for (index, observer) in observers.enumerated() {
            #expect(heard[index].all == reference.all, "\(observer.0) heard another sequence")
            #expect(Self.brokenLinks(in: heard[index].all).isEmpty, "\(observer.0)")
        }
        #expect(streamed == reference.all)
        #expect(!reference.all.isEmpty)
        #expect(reference.all.last?.split(separator: "→").last.map(String.init) == manager.currentThemeName)
    }
}

/// App code the manager runs on its own behalf, not from a change: a typed key's converter, a
/// store's error and a store that goes. Each calls the manager back; none may find a lock of
/// the manager held (a trap: "Recursive call to lock Mutex").
@Suite("App code the manager runs, calling it back")
struct AppCodeReentrancyTests {
    /// A manager that app code reaches through a global, as apps reach `ThemeManager.shared`.
    final class Reach: Sendable {
        private struct Weak { weak var manager: ThemeManager? }
        private let held = Mutex(Weak())
        var manager: ThemeManager? { held.withLock { $0.manager } }
        func set(_ manager: ThemeManager) { held.withLock { $0.manager = manager } }
    }

    /// A value type whose converter reads the manager again: what a design system's wrapper
    /// does when one token's value depends on another's.
    struct Accent: ThemeValueConvertible {
        static let reach = Reach()
        let color: ThemeColor
        let titleSize: Double?

        init?(themeValue: ThemeValue) {
            guard case .color(let color) = themeValue else { return nil }
            self.color = color
            titleSize = Self.reach.manager?.font(forKey: "titleFont").map { Double($0.size) }
        }
    }

    @Test("a typed key whose converter looks another key up: answered, no trap")
    func converterCallsBack() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        Accent.reach.set(manager)
        let accent = try #require(manager[ThemeKey<Accent>("primaryColor")])
        #expect(accent.color.hexString == "#0000FF")
        #expect(accent.titleSize == 17)
        #expect(manager[ThemeKey<Accent>("titleFont")] == nil)
    }

    /// A store whose error, when the manager writes it into its message, looks a value up.
    final class FailingStore: ThemeStore {
        struct Failure: Error, CustomStringConvertible {
            let reach: Reach
            var description: String {
                let found = reach.manager?.color(forKey: "primaryColor")?.hexString ?? "none"
                return "the disk is gone (the theme then: \(found))"
            }
        }

        let reach = Reach()
        func loadThemeName() throws -> String? { throw Failure(reach: reach) }
        func saveThemeName(_ name: String) throws {}
    }

    @Test("a store's error whose description calls the manager: default, the message whole, no trap")
    func storeErrorCallsBack() throws {
        let folder = try twoThemes()
        let store = FailingStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter(), store: store)
        store.reach.set(manager)
        #expect(manager.currentThemeName == "default")
        let problem = try #require(manager.restoreError?.diagnostics.first)
        #expect(problem.code == .ioError)
        // The description ran while the store was being read: it saw the theme from before
        // the start (empty), not a second start.
        #expect(problem.message == "the disk is gone (the theme then: none)")
        #expect(problem.location.file == "theme store")
    }

    /// Lines written from anywhere.
    final class Lines: Sendable {
        private let list = Mutex<[String]>([])
        var all: [String] { list.withLock { $0 } }
        func add(_ line: String) { list.withLock { $0.append(line) } }
    }

    /// A store that, when it goes, tells the manager's current theme to a log of its own.
    final class ReportingStore: ThemeStore {
        let reach = Reach()
        let log: Lines
        init(log: Lines) { self.log = log }
        func loadThemeName() throws -> String? { nil }
        func saveThemeName(_ name: String) throws {}
        deinit {
            let name = reach.manager?.currentThemeName ?? "no manager"
            let partial = reach.manager?.loadsPartialThemes == true
            log.add("released while \(name), partial \(partial)")
        }
    }

    @Test("replacing a store whose deinit calls the manager: released with no lock held, no trap")
    func releasedStoreCallsBack() throws {
        let folder = try twoThemes()
        let log = Lines()
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        try manager.changeTheme("dark")
        do {
            let store = ReportingStore(log: log)
            store.reach.set(manager)
            manager.store = store
        }
        manager.store = InMemoryThemeStore()
        #expect(log.all == ["released while dark, partial false"])
    }
}

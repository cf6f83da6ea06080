import Foundation
import Synchronization
import Testing

@testable import ThemeKit

/// One notification as the tests see it: strings for the user info, the object's identity.
struct Posted: Sendable {
    var name: Notification.Name
    var userInfo: [String: String]
    var object: ObjectIdentifier?

    init(_ note: Notification) {
        name = note.name
        var info: [String: String] = [:]
        for (key, value) in note.userInfo ?? [:] {
            guard let key = key as? String else { continue }
            if let theme = value as? Theme {
                info[key] = "Theme(\(theme.name))"  // the theme the change installed, by name
            } else {
                info[key] = (value as? String) ?? String(describing: type(of: value))
            }
        }
        userInfo = info
        object = note.object.map { ObjectIdentifier($0 as AnyObject) }
    }
}

final class PostedList: Sendable {
    let entries = Mutex<[Posted]>([])
}

/// Collects the notifications one manager posts on a private center.
final class NotificationLog: Sendable {
    let center = NotificationCenter()
    private let received = PostedList()

    init(
        _ names: [Notification.Name] = [
            ThemeManager.didChangeThemeNotification, ThemeManager.didFailToReloadNotification,
            ThemeManager.didFailToSaveThemeNotification,
        ]
    ) {
        for name in names {
            _ = center.addObserver(forName: name, object: nil, queue: nil) { [received] note in
                let posted = Posted(note)
                received.entries.withLock { $0.append(posted) }
            }
        }
    }

    var names: [Notification.Name] { received.entries.withLock { $0.map(\.name) } }
    var userInfos: [[String: String]] { received.entries.withLock { $0.map(\.userInfo) } }
    var objects: [ObjectIdentifier?] { received.entries.withLock { $0.map(\.object) } }
    func count(_ name: Notification.Name) -> Int { names.count { $0 == name } }

    /// Waits (bounded) until `predicate` holds; returns whether it did.
    func wait(seconds: Double = 5, until predicate: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if predicate() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return predicate()
    }
}

/// A folder with two simple themes, `default` (blue) and `dark` (black).
func twoThemes() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.theme(
        "default", ["themeName": "default", "primaryColor": "0000ff", "titleFont": "Helvetica", "titleFontSize": "17"])
    try folder.theme("dark", ["INHERITED_THEME": "default", "themeName": "dark", "primaryColor": "000000"])
    return folder
}

@Suite("ThemeManager", .serialized)
struct ManagerTests {
    @Test("starts with default, switches once, posts once with the names, saves the choice")
    func changeThemePostsOnce() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        #expect(manager.currentThemeName == "default")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        try manager.changeTheme("dark")
        #expect(manager.currentThemeName == "dark")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#000000")
        #expect(manager.font(forKey: "titleFont") == ThemeFont(name: "Helvetica", size: 17))
        #expect(log.names == [ThemeManager.didChangeThemeNotification])
        #expect(log.userInfos == [["previousTheme": "default", "theme": "dark", "themeValue": "Theme(dark)"]])
        #expect(log.objects == [ObjectIdentifier(manager)])
        #expect(store.name == "dark")
    }

    @Test("choosing the current theme again does nothing: no reload, no notification")
    func rechoosingIsANoOp() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        try folder.write("dark.plist", "<plist><dict><key>broken")  // a reload would now fail
        try manager.changeTheme("dark")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
        #expect(store.saveCount == 1)
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#000000")
    }

    @Test("a failed change leaves the theme, the store and observers untouched")
    func failedChangeTouchesNothing() throws {
        let folder = try twoThemes()
        try folder.theme("broken", ["aColor": "@nowhere", "bFont": "X"])
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        for name in ["broken", "missing", "../default", "a/b"] {
            #expect(throws: ThemeError.self) { try manager.changeTheme(name) }
        }
        do {
            try manager.changeTheme("broken")
        } catch {
            #expect(error.codes == [.unresolvedAlias, .missingFontSize])
        }
        #expect(manager.currentThemeName == "dark")
        #expect(store.name == "dark")
        #expect(store.saveCount == 1)
        #expect(log.names == [ThemeManager.didChangeThemeNotification])
    }

    @Test("reloadTheme re-reads the file and posts once")
    func reloadForcesANotification() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "00ff00", "titleFont": "X", "titleFontSize": "9"])
        try manager.reloadTheme()
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#00FF00")
        #expect(
            log.userInfos == [["previousTheme": "default", "theme": "default", "themeValue": "Theme(default)"]])
        try folder.write("default.plist", "not xml")
        #expect(throws: ThemeError.self) { try manager.reloadTheme() }
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#00FF00")
        #expect(log.names.count == 1)
    }

    @Test("the saved theme is restored at start")
    func restoresSavedTheme() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("dark"))
        #expect(manager.currentThemeName == "dark")
        #expect(manager.restoreError == nil)
    }

    @Test("a saved theme that no longer loads falls back to default, is reported, and is not overwritten")
    func fallsBackFromBrokenSavedTheme() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let store = InMemoryThemeStore("gone")
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        #expect(manager.currentThemeName == "default")
        #expect(manager.restoreError?.codes == [.themeNotFound])
        #expect(store.name == "gone")
        #expect(store.saveCount == 0)
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
        #expect(log.userInfos.first?["theme"] == "gone")
    }

    @Test("a corrupt store file falls back to default; a saved choice survives a new manager")
    func fileStore() throws {
        let folder = try twoThemes()
        let config = try TemporaryDirectory()
        let store = FileThemeStore(path: config.path + "/app/theme")
        #expect(try store.loadThemeName() == nil)
        try ThemeManager(directory: folder.path, store: store).changeTheme("dark")
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == "dark\n")
        #expect(ThemeManager(directory: folder.path, store: store).currentThemeName == "dark")
        try config.write("app/theme", [0xFF, 0x00, 0x2F])
        let manager = ThemeManager(directory: folder.path, store: store)
        #expect(manager.currentThemeName == "default")
        #expect(manager.restoreError?.codes == [.ioError])
    }

    @Test("the standard store follows XDG_CONFIG_HOME, else ~/.config, in a folder per application")
    func standardStorePath() {
        let application = FileThemeStore.currentApplicationName
        #expect(
            FileThemeStore.standard(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]).path
                == "/x/cfg/\(application)/theme")
        #expect(
            FileThemeStore.standard(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]).path
                == "/h/.config/\(application)/theme")
        #expect(
            FileThemeStore.standard(applicationName: "app", environment: ["HOME": "/h"]).path == "/h/.config/app/theme")
    }

    @Test("an unwritable store: the change applies and the failure is reported")
    func unwritableStore() throws {
        let folder = try twoThemes()
        let blocker = try TemporaryDirectory()
        try blocker.write("file", "")
        let store = FileThemeStore(path: blocker.path + "/file/theme")  // a file where a folder must be
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        #expect(manager.currentThemeName == "dark")
        #expect(log.names == [ThemeManager.didFailToSaveThemeNotification, ThemeManager.didChangeThemeNotification])
    }

    @Test("a missing folder at start: an empty default theme and a reported error")
    func missingDirectory() throws {
        let log = NotificationLog()
        let manager = ThemeManager(directory: "/nonexistent/themes", notificationCenter: log.center)
        #expect(manager.currentThemeName == "default")
        #expect(manager.color(forKey: "primaryColor") == nil)
        #expect(manager.restoreError?.codes == [.themeNotFound])
        #expect(manager.availableThemes == [])
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
    }

    @Test("the folder can be re-pointed before use")
    func repointDirectory() throws {
        let first = try twoThemes()
        let second = try TemporaryDirectory()
        try second.theme("default", ["themeName": "other"])
        let manager = ThemeManager(directory: first.path)
        manager.directory = second.path
        #expect(manager.string(forKey: "themeName") == "other")
        #expect(manager.availableThemes == ["default"])
    }

    @Test("lookups return nil for a missing key or another type")
    func typedLookups() throws {
        let folder = try twoThemes()
        try folder.write("logo.svg", "<svg/>")
        try folder.theme(
            "default",
            [
                "primaryColor": "fff", "logoImage": "logo", "missingImage": "nothing", "n": "<integer>2</integer>",
                "b": "<false/>", "s": "text",
            ])
        let manager = ThemeManager(directory: folder.path)
        #expect(manager.color(forKey: "primaryColor") != nil)
        #expect(manager.font(forKey: "primaryColor") == nil)
        #expect(manager.color(forKey: "absentColor") == nil)
        #expect(manager.image(forKey: "logoImage") == "logo")
        #expect(manager.imageURL(forKey: "logoImage")?.lastPathComponent == "logo.svg")
        #expect(manager.imageURL(forKey: "missingImage") == nil)
        #expect(manager.number(forKey: "n") == 2)
        #expect(manager.bool(forKey: "b") == false)
        #expect(manager.string(forKey: "s") == "text")
        #expect(manager.string(forKey: "n") == nil)
    }

    @Test("changes arrive as an AsyncStream, each subscriber getting every later change")
    func asyncStream() async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        try manager.changeTheme("dark")  // before subscribing: not delivered
        let stream = manager.changes()
        try manager.changeTheme("default")
        try manager.reloadTheme()
        var received: [ThemeChange] = []
        for await change in stream {
            received.append(change)
            if received.count == 2 { break }
        }
        #expect(received.map(\.previousTheme.name) == ["dark", "default"])
        #expect(received.map(\.theme.name) == ["default", "default"])
        #expect(received.map(\.cause) == [.changed, .reloaded])
        #expect(received.map { $0.theme.color(forKey: "primaryColor")?.hexString } == ["#0000FF", "#0000FF"])
        #expect(received.first?.previousTheme.color(forKey: "primaryColor")?.hexString == "#000000")
    }

    @Test("readers never see a mix of two themes while another thread switches them")
    func concurrentReadersSeeWholeThemes() async throws {
        let folder = try TemporaryDirectory()
        let keys = (0..<20).map { "k\($0)Color" }
        for (name, color) in [("default", "ff0000"), ("blue", "0000ff")] {
            var text = "<plist><dict><key>themeName</key><string>\(name)</string>\n"
            for key in keys { text += "<key>\(key)</key><string>\(color)</string>\n" }
            try folder.write(name + ".plist", text + "</dict></plist>")
        }
        let manager = ThemeManager(directory: folder.path)
        let switches = 300
        let readsPerTask = 5_000
        let inconsistencies = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for index in 0..<switches { try manager.changeTheme(index.isMultiple(of: 2) ? "blue" : "default") }
                return 0
            }
            for _ in 0..<8 {
                group.addTask {
                    var bad = 0
                    for index in 0..<readsPerTask {
                        let theme = manager.currentTheme
                        let expected = theme.string(forKey: "themeName") == "blue" ? "#0000FF" : "#FF0000"
                        if keys.contains(where: { theme.color(forKey: $0)?.hexString != expected }) { bad += 1 }
                        // A single lookup always sees a whole theme too: never nil.
                        if manager.color(forKey: keys[index % keys.count]) == nil { bad += 1 }
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(inconsistencies == 0)
    }
}

import Foundation
import Synchronization
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// The file system failing under a `ThemeManager`: files vanishing, turning unreadable or
/// unwritable, a folder missing, files half-written while live reload watches them.
/// Whatever happens, a failed change leaves the manager's state whole, and a reader never
/// sees part of a theme.
///
/// These tests run as root in CI and in the container, where `chmod 000` does not stop a
/// read: an unreadable theme is made by putting something that is not a regular file
/// where the file should be (a folder named `x.plist`, a dangling link).
@Suite("Faults", .serialized)
struct FaultTests {
    // MARK: Files that vanish or cannot be read

    @Test("a theme deleted after it was listed: theme_not_found, and nothing changes")
    func themeDeletedBetweenListingAndChange() throws {
        let folder = try twoThemes()
        try folder.theme("ocean", ["themeName": "ocean", "primaryColor": "006994"])
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        #expect(manager.availableThemes == ["dark", "default", "ocean"])
        try FileManager.default.removeItem(atPath: folder.path + "/ocean.plist")

        let error = try #require(throws: ThemeError.self) { try manager.changeTheme("ocean") }
        #expect(
            error.diagnostics.map(\.summary) == [
                "\(folder.path)/ocean.plist: error: no theme named 'ocean' in \(folder.path) [theme_not_found]"
            ])
        expectUntouched(manager, log, store, theme: "dark", color: "#000000")
    }

    @Test("a parent deleted before its child is chosen: missing_parent at INHERITED_THEME, nothing changes")
    func parentDeletedBeforeChange() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        try manager.changeTheme("default")
        try FileManager.default.removeItem(atPath: folder.path + "/default.plist")

        let error = try #require(throws: ThemeError.self) { try manager.changeTheme("dark") }
        #expect(error.codes == [.missingParent])
        #expect(
            error.diagnostics.first?.location
                == SourceLocation(
                    file: folder.path + "/dark.plist", line: 3, column: 2 + "<key>INHERITED_THEME</key>".count))
        #expect(manager.currentThemeName == "default")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        #expect(store.name == "default")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 2)
    }

    /// Something where `x.plist` should be that cannot be read as a file, and what it is
    /// reported as. (As root, `chmod 000` would not stop the read; see the suite's note.)
    static let unreadables: [(kind: String, make: @Sendable (String) throws -> Void, message: String)] = [
        (
            "a folder named x.plist",
            { path in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) },
            "is a directory, not a theme file"
        ),
        (
            "a dangling link named x.plist",
            { path in try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".gone") },
            "no such file"
        ),
    ]

    @Test("a theme that cannot be read is an io_error naming its file; nothing changes", arguments: 0..<2)
    func unreadableThemeIsIOError(_ which: Int) throws {
        let (kind, make, message) = Self.unreadables[which]
        let folder = try twoThemes()
        try make(folder.path + "/x.plist")
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        // Listed: the listing goes by file name only.
        #expect(manager.availableThemes.contains("x"), "\(kind)")
        let error = try #require(throws: ThemeError.self) { try manager.changeTheme("x") }
        #expect(error.diagnostics.map(\.summary) == ["\(folder.path)/x.plist: error: \(message) [io_error]"], "\(kind)")
        expectUntouched(manager, log, store, theme: "dark", color: "#000000")
    }

    @Test("a parent that cannot be read is an io_error naming the parent's file", arguments: 0..<2)
    func unreadableParentIsIOError(_ which: Int) throws {
        let (kind, make, message) = Self.unreadables[which]
        let folder = try twoThemes()
        try folder.theme("child", ["INHERITED_THEME": "x", "themeName": "child"])
        try make(folder.path + "/x.plist")
        let error = try #require(throws: ThemeError.self) { try folder.loader.load("child") }
        #expect(error.diagnostics.map(\.summary) == ["\(folder.path)/x.plist: error: \(message) [io_error]"], "\(kind)")
    }

    @Test(
        "a theme file without read permission is an io_error (only when not root)",
        .enabled(if: getuid() != 0, "root reads a file whatever its mode"))
    func permissionDeniedIsIOError() throws {
        let folder = try twoThemes()
        try folder.theme("locked", ["themeName": "locked"])
        #expect(chmod(folder.path + "/locked.plist", 0) == 0)
        let error = try #require(throws: ThemeError.self) { try folder.loader.load("locked") }
        #expect(
            error.diagnostics.map(\.summary) == ["\(folder.path)/locked.plist: error: permission denied [io_error]"])
    }

    // MARK: The store

    @Test("the store's file is a folder: restore fails at start, each change applies and reports the failed save")
    func storeFileIsAFolder() throws {
        // As root a read-only folder does not stop a write, so the store's own path is made
        // a folder: it can be neither read nor replaced.
        let folder = try twoThemes()
        let config = try TemporaryDirectory()
        let storePath = config.path + "/app/theme"
        try FileManager.default.createDirectory(atPath: storePath, withIntermediateDirectories: true)
        let store = FileThemeStore(path: storePath)
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center, store: store)

        #expect(manager.currentThemeName == "default")
        #expect(manager.restoreError?.codes == [.ioError])
        #expect(manager.restoreError?.diagnostics.first?.location == .wholeFile(storePath))
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
        #expect(log.userInfos.first?["theme"] == "saved theme")

        try manager.changeTheme("dark")
        try manager.changeTheme("default")
        #expect(manager.currentThemeName == "default")
        #expect(
            log.names == [
                ThemeManager.didFailToReloadNotification,
                ThemeManager.didFailToSaveThemeNotification, ThemeManager.didChangeThemeNotification,
                ThemeManager.didFailToSaveThemeNotification, ThemeManager.didChangeThemeNotification,
            ])
        #expect(log.userInfos[1] == ["theme": "dark", "error": "ThemeStoreError"])
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: storePath, isDirectory: &isFolder) && isFolder.boolValue)
    }

    static let corruptStores: [(label: String, bytes: [UInt8])] = [
        ("empty", []),
        ("a path", Array("../../etc/passwd\n".utf8)),
        ("over 4 KiB", [UInt8](repeating: UInt8(ascii: "a"), count: 5_000)),
        ("not UTF-8", [0xFF, 0xFE, 0x64]),
        ("a name with a NUL", Array("dark".utf8) + [0] + Array("x\n".utf8)),
        ("two names", Array("dark\ndefault\n".utf8)),
    ]

    @Test("a corrupt store file at start: default, restoreError io_error, the file left as it was", arguments: 0..<6)
    func corruptStoreFallsBackToDefault(_ which: Int) throws {
        let (label, bytes) = Self.corruptStores[which]
        let folder = try twoThemes()
        let config = try TemporaryDirectory()
        let storePath = try config.write("theme", bytes)
        let log = NotificationLog()
        let manager = ThemeManager(
            directory: folder.path, notificationCenter: log.center, store: FileThemeStore(path: storePath))

        #expect(manager.currentThemeName == "default", "\(label)")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        #expect(manager.restoreError?.codes == [.ioError], "\(label)")
        #expect(manager.restoreError?.diagnostics.first?.location == .wholeFile(storePath))
        #expect(log.names == [ThemeManager.didFailToReloadNotification])
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: storePath))) == bytes, "\(label)")
        // The next choice repairs it.
        try manager.changeTheme("dark")
        #expect(try String(contentsOfFile: storePath, encoding: .utf8) == "dark\n")
    }

    // MARK: The folder

    @Test("a folder missing at start: nothing to watch or choose until it appears, then it works")
    func folderMissingAtStartThenCreated() throws {
        let parent = try TemporaryDirectory()
        let path = parent.path + "/themes"
        let log = NotificationLog()
        let manager = ThemeManager(directory: path, notificationCenter: log.center)
        #expect(manager.restoreError?.codes == [.themeNotFound])
        #expect(manager.availableThemes.isEmpty)
        let watchError = try #require(throws: ThemeError.self) { try manager.startWatching() }
        #expect(watchError.codes == [.ioError])
        #expect(!manager.isWatching)
        #expect(throws: ThemeError.self) { try manager.changeTheme("dark") }

        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Data(plist(["themeName": "dark", "primaryColor": "000000"]).utf8)
            .write(to: URL(fileURLWithPath: path + "/dark.plist"))
        try manager.changeTheme("dark")
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#000000")
        #expect(log.names == [ThemeManager.didFailToReloadNotification, ThemeManager.didChangeThemeNotification])
    }

    @Test("the folder removed under a running manager: the theme stays, changes and reloads fail cleanly")
    func folderRemovedUnderRunningManager() throws {
        let parent = try TemporaryDirectory()
        let path = parent.path + "/themes"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for (name, color) in [("default", "0000ff"), ("dark", "000000")] {
            try Data(plist(["themeName": name, "primaryColor": color]).utf8)
                .write(to: URL(fileURLWithPath: path + "/\(name).plist"))
        }
        let log = NotificationLog()
        let store = InMemoryThemeStore()
        let manager = ThemeManager(directory: path, notificationCenter: log.center, store: store)
        try manager.changeTheme("dark")
        try FileManager.default.removeItem(atPath: path)

        #expect(manager.availableThemes.isEmpty)
        #expect(try #require(throws: ThemeError.self) { try manager.changeTheme("default") }.codes == [.themeNotFound])
        #expect(try #require(throws: ThemeError.self) { try manager.reloadTheme() }.codes == [.themeNotFound])
        expectUntouched(manager, log, store, theme: "dark", color: "#000000")
    }

    // MARK: Live reload under writes

    /// Two versions of one theme with different key counts, every color equal to its
    /// version's marker: a mix of the two, or a part of one, is told apart at once.
    private static func version(_ name: String, keys: Int, color: String) -> String {
        var text = "<plist version=\"1.0\">\n<dict>\n\t<key>themeName</key><string>\(name)</string>\n"
        text += "\t<key>markerColor</key><string>\(color)</string>\n"
        for index in 0..<keys {
            // Half alias the marker, half repeat it: both paths must agree.
            let value = index.isMultiple(of: 2) ? "markerColor" : color
            text += "\t<key>m\(index)Color</key><string>\(value)</string>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    @Test("a file rewritten in 200 small appends never shows a half theme: old, then the whole new one")
    func liveReloadNeverExposesHalfWrittenTheme() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("default.plist", Self.version("old", keys: 50, color: "111111"))
        let newText = Array(Self.version("new", keys: 80, color: "00ff00").utf8)
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        #expect(manager.string(forKey: "themeName") == "old")
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }

        let observed = Mutex<(samples: Int, bad: [String], sawNew: Bool)>((0, [], false))
        let stop = Atomic<Bool>(false)
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while !stop.load(ordering: .relaxed) {
                let theme = manager.currentTheme
                let problem = Self.problem(in: theme, versions: ["old": (52, "#111111"), "new": (82, "#00FF00")])
                observed.withLock {
                    $0.samples += 1
                    if let problem, $0.bad.count < 10 { $0.bad.append(problem) }
                    if theme.string(forKey: "themeName") == "new" { $0.sawNew = true }
                }
            }
            readerDone.signal()
        }

        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        close(descriptor)
        let appends = 200
        let chunk = (newText.count + appends - 1) / appends
        for index in 0..<appends {
            let part = newText[min(index * chunk, newText.count)..<min((index + 1) * chunk, newText.count)]
            let file = open(path, O_WRONLY | O_APPEND)
            _ = part.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            close(file)
            if index > 0, index.isMultiple(of: 25) {
                // Hold the file half-written until live reload has tried it and refused it.
                let failures = log.count(ThemeManager.didFailToReloadNotification)
                #expect(log.wait { log.count(ThemeManager.didFailToReloadNotification) > failures })
            } else {
                usleep(UInt32.random(in: 0...2_000))
            }
        }
        #expect(log.wait { manager.string(forKey: "themeName") == "new" })
        Thread.sleep(forTimeInterval: 0.1)
        stop.store(true, ordering: .relaxed)
        readerDone.wait()

        let (samples, bad, sawNew) = observed.withLock { $0 }
        print(
            "faults: half-written reload: \(samples) snapshots, \(bad.count) bad, "
                + "\(log.count(ThemeManager.didFailToReloadNotification)) refused reloads, "
                + "\(log.count(ThemeManager.didChangeThemeNotification)) reloads")
        #expect(bad.isEmpty)
        #expect(samples > 0)
        #expect(sawNew)
        #expect(manager.currentTheme.values.count == 82)
        #expect(log.count(ThemeManager.didFailToReloadNotification) >= 7)
        #expect(log.count(ThemeManager.didChangeThemeNotification) >= 1)
    }

    /// What is wrong with a snapshot, if anything: it must be one of `versions` (by its
    /// `themeName`), whole (its key count), with every color its marker.
    fileprivate static func problem(in theme: Theme, versions: [String: (count: Int, color: String)]) -> String? {
        guard let name = theme.string(forKey: "themeName"), let version = versions[name] else {
            return "unknown version \(theme.string(forKey: "themeName") ?? "nil") of \(theme.name)"
        }
        if theme.values.count != version.count {
            return "\(name) with \(theme.values.count) values, not \(version.count)"
        }
        for (key, value) in theme.values where key.hasSuffix("Color") && value.description != version.color {
            return "\(name): \(key) is \(value), not \(version.color)"
        }
        return nil
    }

    @Test(
        "a theme and its parent rewritten together: live reload ends at both new files",
        arguments: ["parent first", "child first", "both renamed into place"])
    func themeAndParentChangedTogether(_ order: String) throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        try manager.changeTheme("dark")
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }

        let parent = plist([
            "themeName": "default", "primaryColor": "0000ff", "titleFont": "Courier", "titleFontSize": "21",
        ])
        let child = plist([
            "INHERITED_THEME": "default", "themeName": "dark", "primaryColor": "ff00ff", "accentColor": "00ffff",
        ])
        switch order {
        case "parent first":
            try folder.write("default.plist", parent)
            try folder.write("dark.plist", child)
        case "child first":
            try folder.write("dark.plist", child)
            try folder.write("default.plist", parent)
        default:
            try folder.write(".default.tmp", parent)
            try folder.write(".dark.tmp", child)
            #expect(rename(folder.path + "/.default.tmp", folder.path + "/default.plist") == 0)
            #expect(rename(folder.path + "/.dark.tmp", folder.path + "/dark.plist") == 0)
        }

        let expected = try folder.loader.load("dark").values
        #expect(log.wait { manager.currentTheme.values == expected }, "\(order)")
        // Quiet for a while: no late reload of a stale read overwrites the final state.
        Thread.sleep(forTimeInterval: 0.2)
        #expect(manager.currentTheme.values == expected)
        #expect(manager.font(forKey: "titleFont") == ThemeFont(name: "Courier", size: 21))
        #expect(manager.color(forKey: "accentColor")?.hexString == "#00FFFF")
    }

    @Test("a child re-pointed to another parent: live reload then follows the new parent")
    func liveReloadFollowsNewParent() throws {
        let folder = try twoThemes()
        try folder.theme(
            "ocean", ["themeName": "ocean", "primaryColor": "006994", "titleFont": "A", "titleFontSize": "9"])
        let log = NotificationLog()
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        try manager.changeTheme("dark")
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }

        try folder.theme("dark", ["INHERITED_THEME": "ocean", "themeName": "dark"])
        #expect(log.wait { manager.currentTheme.lineage == ["dark", "ocean"] })
        try folder.theme(
            "ocean", ["themeName": "ocean", "primaryColor": "123456", "titleFont": "A", "titleFontSize": "9"])
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#123456" })
    }

    // MARK: Helpers

    /// The manager still shows `theme`, the store holds it, and the only notifications are
    /// the changes made before the fault.
    private func expectUntouched(
        _ manager: ThemeManager, _ log: NotificationLog, _ store: InMemoryThemeStore, theme: String, color: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(manager.currentThemeName == theme, sourceLocation: sourceLocation)
        #expect(manager.color(forKey: "primaryColor")?.hexString == color, sourceLocation: sourceLocation)
        #expect(store.name == theme, sourceLocation: sourceLocation)
        #expect(store.saveCount == 1, sourceLocation: sourceLocation)
        #expect(log.names == [ThemeManager.didChangeThemeNotification], sourceLocation: sourceLocation)
    }
}

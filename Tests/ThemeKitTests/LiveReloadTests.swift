import Foundation
import Testing

@testable import ThemeKit

@Suite("Live reload", .serialized)
struct LiveReloadTests {
    private func watchedManager(_ folder: TemporaryDirectory, _ log: NotificationLog) throws -> ThemeManager {
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        try manager.startWatching(quietPeriod: .milliseconds(30))
        return manager
    }

    @Test("an in-place write of the current theme reloads it and posts once per burst")
    func inPlaceWrite() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "123456", "titleFont": "A", "titleFontSize": "1"])
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#123456" })
        #expect(log.wait { log.count(ThemeManager.didChangeThemeNotification) >= 1 })
        #expect(
            log.userInfos.first == ["previousTheme": "default", "theme": "default", "themeValue": "Theme(default)"])
    }

    @Test("an editor's atomic save (write a temporary file, rename it over) reloads")
    func atomicRename() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try folder.write(
            ".default.plist.swp",
            plist(["themeName": "default", "primaryColor": "abcdef", "titleFont": "A", "titleFontSize": "1"]))
        #expect(rename(folder.path + "/.default.plist.swp", folder.path + "/default.plist") == 0)
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#ABCDEF" })
    }

    @Test("a change to an ancestor reloads the child; other themes' files do not")
    func ancestorChange() throws {
        let folder = try twoThemes()
        try folder.theme("unrelated", ["xColor": "fff"])
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try manager.changeTheme("dark")
        try folder.theme("unrelated", ["xColor": "000"])
        Thread.sleep(forTimeInterval: 0.3)
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "0000ff", "titleFont": "Courier", "titleFontSize": "9"])
        #expect(log.wait { manager.font(forKey: "titleFont") == ThemeFont(name: "Courier", size: 9) })
        #expect(manager.currentThemeName == "dark")
    }

    @Test("a broken save keeps the current theme and posts a failure with the errors")
    func brokenSaveKeepsTheme() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try folder.write("default.plist", "<plist><dict><key>primaryColor</key><string>ff")  // half written
        #expect(log.wait { log.count(ThemeManager.didFailToReloadNotification) >= 1 })
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 0)
        #expect(log.userInfos.first?["error"] == "ThemeError")
        // The file is completed: the next save reloads.
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "ff0000", "titleFont": "A", "titleFontSize": "1"])
        #expect(log.wait { manager.color(forKey: "primaryColor")?.hexString == "#FF0000" })
    }

    @Test("stopWatching stops reloads; watching a missing folder throws")
    func stopAndMissingFolder() throws {
        let folder = try twoThemes()
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        #expect(manager.isWatching)
        manager.stopWatching()
        #expect(!manager.isWatching)
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "111111", "titleFont": "A", "titleFontSize": "1"])
        Thread.sleep(forTimeInterval: 0.3)
        #expect(manager.color(forKey: "primaryColor")?.hexString == "#0000FF")
        let nowhere = ThemeManager(directory: "/nonexistent/themes")
        #expect(throws: ThemeError.self) { try nowhere.startWatching() }
    }
}

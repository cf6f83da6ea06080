import Foundation
import Testing

@testable import ThemeKit

/// A designer's folder: a resolver document at the top, a base set beside it and the light
/// and dark contexts' files in `tokens/`, as design tools export them (SPEC §12).
func designersFolder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("tokens"), withIntermediateDirectories: true)
    try folder.write(
        "base.tokens.json",
        ##"{ "color": { "$type": "color", "accent": { "$value": "#0066ff" }, "ink": { "$value": "{color.accent}" } } }"##
    )
    try folder.write("tokens/light.tokens.json", lightTokens("#fafafa"))
    try folder.write("tokens/dark.tokens.json", darkTokens("#101010"))
    try folder.write("app.resolver.json", appResolver(light: "tokens/light.tokens.json"))
    return folder
}

/// The light context's file, its background `background`.
func lightTokens(_ background: String) -> String {
    ##"{ "color": { "$type": "color", "bg": { "$value": "\##(background)" } } }"##
}

/// The dark context's file, its background `background`.
func darkTokens(_ background: String) -> String {
    ##"{ "color": { "$type": "color", "bg": { "$value": "\##(background)" }, "accent": { "$value": "#66aaff" } } }"##
}

/// A resolver: the base set, then a light/dark modifier whose light context is `light`.
func appResolver(light: String) -> String {
    """
    {
      "version": "2025.10",
      "sets": { "base": { "sources": [{ "$ref": "./base.tokens.json" }] } },
      "modifiers": {
        "mode": {
          "contexts": { "light": [{ "$ref": "\(light)" }], "dark": [{ "$ref": "tokens/dark.tokens.json" }] },
          "default": "light"
        }
      },
      "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/mode" }]
    }
    """
}

/// Live reload on a folder of DTCG files: a change to any file the current theme reads (its
/// token files, in the folder or in a subfolder, and the folder's resolver documents)
/// reloads it, all or nothing, as a plist's change does.
@Suite("Live reload of DTCG themes", .serialized)
struct TokensLiveReloadTests {
    private func watchedManager(_ folder: TemporaryDirectory, _ log: NotificationLog) throws -> ThemeManager {
        let manager = ThemeManager(directory: folder.path, notificationCenter: log.center)
        try manager.startWatching(quietPeriod: .milliseconds(30))
        return manager
    }

    @Test("an in-place write of a token file beside the resolver reloads the theme that reads it")
    func inPlaceWriteInTheFolder() throws {
        let folder = try designersFolder()
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        #expect(manager.currentThemeName == "light")
        #expect(manager.color(forKey: "color.ink")?.hexString == "#0066FF")
        try folder.write(
            "base.tokens.json",
            ##"{ "color": { "$type": "color", "accent": { "$value": "#123456" }, "ink": { "$value": "{color.accent}" } } }"##
        )
        #expect(log.wait { manager.color(forKey: "color.ink")?.hexString == "#123456" })
        #expect(log.wait { log.count(ThemeManager.didChangeThemeNotification) == 1 })
        #expect(log.userInfos.first == ["previousTheme": "light", "theme": "light", "themeValue": "Theme(light)"])
    }

    @Test("an editor's atomic save of a token file in a subfolder reloads; another context's file does not")
    func atomicSaveInASubfolder() throws {
        let folder = try designersFolder()
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try manager.changeTheme("dark")
        #expect(manager.color(forKey: "color.bg")?.hexString == "#101010")
        // The light context's file is not the dark theme's: nothing reloads.
        try folder.write("tokens/light.tokens.json", lightTokens("#eeeeee"))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
        try folder.write("tokens/.dark.tokens.json.swp", darkTokens("#202020"))
        #expect(rename(folder.path + "/tokens/.dark.tokens.json.swp", folder.path + "/tokens/dark.tokens.json") == 0)
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#202020" })
        #expect(manager.currentThemeName == "dark")
        #expect(manager.color(forKey: "color.accent")?.hexString == "#66AAFF")
    }

    @Test("a resolver naming another file reloads, and that file is followed from then on")
    func resolverChangeReloadsAndFollowsItsFiles() throws {
        let folder = try designersFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("more"), withIntermediateDirectories: true)
        try folder.write("more/paper.tokens.json", lightTokens("#f0e0d0"))
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try folder.write("app.resolver.json", appResolver(light: "more/paper.tokens.json"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#F0E0D0" })
        try folder.write("more/paper.tokens.json", lightTokens("#c0c0c0"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#C0C0C0" })
        #expect(manager.currentThemeName == "light")
    }

    @Test("a half-written token file keeps the theme and posts a failure located in its JSON; the next save retries")
    func brokenTokenFileKeepsTheTheme() throws {
        let folder = try designersFolder()
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try folder.write(
            "tokens/light.tokens.json", "{ \"color\": { \"$type\": \"color\",\n  \"bg\": { \"$value\": \"#ff")
        #expect(log.wait { failures.count >= 1 })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 0)
        #expect(failures.themes.first == "light")
        let problem = try #require(failures.errors.first??.diagnostics.first)
        #expect(problem.code == .parseError)
        #expect(problem.location.file == folder.path + "/tokens/light.tokens.json")
        #expect(problem.location.line == 2)
        #expect(problem.location.column > 1)
        try folder.write("tokens/light.tokens.json", lightTokens("#abcdef"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#ABCDEF" })
    }

    @Test("a broken resolver keeps the theme and posts a failure located in the resolver's JSON")
    func brokenResolverKeepsTheTheme() throws {
        let folder = try designersFolder()
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try folder.write("app.resolver.json", "{\n  \"version\": \"2025.10\",\n  \"sets\": {")
        #expect(log.wait { failures.count >= 1 })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        let problem = try #require(failures.errors.first??.diagnostics.first)
        #expect(problem.code == .parseError)
        #expect(problem.location.file == folder.path + "/app.resolver.json")
        #expect(problem.location.line == 3)
        try folder.write("app.resolver.json", appResolver(light: "tokens/light.tokens.json"))
        try folder.write("tokens/light.tokens.json", lightTokens("#010203"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#010203" })
    }

    @Test("a resolver removed keeps the theme and posts theme_not_found; written back, it reloads")
    func resolverRemovedAndBack() throws {
        let folder = try designersFolder()
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        #expect(unlink(folder.path + "/app.resolver.json") == 0)
        #expect(log.wait { failures.count >= 1 })
        #expect(failures.codes.first == [.themeNotFound])
        #expect(manager.currentThemeName == "light")
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        try folder.write("tokens/light.tokens.json", lightTokens("#0a0b0c"))
        try folder.write("app.resolver.json", appResolver(light: "tokens/light.tokens.json"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#0A0B0C" })
    }

    @Test("a token file that is a symbolic link to a file elsewhere reloads when that file changes")
    func linkedTokenFile() throws {
        let folder = try designersFolder()
        let elsewhere = try TemporaryDirectory()
        let target = try elsewhere.write("shared.tokens.json", lightTokens("#aaaaaa"))
        #expect(unlink(folder.path + "/tokens/light.tokens.json") == 0)
        #expect(symlink(target, folder.path + "/tokens/light.tokens.json") == 0)
        try folder.write("base.tokens.json", "{}")
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        #expect(manager.color(forKey: "color.bg")?.hexString == "#AAAAAA")
        try elsewhere.write("shared.tokens.json", lightTokens("#bbbbbb"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#BBBBBB" })
    }

    @Test("a subfolder of token files deleted and made again is followed again: its next save reloads")
    func subfolderMadeAgain() throws {
        let folder = try designersFolder()
        let log = NotificationLog()
        let failures = FailureLog(log.center)
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try FileManager.default.removeItem(atPath: folder.path + "/tokens")
        #expect(log.wait { failures.count >= 1 })
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("tokens"), withIntermediateDirectories: true)
        try folder.write("tokens/dark.tokens.json", darkTokens("#101010"))
        try folder.write("tokens/light.tokens.json", lightTokens("#121212"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#121212" })
        Thread.sleep(forTimeInterval: 0.2)
        try folder.write("tokens/light.tokens.json", lightTokens("#343434"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#343434" })
    }

    @Test("a manager that started empty on a token file that did not parse reloads when the file is fixed")
    func emptyStartReloadsWhenFixed() throws {
        let folder = try designersFolder()
        try folder.write("tokens/light.tokens.json", "{ \"color\": ")
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        #expect(manager.isDegraded)
        #expect(manager.currentTheme.count == 0)
        try folder.write("tokens/light.tokens.json", lightTokens("#5a5a5a"))
        #expect(log.wait { manager.color(forKey: "color.bg")?.hexString == "#5A5A5A" })
        #expect(!manager.isDegraded)
    }

    @Test("a plist theme in use does not reload when a resolver or a token file beside it changes")
    func plistThemeIgnoresTokens() throws {
        let folder = try designersFolder()
        try folder.write(
            "classic.plist", "<plist version=\"1.0\"><dict><key>inkColor</key><string>112233</string></dict></plist>")
        let log = NotificationLog()
        let manager = try watchedManager(folder, log)
        defer { manager.stopWatching() }
        try manager.changeTheme("classic")
        try folder.write("app.resolver.json", appResolver(light: "tokens/dark.tokens.json"))
        try folder.write("base.tokens.json", "{}")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(log.count(ThemeManager.didChangeThemeNotification) == 1)
        #expect(manager.currentThemeName == "classic")
    }
}

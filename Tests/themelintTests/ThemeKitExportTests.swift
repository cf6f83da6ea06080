import Foundation
import Testing

@Suite("themekit export, end to end", .serialized)
struct ThemeKitExportTests {
    @Test("export lowcontrast --format css: custom properties of the shipped theme")
    func exportsShippedThemeAsCSS() throws {
        let result = try CLI.run(["export", "lowcontrast", "--themes", "Themes", "--format", "css"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.expectGolden(result.stdout, "export-lowcontrast.css")
        #expect(result.stdout.contains("\n:root {\n"))
        let plain = try CLI.run(["export", "lowcontrast", "--themes", "Themes"], tool: "themekit")
        #expect(plain.stdout == result.stdout, "css is the default format")
    }

    @Test("--selector data-theme scopes the properties to the theme's name")
    func dataThemeSelector() throws {
        let result = try CLI.run(
            ["export", "dark", "--themes", "Themes", "--selector", "data-theme"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stdout.contains("\n[data-theme=\"dark\"] {\n  --accent-color: #ff453a;\n"))
    }

    @Test("export lowcontrast --format json: one object of resolved values")
    func exportsShippedThemeAsJSON() throws {
        let result = try CLI.run(["export", "lowcontrast", "--themes", "Themes", "--format", "json"], tool: "themekit")
        #expect(result.status == 0)
        try CLI.expectGolden(result.stdout, "export-lowcontrast.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["primaryColor"] as? String == "#7FA7C9")
    }

    @Test("every shipped theme exports in both formats")
    func everyShippedThemeExports() throws {
        for name in ["default", "dark", "highcontrast", "lowcontrast"] {
            for format in ["css", "json"] {
                let result = try CLI.run(["export", name, "--themes", "Themes", "--format", format], tool: "themekit")
                #expect(result.status == 0, "\(name) as \(format)")
                #expect(result.stdout.contains("primary"), "\(name) as \(format)")
            }
        }
    }

    @Test("escaping: keys and values that are not CSS identifiers or plain strings")
    func escapesHostileKeysAndValues() throws {
        let result = try CLI.run(
            ["export", "default", "--themes", "Tests/ThemeToolsTests/Fixtures/hostile"], tool: "themekit")
        #expect(result.status == 0)
        try CLI.expectGolden(result.stdout, "export-hostile.css")
    }

    @Test("an unknown theme is exit 2; a broken one exit 1")
    func failures() throws {
        let unknown = try CLI.run(["export", "nope", "--themes", "Themes"], tool: "themekit")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("themekit: error: no theme 'nope' in Themes; available: dark, default"))
        let broken = try CLI.run(
            ["export", "not-flat", "--themes", "Tests/ThemeKitTests/Fixtures/bad"], tool: "themekit")
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr.contains("Tests/ThemeKitTests/Fixtures/bad/not-flat.plist:"))
        #expect(broken.stderr.contains("[not_flat]"))
    }

    @Test("keys that meet after conversion: exit 1, nothing written")
    func collidingNamesAreExit1() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <plist version="1.0"><dict><key>primaryColor</key><string>#fff</string>\
        <key>primary-color</key><string>#000</string></dict></plist>
        """.write(to: folder.appendingPathComponent("t.plist"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["export", "t", "--themes", "."], tool: "themekit", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "themekit: error: keys 'primary-color' and 'primaryColor' would all be written as --primary-color: rename all but one\n"
        )
        let json = try CLI.run(["export", "t", "--themes", ".", "--format", "json"], tool: "themekit", in: folder)
        #expect(json.status == 0, "JSON keeps keys as they are")
    }
}

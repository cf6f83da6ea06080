import Foundation
import TestSupport
import Testing

@Suite("themekit export, end to end", .serialized)
struct ThemeKitExportTests {
    @Test("export lowcontrast --format css: custom properties of the shipped theme")
    func exportsShippedThemeAsCSS() throws {
        let result = try CLI.run(["export", "lowcontrast", "--themes", "Themes", "--format", "css"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "export-lowcontrast.css")
        #expect(result.stdout.contains("\n:root {\n"))
        let plain = try CLI.run(["export", "lowcontrast", "--themes", "Themes"], tool: "themekit")
        #expect(plain.stdout == result.stdout, "css is the default format")
    }

    @Test("--selector data-theme scopes the properties to the theme's name")
    func dataThemeSelector() throws {
        let result = try CLI.run(
            ["export", "dark", "--themes", "Themes", "--selector", "data-theme"], tool: "themekit")
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "\n[data-theme=\"dark\"] {\n  color-scheme: light dark;\n  --accent-color: #ff453a;\n"))
        #expect(
            result.stdout.contains(
                "@media (prefers-color-scheme: light) {\n  [data-theme=\"dark\"] {\n    --accent-color: #f93d38;\n"),
            "the partner's block keeps the selector")
    }

    @Test("export default --format css: its dark partner's differing values under prefers-color-scheme: dark")
    func exportsPartnerAsCSS() throws {
        let result = try CLI.run(["export", "default", "--themes", "Themes"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "export-default.css")
        #expect(result.stdout.contains(":root {\n  color-scheme: light dark;\n"))
        #expect(
            result.stdout.contains("\n@media (prefers-color-scheme: dark) {\n  :root {\n    --accent-color: #ff453a;\n")
        )
        #expect(!result.stdout.contains("    --animations-enabled:"), "a value the partner shares is not repeated")
    }

    @Test("export dark --format json: its light partner under LIGHT_THEME, with APPEARANCE")
    func exportsPartnerAsJSON() throws {
        let result = try CLI.run(["export", "dark", "--themes", "Themes", "--format", "json"], tool: "themekit")
        #expect(result.status == 0)
        try CLI.golden.expect(result.stdout, "export-dark.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["APPEARANCE"] as? String == "dark")
        let partner = try #require(object["LIGHT_THEME"] as? [String: Any])
        #expect(partner["name"] as? String == "default")
        #expect(partner["appearance"] as? String == "light")
        #expect((partner["overrides"] as? [String: Any])?["canvasColor"] as? String == "#FFFFFF")
        #expect((partner["overrides"] as? [String: Any])?["bodyFont"] == nil, "only what differs")
        #expect(partner["unsetKeys"] as? [String] == [])
    }

    @Test("--no-partner writes the theme alone, as a theme without a partner is written")
    func noPartnerLeavesThePartnerOut() throws {
        let css = try CLI.run(["export", "default", "--themes", "Themes", "--no-partner"], tool: "themekit")
        #expect(css.status == 0)
        #expect(!css.stdout.contains("color-scheme") && !css.stdout.contains("@media"))
        let whole = try CLI.run(["export", "default", "--themes", "Themes"], tool: "themekit")
        #expect(
            whole.stdout.hasPrefix(
                css.stdout.replacingOccurrences(of: " {\n", with: " {\n  color-scheme: light dark;\n")))
        let json = try CLI.run(
            ["export", "default", "--themes", "Themes", "--format", "json", "--no-partner"], tool: "themekit")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["DARK_THEME"] == nil && object["APPEARANCE"] == nil)
        #expect(object["canvasColor"] as? String == "#FFFFFF")
    }

    @Test("a partner that does not load: exit 1 naming it, with its diagnostics; --no-partner still exports")
    func brokenPartnerIsExit1() throws {
        let folder = try Self.theme(
            "<key>inkColor</key><string>#000</string><key>DARK_THEME</key><string>night</string>")
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <plist version="1.0"><dict><key>APPEARANCE</key><string>dark</string>\
        <key>titleFont</key><string>Menlo</string></dict></plist>
        """.write(to: folder.appendingPathComponent("night.plist"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["export", "t", "--themes", "."], tool: "themekit", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "themekit: error: t's dark partner 'night' (its DARK_THEME) does not load; --no-partner leaves it out\n"
                    + "night.plist:1:"))
        #expect(result.stderr.contains("[missing_font_size]"))
        let alone = try CLI.run(["export", "t", "--themes", ".", "--no-partner"], tool: "themekit", in: folder)
        #expect(alone.status == 0)
        #expect(alone.stdout.contains("  --ink-color: #000000;\n"))
    }

    /// Every value the command accepts for `--selector` (as ArgumentParser lists them) writes
    /// a rule head of its own: a mapping such as `== .root ? .root : .dataTheme` would write a
    /// third selector as `[data-theme=…]` under its own name.
    @Test("every --selector value writes its own rule head: none falls back to data-theme")
    func everySelectorWritesItsOwnHead() throws {
        let dump = try CLI.run(["export", "--experimental-dump-help"], tool: "themekit")
        #expect(dump.status == 0)
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = try #require((tool["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        let selector = try #require(
            arguments.first {
                ($0["names"] as? [[String: Any]])?.contains { $0["name"] as? String == "selector" } == true
            })
        let values = try #require(selector["allValues"] as? [String])
        #expect(values.count >= 2)
        let known = [":root": "root", "[data-theme=\"dark\"]": "data-theme"]
        var heads: [String: String] = [:]
        for value in values {
            let result = try CLI.run(["export", "dark", "--themes", "Themes", "--selector", value], tool: "themekit")
            #expect(result.status == 0, "\(value)")
            let head = try #require(result.stdout.split(separator: "\n").first { $0.hasSuffix(" {") }?.dropLast(2))
            #expect(
                heads[String(head)] == nil,
                "--selector \(value) writes \(head), as --selector \(heads[String(head)] ?? "")")
            heads[String(head)] = value
            if let name = known[String(head)] { #expect(name == value, "\(head) is --selector \(name)") }
        }
        #expect(Set(known.values).isSubset(of: values))
    }

    @Test("export lowcontrast --format json: one object of resolved values")
    func exportsShippedThemeAsJSON() throws {
        let result = try CLI.run(["export", "lowcontrast", "--themes", "Themes", "--format", "json"], tool: "themekit")
        #expect(result.status == 0)
        try CLI.golden.expect(result.stdout, "export-lowcontrast.json")
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
        try CLI.golden.expect(result.stdout, "export-hostile.css")
    }

    @Test("an unknown theme is exit 2; a broken one exit 1")
    func failures() throws {
        let unknown = try CLI.run(["export", "nope", "--themes", "Themes"], tool: "themekit")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("themekit: error: no theme named 'nope' in Themes; available: dark, default"))
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

    /// A folder holding `t.plist` with `body` as its dictionary.
    static func theme(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "<plist version=\"1.0\"><dict>\(body)</dict></plist>\n"
            .write(to: folder.appendingPathComponent("t.plist"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("numbers of 1e16 and more export and preview as plain decimals, not a trap")
    func hugeNumbersAreExported() throws {
        let folder = try Self.theme(
            "<key>cornerSize</key><integer>10000000000000000</integer><key>hairlineSize</key><real>1e-7</real>"
                + "<key>scale</key><real>1e300</real>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let css = try CLI.run(["export", "t", "--themes", "."], tool: "themekit", in: folder)
        #expect(css.status == 0)
        #expect(css.stderr == "")
        #expect(css.stdout.contains("  --corner-size: 10000000000000000px;\n"))
        #expect(css.stdout.contains("  --hairline-size: 0.0000001px;\n"))
        #expect(css.stdout.contains("  --scale: 1" + String(repeating: "0", count: 300) + ";\n"))
        let preview = try CLI.run(["preview", "."], tool: "themekit", in: folder)
        #expect(preview.status == 0)
        #expect(preview.stdout.contains("<code>10000000000000000</code>"))
        #expect(preview.stdout.contains("<code>0.0000001</code>"))
    }

    @Test("NaN, infinity and an empty key: exit 1 naming key and file, nothing written")
    func unexpressibleValuesAreExit1() throws {
        let folder = try Self.theme(
            "<key>ratio</key><real>nan</real>\n<key>far</key><real>-inf</real>\n<key></key><string>x</string>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let css = try CLI.run(["export", "t", "--themes", "."], tool: "themekit", in: folder)
        #expect(css.status == 1)
        #expect(css.stdout == "")
        #expect(
            css.stderr == """
                themekit: error: t.plist:3: the empty key has an empty name, which CSS cannot express: change the value or the key
                themekit: error: t.plist:2: key 'far' has -infinity, which CSS cannot express: change the value or the key
                themekit: error: t.plist:1: key 'ratio' has NaN, which CSS cannot express: change the value or the key

                """)
        let preview = try CLI.run(["preview", "."], tool: "themekit", in: folder)
        #expect(preview.status == 0)
        #expect(preview.stdout.contains("<code>NaN</code>"))
        #expect(preview.stdout.contains("<code>-infinity</code>"))
    }

    @Test("JSON has no NaN or infinity either: export --format json and show --json are exit 1, nothing written")
    func nonFiniteNumbersAreRefusedInJSON() throws {
        let folder = try Self.theme(
            "<key>ratio</key><real>nan</real>\n<key>far</key><real>-inf</real>\n<key>top</key><real>Infinity</real>\n"
                + "<key></key><string>an empty key is fine in JSON</string>")
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = """
            themekit: error: t.plist:2: key 'far' has -infinity, which JSON cannot express: change the value or the key
            themekit: error: t.plist:1: key 'ratio' has NaN, which JSON cannot express: change the value or the key
            themekit: error: t.plist:3: key 'top' has infinity, which JSON cannot express: change the value or the key

            """
        let export = try CLI.run(["export", "t", "--themes", ".", "--format", "json"], tool: "themekit", in: folder)
        #expect(export.status == 1)
        #expect(export.stdout == "")
        #expect(export.stderr == expected)
        let show = try CLI.run(["show", "t", "--themes", ".", "--json"], tool: "themekit", in: folder)
        #expect(show.status == 1)
        #expect(show.stdout == "")
        #expect(show.stderr == expected)
        // The table has no such limit: it shows the values as they are.
        let table = try CLI.run(["show", "t", "--themes", "."], tool: "themekit", in: folder)
        #expect(table.status == 0)
        #expect(table.stdout.contains("NaN") || table.stdout.contains("nan"), "\(table.stdout)")
    }
}

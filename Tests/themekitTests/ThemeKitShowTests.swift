import Foundation
import TestSupport
import Testing

@Suite("themekit show, end to end", .serialized)
struct ThemeKitShowTests {
    @Test("show lowcontrast: the table of the shipped theme")
    func showsShippedThemeAsTable() throws {
        let result = try CLI.run(["show", "lowcontrast", "--themes", "Themes"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "show-lowcontrast.txt")
        #expect(
            result.stdout.contains(
                "buttonColor            color   #7FA7C9             Themes/default.plist:45      → primaryColor → brandColor (Themes/lowcontrast.plist:14)\n"
            ))
    }

    @Test("show dark: the heading names its appearance and its light partner; --json says the same")
    func showsAppearanceAndPartner() throws {
        let result = try CLI.run(["show", "dark", "--themes", "Themes"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("dark: 33 keys, inherits default, dark (light partner: default)\nKEY "))
        let light = try CLI.run(["show", "default", "--themes", "Themes"], tool: "themekit")
        #expect(light.stdout.hasPrefix("default: 33 keys, light (dark partner: dark)\nKEY "))
        let json = try CLI.run(["show", "dark", "--themes", "Themes", "--json"], tool: "themekit")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["appearance"] as? String == "dark")
        #expect(object["lightTheme"] as? String == "default")
        #expect(object["darkTheme"] is NSNull)
    }

    @Test("show --json: the same theme as JSON that parses")
    func showsShippedThemeAsJSON() throws {
        let result = try CLI.run(
            ["show", "lowcontrast", "--json"], tool: "themekit", environment: ["THEMEKIT_THEMES": "Themes"])
        #expect(result.status == 0)
        try CLI.golden.expect(result.stdout, "show-lowcontrast.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["theme"] as? String == "lowcontrast")
        #expect((object["values"] as? [Any])?.count == 33)
    }

    @Test("the folder: --themes, else THEMEKIT_THEMES, else ./Themes; absolute paths shown relative")
    func folderDefaultsAndRelativePaths() throws {
        let absolute = CLI.packageRoot.appendingPathComponent("Themes").path
        let viaOption = try CLI.run(["show", "dark", "--themes", absolute], tool: "themekit")
        let viaEnvironment = try CLI.run(
            ["show", "dark"], tool: "themekit", environment: ["THEMEKIT_THEMES": absolute])
        #expect(viaOption.status == 0)
        #expect(viaOption.stdout.contains(" Themes/dark.plist:"))
        #expect(!viaOption.stdout.contains(absolute))
        #expect(viaEnvironment.stdout == viaOption.stdout)
        // The option wins over the environment.
        let both = try CLI.run(
            ["show", "dark", "--themes", "Themes"], tool: "themekit", environment: ["THEMEKIT_THEMES": "Nowhere"])
        #expect(both.stdout == viaOption.stdout)
        // With neither (CLI.run can add to the environment, not take away), ./Themes.
        if ProcessInfo.processInfo.environment["THEMEKIT_THEMES"] == nil {
            let viaDefault = try CLI.run(["show", "dark"], tool: "themekit")
            #expect(viaDefault.stdout == viaOption.stdout)
            let elsewhere = try CLI.run(
                ["show", "dark"], tool: "themekit", in: CLI.packageRoot.appendingPathComponent("Sources"))
            #expect(elsewhere.status == 2)
            #expect(elsewhere.stderr == "themekit: error: no such folder: ./Themes\n")
        }
    }

    @Test("an unknown theme: exit 2 with the manager's words, its suggestion and the available names")
    func unknownThemeIsExit2() throws {
        let result = try CLI.run(["show", "nope", "--themes", "Themes"], tool: "themekit")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "themekit: error: no theme named 'nope' in Themes; available: dark, default, highcontrast, lowcontrast\n"
        )
        // Two letters swapped: one edit, as the manager's `theme_not_found` counts it.
        let swapped = try CLI.run(["show", "drak", "--themes", "Themes"], tool: "themekit")
        #expect(swapped.status == 2)
        #expect(
            swapped.stderr
                == "themekit: error: no theme named 'drak' in Themes; did you mean 'dark'?; available: dark, default, highcontrast, lowcontrast\n"
        )
        let missing = try CLI.run(["show", "default", "--themes", "Nowhere"], tool: "themekit")
        #expect(missing.status == 2)
        #expect(missing.stderr == "themekit: error: no such folder: Nowhere\n")
    }

    @Test("a theme that does not load: its diagnostics on stderr, exit 1")
    func brokenThemeIsExit1() throws {
        let result = try CLI.run(
            ["show", "duplicate-key", "--themes", "Tests/ThemeKitTests/Fixtures/bad"], tool: "themekit")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Tests/ThemeKitTests/Fixtures/bad/duplicate-key.plist:9:2: error: duplicate key 'primaryColor': it is first defined on line 5 [duplicate_key]
                \t<key>primaryColor</key>
                \t^~~~~~~~~~~~~~~~~~~~~~~
                Tests/ThemeKitTests/Fixtures/bad/duplicate-key.plist:5:2: note: 'primaryColor' is first defined here

                """)
    }
}

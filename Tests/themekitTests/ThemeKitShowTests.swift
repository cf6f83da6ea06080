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

    /// The styled fixture: `MyCustomButton` with states and a container, `MyDangerButton`
    /// inheriting it, a project's own state `pressed`.
    static let styles = "Tests/themekitTests/Fixtures/styles"

    @Test("show --style: each property as the style sees it, and the key that won, through INHERITED_STYLE")
    func showsStyleAsTable() throws {
        let result = try CLI.run(
            [
                "show", "brstyle", "--themes", Self.styles, "--style", "MyDangerButton", "--container",
                "UIPopoverController",
            ],
            tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "show-style-danger.txt")
        // The subclass's own key beats its parent's key in the container.
        #expect(result.stdout.contains("\ntintColor     MyDangerButton.tintColor "))
        #expect(result.stdout.contains("\nborderColor   MyCustomButton.borderColor "))
        // The global keys are properties too, supplied by themselves.
        #expect(result.stdout.contains("\ncornerRadius  cornerRadius "))
        #expect(!result.stdout.contains("INHERITED_STYLE"))
    }

    @Test("show --style --json: key is the property, value the resolved value, sourceKey the key that won")
    func showsStyleAsJSON() throws {
        let result = try CLI.run(
            [
                "show", "brstyle", "--themes", Self.styles, "--style", "MyCustomButton", "--state",
                "selected,highlighted",
                "--json",
            ], tool: "themekit")
        #expect(result.status == 0)
        try CLI.golden.expect(result.stdout, "show-style-custom.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let style = try #require(object["style"] as? [String: Any])
        #expect(style["states"] as? [String] == ["highlighted", "selected"])
        let rows = try #require(object["values"] as? [[String: Any]])
        let tint = try #require(rows.first { $0["key"] as? String == "tintColor" })
        #expect(tint["sourceKey"] as? String == "MyCustomButton:highlighted:selected.tintColor")
        #expect(tint["value"] as? String == "#FF9500")
        #expect(tint["aliasChain"] as? [String] == ["accentColor"])
        // A whole theme's rows have no sourceKey.
        let whole = try CLI.run(["show", "brstyle", "--themes", Self.styles, "--json"], tool: "themekit")
        #expect(!whole.stdout.contains("sourceKey"))
        #expect(!whole.stdout.contains("\"style\""))
    }

    @Test("show --style: a state of the theme's own keys is known; an unknown one is exit 2 with a suggestion")
    func unknownStateIsExit2() throws {
        let pressed = try CLI.run(
            ["show", "brstyle", "--themes", Self.styles, "--style", "MyCustomButton", "--state", "pressed"],
            tool: "themekit")
        #expect(pressed.status == 0)
        #expect(pressed.stdout.contains("\nborderColor   MyCustomButton:pressed.borderColor "))
        let misspelt = try CLI.run(
            ["show", "brstyle", "--themes", Self.styles, "--style", "MyCustomButton", "--state", "hilighted"],
            tool: "themekit")
        #expect(misspelt.status == 2)
        #expect(misspelt.stdout == "")
        #expect(
            misspelt.stderr
                == "themekit: error: unknown state 'hilighted'; did you mean 'highlighted'? (known: disabled, dangerous, "
                + "highlighted, selected, focused, hovered, pressed)\n")
        let noStyle = try CLI.run(["show", "brstyle", "--themes", Self.styles, "--state", "hovered"], tool: "themekit")
        #expect(noStyle.status == 2)
        #expect(noStyle.stderr.contains("--state and --container need --style"))
    }

    @Test(
        "show on a designer's DTCG folder: the chain's links as the designer wrote them, {color.fg.accent}; --json keeps the keys"
    )
    func showsDTCGChainAsReferences() throws {
        let folder = "Tests/ThemeToolsTests/Fixtures/DTCG/design-system"
        let result = try CLI.run(["show", "light", "--themes", folder], tool: "themekit")
        #expect(result.status == 0)
        let row = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("button.background ") })
        #expect(
            row.hasSuffix(
                "→ {color.fg.accent} → {color.palette.blue.500} (\(folder)/tokens/primitives.tokens.json:23); "
                    + "kind from button.background.$type"))
        let json = try CLI.run(["show", "light", "--themes", folder, "--json"], tool: "themekit")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["values"] as? [[String: Any]])
        let background = try #require(rows.first { $0["key"] as? String == "button.background" })
        #expect(background["aliasChain"] as? [String] == ["color.fg.accent", "color.palette.blue.500"])
    }
}

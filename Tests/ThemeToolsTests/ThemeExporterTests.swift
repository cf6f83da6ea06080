import Foundation
import Testing
import ThemeKit
import ThemeTools

@Suite struct ThemeExporterTests {
    @Test(
        "keys become kebab-case custom property names",
        arguments: [
            ("primaryColor", "--primary-color"), ("URLColor", "--url-color"), ("h1Color", "--h1-color"),
            ("headerFontSize", "--header-font-size"), ("already-kebab", "--already-kebab"),
            ("snake_case", "--snake_case"), ("caféColor", "--café-color"), ("2xSize", "--2x-size"),
        ])
    func kebabCaseNames(key: String, property: String) {
        #expect(ThemeExporter.cssName(key) == property)
    }

    @Test func charactersOutsideAnIdentifierAreEscaped() {
        #expect(ThemeExporter.cssName("a b") == #"--a\ b"#)
        #expect(ThemeExporter.cssName("x.y:z") == #"--x\.y\:z"#)
        #expect(ThemeExporter.cssName("line\nbreak") == #"--line\a break"#)
        #expect(ThemeExporter.cssName("<b>") == #"--\<b\>"#)
    }

    @Test func stringsAreQuotedAndEscaped() {
        #expect(ThemeExporter.cssString(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(ThemeExporter.cssString("a\nb") == #""a\a b""#)
        #expect(ThemeExporter.cssString("</style>") == #""\3c /style>""#)
    }

    @Test func shippedThemeExportsEveryValueWithItsUnit() throws {
        let theme = try ThemeLoader(directory: Paths.themes).load("lowcontrast")
        let css = try ThemeExporter.css(theme)
        #expect(css.contains("\n:root {\n"))
        #expect(css.contains("  --primary-color: #7fa7c9;\n"))
        #expect(css.contains("  --overlay-color: #00000066;\n"), "alpha is kept when not opaque")
        #expect(css.contains("  --header-font-family: \"Helvetica-Light\";\n  --header-font-size: 20px;\n"))
        #expect(css.contains("  --button-font-size: 20px;\n"), "an aliased font takes its size along")
        #expect(css.contains("  --spacing-size: 12.5px;\n"))
        #expect(css.contains("  --logo-image: \"appLogo\";\n"))
        #expect(css.contains("  --animations-enabled: true;\n"))
        let properties = css.split(separator: "\n").filter { $0.hasPrefix("  --") }
        #expect(
            properties.count == 33 + 4 - 3,
            "33 keys; four fonts as two properties each; three font sizes folded into them")
        #expect(properties == properties.sorted())
        #expect(css.components(separatedBy: "--header-font-size:").count == 2, "written once")
    }

    @Test func dataThemeSelectorNamesTheTheme() throws {
        let theme = Theme(name: "dark", values: ["inkColor": .color(ThemeColor(red: 1, green: 1, blue: 1))])
        let css = try ThemeExporter.css(theme, selector: .dataTheme)
        #expect(css.hasSuffix("[data-theme=\"dark\"] {\n  --ink-color: #ffffff;\n}\n"))
    }

    @Test func anOrphanFontSizeIsItsOwnProperty() throws {
        let theme = Theme(name: "t", values: ["titleFontSize": .size(18)])
        #expect(try ThemeExporter.css(theme).contains("  --title-font-size: 18px;\n"))
    }

    @Test func keysThatMeetAfterConversionAreAnErrorNotALoss() {
        let theme = Theme(
            name: "t",
            values: [
                "primaryColor": .color(ThemeColor(red: 1, green: 0, blue: 0)),
                "primary-color": .color(ThemeColor(red: 0, green: 0, blue: 1)),
                "titleFont": .font(ThemeFont(name: "Menlo", size: 12)), "titleFontFamily": .string("x"),
            ])
        #expect {
            try ThemeExporter.css(theme)
        } throws: { error in
            guard let error = error as? ThemeExporter.CSSNameError else { return false }
            return error.collisions.map(\.property) == ["--primary-color", "--title-font-family"]
                && error.collisions.map(\.keys) == [
                    ["primary-color", "primaryColor"], ["titleFont", "titleFontFamily"],
                ]
                && error.description.hasPrefix(
                    "keys 'primary-color' and 'primaryColor' would all be written as --primary-color")
        }
    }

    @Test func jsonIsOneObjectOfResolvedValues() throws {
        let theme = try ThemeLoader(directory: Paths.themes).load("lowcontrast")
        let json = ThemeExporter.json(theme)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object.count == theme.values.count)
        #expect(object["primaryColor"] as? String == "#7FA7C9")
        #expect((object["buttonFont"] as? [String: Any])?["name"] as? String == "Helvetica-Light")
        #expect((object["buttonFont"] as? [String: Any])?["size"] as? Int == 20)
        #expect(object["spacingSize"] as? Double == 12.5)
        #expect(object["animationsEnabled"] as? Bool == true)
        #expect(json.hasPrefix("{\n  \"accentColor\": \"#C98A88\",\n"), "keys sorted, two-space indent")
    }
}

import Foundation
import Testing
import ThemeKit
import ThemeOutput
import ThemeTools

/// `ThemeExporter` with a theme's light or dark partner (issue 28).
@Suite struct PartnerExportTests {
    static let black = ThemeColor(red: 0, green: 0, blue: 0)
    static let white = ThemeColor(red: 1, green: 1, blue: 1)

    /// A light theme naming `night`, and `night`: one color differs, one is the same, one
    /// only the light theme has, one only the partner has.
    static let day = Theme(
        name: "day",
        values: [
            "inkColor": .color(black), "canvasColor": .color(white), "logoImage": .string("sun"),
            "gapSize": .size(4),
        ], appearance: .light, darkThemeName: "night")
    static let night = Theme(
        name: "night",
        values: [
            "inkColor": .color(white), "canvasColor": .color(white), "glowColor": .color(white), "gapSize": .size(4),
        ],
        appearance: .dark, lightThemeName: "day")

    @Test func cssWritesThePartnersDifferingValuesUnderPrefersColorScheme() throws {
        let css = try ThemeExporter.css(Self.day, partner: Self.night)
        #expect(
            css == """
                /* day: exported by themekit; colors hex, sizes px. */
                :root {
                  color-scheme: light dark;
                  --canvas-color: #ffffff;
                  --gap-size: 4px;
                  --ink-color: #000000;
                  --logo-image: "sun";
                }

                /* night, the dark partner (DARK_THEME): the values that differ from day's. */
                @media (prefers-color-scheme: dark) {
                  :root {
                    --glow-color: #ffffff;
                    --ink-color: #ffffff;
                    --logo-image: initial;
                  }
                }

                """)
    }

    @Test func aDarkThemesPartnerIsWrittenForALightPreferenceUnderTheSameDataThemeSelector() throws {
        let css = try ThemeExporter.css(Self.night, partner: Self.day, selector: .dataTheme)
        #expect(css.contains("[data-theme=\"night\"] {\n  color-scheme: light dark;\n  --canvas-color: #ffffff;\n"))
        #expect(
            css.hasSuffix(
                """
                /* day, the light partner (LIGHT_THEME): the values that differ from night's. */
                @media (prefers-color-scheme: light) {
                  [data-theme="night"] {
                    --glow-color: initial;
                    --ink-color: #000000;
                    --logo-image: "sun";
                  }
                }

                """))
    }

    @Test func aNameMadeInCodeCannotEndTheCommentsThatNameIt() throws {
        let theme = Theme(name: "a*/b<", values: [:], appearance: .light, darkThemeName: "x")
        let partner = Theme(name: "c*/", values: [:], appearance: .dark)
        let css = try ThemeExporter.css(theme, partner: partner)
        #expect(css.hasPrefix("/* a\\2a /b\\3c : exported by themekit"))
        #expect(
            css.contains("/* c\\2a /, the dark partner (DARK_THEME): the values that differ from a\\2a /b\\3c 's. */"))
        #expect(css.components(separatedBy: "*/").count == 3, "two comments, each ended once")
    }

    @Test func withoutAPartnerTheOutputIsOneRuleAsBefore() throws {
        let css = try ThemeExporter.css(Self.day)
        #expect(!css.contains("color-scheme") && !css.contains("@media"))
        #expect(
            css.hasSuffix(
                ":root {\n  --canvas-color: #ffffff;\n  --gap-size: 4px;\n  --ink-color: #000000;\n  --logo-image: \"sun\";\n}\n"
            ))
        let json = try ThemeExporter.json(Self.day)
        #expect(!json.contains("APPEARANCE") && !json.contains("DARK_THEME"))
    }

    @Test func aPartnersUnwritableValuesAndCollisionsAreReportedWithTheThemesOnce() {
        let broken = Theme(
            name: "night",
            values: ["ratio": .number(.nan), "inkColor": .color(Self.white), "ink-color": .color(Self.black)],
            appearance: .dark)
        let theme = Theme(name: "day", values: ["ratio": .number(.nan)], appearance: .light, darkThemeName: "night")
        #expect {
            try ThemeExporter.css(theme, partner: broken)
        } throws: { error in
            guard let error = error as? ThemeExporter.ExportError else { return false }
            return error.unwritable.map(\.key) == ["ratio"] && error.collisions.map(\.property) == ["--ink-color"]
        }
        #expect {
            try ThemeExporter.json(theme, partner: broken)
        } throws: { error in
            (error as? ThemeExporter.ExportError)?.unwritable.map(\.key) == ["ratio"]
        }
    }

    /// The shape `json(_:partner:)` documents, read back.
    struct ReadPair: Decodable {
        struct Partner: Decodable {
            var name: String
            var appearance: String
            var overrides: [String: AnyValue]
            var unsetKeys: [String]
        }
        var appearance: String
        var darkTheme: Partner

        enum CodingKeys: String, CodingKey {
            case appearance = "APPEARANCE"
            case darkTheme = "DARK_THEME"
        }
    }

    /// Any JSON value, compared by its text.
    struct AnyValue: Decodable, Equatable {
        var text: String
        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let number = try? single.decode(Double.self) {
                text = number.sign == .minus ? "-\(abs(number))" : "\(number)"
            } else {
                text = (try? single.decode(String.self)) ?? "?"
            }
        }
        init(_ text: String) { self.text = text }
    }

    @Test func jsonCarriesTheAppearanceAndThePartnerUnderItsReservedKey() throws {
        let json = try ThemeExporter.json(Self.day, partner: Self.night)
        let read = try JSONDecoder().decode(ReadPair.self, from: Data(json.utf8))
        #expect(read.appearance == "light")
        #expect(read.darkTheme.name == "night" && read.darkTheme.appearance == "dark")
        #expect(read.darkTheme.overrides == ["inkColor": AnyValue("#FFFFFF"), "glowColor": AnyValue("#FFFFFF")])
        #expect(read.darkTheme.unsetKeys == ["logoImage"])
        let values = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(values["inkColor"] as? String == "#000000", "the theme's own values stay at the top")
        #expect(Set(values.keys) == Set(Self.day.values.keys).union(["APPEARANCE", "DARK_THEME"]))
    }

    @Test func aZeroOfTheOtherSignIsAnOverrideInJSON() throws {
        let theme = Theme(name: "a", values: ["offset": .number(0)], appearance: .light, darkThemeName: "b")
        let partner = Theme(name: "b", values: ["offset": .number(-0.0)], appearance: .dark)
        let read = try JSONDecoder().decode(
            ReadPair.self, from: Data(try ThemeExporter.json(theme, partner: partner).utf8))
        #expect(read.darkTheme.overrides == ["offset": AnyValue("-0.0")])
    }
}

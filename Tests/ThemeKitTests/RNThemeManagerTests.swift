import Testing

@testable import ThemeKit

/// Themes written for RNThemeManager: every value a `<string>`, hex without `#`, a font's
/// size under `<font key>Size`, bare key names as aliases, `INHERITED_THEME`.
@Suite("Coming from RNThemeManager")
struct RNThemeManagerTests {
    let loader = ThemeLoader(directory: Fixtures.url("rnthememanager").path)

    @Test("fonts pair with their …FontSize, written as strings")
    func fontPairs() throws {
        let theme = try loader.load("default")
        #expect(theme.font(forKey: "bodyFont") == ThemeFont(name: "Georgia", size: 16))
        #expect(theme.font(forKey: "titleFont") == ThemeFont(name: "Futura-Medium", size: 28))
        #expect(theme.number(forKey: "buttonFontSize") == 18)
    }

    @Test("hex colors without '#', and a key name as a value")
    func colorsAndAliases() throws {
        let theme = try loader.load("default")
        #expect(theme.color(forKey: "backgroundColor") == ThemeColor(hex: "#2D6A4F"))
        #expect(theme.color(forKey: "headerColor") == theme.color(forKey: "backgroundColor"))
        #expect(theme.color(forKey: "separatorColor")?.hexString == "#1B4332")
    }

    @Test("INHERITED_THEME: the child's keys override the parent's, the rest is inherited")
    func inheritance() throws {
        let theme = try loader.load("locontrast")
        #expect(theme.font(forKey: "titleFont") == ThemeFont(name: "Futura-Medium", size: 14))
        #expect(theme.color(forKey: "backgroundColor")?.hexString == "#95D5B2")
        #expect(theme.color(forKey: "headerColor")?.hexString == "#95D5B2")  // late-bound alias
        #expect(theme.font(forKey: "buttonFont") == ThemeFont(name: "Futura-Bold", size: 18))
        #expect(theme.string(forKey: "INHERITED_THEME") == nil)
    }
}

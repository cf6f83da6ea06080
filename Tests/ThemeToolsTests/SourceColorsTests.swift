import Foundation
import Testing
import ThemeKit
import ThemeTools

/// `SourceColors`: the color each color key of a DTCG theme was written as, for the
/// exporters (issue 38), over the design system of `Fixtures/DTCG/design-system/`.
@Suite struct SourceColorsTests {
    static let designSystem = Paths.fixtures.appendingPathComponent("DTCG/design-system").path

    @Test("a key written as a color object gives that object, its space and components as written")
    func literalColorIsTheObjectAsWritten() {
        let light = SourceColors.of(themeNamed: "light", in: Self.designSystem)
        #expect(
            light.color(forKey: "color.palette.gray.100")
                == TokenColor(space: .oklch, components: .number(0.9670), .number(0.0029), .number(264.54)))
        #expect(
            light.color(forKey: "color.palette.blue.500")
                == TokenColor(space: .displayP3, components: .number(0.2), .number(0.4), .number(0.9)))
        #expect(
            light.color(forKey: "color.palette.shadow")
                == TokenColor(space: .srgb, components: .number(0), .number(0), .number(0), alpha: 0.25))
    }

    @Test("an alias gives the color of the token its chain ends at, across files")
    func aliasGivesTheColorItsChainEndsAt() {
        let light = SourceColors.of(themeNamed: "light", in: Self.designSystem)
        let p3 = TokenColor(space: .displayP3, components: .number(0.2), .number(0.4), .number(0.9))
        // color.fg.accent → color.palette.blue.500; button.background → color.fg.accent → …
        #expect(light.color(forKey: "color.fg.accent") == p3)
        #expect(light.color(forKey: "button.background") == p3)
        #expect(
            light.color(forKey: "color.bg.subtle")
                == TokenColor(space: .oklch, components: .number(0.9670), .number(0.0029), .number(264.54)))
    }

    @Test("the dark context's file wins over the light one's for the dark theme")
    func laterFileInMergeOrderWins() {
        let dark = SourceColors.of(themeNamed: "dark", in: Self.designSystem)
        let oklch = TokenColor(space: .oklch, components: .number(0.75), .number(0.1), .number(250))
        #expect(dark.color(forKey: "color.fg.accent") == oklch)
        #expect(dark.color(forKey: "button.background") == oklch)
        // A hex string (a lenient read, no color object) has no source color: the exporter
        // writes the sRGB value.
        #expect(dark.color(forKey: "color.bg.subtle") == nil)
    }

    @Test("a key that is no color, a key the theme lacks, and a plist theme give no source color")
    func nonColorsAndPlistThemesGiveNone() {
        let light = SourceColors.of(themeNamed: "light", in: Self.designSystem)
        #expect(light.color(forKey: "radius.card") == nil)
        #expect(light.color(forKey: "no.such.key") == nil)
        #expect(SourceColors.of(themeNamed: "nosuchtheme", in: Self.designSystem).isEmpty)
        #expect(SourceColors.of(themeNamed: "default", in: Paths.themes).isEmpty)
    }
}

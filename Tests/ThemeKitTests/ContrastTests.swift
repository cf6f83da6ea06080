import Testing
import ThemeKit

@Suite struct ContrastTests {
    private func color(_ hex: String) throws -> ThemeColor { try #require(ThemeColor(hex: hex)) }

    @Test func blackOnWhiteIsTwentyOne() throws {
        #expect(abs(try color("#000").contrastRatio(against: color("#fff")) - 21) < 1e-9)
        #expect(abs(try color("#fff").contrastRatio(against: color("#000")) - 21) < 1e-9)
    }

    @Test func aColorAgainstItselfIsOne() throws {
        #expect(abs(try color("#35a2fb").contrastRatio(against: color("#35a2fb")) - 1) < 1e-9)
    }

    // Reference values from the WCAG definition, worked by hand: #777 on white is the
    // classic "just fails AA" grey (4.48), #595959 on white passes AAA-large (7.0).
    @Test(arguments: [("#777777", "#ffffff", 4.48), ("#595959", "#ffffff", 7.0), ("#0000ff", "#ffffff", 8.59)])
    func knownPairs(foreground: String, background: String, expected: Double) throws {
        let ratio = try color(foreground).contrastRatio(against: color(background))
        #expect(abs(ratio - expected) < 0.01, "\(foreground) on \(background): \(ratio)")
    }

    // Shared by themelint's min_contrast and the preview page.
    @Test("ratios are truncated to two decimals: a failing 4.499 reads 4.49, not 4.50")
    func ratiosAreTruncated() {
        #expect(ThemeColor.contrastRatioText(4.4999) == "4.49")
        #expect(ThemeColor.contrastRatioText(4.478) == "4.47")
        #expect(ThemeColor.contrastRatioText(2.999_999) == "2.99")
        #expect(ThemeColor.contrastRatioText(1) == "1.00")
        #expect(ThemeColor.contrastRatioText(21) == "21.00")
        #expect(
            ThemeColor.contrastRatioText(1.05) == "1.05" || ThemeColor.contrastRatioText(1.05) == "1.04")
        #expect(ThemeColor.contrastRatioText(3.1) == "3.10")
        #expect(ThemeValue.text(of: 7) == "7")
        #expect(ThemeValue.text(of: 4.5) == "4.5")
    }

    @Test func translucentTextIsPaintedOverTheBackgroundFirst() throws {
        // Black at 50% on white shows as mid grey: far less contrast than solid black.
        let half = try color("#00000080")
        let ratio = half.contrastRatio(against: try color("#fff"))
        let grey = half.composited(over: try color("#fff"))
        #expect(abs(grey.red - 0.498) < 0.01 && grey.alpha == 1)
        #expect(abs(ratio - grey.contrastRatio(against: try color("#fff"))) < 1e-9)
        #expect(ratio < 5 && ratio > 3)
    }
}

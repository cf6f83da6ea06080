import Testing

@testable import ThemeKit

/// DTCG color values: what the reader is told about a color object's members, what is kept of
/// the source, and conversions whose answer is known without an oracle.
@Suite("Token colors")
struct TokenColorTests {
    @Test("each of the 14 spaces is known by its DTCG name")
    func knowsTheFourteenSpaces() {
        #expect(
            TokenColorSpace.allCases.map(\.rawValue) == [
                "srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3", "a98-rgb",
                "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50",
            ])
    }

    @Test("a space is found by its name's bytes exactly as by its raw value, and a near name is none")
    func namedFindsAsRawValueDoes() {
        for space in TokenColorSpace.allCases {
            #expect(TokenColorSpace.named(space.rawValue) == space)
        }
        for name in ["", "srgb ", "SRGB", "srgb-linea", "xyz-d6", "xyz-d655", "display-p\u{33}", "oklch\u{301}", "é"] {
            #expect(TokenColorSpace.named(name) == TokenColorSpace(rawValue: name))
        }
        #expect(TokenColorSpace.named("xyz-d65") == .xyzD65)
        #expect(TokenColorSpace.named("xyz") == nil)
    }

    @Test("component ranges are the Color module's, per space")
    func componentRangesPerSpace() {
        let ranges = { (space: TokenColorSpace) in (0..<3).map { space.range(ofComponent: $0) } }
        #expect(ranges(.srgb) == [.unit, .unit, .unit])
        #expect(ranges(.xyzD50) == [.unit, .unit, .unit])
        #expect(ranges(.hsl) == [.hue, .percentage, .percentage])
        #expect(ranges(.hwb) == [.hue, .percentage, .percentage])
        #expect(ranges(.lab) == [.percentage, .unbounded, .unbounded])
        #expect(ranges(.lch) == [.percentage, .chroma, .hue])
        #expect(ranges(.oklab) == [.unit, .unbounded, .unbounded])
        #expect(ranges(.oklch) == [.unit, .chroma, .hue])
        let names = { (space: TokenColorSpace) in (0..<3).map { space.name(ofComponent: $0) } }
        #expect(names(.hwb) == ["hue", "whiteness", "blackness"])
        #expect(names(.oklch) == ["lightness", "chroma", "hue"])
        #expect(names(.xyzD65) == ["X", "Y", "Z"])
        #expect(TokenColorComponentRange.hue.contains(359.99))
        #expect(!TokenColorComponentRange.hue.contains(360))
        #expect(!TokenColorComponentRange.chroma.contains(-0.1))
        #expect(!TokenColorComponentRange.unbounded.contains(.infinity))
        #expect(!TokenColorComponentRange.unit.contains(.nan))
    }

    @Test("a valid color object reads with no error and keeps every member as written")
    func keepsTheSourceAsWritten() throws {
        let read = TokenColor.validated(
            space: "oklch", components: [.number(0.7016), .missing, .number(328.363)], alpha: nil, hex: "#FF00ff")
        #expect(read.errors.isEmpty)
        let color = try #require(read.color)
        #expect(color.space == .oklch)
        #expect(color.components == [.number(0.7016), .missing, .number(328.363)])
        #expect(color.alpha == nil)
        #expect(color.hex == "#FF00ff")
    }

    @Test("an unknown space is an error at colorSpace, and no color")
    func unknownSpaceIsReported() {
        let read = TokenColor.validated(
            space: "cmyk", components: [.number(0), .number(0), .number(0)], alpha: nil, hex: nil)
        #expect(read.color == nil)
        #expect(read.errors == [.unknownColorSpace("cmyk")])
        #expect(read.errors.map(\.member) == [.colorSpace])
    }

    @Test("two or four components are an error at components, and no color")
    func componentCountIsReported() {
        let two = TokenColor.validated(space: "srgb", components: [.number(0), .number(1)], alpha: nil, hex: nil)
        #expect(two.color == nil)
        #expect(two.errors == [.componentCount(2)])
        #expect(two.errors.map(\.member) == [.components])
        let four = TokenColor.validated(
            space: "srgb", components: Array(repeating: .number(0), count: 4), alpha: nil, hex: nil)
        #expect(four.errors == [.componentCount(4)])
    }

    @Test("each component outside its space's range is an error at that component; the color is kept")
    func outOfRangeComponentsAreReportedAndKept() throws {
        let read = TokenColor.validated(
            space: "hsl", components: [.number(360), .number(-1), .number(50)], alpha: 1.5, hex: nil)
        #expect(
            read.errors == [
                .componentOutOfRange(space: .hsl, index: 0, value: 360),
                .componentOutOfRange(space: .hsl, index: 1, value: -1),
                .alphaOutOfRange(1.5),
            ])
        #expect(read.errors.map(\.member) == [.component(0), .component(1), .alpha])
        let color = try #require(read.color)
        #expect(color.first == .number(360))
        #expect(color.alpha == 1.5)
    }

    @Test("a component that is neither a number nor none is an error at it, read as none")
    func nonNumberComponentIsReported() throws {
        let read = TokenColor.validated(
            space: "srgb", components: [.number(1), nil, .number(0)], alpha: nil, hex: nil)
        #expect(read.errors == [.componentNotNumber(index: 1)])
        #expect(read.errors.map(\.member) == [.component(1)])
        #expect(try #require(read.color).second == .missing)
        #expect(TokenColorComponent(keyword: "none") == TokenColorComponent.missing)
        #expect(TokenColorComponent(keyword: "None") == nil)
    }

    @Test(
        "hex must be # and 6 hex digits, either case",
        arguments: [
            ("#ff00ff", true), ("#FF00Ff", true), ("#09afAF", true), ("ff00ff", false), ("#f0f", false),
            ("#ff00ff80", false), ("#gg00ff", false), ("#ff00f:", false), ("", false), ("#ff00ffé", false),
        ])
    func hexIsSixDigits(_ text: String, _ valid: Bool) {
        #expect(TokenColor.isSixDigitHex(text) == valid)
        let read = TokenColor.validated(
            space: "srgb", components: [.number(1), .number(0), .number(1)], alpha: nil, hex: text)
        #expect(read.errors == (valid ? [] : [.hexNotSixDigits(text)]))
        #expect(read.errors.map(\.member) == (valid ? [] : [.hex]))
    }

    @Test("messages name the problem and escape what the file wrote")
    func messagesAreEscaped() {
        #expect(
            TokenColorError.hexNotSixDigits("#ff\n00ff").message == "hex '#ff\\n00ff' is not a 6-digit #rrggbb")
        #expect(
            TokenColorError.unknownColorSpace("rgb\u{1B}[2J").message.hasPrefix("unknown color space 'rgb\\u{1b}[2J'"))
        #expect(
            TokenColorError.componentOutOfRange(space: .oklch, index: 2, value: 360).message
                == "oklch's hue (component 3) is 360; expected an angle from 0 up to (not including) 360")
        #expect(
            TokenColorError.componentOutOfRange(space: .xyzD50, index: 1, value: 1.2).message
                == "xyz-d50's Y (component 2) is 1.2; expected a number from 0 to 1")
        #expect(TokenColorError.componentCount(2).message == "a color has 3 components, not 2")
        #expect(TokenColorError.alphaOutOfRange(1.5).message == "alpha is 1.5; expected a number from 0 to 1")
    }

    @Test("none is 0 for conversion: a gray with hue none, a missing channel")
    func noneIsZero() {
        let gray = TokenColor(space: .hsl, components: .missing, .number(0), .number(100)).converted()
        #expect(gray == TokenColorConversion(color: ThemeColor(red: 1, green: 1, blue: 1), wasOutOfGamut: false))
        let noGreen = TokenColor(space: .srgb, components: .number(1), .missing, .number(1)).converted()
        #expect(noGreen.color == ThemeColor(red: 1, green: 0, blue: 1))
    }

    @Test("a hue outside 0 up to 360, an error for the reader, converts as the same turn")
    func hueWrapsAround() {
        let expected = TokenColor(space: .hsl, components: .number(300), .number(100), .number(50)).converted()
        #expect(expected.color == ThemeColor(red: 1, green: 0, blue: 1))
        for hue in [-60.0, 660, 1020] {
            let wrapped = TokenColor(space: .hsl, components: .number(hue), .number(100), .number(50)).converted()
            #expect(wrapped == expected, "\(hue)")
            let hwb = TokenColor(space: .hwb, components: .number(hue), .number(0), .number(0)).converted()
            #expect(hwb == expected, "\(hue)")
        }
    }

    @Test("alpha passes through; an absent alpha is opaque")
    func alphaPassesThrough() {
        let half = TokenColor(space: .srgb, components: .number(0), .number(0), .number(0), alpha: 0.5).converted()
        #expect(half.color.alpha == 0.5)
        let opaque = TokenColor(space: .oklab, components: .number(0.5), .number(0), .number(0)).converted()
        #expect(opaque.color.alpha == 1)
    }

    @Test("a color a few digits off sRGB's edge is not out of gamut; one far outside is")
    func gamutToleranceIsHalfAnEightBitStep() {
        // Half an 8-bit step (1/510) either side of 0…1 is still inside.
        let slightly = TokenColor(space: .srgb, components: .number(1.0015), .number(-0.0015), .number(1)).converted()
        #expect(!slightly.wasOutOfGamut)
        #expect(slightly.color == ThemeColor(red: 1, green: 0, blue: 1))
        let outside = TokenColor(space: .srgb, components: .number(1.003), .number(0), .number(1)).converted()
        #expect(outside.wasOutOfGamut)
        let p3 = TokenColor(space: .displayP3, components: .number(0), .number(1), .number(0)).converted()
        #expect(p3.wasOutOfGamut)
    }

    @Test("past OKLab's lightness range a color maps to white or black")
    func lightnessBeyondTheRangeIsWhiteOrBlack() {
        let white = TokenColor(space: .oklch, components: .number(1), .number(0.3), .number(90)).converted()
        #expect(white == TokenColorConversion(color: ThemeColor(red: 1, green: 1, blue: 1), wasOutOfGamut: true))
        let black = TokenColor(space: .oklch, components: .number(0), .number(0.3), .number(90)).converted()
        #expect(black == TokenColorConversion(color: ThemeColor(red: 0, green: 0, blue: 0), wasOutOfGamut: true))
    }

    @Test("non-finite and absurd components give a color in 0…1, never a trap or an endless search")
    func hostileComponentsStayInRange() {
        let hostile: [Double] = [.infinity, -.infinity, .nan, 1e308, -1e308, .leastNonzeroMagnitude]
        for space in TokenColorSpace.allCases {
            for value in hostile {
                let result = TokenColor(
                    space: space, components: .number(0.5), .number(value), .number(value), alpha: value
                ).converted()
                for channel in [result.color.red, result.color.green, result.color.blue, result.color.alpha] {
                    #expect((0...1).contains(channel), "\(space) \(value)")
                }
            }
        }
    }
}

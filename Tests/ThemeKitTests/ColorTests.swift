import Testing

@testable import ThemeKit

@Suite("Colors")
struct ColorTests {
    struct Case: Sendable {
        var text: String
        var alphaLast: [Double]
        var alphaFirst: [Double]
    }

    static let cases: [Case] = [
        .init(text: "fa0", alphaLast: [1, 0xAA / 255.0, 0, 1], alphaFirst: [1, 0xAA / 255.0, 0, 1]),
        .init(
            text: "#F80c", alphaLast: [1, 0x88 / 255.0, 0, 0xCC / 255.0],
            alphaFirst: [0x88 / 255.0, 0, 0xCC / 255.0, 1]),
        .init(
            text: "35a2fb", alphaLast: [0x35 / 255.0, 0xA2 / 255.0, 0xFB / 255.0, 1],
            alphaFirst: [0x35 / 255.0, 0xA2 / 255.0, 0xFB / 255.0, 1]),
        .init(
            text: "#F93D38CC", alphaLast: [0xF9 / 255.0, 0x3D / 255.0, 0x38 / 255.0, 0xCC / 255.0],
            alphaFirst: [0x3D / 255.0, 0x38 / 255.0, 0xCC / 255.0, 0xF9 / 255.0]),
    ]

    @Test("3, 4, 6 and 8 digits, in both alpha orders", arguments: cases)
    func parsesEveryLength(_ sample: Case) throws {
        let last = try #require(ThemeColor(hex: sample.text))
        #expect([last.red, last.green, last.blue, last.alpha] == sample.alphaLast)
        let first = try #require(ThemeColor(hex: sample.text, alphaOrder: .alphaFirst))
        #expect([first.red, first.green, first.blue, first.alpha] == sample.alphaFirst)
    }

    @Test("every digit of a short form is d / 15, every byte of a long form v / 255, in either case")
    func everyDigitAndByte() throws {
        let digits = Array("0123456789abcdef")
        for (value, digit) in digits.enumerated() {
            for text in [String(repeating: digit, count: 3), String(repeating: digit, count: 3).uppercased()] {
                let color = try #require(ThemeColor(hex: text))
                #expect(
                    [color.red, color.green, color.blue, color.alpha] == [
                        Double(value) / 15, Double(value) / 15, Double(value) / 15, 1,
                    ])
            }
        }
        for value in 0...255 {
            let byte = String(digits[value >> 4]) + String(digits[value & 15])
            let color = try #require(ThemeColor(hex: "#00" + byte.uppercased() + "ff" + byte, alphaOrder: .alphaFirst))
            #expect(
                [color.red, color.green, color.blue, color.alpha] == [Double(value) / 255, 1, Double(value) / 255, 0])
        }
    }

    @Test("a digit is 0-9, a-f or A-F: every other byte in a color is refused")
    func everyOtherByteRefused() {
        for byte in UInt8(0)...UInt8(127) where !Array("0123456789abcdefABCDEF".utf8).contains(byte) {
            let text = "12" + String(UnicodeScalar(byte)) + "456"
            #expect(ThemeColor(hex: text) == nil, "byte \(byte)")
        }
        var bytes = Array("12345".utf8) + [0xC3, 0xA9]  // "12345é": six bytes, not six digits
        #expect(bytes.withUnsafeMutableBufferPointer { ThemeColor(hex: UnsafeBufferPointer($0)) } == nil)
    }

    @Test(
        "invalid colors are refused",
        arguments: ["", "#", "12", "12345", "1234567", "123456789", "ggg", "#12 34", "# 123", "0x123", "12.3"])
    func refusesInvalid(_ text: String) {
        #expect(ThemeColor(hex: text) == nil)
        #expect(ThemeColor(hex: text, alphaOrder: .alphaFirst) == nil)
    }

    @Test("hexString round-trips, CSS order, alpha only when not opaque")
    func hexString() {
        #expect(ThemeColor(hex: "35a2fb")?.hexString == "#35A2FB")
        #expect(ThemeColor(hex: "#F93D38CC")?.hexString == "#F93D38CC")
        #expect(ThemeColor(hex: "CCF93D38", alphaOrder: .alphaFirst)?.hexString == "#F93D38CC")
    }

    @Test("hexString rounds each component to the nearest byte, and clamps it to 0…1")
    func hexStringRoundsToNearest() {
        // × 255: 127.5, 254.745, 0.51 and 76.5, which truncation would write 7F, FE, 00 and 4C.
        #expect(ThemeColor(red: 0.5, green: 0.999, blue: 0.002, alpha: 0.3).hexString == "#80FF014D")
        // 0.4 × 255 = 102 (66) and 0.001 × 255 = 0.255: rounding goes down too.
        #expect(ThemeColor(red: 0.4, green: 0.001, blue: 1).hexString == "#6600FF")
        #expect(ThemeColor(red: 1.5, green: -0.2, blue: 0.5, alpha: 2).hexString == "#FF0080")
    }

    @Test("an invalid color in a theme is invalid_color at the value, in both orders")
    func invalidColorInTheme() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["badColor": "#12345"])
        for order in [ThemeColor.AlphaOrder.alphaLast, .alphaFirst] {
            let loader = ThemeLoader(directory: folder.path, options: .init(alphaOrder: order))
            let analysis = loader.analyze("default")
            #expect(analysis.diagnostics.map(\.code) == [.invalidColor])
            #expect(analysis.diagnostics.first?.location.column == 2 + "<key>badColor</key>".count)
        }
    }

    @Test("the alpha-first option applies when loading a theme")
    func alphaFirstLoading() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["overlayColor": "80FF0000"])
        let css = try ThemeLoader(directory: folder.path).load("default").color(forKey: "overlayColor")
        let rn = try ThemeLoader(directory: folder.path, options: .init(alphaOrder: .alphaFirst)).load("default")
            .color(forKey: "overlayColor")
        #expect(css == ThemeColor(red: 0x80 / 255.0, green: 1, blue: 0, alpha: 0))
        #expect(rn == ThemeColor(red: 1, green: 0, blue: 0, alpha: 0x80 / 255.0))
    }
}

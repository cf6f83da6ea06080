import Testing

@testable import ThemeKit

/// `ThemeColor` is public and its components are plain `Double`s: an app (or an importer)
/// can hand it NaN, infinities or any magnitude. Nothing it offers may trap on them, and its
/// hex text is always a hex color.
@Suite("Colors with odd components")
struct ColorOddValueTests {
    static let odd: [Double] = [
        .nan, -.nan, .signalingNaN, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -0.0, 0, 0.5, 1, 1.0000001, 255, 1e300, -1e300,
    ]

    /// Whether `text` is `#RRGGBB` or `#RRGGBBAA` in upper-case hex.
    static func isHexColor(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.first == "#" && (digits.count == 6 || digits.count == 8)
            && digits.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
    }

    @Test("every property and method of a color of odd components answers, and its hex text is a hex color")
    func oddComponentsNeverTrap() {
        var checked = 0
        for red in Self.odd {
            for alpha in Self.odd {
                for other in [0.25, Double.nan, Double.infinity] {
                    let color = ThemeColor(red: red, green: other, blue: -other, alpha: alpha)
                    #expect(Self.isHexColor(color.hexString), "\(red), \(other), \(alpha): \(color.hexString)")
                    #expect(color.description == color.hexString)
                    _ = color.relativeLuminance
                    let white = ThemeColor(red: 1, green: 1, blue: 1)
                    _ = color.composited(over: white)
                    _ = white.composited(over: color)
                    _ = ThemeColor.contrastRatioText(color.contrastRatio(against: white))
                    _ = ThemeColor.contrastRatioText(white.contrastRatio(against: color))
                    _ = color.hashValue
                    checked += 1
                }
            }
        }
        #expect(checked == Self.odd.count * Self.odd.count * 3)
    }

    @Test(
        "a NaN component reads as 0 in the hex text, an infinity as the end it points to",
        arguments: [
            (ThemeColor(red: .nan, green: 1, blue: 1), "#00FFFF"),
            (ThemeColor(red: .infinity, green: -.infinity, blue: 0.5), "#FF0080"),
            (ThemeColor(red: 0, green: 0, blue: 0, alpha: .nan), "#00000000"),
            (ThemeColor(red: 0, green: 0, blue: 0, alpha: .infinity), "#000000"),
            (ThemeColor(red: 1e300, green: -1e300, blue: 0, alpha: -.infinity), "#FF000000"),
        ])
    func oddComponentsHexText(color: ThemeColor, hex: String) {
        #expect(color.hexString == hex)
    }
}

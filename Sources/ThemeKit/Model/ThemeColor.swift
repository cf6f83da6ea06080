/// A color from a theme: red, green, blue and alpha, each in 0…1.
public struct ThemeColor: Sendable, Hashable, CustomStringConvertible {
    /// Where a 4- or 8-digit hex color keeps its alpha.
    public enum AlphaOrder: Sendable, Hashable {
        /// `RGBA` and `RRGGBBAA`, as CSS writes them (the default).
        case alphaLast
        /// `ARGB` and `AARRGGBB`, as RNThemeManager reads them.
        case alphaFirst
    }

    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Alpha (opacity), 0…1.
    public var alpha: Double

    /// Creates a color from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads a hex color: `#` optional, then 3 (`RGB`), 4, 6 (`RRGGBB`) or 8 hex digits,
    /// in either case. `nil` for anything else.
    public init?(hex text: String, alphaOrder: AlphaOrder = .alphaLast) {
        var text = text
        guard let color = text.withUTF8({ Self(hex: $0, alphaOrder: alphaOrder) }) else { return nil }
        self = color
    }

    /// Reads a hex color from its UTF-8 bytes, as `init(hex:alphaOrder:)` does: the loader
    /// reads every color of a theme this way, straight from the file's text.
    package init?(hex text: UnsafeBufferPointer<UInt8>, alphaOrder: AlphaOrder = .alphaLast) {
        // Read the digits into one integer: no allocation on this path.
        var value: UInt32 = 0
        var count = 0
        var first = true
        for byte in text {
            defer { first = false }
            if first, byte == UInt8(ascii: "#") { continue }
            guard count < 8, let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
            count += 1
        }
        let channelCount: Int
        switch count {
        case 3, 6: channelCount = 3
        case 4, 8: channelCount = 4
        default: return nil
        }
        let bits = count / channelCount * 4  // 4 bits a channel for short forms, 8 for long
        let maximum = Double((1 << bits) - 1)
        func channel(_ index: Int) -> Double {
            let shift = (channelCount - 1 - index) * bits
            return Double((value >> UInt32(shift)) & UInt32((1 << bits) - 1)) / maximum
        }
        if channelCount == 3 {
            self.init(red: channel(0), green: channel(1), blue: channel(2), alpha: 1)
        } else if alphaOrder == .alphaFirst {
            self.init(red: channel(1), green: channel(2), blue: channel(3), alpha: channel(0))
        } else {
            self.init(red: channel(0), green: channel(1), blue: channel(2), alpha: channel(3))
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (CSS order), upper case.
    public var hexString: String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            let text = String(value, radix: 16, uppercase: true)
            return value < 16 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    public var description: String { hexString }
}

/// A font from a theme: a name and the size from its `…FontSize` key.
public struct ThemeFont: Sendable, Hashable, CustomStringConvertible {
    /// The font's name, as written in the theme (for example `ArialRoundedMTBold`).
    public var name: String
    /// The point size, always greater than zero.
    public var size: Double

    /// Creates a font.
    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }

    public var description: String {
        "\(name) \(ThemeValue.text(of: size))"
    }
}

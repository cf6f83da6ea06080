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
        let digits = text.first == UInt8(ascii: "#") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
        let count = digits.count
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        if count <= 4 {
            // A short form's digit d is the byte 0xdd, and d / 15 is (d * 17) / 255 exactly:
            // both divisions round the same real number.
            value = Self.widened(value, digits: count)
        }
        // RRGGBB as RRGGBBFF, so that every form is four channels of eight bits.
        if count == 3 || count == 6 { value = value << 8 | 0xFF }
        let first = Double(value >> 24) / 255
        let second = Double(value >> 16 & 0xFF) / 255
        let third = Double(value >> 8 & 0xFF) / 255
        let fourth = Double(value & 0xFF) / 255
        if alphaOrder == .alphaFirst && count != 3 && count != 6 {
            self.init(red: second, green: third, blue: fourth, alpha: first)
        } else {
            self.init(red: first, green: second, blue: third, alpha: fourth)
        }
    }

    /// Each of `digits` hex digits of `value` doubled into a byte (`0xABC` → `0xAABBCC`).
    private static func widened(_ value: UInt32, digits: Int) -> UInt32 {
        var wide: UInt32 = 0
        for index in (0..<digits).reversed() {
            wide = wide << 8 | (value >> UInt32(index * 4) & 0xF) &* 0x11
        }
        return wide
    }

    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        if byte &- UInt8(ascii: "0") < 10 { return byte &- UInt8(ascii: "0") }
        let lower = byte | 0x20
        if lower &- UInt8(ascii: "a") < 6 { return lower &- UInt8(ascii: "a") &+ 10 }
        return nil
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (CSS order), upper case.
    ///
    /// Any component gives a hex color, never a trap: each is clamped to 0…1 (an infinity
    /// to the end it points to), and NaN, which has no place in 0…1, is written as 0 (a NaN
    /// alpha thus as transparent, `00`).
    public var hexString: String {
        // Written into the string's own bytes (at most 9: a small string, no allocation):
        // the tokens reader makes one for every color it reads.
        let withAlpha = Self.unit(alpha) < 1
        return String(unsafeUninitializedCapacity: withAlpha ? 9 : 7) { bytes in
            let digits: StaticString = "0123456789ABCDEF"
            bytes[0] = UInt8(ascii: "#")
            var count = 1
            func put(_ component: Double) {
                let value = Int((Self.unit(component) * 255).rounded())
                bytes[count] = digits.utf8Start[value >> 4]
                bytes[count + 1] = digits.utf8Start[value & 0xF]
                count += 2
            }
            put(red)
            put(green)
            put(blue)
            if withAlpha { put(alpha) }
            return count
        }
    }

    /// `component` clamped to 0…1, NaN as 0.
    static func unit(_ component: Double) -> Double {
        component.isNaN ? 0 : min(max(component, 0), 1)
    }

    public var description: String { hexString }
}

/// A resolved, parsed theme value. Its case follows the key's suffix: `…Color` keys hold
/// colors, `…Font` keys fonts, `…Size` and `…FontSize` keys sizes, `…Image` keys image
/// names; any other key holds the string, number or bool it was written as.
public enum ThemeValue: Sendable, Hashable, CustomStringConvertible {
    /// A `…Color` key.
    case color(ThemeColor)
    /// A `…Font` key, with the size found for it.
    case font(ThemeFont)
    /// A `…Size` or `…FontSize` key: a number greater than zero.
    case size(Double)
    /// An `…Image` key: the image's name.
    case image(String)
    /// An untyped key written as `<string>`.
    case string(String)
    /// An untyped key written as `<integer>` or `<real>`.
    case number(Double)
    /// An untyped key written as `<true/>` or `<false/>`.
    case bool(Bool)

    public var description: String {
        switch self {
        case .color(let color): color.hexString
        case .font(let font): font.description
        case .size(let size), .number(let size): Self.text(of: size)
        case .image(let name): name
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

extension ThemeValue {
    /// A number as a theme would write it: `12` when it is whole, `12.5` otherwise (Swift's
    /// shortest form that reads back the same).
    public static func text(of number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// What a key's suffix says its value must be, RNThemeManager's convention.
public enum KeyKind: Sendable, Hashable {
    case color, font, size, image, untyped

    /// The kind a key's name implies. `…FontSize` ends in `Size`, so it is a size.
    public init(key: String) {
        var key = key
        self = key.withUTF8 { bytes -> KeyKind in
            func endsWith(_ suffix: StaticString) -> Bool {
                let count = suffix.utf8CodeUnitCount
                guard bytes.count >= count else { return false }
                let start = bytes.count - count
                for index in 0..<count where bytes[start + index] != suffix.utf8Start[index] { return false }
                return true
            }
            if endsWith("Color") { return .color }
            if endsWith("Size") { return .size }
            if endsWith("Font") { return .font }
            if endsWith("Image") { return .image }
            return .untyped
        }
    }
}

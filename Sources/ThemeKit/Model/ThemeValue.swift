/// A resolved, parsed theme value. Its case follows the key's suffix: `…Color` keys hold
/// colors, `…Font` keys fonts, `…Size` and `…FontSize` keys sizes, `…Image` keys image
/// names; lengths (`…Width`, `…Radius`, …), opacities (`…Alpha`, `…Opacity`) and durations
/// (`…Duration`, `…Delay`, in seconds) hold checked numbers; any other key holds the
/// string, number or bool it was written as.
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
    /// A length, an opacity or a duration (in seconds), checked against its kind's range;
    /// or an untyped key written as `<integer>` or `<real>`.
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
    package static func text(of number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension ThemeValue {
    /// The number the value holds: a size, a length, an opacity, a duration in seconds, an
    /// untyped number, or an untyped string that is a finite number (RNThemeManager's
    /// `<string>5</string>`, read as `5`); `nil` for anything else.
    package var numberValue: Double? {
        switch self {
        case .size(let number), .number(let number): number
        case .string(let text): Self.number(in: text)
        case .color, .font, .image, .bool: nil
        }
    }

    /// `text` as a finite number, with XML white space around it allowed: `" 17.5 "` is
    /// 17.5; `"17px"`, `"nan"` and `"inf"` are not numbers.
    package static func number(in text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let number = plainDecimal(text) { return number }
        return number(in: String(decoding: text, as: UTF8.self))
    }

    /// `text` read as `Double(String)` would read it, when it is in the common form
    /// `-?digits(.digits)?` with at most 15 digits, XML white space around it allowed; nil
    /// for any other form (which the caller hands to `Double(String)`). The digits are then
    /// an exact integer and the power of ten an exact double, so one division rounds as
    /// `Double(String)` does.
    package static func plainDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var end = text.count
        while index < end, isSpace(text[index]) { index += 1 }
        while end > index, isSpace(text[end - 1]) { end -= 1 }
        guard index < end else { return nil }
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimals = 0
        var sawPoint = false
        guard index < end else { return nil }
        while index < end {
            let byte = text[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if sawPoint { decimals += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint, digits > 0 {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits <= 15, !sawPoint || decimals > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[decimals]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    package static func number(in text: String) -> Double? {
        let bytes = text.utf8
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        let number =
            first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex
            ? Double(text) : Double(String(text[first...last]))
        guard let number, number.isFinite else { return nil }
        return number
    }
}

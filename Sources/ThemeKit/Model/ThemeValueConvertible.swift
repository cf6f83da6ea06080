/// A type a `ThemeKey` can hand back: it knows which `ThemeValue` cases hold one.
///
/// ThemeKit provides `ThemeColor` (`…Color` keys), `ThemeFont` (`…Font`), `Double` (`…Size`
/// keys and untyped numbers), `String` (`…Image` keys and untyped strings), `Bool` (untyped
/// flags) and `ThemeValue` itself (any value, for keys whose kind differs between themes).
public protocol ThemeValueConvertible: Sendable {
    /// The value `themeValue` holds, if it holds one of this type; otherwise `nil`.
    init?(themeValue: ThemeValue)
}

extension ThemeColor: ThemeValueConvertible {
    /// The color of a `.color` value; `nil` for any other.
    public init?(themeValue: ThemeValue) {
        guard case .color(let color) = themeValue else { return nil }
        self = color
    }
}

extension ThemeFont: ThemeValueConvertible {
    /// The font of a `.font` value; `nil` for any other.
    public init?(themeValue: ThemeValue) {
        guard case .font(let font) = themeValue else { return nil }
        self = font
    }
}

extension Double: ThemeValueConvertible {
    /// The number of a `.size` or `.number` value, or of a `.string` that is a finite number
    /// (`"5"`); `nil` for any other.
    public init?(themeValue: ThemeValue) {
        guard let number = themeValue.numberValue else { return nil }
        self = number
    }
}

extension Duration: ThemeValueConvertible {
    /// A number of seconds (a `…Duration` or `…Delay` key's value) as a duration; `nil` for
    /// anything that is not a number from 0 up to (not including) 2^63 seconds.
    public init?(themeValue: ThemeValue) {
        guard let seconds = themeValue.numberValue, ValueKind.NumberRange.seconds.contains(seconds) else {
            return nil
        }
        self = .seconds(seconds)
    }
}

extension String: ThemeValueConvertible {
    /// The text of an `.image` (its name) or `.string` value; `nil` for any other.
    public init?(themeValue: ThemeValue) {
        switch themeValue {
        case .image(let text), .string(let text): self = text
        case .color, .font, .size, .number, .bool: return nil
        }
    }
}

extension Bool: ThemeValueConvertible {
    /// The flag of a `.bool` value; `nil` for any other.
    public init?(themeValue: ThemeValue) {
        guard case .bool(let flag) = themeValue else { return nil }
        self = flag
    }
}

extension ThemeValue: ThemeValueConvertible {
    /// Any value, as it is.
    public init?(themeValue: ThemeValue) {
        self = themeValue
    }
}

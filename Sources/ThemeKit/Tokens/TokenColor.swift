/// One component of a DTCG color as written: a number, or the keyword `none`.
package enum TokenColorComponent: Hashable, Sendable {
    case number(Double)
    /// The keyword `none`: a missing component (CSS Color 4 §4.4). Converting treats it as 0, as CSS says; a
    /// hue of `none` is thus powerless, which is what it means on a gray.
    case missing

    /// The keyword `none`, the one string a component may be; `nil` for any other text.
    package init?(keyword: String) {
        guard keyword == "none" else { return nil }
        self = .missing
    }

    /// The number conversion uses: the component, or 0 for `none`.
    package var value: Double {
        switch self {
        case .number(let number): number
        case .missing: 0
        }
    }
}

/// A DTCG 2025.10 color value exactly as a tokens file wrote it: its space, its three
/// components (`none` kept), its alpha (`nil` when the file has none) and its `hex` fallback
/// (as written, case kept; `nil` when absent). Nothing is normalised, so that an exporter
/// writes back what it read; `converted()` gives the sRGB `ThemeColor` a theme uses.
package struct TokenColor: Hashable, Sendable {
    /// The color's space (`colorSpace`).
    package var space: TokenColorSpace
    /// The first component (red, hue, lightness or X, by space).
    package var first: TokenColorComponent
    /// The second component.
    package var second: TokenColorComponent
    /// The third component.
    package var third: TokenColorComponent
    /// `alpha` as written, or `nil` when the file leaves it out (opaque).
    package var alpha: Double?
    /// `hex` as written, or `nil` when the file leaves it out.
    package var hex: String?

    /// A color from members already checked (`validated` checks them).
    package init(
        space: TokenColorSpace,
        components first: TokenColorComponent,
        _ second: TokenColorComponent,
        _ third: TokenColorComponent,
        alpha: Double? = nil,
        hex: String? = nil
    ) {
        self.space = space
        self.first = first
        self.second = second
        self.third = third
        self.alpha = alpha
        self.hex = hex
    }

    /// The three components in order, as the file lists them.
    package var components: [TokenColorComponent] { [first, second, third] }

    /// The color in sRGB, gamut-mapped as CSS Color 4 says when it lies outside, and whether
    /// it did. A fixed number of floating-point operations, no allocation.
    package func converted() -> TokenColorConversion {
        ColorConversion.convert(
            space, first.value, second.value, third.value, alpha: alpha ?? 1)
    }

    /// Reads a color object's members leniently: every problem the Color module names, each
    /// with the member it is in, and the color whenever it can still be made (a known space and
    /// three components; a component, alpha or hex out of range is kept as written, and a
    /// component that is not a number, which cannot be kept, is read as `none`).
    ///
    /// - Parameters:
    ///   - space: `colorSpace` as written.
    ///   - components: `components`, each a number or `none`; `nil` for an item that is neither
    ///     (a string other than `none`, an object, …).
    ///   - alpha: `alpha`, or `nil` when absent.
    ///   - hex: `hex`, or `nil` when absent.
    package static func validated(
        space: String, components: [TokenColorComponent?], alpha: Double?, hex: String?
    ) -> (color: TokenColor?, errors: [TokenColorError]) {
        var errors: [TokenColorError] = []
        let known = TokenColorSpace.named(space)
        if known == nil { errors.append(.unknownColorSpace(space)) }
        if components.count != 3 { errors.append(.componentCount(components.count)) }
        for (index, component) in components.enumerated() {
            switch component {
            case nil:
                errors.append(.componentNotNumber(index: index))
            case .number(let value)?:
                if let known, index < 3, !known.range(ofComponent: index).contains(value) {
                    errors.append(
                        .componentOutOfRange(space: known, index: index, value: value))
                }
            case .missing?:
                break
            }
        }
        if let alpha, !TokenColorComponentRange.unit.contains(alpha) { errors.append(.alphaOutOfRange(alpha)) }
        if let hex, !isSixDigitHex(hex) { errors.append(.hexNotSixDigits(hex)) }
        guard let known, components.count == 3 else { return (nil, errors) }
        let color = TokenColor(
            space: known, components: components[0] ?? .missing, components[1] ?? .missing, components[2] ?? .missing,
            alpha: alpha, hex: hex)
        return (color, errors)
    }

    /// Whether `text` is `#` and six hex digits, either case: the one form the Color module
    /// allows for `hex` (no alpha, no short form).
    package static func isSixDigitHex(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count == 7, bytes.first == UInt8(ascii: "#") else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
        }
    }
}

/// A DTCG color in sRGB: the `ThemeColor` and whether the source lay outside sRGB's gamut
/// (beyond half an 8-bit step, `ColorConversion.gamutTolerance`) and was mapped into it.
package struct TokenColorConversion: Hashable, Sendable {
    /// The color in sRGB, every component in 0…1.
    package var color: ThemeColor
    /// Whether the source color was outside sRGB and was gamut-mapped.
    package var wasOutOfGamut: Bool

    package init(color: ThemeColor, wasOutOfGamut: Bool) {
        self.color = color
        self.wasOutOfGamut = wasOutOfGamut
    }
}

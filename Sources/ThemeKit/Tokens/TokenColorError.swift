internal import ThemeSupport

/// What is wrong with a DTCG color value, one case a problem, each naming the member it is in
/// (`member`) so that the reader can place it at that member's line and column.
package enum TokenColorError: Error, Hashable, Sendable {
    /// `colorSpace` names none of the 14 spaces.
    case unknownColorSpace(String)
    /// `components` holds `count` items, not 3.
    case componentCount(Int)
    /// The component at `index` is neither a number nor the keyword `none`.
    case componentNotNumber(index: Int)
    /// The component at `index` is outside the range the Color module gives it in `space`
    /// (`space.range(ofComponent: index)`).
    case componentOutOfRange(space: TokenColorSpace, index: Int, value: Double)
    /// `alpha` is not a number from 0 to 1.
    case alphaOutOfRange(Double)
    /// `hex` is not a 6-digit `#rrggbb`.
    case hexNotSixDigits(String)

    /// The member of the color object the problem is in.
    package enum Member: Hashable, Sendable {
        case colorSpace
        case components
        case component(Int)
        case alpha
        case hex
    }

    /// Where the reader should point: the member, or the one component, at fault.
    package var member: Member {
        switch self {
        case .unknownColorSpace: .colorSpace
        case .componentCount: .components
        case .componentNotNumber(let index), .componentOutOfRange(_, let index, _): .component(index)
        case .alphaOutOfRange: .alpha
        case .hexNotSixDigits: .hex
        }
    }

    /// The problem in a sentence, its quoted text escaped for one line of output.
    package var message: String {
        switch self {
        case .unknownColorSpace(let name):
            "unknown color space '\(Escaping.visible(name))'; expected one of "
                + TokenColorSpace.allCases.map(\.rawValue).joined(separator: ", ")
        case .componentCount(let count):
            "a color has 3 components, not \(count)"
        case .componentNotNumber(let index):
            "component \(index + 1) is neither a number nor 'none'"
        case .componentOutOfRange(let space, let index, let value):
            "\(space.rawValue)'s \(space.name(ofComponent: index)) (component \(index + 1)) is "
                + "\(ThemeValue.text(of: value)); expected \(space.range(ofComponent: index).text)"
        case .alphaOutOfRange(let value):
            "alpha is \(ThemeValue.text(of: value)); expected a number from 0 to 1"
        case .hexNotSixDigits(let text):
            "hex '\(Escaping.visible(text))' is not a 6-digit #rrggbb"
        }
    }
}

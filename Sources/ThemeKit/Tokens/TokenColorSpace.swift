/// One of the 14 color spaces of the DTCG 2025.10 Color module, by the name a tokens file
/// writes in `colorSpace` (the raw value).
package enum TokenColorSpace: String, CaseIterable, Hashable, Sendable {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl
    case hwb
    case lab
    case lch
    case oklab
    case oklch
    case displayP3 = "display-p3"
    case a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    /// The space a tokens file names `name`, as `init(rawValue:)` finds it, but by the name's
    /// bytes, lengths first: the synthesized init compares the name with each case's as
    /// strings, 600 instructions a color read twice.
    package static func named(_ name: String) -> TokenColorSpace? {
        var name = name
        return name.withUTF8 { bytes in
            for (written, space) in byName where written.count == bytes.count {
                if written.withUnsafeBufferPointer({ KeyHash.equalBytes($0, bytes) }) { return space }
            }
            return nil
        }
    }

    /// Each space's name as bytes, with the space.
    private static let byName: [([UInt8], TokenColorSpace)] = allCases.map { (Array($0.rawValue.utf8), $0) }

    /// The name of the component at `index` (0, 1 or 2) in this space, as the Color module
    /// calls it: `red`, `hue`, `chroma`, `X`, ….
    package func name(ofComponent index: Int) -> String {
        let names =
            switch self {
            case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: ("red", "green", "blue")
            case .xyzD65, .xyzD50: ("X", "Y", "Z")
            case .hsl: ("hue", "saturation", "lightness")
            case .hwb: ("hue", "whiteness", "blackness")
            case .lab, .oklab: ("lightness", "a", "b")
            case .lch, .oklch: ("lightness", "chroma", "hue")
            }
        return switch index {
        case 0: names.0
        case 1: names.1
        case 2: names.2
        default: "component \(index + 1)"
        }
    }

    /// The range the Color module gives the component at `index` (0, 1 or 2) in this space.
    package func range(ofComponent index: Int) -> TokenColorComponentRange {
        switch (self, index) {
        case (.srgb, _), (.srgbLinear, _), (.displayP3, _), (.a98RGB, _), (.prophotoRGB, _), (.rec2020, _),
            (.xyzD65, _), (.xyzD50, _):
            .unit
        case (.hsl, 0), (.hwb, 0), (.lch, 2), (.oklch, 2):
            .hue
        case (.hsl, _), (.hwb, _), (.lab, 0), (.lch, 0):
            .percentage
        case (.oklab, 0), (.oklch, 0):
            .unit
        case (.lch, _), (.oklch, _):
            .chroma
        case (.lab, _), (.oklab, _):
            .unbounded
        }
    }
}

/// What the Color module allows a component to be (color.json's component definitions).
package enum TokenColorComponentRange: Hashable, Sendable {
    /// 0…1: RGB channels, XYZ, OKLab's and OKLCH's lightness.
    case unit
    /// A hue angle in degrees, from 0 up to but not including 360.
    case hue
    /// 0…100: HSL's saturation and lightness, HWB's whiteness and blackness, CIE lightness.
    case percentage
    /// 0 or more: LCH's and OKLCH's chroma.
    case chroma
    /// Any finite number: the a and b axes of Lab and OKLab.
    case unbounded

    /// Whether `value` is in the range; an infinity or NaN never is.
    package func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        return switch self {
        case .unit: 0 <= value && value <= 1
        case .hue: 0 <= value && value < 360
        case .percentage: 0 <= value && value <= 100
        case .chroma: 0 <= value
        case .unbounded: true
        }
    }

    /// The range as a message writes it: `0 to 1`, `0 up to 360`, ….
    package var text: String {
        switch self {
        case .unit: "a number from 0 to 1"
        case .hue: "an angle from 0 up to (not including) 360"
        case .percentage: "a number from 0 to 100"
        case .chroma: "a number of 0 or more"
        case .unbounded: "a finite number"
        }
    }
}

import Foundation

/// An RGB space the gamut mapping can search: sRGB, which a theme's colors are in, or Display
/// P3, the wide gamut Apple's asset catalogs also take.
enum RGBGamut: Sendable {
    case srgb
    case displayP3

    /// Gamma-encoded components in this space to OKLab.
    @inline(__always)
    func oklab(fromGamma rgb: Vector3) -> Vector3 {
        switch self {
        case .srgb: ColorConversion.oklab(fromGammaSRGB: rgb)
        case .displayP3:
            ColorConversion.xyzD65ToOKLab(Matrix3.linearDisplayP3ToXYZD65.times(rgb.map(ColorConversion.decodeSRGB)))
        }
    }

    /// OKLab to gamma-encoded components in this space, not clipped.
    @inline(__always)
    func gamma(fromOKLab lab: Vector3) -> Vector3 {
        switch self {
        case .srgb: ColorConversion.gammaSRGB(fromOKLab: lab)
        case .displayP3:
            Matrix3.xyzD65ToLinearDisplayP3.times(ColorConversion.oklabToXYZD65(lab)).map(ColorConversion.encodeSRGB)
        }
    }
}

extension Matrix3 {
    /// CSS Color 4's XYZ (D65) to linear Display P3, the inverse of `linearDisplayP3ToXYZD65`.
    static let xyzD65ToLinearDisplayP3 = Matrix3(
        Vector3(446124.0 / 178915, -333277.0 / 357830, -72051.0 / 178915),
        Vector3(-14852.0 / 17905, 63121.0 / 35810, 423.0 / 17905),
        Vector3(11844.0 / 330415, -50337.0 / 660830, 316169.0 / 330415))
}

/// A DTCG color in Display P3: its red, green, blue and alpha, each in 0…1, and whether the
/// source lay outside Display P3 (beyond `ColorConversion.gamutTolerance`) and was mapped into
/// it as CSS Color 4 maps into any RGB gamut.
package struct TokenColorDisplayP3: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double
    package var wasOutOfGamut: Bool
}

extension TokenColor {
    /// The color in Display P3 (gamma-encoded as sRGB is, Apple's `displayP3`), gamut-mapped
    /// into it when it lies outside. A fixed number of floating-point operations, as
    /// `converted()`.
    package func convertedToDisplayP3() -> TokenColorDisplayP3 {
        let components = Vector3(first.value, second.value, third.value)
        let p3 = Matrix3.xyzD65ToLinearDisplayP3.times(ColorConversion.xyzD65(space, components))
            .map(ColorConversion.encodeSRGB)
        var mapped = p3
        var outside = false
        if !p3.isInsideUnitCube(tolerance: 0) {
            outside = !p3.isInsideUnitCube(tolerance: ColorConversion.gamutTolerance)
            let origin = ColorConversion.oklab(
                space, components, gammaSRGB: ColorConversion.gammaSRGB(space, components))
            mapped = ColorConversion.gamutMapped(origin, p3, in: .displayP3)
        }
        let unit = mapped.clippedToUnitCube
        return TokenColorDisplayP3(
            red: unit.x, green: unit.y, blue: unit.z, alpha: ThemeColor.unit(alpha ?? 1), wasOutOfGamut: outside)
    }
}

import Foundation

/// DTCG colors to sRGB, as CSS Color 4 converts them (§17's sample code: each space's transfer
/// function, its 3×3 matrix to CIE XYZ, Bradford adaptation from D50 to D65, Lab, LCH, OKLab,
/// OKLCH, HSL and HWB with hues in degrees) and maps them into sRGB's gamut (§13.2: a binary
/// search on OKLCH chroma, keeping the clipped color within deltaEOK 0.02 of the one searched).
///
/// Every conversion is a fixed number of floating-point operations on values held in registers:
/// no allocation, and the gamut search stops after at most `searchSteps` halvings.
///
/// `rec2020` decodes with BT.1886's gamma 2.4, as CSS Color 4 now does (it once used the camera
/// OETF of BT.2020).
enum ColorConversion {
    /// How far outside 0…1 an sRGB channel may lie and the color still count as inside the gamut:
    /// half an 8-bit step, so that a color written with a few digits in another space is not
    /// reported as mapped for its rounding (the Color module's hot pink in Lab, LCH, OKLCH,
    /// XYZ-D50 and XYZ-D65 lies at most 0.0011 outside; in OKLab, 0.0047 outside, it is
    /// reported). The mapping itself still runs on anything outside 0…1.
    static let gamutTolerance = 1.0 / 510

    /// CSS Color 4's just-noticeable difference in OKLab for gamut mapping.
    static let jnd = 0.02
    /// CSS Color 4's convergence bound for the chroma search.
    static let searchEpsilon = 0.0001
    /// The chroma the search starts from at most: far beyond any real color's (sRGB's most
    /// saturated is 0.32, the Color module's ranges stay below 0.5), so that real input is
    /// searched exactly as CSS says, and `searchSteps` halvings always reach `searchEpsilon`.
    static let maximumSearchChroma = 1000.0
    /// log2(maximumSearchChroma / searchEpsilon) is 24: a bound that is never the one that stops.
    static let searchSteps = 64

    /// `space`'s components (with `none` already 0) and `alpha` to sRGB, gamut-mapped.
    static func convert(
        _ space: TokenColorSpace, _ first: Double, _ second: Double, _ third: Double, alpha: Double
    ) -> TokenColorConversion {
        let rgb = gammaSRGB(space, Vector3(first, second, third))
        if rgb.isInsideUnitCube(tolerance: 0) {
            return TokenColorConversion(color: themeColor(rgb, alpha: alpha), wasOutOfGamut: false)
        }
        let outside = !rgb.isInsideUnitCube(tolerance: gamutTolerance)
        let origin = oklab(space, Vector3(first, second, third), gammaSRGB: rgb)
        return TokenColorConversion(
            color: themeColor(gamutMapped(origin, rgb), alpha: alpha), wasOutOfGamut: outside)
    }

    /// The color in OKLab, from its own components when it is written in OKLab or OKLCH (so that
    /// a lightness of exactly 0 or 1 stays so), else from XYZ or its sRGB.
    static func oklab(_ space: TokenColorSpace, _ components: Vector3, gammaSRGB rgb: Vector3) -> Vector3 {
        switch space {
        case .oklab: components
        case .oklch: polarToRectangular(components)
        case .srgb, .hsl, .hwb, .srgbLinear: oklab(fromGammaSRGB: rgb)
        default: xyzD65ToOKLab(xyzD65(space, components))
        }
    }

    /// `space`'s components to gamma-encoded sRGB, not clipped: channels outside 0…1 are a
    /// color outside sRGB.
    static func gammaSRGB(_ space: TokenColorSpace, _ components: Vector3) -> Vector3 {
        switch space {
        case .srgb: components
        case .hsl: hslToSRGB(components)
        case .hwb: hwbToSRGB(components)
        case .srgbLinear: components.map(encodeSRGB)
        default: Matrix3.xyzD65ToLinearSRGB.times(xyzD65(space, components)).map(encodeSRGB)
        }
    }

    /// `space`'s components to CIE XYZ relative to D65, for the spaces defined through XYZ.
    static func xyzD65(_ space: TokenColorSpace, _ c: Vector3) -> Vector3 {
        switch space {
        case .srgb, .hsl, .hwb, .srgbLinear:
            Matrix3.linearSRGBToXYZD65.times(gammaSRGB(space, c).map(decodeSRGB))
        case .displayP3: Matrix3.linearDisplayP3ToXYZD65.times(c.map(decodeSRGB))
        case .a98RGB: Matrix3.linearA98RGBToXYZD65.times(c.map(decodeA98RGB))
        case .prophotoRGB: Matrix3.d50ToD65.times(Matrix3.linearProPhotoToXYZD50.times(c.map(decodeProPhoto)))
        case .rec2020: Matrix3.linearRec2020ToXYZD65.times(c.map(decodeRec2020))
        case .xyzD65: c
        case .xyzD50: Matrix3.d50ToD65.times(c)
        case .lab: Matrix3.d50ToD65.times(labToXYZD50(c))
        case .lch: Matrix3.d50ToD65.times(labToXYZD50(polarToRectangular(c)))
        case .oklab: oklabToXYZD65(c)
        case .oklch: oklabToXYZD65(polarToRectangular(c))
        }
    }

    // MARK: Gamut mapping (CSS Color 4 §13.2)

    /// An sRGB color `rgb` outside the gamut (`origin` in OKLab) brought inside: white or black
    /// past OKLab's lightness range, else the clipped color if it is within the JND of the
    /// original, else the binary search that lowers OKLCH chroma at constant lightness and hue
    /// until the clipped color is just under the JND from the one searched.
    ///
    /// CSS asks about lightness before it asks whether the color is in gamut; `convert` asks the
    /// cheaper question first, which answers the same (a color inside sRGB with a lightness of 1
    /// or more is white, of 0 or less black).
    ///
    /// `gamut` is the RGB space searched, sRGB unless told (the asset catalog export maps into
    /// Display P3 the same way).
    static func gamutMapped(_ origin: Vector3, _ rgb: Vector3, in gamut: RGBGamut = .srgb) -> Vector3 {
        if origin.x >= 1 { return Vector3(1, 1, 1) }
        if origin.x <= 0 { return Vector3(0, 0, 0) }
        var clipped = rgb.clippedToUnitCube
        if deltaEOK(origin, gamut.oklab(fromGamma: clipped)) < jnd { return clipped }
        let chroma = (origin.y * origin.y + origin.z * origin.z).squareRoot()
        // A gray has no hue to keep; NaN (from non-finite input) has nothing to search.
        guard chroma > 0 else { return clipped }
        let hueA = origin.y / chroma
        let hueB = origin.z / chroma
        var low = 0.0
        var high = min(chroma, maximumSearchChroma)
        var lowIsInGamut = true
        var steps = 0
        while high - low > searchEpsilon && steps < searchSteps {
            steps += 1
            let middle = (low + high) / 2
            let current = Vector3(origin.x, hueA * middle, hueB * middle)
            let candidate = gamut.gamma(fromOKLab: current)
            if lowIsInGamut && candidate.isInsideUnitCube(tolerance: 0) {
                low = middle
                continue
            }
            clipped = candidate.clippedToUnitCube
            let difference = deltaEOK(current, gamut.oklab(fromGamma: clipped))
            if difference < jnd {
                if jnd - difference < searchEpsilon { return clipped }
                lowIsInGamut = false
                low = middle
            } else {
                high = middle
            }
        }
        return clipped
    }

    /// CSS Color 4's deltaEOK: the distance between two colors in OKLab.
    static func deltaEOK(_ one: Vector3, _ other: Vector3) -> Double {
        let dl = one.x - other.x
        let da = one.y - other.y
        let db = one.z - other.z
        return (dl * dl + da * da + db * db).squareRoot()
    }

    static func oklab(fromGammaSRGB rgb: Vector3) -> Vector3 {
        xyzD65ToOKLab(Matrix3.linearSRGBToXYZD65.times(rgb.map(decodeSRGB)))
    }

    static func gammaSRGB(fromOKLab lab: Vector3) -> Vector3 {
        Matrix3.xyzD65ToLinearSRGB.times(oklabToXYZD65(lab)).map(encodeSRGB)
    }

    private static func themeColor(_ rgb: Vector3, alpha: Double) -> ThemeColor {
        ThemeColor(
            red: ThemeColor.unit(rgb.x), green: ThemeColor.unit(rgb.y), blue: ThemeColor.unit(rgb.z),
            alpha: ThemeColor.unit(alpha))
    }

    // MARK: Transfer functions (each odd: a negative value mirrors the positive one)

    /// sRGB's (and Display P3's) decoding to linear light.
    static func decodeSRGB(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    /// sRGB's encoding of linear light.
    static func encodeSRGB(_ value: Double) -> Double {
        let magnitude = abs(value)
        let encoded = magnitude > 0.0031308 ? 1.055 * pow(magnitude, 1 / 2.4) - 0.055 : 12.92 * magnitude
        return value < 0 ? -encoded : encoded
    }

    /// Adobe RGB (1998): a pure power of 563/256.
    static func decodeA98RGB(_ value: Double) -> Double {
        let linear = pow(abs(value), 563.0 / 256.0)
        return value < 0 ? -linear : linear
    }

    /// ProPhoto RGB: a power of 1.8 with a linear part below 16/512.
    static func decodeProPhoto(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 16.0 / 512.0 ? magnitude / 16 : pow(magnitude, 1.8)
        return value < 0 ? -linear : linear
    }

    /// Rec. 2020 as BT.1886 displays it: a pure power of 2.4.
    static func decodeRec2020(_ value: Double) -> Double {
        let linear = pow(abs(value), 2.4)
        return value < 0 ? -linear : linear
    }

    // MARK: Cylindrical and sRGB-based models

    /// Lightness, chroma and hue in degrees to lightness, a and b.
    static func polarToRectangular(_ lch: Vector3) -> Vector3 {
        let radians = lch.z * Double.pi / 180
        return Vector3(lch.x, lch.y * cos(radians), lch.y * sin(radians))
    }

    /// HSL (hue in degrees, saturation and lightness in percent) to gamma-encoded sRGB.
    static func hslToSRGB(_ hsl: Vector3) -> Vector3 {
        // A `let`, not a `var`: a debug build boxes on the heap a `var` that `channel` captures.
        let turn = hsl.x.truncatingRemainder(dividingBy: 360)
        let hue = turn < 0 ? turn + 360 : turn
        let saturation = hsl.y / 100
        let lightness = hsl.z / 100
        let amplitude = saturation * min(lightness, 1 - lightness)
        func channel(_ offset: Double) -> Double {
            let k = (offset + hue / 30).truncatingRemainder(dividingBy: 12)
            return lightness - amplitude * max(-1, min(k - 3, 9 - k, 1))
        }
        return Vector3(channel(0), channel(8), channel(4))
    }

    /// HWB (hue in degrees, whiteness and blackness in percent) to gamma-encoded sRGB; whiteness
    /// and blackness adding up to 100 % or more give the gray of their ratio.
    static func hwbToSRGB(_ hwb: Vector3) -> Vector3 {
        let whiteness = hwb.y / 100
        let blackness = hwb.z / 100
        if whiteness + blackness >= 1 {
            let gray = whiteness / (whiteness + blackness)
            return Vector3(gray, gray, gray)
        }
        let pure = hslToSRGB(Vector3(hwb.x, 100, 50))
        let scale = 1 - whiteness - blackness
        return pure.map { $0 * scale + whiteness }
    }

    // MARK: CIE Lab and OKLab

    /// CIE Lab (D50) to XYZ relative to D50.
    static func labToXYZD50(_ lab: Vector3) -> Vector3 {
        let kappa = 24389.0 / 27.0
        let epsilon = 216.0 / 24389.0
        let fy = (lab.x + 16) / 116
        let fx = lab.y / 500 + fy
        let fz = fy - lab.z / 200
        let x = fx * fx * fx > epsilon ? fx * fx * fx : (116 * fx - 16) / kappa
        let y = lab.x > kappa * epsilon ? fy * fy * fy : lab.x / kappa
        let z = fz * fz * fz > epsilon ? fz * fz * fz : (116 * fz - 16) / kappa
        return Vector3(x * (0.3457 / 0.3585), y, z * ((1.0 - 0.3457 - 0.3585) / 0.3585))
    }

    static func oklabToXYZD65(_ lab: Vector3) -> Vector3 {
        let cone = Matrix3.oklabToNonlinearLMS.times(lab)
        return Matrix3.lmsToXYZD65.times(cone.map { $0 * $0 * $0 })
    }

    static func xyzD65ToOKLab(_ xyz: Vector3) -> Vector3 {
        Matrix3.nonlinearLMSToOKLab.times(Matrix3.xyzD65ToLMS.times(xyz).map { cbrt($0) })
    }
}

/// Three numbers: a color's components in some space.
struct Vector3: Hashable, Sendable {
    var x: Double
    var y: Double
    var z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    @inline(__always)
    func map(_ transform: (Double) -> Double) -> Vector3 {
        Vector3(transform(x), transform(y), transform(z))
    }

    /// Whether every component lies in 0…1, give or take `tolerance`; never for NaN.
    func isInsideUnitCube(tolerance: Double) -> Bool {
        let low = -tolerance
        let high = 1 + tolerance
        return x >= low && x <= high && y >= low && y <= high && z >= low && z <= high
    }

    /// Each component clipped to 0…1 (NaN as 0).
    var clippedToUnitCube: Vector3 { map(ThemeColor.unit) }
}

/// A 3×3 matrix by rows: CSS Color 4's conversion matrices, as rationals where the spec gives
/// them so.
struct Matrix3: Sendable {
    var rows: (Vector3, Vector3, Vector3)

    init(_ first: Vector3, _ second: Vector3, _ third: Vector3) {
        rows = (first, second, third)
    }

    @inline(__always)
    func times(_ v: Vector3) -> Vector3 {
        func dot(_ row: Vector3) -> Double { row.x * v.x + row.y * v.y + row.z * v.z }
        return Vector3(dot(rows.0), dot(rows.1), dot(rows.2))
    }

    static let linearSRGBToXYZD65 = Matrix3(
        Vector3(506752.0 / 1_228_815, 87881.0 / 245763, 12673.0 / 70218),
        Vector3(87098.0 / 409605, 175762.0 / 245763, 12673.0 / 175545),
        Vector3(7918.0 / 409605, 87881.0 / 737289, 1001167.0 / 1_053_270))

    static let xyzD65ToLinearSRGB = Matrix3(
        Vector3(12831.0 / 3959, -329.0 / 214, -1974.0 / 3959),
        Vector3(-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810),
        Vector3(705.0 / 12673, -2585.0 / 12673, 705.0 / 667))

    static let linearDisplayP3ToXYZD65 = Matrix3(
        Vector3(608311.0 / 1_250_200, 189793.0 / 714400, 198249.0 / 1_000_160),
        Vector3(35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2_500_400),
        Vector3(0, 32229.0 / 714400, 5220557.0 / 5_000_800))

    static let linearA98RGBToXYZD65 = Matrix3(
        Vector3(573536.0 / 994567, 263643.0 / 1_420_810, 187206.0 / 994567),
        Vector3(591459.0 / 1_989_134, 6239551.0 / 9_945_670, 374412.0 / 4_972_835),
        Vector3(53769.0 / 1_989_134, 351524.0 / 4_972_835, 4929758.0 / 4_972_835))

    static let linearProPhotoToXYZD50 = Matrix3(
        Vector3(0.79776664490064230, 0.13518129740053308, 0.03134773412839220),
        Vector3(0.28807482881940130, 0.71183523424187300, 0.00008993693872564),
        Vector3(0, 0, 0.82510460251046020))

    static let linearRec2020ToXYZD65 = Matrix3(
        Vector3(63426534.0 / 99_577_255, 20160776.0 / 139_408_157, 47086771.0 / 278_816_314),
        Vector3(26158966.0 / 99_577_255, 472592308.0 / 697_040_785, 8267143.0 / 139_408_157),
        Vector3(0, 19567812.0 / 697_040_785, 295819943.0 / 278_816_314))

    /// Bradford chromatic adaptation from the D50 white point to D65.
    static let d50ToD65 = Matrix3(
        Vector3(0.955473421488075, -0.02309845494876471, 0.06325924320057072),
        Vector3(-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
        Vector3(0.012314014864481998, -0.020507649298898964, 1.330365926242124))

    static let xyzD65ToLMS = Matrix3(
        Vector3(0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
        Vector3(0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
        Vector3(0.0481771893596242, 0.2642395317527308, 0.6335478284694309))

    static let nonlinearLMSToOKLab = Matrix3(
        Vector3(0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
        Vector3(1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
        Vector3(0.0259040424655478, 0.7827717124575296, -0.8086757549230774))

    static let oklabToNonlinearLMS = Matrix3(
        Vector3(1, 0.3963377773761749, 0.2158037573099136),
        Vector3(1, -0.1055613458156586, -0.0638541728258133),
        Vector3(1, -0.0894841775298119, -1.2914855480194092))

    static let lmsToXYZD65 = Matrix3(
        Vector3(1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
        Vector3(-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
        Vector3(-0.0763729366746601, -0.4214933324022432, 1.5869240198367816))
}

/// A 10,000-key theme written the way an app's RNThemeManager theme is: long, descriptive
/// keys (none fits in a small string), colors without `#`, fonts with their sizes (written
/// as strings), bare-name aliases and image names, in 2,000 groups of five.
public enum RNStyleTheme {
    /// The theme's XML; `seed` varies the colors, not the structure.
    public static func text(seed: Int) -> String {
        ScalingShape.document(ScalingShape.entries(entries(groups: 2_000, seed: seed)))
    }

    /// `groups` groups of five keys with their values (as XML): a background color, a
    /// title color aliasing it by a bare name, a font (named `fontName(index)`) with its
    /// size, and an image.
    static func entries(
        groups: Int, seed: Int, fontName: (Int) -> String = { _ in "HelveticaNeue-Medium" }
    ) -> [(String, String)] {
        (0..<groups).flatMap { index in
            let name = "screen\(index)NavigationBar"
            let color = hex6((index &* 2_654_435_761 &+ seed &* 40_503) & 0xFF_FFFF)
            return [
                ("\(name)BackgroundColor", "<string>\(color)</string>"),
                ("\(name)TitleColor", "<string>\(name)BackgroundColor</string>"),
                ("\(name)TitleFont", "<string>\(fontName(index))</string>"),
                ("\(name)TitleFontSize", "<string>\(17 + index % 5)</string>"),
                ("\(name)IconImage", "<string>icon-\(index)</string>"),
            ]
        }
    }

    /// Six lowercase hex digits, zero-padded (`%06x`).
    private static func hex6(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}

/// A 10,000-key theme written the way an app's RNThemeManager theme is: long, descriptive
/// keys (none fits in a small string), colors without `#`, fonts with their sizes (written
/// as strings), bare-name aliases and image names, in 2,000 groups of five.
public enum RNStyleTheme {
    /// The theme's XML; `seed` varies the colors, not the structure.
    public static func text(seed: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for index in 0..<2_000 {
            let name = "screen\(index)NavigationBar"
            let color = hex6((index &* 2_654_435_761 &+ seed &* 40_503) & 0xFF_FFFF)
            text += "\t<key>\(name)BackgroundColor</key>\n\t<string>\(color)</string>\n"
            text += "\t<key>\(name)TitleColor</key>\n\t<string>\(name)BackgroundColor</string>\n"
            text += "\t<key>\(name)TitleFont</key>\n\t<string>HelveticaNeue-Medium</string>\n"
            text += "\t<key>\(name)TitleFontSize</key>\n\t<string>\(17 + index % 5)</string>\n"
            text += "\t<key>\(name)IconImage</key>\n\t<string>icon-\(index)</string>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    /// Six lowercase hex digits, zero-padded (`%06x`).
    private static func hex6(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}

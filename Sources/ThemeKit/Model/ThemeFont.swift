/// A font from a theme: a name and the size from its `…FontSize` key.
public struct ThemeFont: Sendable, Hashable, CustomStringConvertible {
    /// The font's name, as written in the theme (for example `ArialRoundedMTBold`).
    public var name: String
    /// The point size, always greater than zero.
    public var size: Double

    /// Creates a font.
    public init(name: String, size: Double) {
        self.name = name
        self.size = size
    }

    public var description: String {
        "\(name) \(ThemeValue.text(of: size))"
    }
}

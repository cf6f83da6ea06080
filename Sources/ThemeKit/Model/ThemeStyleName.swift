/// A style's name as a typed value: what `themekit keys` declares for each style the themes
/// write keys for (`extension ThemeStyleName { static var myCustomButton: ThemeStyleName … }`),
/// so that `theme.style(.myCustomButton)` names a style that exists, and a misspelt one does
/// not compile.
public struct ThemeStyleName: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The style's name as written in keys, such as `MyCustomButton`.
    public let rawValue: String

    /// The style named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The style named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The style's name.
    public var description: String { rawValue }
}

extension Theme {
    /// The theme as the style `name` sees it, in `states`, inside `containers` (outermost
    /// first): `theme.style(.myCustomButton, states: [.highlighted])`, with the names
    /// `themekit keys` declares.
    public func style(_ name: ThemeStyleName, states: Set<ThemeState> = [], in containers: [String] = []) -> ThemeStyle
    {
        style(name.rawValue, states: states, in: containers)
    }
}

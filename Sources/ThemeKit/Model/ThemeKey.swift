/// A theme key that knows the type of its value, so that a lookup hands back that type and a
/// misspelt key is a compile error rather than a `nil` at run time.
///
/// Keys are declared as static members of `ThemeKey` constrained to their value type (this is
/// what `themekit keys` generates from a folder of themes):
///
/// ```swift
/// extension ThemeKey where Value == ThemeColor {
///     static var primaryColor: ThemeKey<ThemeColor> { ThemeKey("primaryColor") }
/// }
///
/// let tint = ThemeManager.shared[.primaryColor]  // ThemeColor?
/// ```
///
/// Generic types cannot have stored static properties, so keys are computed ones; building a
/// key is building a one-string struct.
///
/// A key only names a value: the theme decides what is there. A lookup returns `nil` when the
/// key is missing or holds a value of another kind (a `ThemeKey<ThemeColor>` naming a font),
/// never traps.
public struct ThemeKey<Value: ThemeValueConvertible>: Sendable, Hashable, CustomStringConvertible {
    /// The key as written in the theme files, such as `primaryColor`.
    public let name: String

    /// Creates a key for the theme key `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The key's name.
    public var description: String { name }
}

/// A theme as one style sees it: a named style, in some states, inside some containers.
///
/// ```swift
/// let button = theme.style("MyCustomButton", states: [.highlighted], in: ["UIPopoverController"])
/// let tint = button.color(forKey: "actionColor")
/// ```
///
/// A property is looked up through styled keys, `[Container/…/]Style[:state…].property`,
/// and the first key that exists wins: for each style of the `INHERITED_STYLE` chain (the
/// style first), each non-empty subset of the states (larger first, equal sizes by the
/// priority of their states), then no state; within that, each order-preserving
/// subsequence of the containers (longer first, the innermost first among equal lengths),
/// then none; after every style, the global key, the property itself. A style no key names
/// is not an error: it reads the global keys.
///
/// A style is a value made once from one theme: cheap to copy, and `Sendable`. Its making
/// looks only at the styled keys written for its chain (never at every subset of the states
/// and containers), and the theme keeps what it made (a bounded number of styles), so that
/// asking again for the same style, states and containers costs a dictionary read.
/// Its lookups read that theme, and no other: make a new one when the theme changes
/// (`ThemeManager.style(_:states:in:)` makes one from the current theme).
public struct ThemeStyle: Sendable {
    /// The reserved property that names a style's parent style: `Sub.INHERITED_STYLE`
    /// holding `MyCustomButton`. It is not a value a style's lookup returns.
    package static let inheritedStyleProperty = "INHERITED_STYLE"

    /// The theme the style reads.
    public let theme: Theme
    /// The style asked for.
    public let name: String
    /// The states asked for, in priority order.
    public let states: [ThemeState]
    /// The containers asked for, outermost first.
    public let containers: [String]
    /// The style and its parents by `INHERITED_STYLE`, the style first, up to the first
    /// repeat (a cycle ends there).
    package var chain: [String] { built.chain }
    /// The chain and the values the style's own keys give, each property's first
    /// candidate's: built once per (style, states, containers) of a theme.
    private let built: BuiltStyle

    /// The style `name` of `theme`, in `states`, inside `containers` (outermost first).
    package init(_ name: String, states: Set<ThemeState> = [], in containers: [String] = [], of theme: Theme) {
        self.theme = theme
        self.name = name
        let states = states.sorted()
        self.states = states
        self.containers = containers
        self.built = theme.styleCache.style(.init(name: name, states: states, containers: containers)) {
            BuiltStyle(name, states: states, containers: containers, of: theme)
        }
    }

    /// How many candidate prefixes building the style looked at (for tests of its cost).
    package var candidatesExamined: Int { built.examined }

    /// Whether `other` uses the very table this style was built with (made once, cached).
    package func sharesBuild(with other: ThemeStyle) -> Bool { built === other.built }

    private var table: StyleTable { built.table }

    /// The value `property` has for this style, and the prefix of the key it came from
    /// (`nil` for the global key).
    @inline(__always)
    private func lookup(_ property: String) -> (value: ThemeValue, prefix: String?)? {
        guard property != Self.inheritedStyleProperty else { return nil }
        if table.isEmpty { return theme[property].map { ($0, nil) } }
        if let found = table.lookup(property, hash: KeyHash.of(property)) { return (found.value, found.prefix) }
        return theme[property].map { ($0, nil) }
    }

    /// The key that supplies `property` for this style, such as
    /// `UIPopoverController/MyCustomButton:highlighted.actionColor`, or the property
    /// itself when the global key does; `nil` if no key does.
    public func sourceKey(forProperty property: String) -> String? {
        guard let found = lookup(property) else { return nil }
        return found.prefix.map { $0 + "." + property } ?? property
    }

    /// The resolved value of `property` for this style, whatever its type.
    public subscript(property: String) -> ThemeValue? { lookup(property)?.value }

    /// The value of a typed key's property for this style, as the key's type: `nil` if no
    /// key supplies it or the winning key holds a value of another kind.
    public subscript<Value>(key: ThemeKey<Value>) -> Value? {
        lookup(key.name).flatMap { Value(themeValue: $0.value) }
    }

    /// The color of a `…Color` property; `nil` if missing or not a color.
    public func color(forKey property: String) -> ThemeColor? { self[ThemeKey(property)] }

    /// The font (name and size) of a `…Font` property; `nil` if missing or not a font.
    public func font(forKey property: String) -> ThemeFont? { self[ThemeKey(property)] }

    /// The image name of an `…Image` property; `nil` if missing or not an image.
    public func image(forKey property: String) -> String? {
        if case .image(let name) = lookup(property)?.value { return name }
        return nil
    }

    /// The string of an untyped property written as `<string>`; `nil` otherwise.
    public func string(forKey property: String) -> String? {
        if case .string(let text) = lookup(property)?.value { return text }
        return nil
    }

    /// The number of a property, as `Theme.number(forKey:)` reads one; `nil` otherwise.
    public func number(forKey property: String) -> Double? {
        lookup(property)?.value.numberValue
    }

    /// The duration of a `…Duration` or `…Delay` property (written in seconds); `nil` if
    /// missing or not a duration property.
    public func duration(forKey property: String) -> Duration? {
        guard ValueKind.typed(forKey: property)?.kind == .duration else { return nil }
        return lookup(property).flatMap { Duration(themeValue: $0.value) }
    }

    /// The flag of an untyped `<true/>`/`<false/>` property; `nil` otherwise.
    public func bool(forKey property: String) -> Bool? { self[ThemeKey(property)] }
}

extension Theme {
    /// The theme as the style `name` sees it, in `states`, inside `containers` (outermost
    /// first): `theme.style("MyCustomButton", states: [.highlighted], in: ["UIPopoverController"])`.
    public func style(_ name: String, states: Set<ThemeState> = [], in containers: [String] = []) -> ThemeStyle {
        ThemeStyle(name, states: states, in: containers, of: self)
    }
}

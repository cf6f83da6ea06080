extension ThemeManager {
    /// The current theme as the style `name` sees it, as `style(_:states:in:)` with a
    /// style's name as a string.
    public func style(_ name: ThemeStyleName, states: Set<ThemeState> = [], in containers: [String] = []) -> ThemeStyle
    {
        style(name.rawValue, states: states, in: containers)
    }
}

extension ThemeManager {
    /// Binds `owner` to the style `name`, as `bind(_:style:states:in:_:)` with a style's name
    /// as a string: `bind(button, style: .myCustomButton) { button, style in … }`.
    @MainActor
    @discardableResult
    public func bind<Owner: AnyObject>(
        _ owner: Owner, style name: ThemeStyleName, states: Set<ThemeState> = [], in containers: [String] = [],
        _ apply: @escaping @MainActor (Owner, ThemeStyle) -> Void
    ) -> ThemeStyleBinding {
        bind(owner, style: name.rawValue, states: states, in: containers, apply)
    }
}

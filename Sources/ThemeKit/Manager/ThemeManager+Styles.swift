/// Styles through the manager: a style of the current theme, and objects bound to a style
/// that restyle themselves when the theme or their state changes.
extension ThemeManager {
    /// The current theme as the style `name` sees it, in `states`, inside `containers`
    /// (outermost first). Observed like the other lookups: a change of theme invalidates
    /// it. The style keeps reading the theme it was made from; ask again after a change.
    public func style(_ name: String, states: Set<ThemeState> = [], in containers: [String] = []) -> ThemeStyle {
        // The snapshot is taken under the lock (`currentTheme`); the style is made from it
        // with no lock held: it runs no app code, but need not lengthen the hold either.
        currentTheme.style(name, states: states, in: containers)
    }

    /// Styles `owner` as the style `name` inside `containers` (outermost first), now, with
    /// every new theme, and whenever the returned binding's `states` change, on the main
    /// actor, until `owner` is released or the binding is cancelled.
    ///
    /// ```swift
    /// let styling = ThemeManager.shared.bind(button, style: "MyCustomButton") { button, style in
    ///     button.tintColor = style.color(forKey: "actionColor")
    /// }
    /// styling.states = [.highlighted]    // restyled now, from MyCustomButton:highlighted.… keys
    /// ```
    ///
    /// As with `bind(_:_:)`, the manager holds `owner` weakly and keeping the returned
    /// binding is optional (it is how the states are changed).
    @MainActor
    @discardableResult
    public func bind<Owner: AnyObject>(
        _ owner: Owner, style name: String, states: Set<ThemeState> = [], in containers: [String] = [],
        _ apply: @escaping @MainActor (Owner, ThemeStyle) -> Void
    ) -> ThemeStyleBinding {
        let styled = ThemeStyleBinding(name: name, states: states, containers: containers) { [weak owner] style in
            guard let owner else { return false }
            apply(owner, style)
            return true
        }
        // The registry keeps `styled` (and through it `apply`) until the binding ends; the
        // first call styles the owner with the current theme.
        styled.binding = bind(owner) { _, theme in styled.restyle(with: theme) }
        return styled
    }
}

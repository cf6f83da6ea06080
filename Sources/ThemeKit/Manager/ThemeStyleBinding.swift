/// A binding made by `ThemeManager.bind(_:style:states:in:_:)`: an object styled as a named
/// style, restyled with every theme the manager takes and whenever its `states` change.
@MainActor
public final class ThemeStyleBinding {
    /// The style the object is styled as.
    public let name: String
    /// The containers it sits in, outermost first.
    public let containers: [String]
    /// The control states the object is in: setting them to other states restyles it at
    /// once from the theme last applied.
    public var states: Set<ThemeState> {
        didSet { if states != oldValue, let theme { restyle(with: theme) } }
    }
    /// The binding to the manager's themes: `cancel()` ends both.
    internal(set) public var binding = ThemeBinding()
    /// The theme last applied.
    private var theme: Theme?
    /// Styles the owner; false once the owner is gone.
    private let apply: @MainActor (ThemeStyle) -> Bool

    init(
        name: String, states: Set<ThemeState>, containers: [String], apply: @escaping @MainActor (ThemeStyle) -> Bool
    ) {
        self.name = name
        self.states = states
        self.containers = containers
        self.apply = apply
    }

    /// The style the object has now: of the theme last applied, in the current states.
    public var style: ThemeStyle? { theme?.style(name, states: states, in: containers) }

    /// Ends the binding: the object is not restyled again.
    public func cancel() { binding.cancel() }

    /// Styles the owner from `theme` in the current states.
    func restyle(with theme: Theme) {
        self.theme = theme
        guard !binding.isCancelled else { return }
        if !apply(theme.style(name, states: states, in: containers)) { binding.cancel() }
    }
}

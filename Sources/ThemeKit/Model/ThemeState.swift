/// A control state a styled key can name, such as `highlighted` in
/// `MyCustomButton:highlighted.actionColor`.
///
/// The states ThemeKit knows come in a fixed priority order, which is the order they are
/// written in a key and the order in which a style's lookup tries them: `disabled`,
/// `dangerous`, `highlighted`, `selected`, `focused`, `hovered` (no state is `normal`). A
/// project can make states of its own with `init(_:priority:)`; give them priorities after
/// the built-in ones (`ThemeState.hovered.priority + 1` and up) unless they must win over one.
public struct ThemeState: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The state as written in a key, such as `highlighted`.
    public let rawValue: String
    /// Its place in the priority order: lower comes first, in a key and in a lookup.
    public let priority: Int

    /// A state named `rawValue`, at `priority` in the order states are written and tried.
    public init(_ rawValue: String, priority: Int) {
        self.rawValue = rawValue
        self.priority = priority
    }

    /// The built-in state named `rawValue`; `nil` for any other name.
    public init?(rawValue: String) {
        guard let state = Self.builtIn.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = state
    }

    /// The control cannot be used.
    public static let disabled = ThemeState("disabled", priority: 0)
    /// The control does something that cannot be undone.
    public static let dangerous = ThemeState("dangerous", priority: 1)
    /// The control is being pressed.
    public static let highlighted = ThemeState("highlighted", priority: 2)
    /// The control is on, or chosen.
    public static let selected = ThemeState("selected", priority: 3)
    /// The control has the keyboard focus.
    public static let focused = ThemeState("focused", priority: 4)
    /// The pointer is over the control.
    public static let hovered = ThemeState("hovered", priority: 5)

    /// The built-in states, in priority order.
    public static let builtIn: [ThemeState] = [.disabled, .dangerous, .highlighted, .selected, .focused, .hovered]

    /// The state's name.
    public var description: String { rawValue }

    /// Whether `a` comes before `b` in the priority order (by name between states of one
    /// priority).
    public static func < (a: ThemeState, b: ThemeState) -> Bool {
        (a.priority, a.rawValue) < (b.priority, b.rawValue)
    }
}

/// One change of a manager's theme, as delivered by `ThemeManager.changes()`.
public struct ThemeChange: Sendable, Hashable {
    /// Why the theme changed.
    public enum Cause: Sendable, Hashable {
        /// `changeTheme(_:)` chose another theme.
        case changed
        /// `reloadTheme()` read the current theme again.
        case reloaded
        /// A theme file changed on disk while the manager was watching.
        case fileChanged
    }

    /// The theme before the change.
    public var previousTheme: String
    /// The theme after the change.
    public var theme: String
    /// Why it changed.
    public var cause: Cause

    /// Creates a change.
    public init(previousTheme: String, theme: String, cause: Cause) {
        self.previousTheme = previousTheme
        self.theme = theme
        self.cause = cause
    }
}

/// One change of a manager's theme, as delivered by `ThemeManager.changes()`.
///
/// It carries the themes themselves, not only their names: a subscriber that falls behind
/// still styles itself with the theme of the change it is reading, not a later one.
public struct ThemeChange: Sendable {
    /// Why the theme changed.
    public enum Cause: Sendable, Hashable {
        /// `changeTheme(_:)` chose another theme.
        case changed
        /// `reloadTheme()` read the current theme again.
        case reloaded
        /// A theme file changed on disk while the manager was watching.
        case fileChanged
        /// The manager's folder or options were changed after start, and the saved choice
        /// was restored from them.
        case restarted
        /// The system's light or dark appearance changed while the manager followed it
        /// (`followSystemAppearance(base:)`), and with it the theme in use.
        case systemAppearance
    }

    /// The theme before the change.
    public var previousTheme: Theme
    /// The theme after the change: the one the manager held right after it.
    public var theme: Theme
    /// Why it changed.
    public var cause: Cause

    /// Creates a change.
    package init(previousTheme: Theme, theme: Theme, cause: Cause) {
        self.previousTheme = previousTheme
        self.theme = theme
        self.cause = cause
    }
}

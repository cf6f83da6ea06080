/// Where a manager keeps the user's chosen theme between launches.
///
/// A store keeps one line of text: a theme name for a pinned theme (`dark`), or
/// `system:<base>` for "follow the system's appearance from `<base>`" (see
/// ``ThemeChoice``). A theme name never holds a `:`, so a theme named `system` is never
/// taken for the second.
public protocol ThemeStore: Sendable {
    /// The saved choice as text (``ThemeChoice/storedText``), `nil` if none was saved.
    ///
    /// - Throws: when something was saved but cannot be read back (unreadable, corrupt).
    func loadThemeName() throws -> String?
    /// Saves the chosen theme as text (``ThemeChoice/storedText``).
    func saveThemeName(_ name: String) throws
}

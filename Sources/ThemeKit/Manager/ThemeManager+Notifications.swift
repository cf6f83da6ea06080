public import Foundation

/// The notifications a manager posts, and the keys of their `userInfo`.
extension ThemeManager {
    /// Posted once after each change or reload, in the order the changes happened, on the
    /// thread that delivers it (the one that made the change, unless another thread was
    /// delivering: then that one; live reloads are delivered on a private queue).
    /// `object` is the manager; `userInfo` holds `previousThemeKey`, `themeKey` and
    /// `themeValueKey`.
    public static let didChangeThemeNotification = Notification.Name("ThemeKitDidChangeThemeNotification")
    /// Posted when a live reload or the restore at start fails, or when watching stops
    /// because the folder went away; `userInfo[errorKey]` is the `ThemeError`,
    /// `userInfo[themeKey]` the theme that failed. The current theme stays.
    public static let didFailToReloadNotification = Notification.Name("ThemeKitDidFailToReloadNotification")
    /// Posted when the chosen theme could not be saved; the change itself still applied.
    /// `userInfo[errorKey]` is the store's error.
    public static let didFailToSaveThemeNotification = Notification.Name("ThemeKitDidFailToSaveThemeNotification")
    /// `userInfo` key: the theme name before the change (`String`).
    public static let previousThemeKey = "previousTheme"
    /// `userInfo` key: the theme name after the change, or the one that failed (`String`).
    public static let themeKey = "theme"
    /// `userInfo` key: the theme after the change (`Theme`): the one this change installed,
    /// even if another change followed before the notification was delivered.
    public static let themeValueKey = "themeValue"
    /// `userInfo` key: the error of a failure notification.
    public static let errorKey = "error"
}

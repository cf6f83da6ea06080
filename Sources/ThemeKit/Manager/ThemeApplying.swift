/// An object that styles itself from a theme: the Swift form of RNThemeManager's
/// `RNThemeUpdateProtocol`. `ThemeManager.bind(_:)` calls `applyTheme(_:)` at once and after
/// every change.
@MainActor
public protocol ThemeApplying: AnyObject {
    /// Styles the object from `theme`.
    func applyTheme(_ theme: Theme)
}

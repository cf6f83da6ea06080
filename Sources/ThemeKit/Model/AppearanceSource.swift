/// Where a manager learns the system's light or dark preference.
///
/// ``appearances()`` yields the preference as it is now, then again each time it
/// changes; `nil` means the system states no preference. On Linux, `ThemeKitPortal`'s
/// `PortalAppearanceSource` reads the XDG desktop portal over D-Bus; tests and other
/// platforms inject their own.
///
/// A source is asked for one sequence each time it is installed on a manager
/// (`ThemeManager.appearanceSource`); the manager stops reading it when it is replaced or
/// the manager goes. A source must never block the caller of ``appearances()``: the work of
/// reaching the system belongs on the source's own thread or task.
///
/// The first element is awaited: a manager about to choose a theme for the system's
/// appearance waits for it (at most 250 ms after the source was installed), so yield it as
/// soon as the system has answered, and yield `nil` once the system is known to state no
/// preference (or cannot be reached): until the first element, the manager knows only that
/// there is no answer yet.
public protocol AppearanceSource: Sendable {
    /// The system's preference now, then at every change (`nil`: no preference).
    func appearances() -> AsyncStream<ThemeAppearance?>
}

/// Whether a theme, or the system, is light or dark.
///
/// A theme says which it is with its reserved `APPEARANCE` key (`light` when it has none; a
/// child inherits its parent's). The system's preference is the same two values, or `nil`
/// for "no preference".
public enum ThemeAppearance: String, Sendable, Hashable, CaseIterable {
    /// Dark text on a light background: the default.
    case light
    /// Light text on a dark background.
    case dark

    /// The other appearance: `dark` for `light`, `light` for `dark`.
    package var opposite: ThemeAppearance {
        switch self {
        case .light: .dark
        case .dark: .light
        }
    }
}

/// What the user chose: one theme, or to follow the system's light or dark appearance
/// from a base theme.
public enum ThemeChoice: Sendable, Hashable {
    /// This theme, whatever the system's appearance (`changeTheme(_:)`).
    case theme(String)
    /// The base theme when the system is of the base's appearance or states no
    /// preference, and the partner its file names when it is of the other
    /// (`followSystemAppearance(base:)`).
    case followingSystem(base: String)

    /// The prefix of a stored "follow the system" choice.
    private static let followingPrefix = "system:"

    /// The choice as a store keeps it: the theme's name, or `system:<base>`.
    public var storedText: String {
        switch self {
        case .theme(let name): name
        case .followingSystem(let base): Self.followingPrefix + base
        }
    }

    /// The choice a store's text holds, or `nil` if it holds none: a theme name (as every
    /// store written before following the system existed holds), or `system:<base>`.
    public init?(storedText text: String) {
        if text.hasPrefix(Self.followingPrefix) {
            let base = String(text.dropFirst(Self.followingPrefix.count))
            guard ThemeName.isValid(base) else { return nil }
            self = .followingSystem(base: base)
        } else {
            guard ThemeName.isValid(text) else { return nil }
            self = .theme(text)
        }
    }

    /// The theme the choice starts from: the pinned theme, or the base.
    public var baseName: String {
        switch self {
        case .theme(let name): name
        case .followingSystem(let base): base
        }
    }
}

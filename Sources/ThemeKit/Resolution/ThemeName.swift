/// Theme names: the file name without `.plist`, case-sensitive, `[A-Za-z0-9][A-Za-z0-9._-]*`.
///
/// Checked before the file system is touched, so that `../x`, `a/b` and the empty name can
/// never reach a path.
package enum ThemeName: Sendable {
    /// The reserved key that names a theme's parent (RNThemeManager's).
    package static let inheritanceKey = "INHERITED_THEME"
    /// The reserved key that says whether a theme is `light` or `dark` (inherited).
    package static let appearanceKey = "APPEARANCE"
    /// The reserved key of a light theme that names its dark partner (not inherited).
    package static let darkThemeKey = "DARK_THEME"
    /// The reserved key of a dark theme that names its light partner (not inherited).
    package static let lightThemeKey = "LIGHT_THEME"
    /// Every reserved key: none is a theme value, an alias or the target of one.
    package static let reservedKeys = [inheritanceKey, appearanceKey, darkThemeKey, lightThemeKey]

    /// Whether `key` is a reserved key, not a theme value.
    package static func isReserved(_ key: String) -> Bool { reservedKeys.contains(key) }

    /// The reserved key that names a theme's partner of `appearance`: `DARK_THEME` for
    /// `.dark`, `LIGHT_THEME` for `.light`.
    package static func partnerKey(for appearance: ThemeAppearance) -> String {
        switch appearance {
        case .dark: darkThemeKey
        case .light: lightThemeKey
        }
    }

    /// The name every manager starts with when nothing else was chosen.
    package static let defaultTheme = "default"

    /// Whether `name` is a valid theme name.
    package static func isValid(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isAlphanumeric(first) else { return false }
        while let byte = bytes.next() {
            guard
                isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            else { return false }
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The theme name of a file name (`dark.plist` → `dark`), or `nil` if it is not a theme.
    package static func of(fileName: String) -> String? {
        guard fileName.hasSuffix(".plist") else { return nil }
        let name = String(fileName.dropLast(".plist".count))
        return isValid(name) ? name : nil
    }
}

import ThemeSupport

/// themelint's version, reported by `--version`, JSON and SARIF: the package's version
/// (`ThemeKitVersion`), which every tool prints.
public enum ThemeLintVersion: Sendable {
    /// The version string.
    public static let current = ThemeKitVersion.current
}

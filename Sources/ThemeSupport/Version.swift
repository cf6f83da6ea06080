/// The package's version: what `--version` prints for every tool (`themelint`, `themekit`,
/// `themekit-demo`, `themebench`) and what themelint's JSON and SARIF name. Change it here
/// only.
package enum ThemeKitVersion: Sendable {
    /// The version string.
    package static let current = "0.1.0"
}

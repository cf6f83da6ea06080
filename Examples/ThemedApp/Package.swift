// swift-tools-version: 6.1
import PackageDescription

/// A small app themed with ThemeKit, to copy (README.md says how): its typed keys are
/// generated at build time from `Sources/ThemedApp/Themes` by ThemeKit's build-tool plugin,
/// and its CI (`ci.sh`) lints the same folder with `swift package themelint` first. A second
/// executable, `DesignedApp`, drives a manager from a designer's DTCG files (`Design/`), with
/// typed keys generated from them and linted by the same plugins.
/// Copied out of this repository, ThemeKit is named by its URL instead of `path: "../.."`.
let package = Package(
    name: "ThemedApp",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(name: "ThemeKit", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "ThemedApp",
            dependencies: [.product(name: "ThemeKit", package: "ThemeKit")],
            resources: [.copy("Themes")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "ThemeKit")]
        ),
        // The same app's manager on a designer's folder of DTCG files (`Design/`: a resolver
        // with a light/dark modifier and its token files), read as they are; its typed keys
        // (`.colorText`, `.radiusCard`) generated from them by the same plugin.
        .executableTarget(
            name: "DesignedApp",
            dependencies: [.product(name: "ThemeKit", package: "ThemeKit")],
            resources: [.copy("Design")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "ThemeKeysPlugin", package: "ThemeKit")]
        ),
    ]
)

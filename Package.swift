// swift-tools-version: 6.1
import PackageDescription

/// Language settings shared by every target, declared once.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ThemeKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ThemeKit", targets: ["ThemeKit"]),
        .library(name: "ThemeLint", targets: ["ThemeLint"]),
        .library(name: "ThemeTools", targets: ["ThemeTools"]),
        .executable(name: "themekit", targets: ["themekit"]),
        .executable(name: "themelint", targets: ["themelint"]),
        .executable(name: "themekit-demo", targets: ["themekit-demo"]),
        .executable(name: "themebench", targets: ["themebench"]),
        .plugin(name: "ThemeLintPlugin", targets: ["ThemeLintPlugin"]),
        .plugin(name: "ThemeKeysPlugin", targets: ["ThemeKeysPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "ThemeKit",
            dependencies: ["CLibXML2"],
            path: "Sources/ThemeKit",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "themekit-demo",
            dependencies: ["ThemeKit"],
            path: "Sources/themekit-demo",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ThemeLint",
            dependencies: ["ThemeKit"],
            path: "Lint/ThemeLint",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "themelint",
            dependencies: [
                "ThemeLint",
                // For OutputFile: themekit and themelint write their files one way.
                "ThemeTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Lint/themelint",
            swiftSettings: swiftSettings
        ),
        // `themekit`: typed keys, show, preview and export, thin over ThemeTools.
        .target(
            name: "ThemeTools",
            dependencies: ["ThemeKit"],
            path: "Sources/ThemeTools",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "themekit",
            dependencies: [
                "ThemeTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/themekit",
            swiftSettings: swiftSettings
        ),
        // SwiftPM plugins: `swift package themelint` lints the package's Themes folders;
        // the build-tool plugin generates a target's typed ThemeKeys at build time.
        .plugin(
            name: "ThemeLintPlugin",
            capability: .command(
                intent: .custom(verb: "themelint", description: "Lint the package's Themes folders with themelint.")
            ),
            dependencies: ["themelint"],
            path: "Plugins/ThemeLintPlugin"
        ),
        .plugin(
            name: "ThemeKeysPlugin",
            capability: .buildTool(),
            dependencies: ["themekit"],
            path: "Plugins/ThemeKeysPlugin"
        ),
        // Benchmarks: the C floor (libxml2 with no-op callbacks), the input generator, and
        // the executable that measures ThemeKit against its baselines.
        .target(
            name: "CSAXBaseline",
            dependencies: ["CLibXML2"],
            path: "Benchmarks/CSAXBaseline"
        ),
        .target(
            name: "ThemeBenchSupport",
            path: "Benchmarks/ThemeBenchSupport",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "themebench",
            dependencies: ["ThemeKit", "ThemeLint", "ThemeBenchSupport", "CSAXBaseline"],
            path: "Benchmarks/themebench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BenchmarkTests",
            dependencies: ["ThemeBenchSupport", "ThemeKit", "ThemeLint", "ThemeTools"],
            path: "Tests/BenchmarkTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeKitTests",
            dependencies: ["ThemeKit"],
            path: "Tests/ThemeKitTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeLintTests",
            dependencies: ["ThemeLint"],
            path: "Tests/ThemeLintTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ThemeToolsTests",
            dependencies: ["ThemeTools"],
            path: "Tests/ThemeToolsTests",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "themelintTests",
            dependencies: ["themelint", "themekit", "themekit-demo"],
            path: "Tests/themelintTests",
            exclude: ["Fixtures", "validate_sarif.py"],
            swiftSettings: swiftSettings
        ),
    ]
)

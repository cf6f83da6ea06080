// swift-tools-version: 6.1
import PackageDescription

/// Language settings shared by every target, declared once.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// pkg-config finds libxml2 where the package is built on Linux; Apple SDKs have it as a module.
#if os(Linux)
    let libxml2PkgConfig: String? = "libxml-2.0"
#else
    let libxml2PkgConfig: String? = nil
#endif

let package = Package(
    name: "ThemeKit",
    // What an app can target: no API above these is used (Scripts/availability.sh checks it).
    // Built and tested on Linux only; the Apple platforms are declared and audited, not built here.
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "ThemeKit", targets: ["ThemeKit"]),
        .library(name: "ThemeLint", targets: ["ThemeLint"]),
        .library(name: "ThemeKitPortal", targets: ["ThemeKitPortal"]),
        .executable(name: "themekit", targets: ["themekit"]),
        .executable(name: "themelint", targets: ["themelint"]),
        .executable(name: "themekit-demo", targets: ["themekit-demo"]),
        .executable(name: "themebench", targets: ["themebench"]),
        .plugin(name: "ThemeLintPlugin", targets: ["ThemeLintPlugin"]),
        .plugin(name: "ThemeKeysPlugin", targets: ["ThemeKeysPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation --target ThemeKit` (and ThemeLint): the DocC
        // catalogs beside the sources. A command plugin only: nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `themekit import` reads Motif's YAML themes through Yams (libyaml), whose nodes
        // carry their line and column.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // libxml2 from pkg-config on Linux; on Apple platforms shim.h imports the SDK's own
        // `libxml2` module (no pkg-config there: Homebrew's would link another libxml2 than the
        // headers'). It stays a dependency everywhere: shim.h holds the reader's C fast path.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: libxml2PkgConfig,
            providers: [.apt(["libxml2-dev"])]
        ),
        // What every target of the package shares and no app sees: text escaping, the version
        // string, the lock (`Locked`, over pthread_mutex_t), the UTF-8 check and the one JSON
        // reader. Depends on nothing and has no product of its own.
        .target(
            name: "ThemeSupport",
            path: "Sources/ThemeSupport"
        ),
        .target(
            name: "ThemeKit",
            dependencies: ["CLibXML2", "ThemeSupport"],
            path: "Sources/ThemeKit"
        ),
        // The desktop's light or dark preference over D-Bus (the XDG desktop portal), in a product
        // of its own: an app that does not follow the system needs no libdbus.
        .systemLibrary(
            name: "CDBus",
            path: "Sources/CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"]), .brew(["dbus"])]
        ),
        .target(
            name: "ThemeKitPortal",
            // libdbus on Linux only: on Apple platforms the target is an #error (LinuxOnly.swift).
            dependencies: ["ThemeKit", .target(name: "CDBus", condition: .when(platforms: [.linux])), "ThemeSupport"],
            path: "Sources/ThemeKitPortal"
        ),
        .executableTarget(
            name: "themekit-demo",
            dependencies: ["ThemeKit", "ThemeKitPortal", "ThemeSupport"],
            path: "Sources/themekit-demo"
        ),
        // What both front ends (themelint, themekit) write through: JSON, output files, standard
        // output, paths as reports show them. Package-only: no product, nothing public.
        .target(
            name: "ThemeOutput",
            dependencies: ["ThemeKit"],
            path: "Sources/ThemeOutput"
        ),
        .target(
            name: "ThemeLint",
            dependencies: ["ThemeKit", "ThemeOutput", "ThemeSupport"],
            path: "Lint/ThemeLint"
        ),
        .executableTarget(
            name: "themelint",
            dependencies: [
                "ThemeKit", "ThemeLint", "ThemeOutput", "ThemeSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Lint/themelint"
        ),
        // `themekit`: typed keys, show, preview and export, thin over ThemeTools (package-only:
        // no product, nothing public).
        .target(
            name: "ThemeTools",
            // ThemeLint: `themekit import` lints the themes it writes before it moves them in.
            dependencies: [
                "ThemeKit", "ThemeLint", "ThemeOutput", "ThemeSupport", .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/ThemeTools"
        ),
        // `themekit lsp`: the Language Server (package-only: the framing and the few LSP
        // messages it needs, written here).
        .target(
            name: "ThemeLSP",
            dependencies: ["ThemeKit", "ThemeLint", "ThemeOutput", "ThemeSupport"],
            path: "Sources/ThemeLSP"
        ),
        .executableTarget(
            name: "themekit",
            dependencies: [
                "ThemeKit", "ThemeTools", "ThemeOutput", "ThemeLSP", "ThemeSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/themekit"
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
            // ThemeKit for its version, which `themebench --version` prints as every tool does.
            dependencies: [
                "ThemeKit", "ThemeSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/ThemeBenchSupport"
        ),
        .executableTarget(
            name: "themebench",
            dependencies: [
                "ThemeKit", "ThemeLint", "ThemeOutput", "ThemeBenchSupport", "CSAXBaseline", "ThemeKitPortal",
                "ThemeLSP", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/themebench"
        ),
        // What the test targets share: the golden-file helper, the package's own files, and
        // for the end-to-end tests the runner of the built tools and their scratch folders.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "BenchmarkTests",
            dependencies: [
                "ThemeBenchSupport", "ThemeKit", "ThemeLint", "ThemeOutput", "ThemeTools", "themebench", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/BenchmarkTests"
        ),
        .testTarget(
            name: "ThemeSupportTests",
            dependencies: ["ThemeSupport"],
            path: "Tests/ThemeSupportTests"
        ),
        .testTarget(
            name: "ThemeKitTests",
            // CLibXML2: a test pins the option set ThemeKit asks libxml2 for, by name.
            dependencies: ["ThemeKit", "CLibXML2", "TestSupport", "ThemeSupport"],
            path: "Tests/ThemeKitTests",
            exclude: ["Fixtures"]
        ),
        // End to end against a real dbus-daemon and a fake portal (Fixtures/fake_portal.py).
        .testTarget(
            name: "ThemeKitPortalTests",
            dependencies: ["ThemeKitPortal", "ThemeKit", "TestSupport"],
            path: "Tests/ThemeKitPortalTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ThemeLintTests",
            dependencies: ["ThemeLint", "ThemeKit", "TestSupport"],
            path: "Tests/ThemeLintTests"
        ),
        // Repository checks: the README's and the articles' snippets, the CHANGELOG, the
        // reviewed public surface (Fixtures/PublicSurface), every executable's --help and
        // --version, the plugins' shared code, the scripts.
        .testTarget(
            name: "PackageTests",
            dependencies: [
                "themelint", "themekit", "themekit-demo", "themebench", "ThemeKit", "ThemeKitPortal", "ThemeLint",
                "ThemeSupport", "TestSupport",
            ],
            path: "Tests/PackageTests",
            exclude: ["Fixtures"]
        ),
        // The language server in process: framing, positions, and the features on documents
        // open in memory (`themekitTests` drives the built `themekit lsp` over pipes).
        .testTarget(
            name: "ThemeLSPTests",
            dependencies: ["ThemeLSP", "TestSupport"],
            path: "Tests/ThemeLSPTests"
        ),
        .testTarget(
            name: "ThemeOutputTests",
            dependencies: ["ThemeOutput", "TestSupport"],
            path: "Tests/ThemeOutputTests"
        ),
        .testTarget(
            name: "ThemeToolsTests",
            // Yams: the import tests read Motif's YAML sources on their own, to compare.
            dependencies: [
                "ThemeTools", "ThemeKit", "ThemeOutput", "TestSupport", .product(name: "Yams", package: "Yams"),
            ],
            path: "Tests/ThemeToolsTests",
            exclude: ["Fixtures", "validate_dtcg.py"]
        ),
        // End to end: each runs the built executables it is named after.
        .testTarget(
            name: "themelintTests",
            dependencies: ["themelint", "ThemeKit", "TestSupport"],
            path: "Tests/themelintTests",
            exclude: ["Fixtures", "validate_sarif.py"]
        ),
        .testTarget(
            name: "themekitTests",
            dependencies: ["themekit", "themekit-demo", "ThemeKit", "TestSupport"],
            path: "Tests/themekitTests",
            exclude: ["Fixtures"]
        ),
    ]
)

/// The library targets apps link: every public type there states its `Sendable`-ness.
let libraryTargets: Set<String> = ["ThemeKit", "ThemeLint", "ThemeKitPortal"]

/// `-require-explicit-sendable` is an unsafe flag, and SwiftPM refuses a product built with
/// unsafe flags to a package that depends on it by version (`.package(url:from:)`). So the
/// flag is passed only while this package is being developed: a git checkout that is not at
/// a release tag (a root `swift build`, `.ci/run`, or an app depending on a working copy by
/// path or branch, where SwiftPM allows unsafe flags). A version dependency is checked out
/// at its tag, and a registry download has no git information: neither gets the flag (nor
/// does a build at a release tag: that commit was checked before it was tagged).
/// swift-log passes the flag from its CI's command line instead (`-Xswiftc`). It goes to the
/// frontend (`-Xfrontend`): Swift 6.3's driver accepts it bare and then warns about nothing.
let developingThisPackage = Context.gitInformation.map { $0.currentTag == nil } ?? false

// The shared settings, once for every Swift target; not the system library, the C baseline
// or the plugins (swift-log applies its cross-repository settings the same way).
for target in package.targets where target.name != "CSAXBaseline" {
    switch target.type {
    case .regular, .executable, .test:
        var settings = (target.swiftSettings ?? []) + swiftSettings
        if developingThisPackage && libraryTargets.contains(target.name) {
            settings.append(.unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]))
        }
        target.swiftSettings = settings
    case .system, .binary, .plugin, .macro:
        break
    @unknown default:
        break
    }
}

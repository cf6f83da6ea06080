import TestSupport
import Testing

/// ThemeTools is what `themekit` does, as functions its tests can call: no library product
/// and nothing public, so the package's libraries are ThemeKit (the app's), ThemeLint (an
/// app may embed the linter) and ThemeKitPortal (an app that follows the desktop's light or
/// dark preference on Linux).
@Suite struct PackageOnlyTests {
    @Test func themeToolsDeclaresNothingPublic() throws {
        #expect(try PackageSources.publicDeclarations(under: "Sources/ThemeTools") == [])
    }

    @Test func theLibraryProductsAreThemeKitThemeLintAndThemeKitPortal() throws {
        let products = try PackageSources.manifestSection(from: "products: [", to: "    ],")
        let libraries = products.split(separator: "\n").filter { $0.contains(".library(") }
        #expect(libraries.count == 3, "\(libraries)")
        #expect(products.contains(".library(name: \"ThemeKit\", targets: [\"ThemeKit\"])"))
        #expect(products.contains(".library(name: \"ThemeLint\", targets: [\"ThemeLint\"])"))
        #expect(products.contains(".library(name: \"ThemeKitPortal\", targets: [\"ThemeKitPortal\"])"))
        #expect(!products.contains("ThemeTools"))
    }
}

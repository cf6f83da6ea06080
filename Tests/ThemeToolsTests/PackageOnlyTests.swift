import TestSupport
import Testing

/// ThemeTools is what `themekit` does, as functions its tests can call: no library product
/// and nothing public, so the package's libraries are ThemeKit (the app's) and ThemeLint (an
/// app may embed the linter).
@Suite struct PackageOnlyTests {
    @Test func themeToolsDeclaresNothingPublic() throws {
        #expect(try PackageSources.publicDeclarations(under: "Sources/ThemeTools") == [])
    }

    @Test func theLibraryProductsAreThemeKitAndThemeLint() throws {
        let products = try PackageSources.manifestSection(from: "products: [", to: "    ],")
        let libraries = products.split(separator: "\n").filter { $0.contains(".library(") }
        #expect(libraries.count == 2, "\(libraries)")
        #expect(products.contains(".library(name: \"ThemeKit\", targets: [\"ThemeKit\"])"))
        #expect(products.contains(".library(name: \"ThemeLint\", targets: [\"ThemeLint\"])"))
        #expect(!products.contains("ThemeTools"))
    }
}

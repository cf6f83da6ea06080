import TestSupport
import Testing

/// ThemeOutput is what both front ends write through; it is no product, and nothing in it is
/// public, so an app that links ThemeKit or ThemeLint sees none of it.
@Suite struct PackageOnlyTests {
    @Test func themeOutputDeclaresNothingPublic() throws {
        #expect(try PackageSources.publicDeclarations(under: "Sources/ThemeOutput") == [])
    }

    @Test func themeOutputIsNoProduct() throws {
        let products = try PackageSources.manifestSection(from: "products: [", to: "    ],")
        #expect(products.contains(".library(name: \"ThemeKit\""))
        #expect(!products.contains("ThemeOutput"))
    }
}

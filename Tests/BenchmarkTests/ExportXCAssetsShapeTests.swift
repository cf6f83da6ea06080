import Foundation
import Testing
import ThemeBenchSupport
import ThemeKit
import ThemeTools

/// The asset catalog export's scaling shape (issue 38) holds what it says: a pair whose every
/// third key keeps its name, every third clashes through Xcode's symbol, and every third is
/// renamed into a taken name.
@Suite struct ExportXCAssetsShapeTests {
    @Test func theShapeIsALightAndDarkPairOfRenamedAndClashingColorKeys() throws {
        let shape = try #require(ScalingShape.all.first { $0.id == "export-xcassets-many-colors" })
        #expect(shape.tool == .export(format: "xcassets"))
        let folder = try ScalingShapeTests.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let themes = folder.appendingPathComponent("Themes").path
        let light = try ThemeLoader(directory: themes).load("default")
        let dark = try ThemeLoader(directory: themes).load("dark")
        #expect(light.darkThemeName == "dark")
        #expect(dark.appearance == .dark)
        let catalog = try AssetCatalogExporter.catalog(light, partner: dark)
        #expect(
            catalog.names.entries.map { [$0.key, $0.name] } == [
                ["g.0", "g02"], ["g.1", "g12"], ["g0", "g0"], ["g0Color", "g0Color2"], ["g1", "g1"],
                ["g1Color", "g1Color2"],
            ])
        #expect(catalog.files.count == 7, "the catalog's Contents.json and a colorset a key")
        #expect(catalog.files.allSatisfy { $0.path == "Contents.json" || $0.text.contains("\"value\" : \"dark\"") })
    }

    @Test func theDTCGShapeIsALightAndDarkPairWhoseColorsComeThroughAliasesInFourSpaces() throws {
        let shape = try #require(ScalingShape.all.first { $0.id == "export-xcassets-tokens-many-colors" })
        let folder = try ScalingShapeTests.write(shape, n: 16)
        defer { try? FileManager.default.removeItem(at: folder) }
        let themes = folder.appendingPathComponent("Themes").path
        let light = try ThemeLoader(directory: themes).load("light")
        let dark = try ThemeLoader(directory: themes).load("dark")
        #expect(light.darkThemeName == "dark")
        let sources = [
            "light": SourceColors.of(themeNamed: "light", in: themes),
            "dark": SourceColors.of(themeNamed: "dark", in: themes),
        ]
        let catalog = try AssetCatalogExporter.catalog(light, partner: dark) { sources[$0]?.color(forKey: $1) }
        #expect(catalog.files.count == 1 + 16, "the palette's 8 and each context's 8 (the same keys)")
        let spaces = catalog.files.map { file in
            file.text.components(separatedBy: "\"color-space\" : \"display-p3\"").count - 1
        }
        #expect(spaces.reduce(0, +) > 0, "Display P3 written and converted")
        let named = try #require(catalog.files.first { $0.path == "colorC1.colorset/Contents.json" })
        #expect(
            named.text.contains("\"color-space\" : \"display-p3\""), "c1 is p1, a Display P3 color, through its alias")
    }
}

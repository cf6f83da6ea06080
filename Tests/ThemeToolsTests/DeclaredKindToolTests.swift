import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeOutput

@testable import ThemeTools

/// The tools honour the kinds a `$type` declares (SPEC §2) as they honour suffix kinds.
@Suite struct DeclaredKindToolTests {
    static let body = """
        <key>color.$type</key><string>color</string>
        <key>color.$description</key><string>Brand colors</string>
        <key>color.bg.primary</key><string>#35a2fb</string>
        <key>space.$type</key><string>dimension</string>
        <key>space.gap</key><integer>8</integer>
        """

    @Test("themekit keys types a declared color as a ThemeKey<ThemeColor> with a Swift name")
    func keysTypeDeclaredColors() throws {
        let themes = try ScratchThemes(["default": Self.body])
        let generated = KeyGenerator().generate(from: [ThemeCollection(directory: themes.path)])
        let source = try #require(generated.source)
        #expect(generated.diagnostics.isEmpty)
        #expect(source.contains("static var colorBgPrimary: ThemeKey<ThemeColor> { ThemeKey(\"color.bg.primary\") }"))
        #expect(source.contains("static var spaceGap: ThemeKey<Double> { ThemeKey(\"space.gap\") }"))
        #expect(!source.contains("$type"))
    }

    @Test("themekit show gives a declared key its kind and the declaration it comes from")
    func showSaysWhereAKindWasDeclared() throws {
        let themes = try ScratchThemes(["default": Self.body])
        let theme = try ThemeLoader(directory: themes.path).load("default")
        let table = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: themes.path))
        let row = try #require(table.rows.first { $0.key == "color.bg.primary" })
        #expect(row.kind == .color)
        #expect(row.declaredBy == "color.$type")
        #expect(table.rows.first { $0.key == "space.gap" }?.kind == .length)
        #expect(table.rows.map(\.key) == ["color.bg.primary", "space.gap"])
        #expect(table.text.contains("kind from color.$type"))
        #expect(row.description == "Brand colors")
        #expect(table.text.contains("kind from color.$type; Brand colors"))
    }

    @Test("themekit preview puts a declared color among the colors and a dimension among the lengths")
    func previewSectionsByDeclaredKind() throws {
        let themes = try ScratchThemes(["default": Self.body])
        let page = PreviewPage.render(
            ThemeCollection(directory: themes.path), folder: themes.path,
            path: DisplayPath(currentDirectory: themes.path))
        let colors = try #require(page.range(of: ">Colors</th>"))
        let lengths = try #require(page.range(of: ">Lengths</th>"))
        let color = try #require(page.range(of: "<code>color.bg.primary</code>"))
        let gap = try #require(page.range(of: "<code>space.gap</code>"))
        #expect(colors.lowerBound < color.lowerBound && color.lowerBound < lengths.lowerBound)
        #expect(lengths.lowerBound < gap.lowerBound)
        #expect(page.contains("<code>color.bg.primary</code><small>Brand colors</small>"))
    }

    @Test("themekit export --format css writes a declared dimension in px")
    func cssWritesDeclaredUnits() throws {
        let themes = try ScratchThemes(["default": Self.body])
        let css = try ThemeExporter.css(try ThemeLoader(directory: themes.path).load("default"))
        #expect(css.contains(#"--space\.gap: 8px;"#))
        #expect(css.contains(#"--color\.bg\.primary: #35a2fb;"#))
    }
}

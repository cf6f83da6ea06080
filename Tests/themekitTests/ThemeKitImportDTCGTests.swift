import Foundation
import TestSupport
import Testing
import ThemeKit

/// Issue 37's "done when", end to end with the built tools: a design system exported as DTCG
/// (a resolver with light and dark, several token files, references across files, colors in
/// several spaces, composites) imports into themes that themelint finds nothing in and that a
/// manager switches between, light and dark.
@Suite("themekit import of a DTCG design system, end to end", .serialized)
struct ThemeKitImportDTCGTests {
    /// The design system (ThemeToolsTests' fixture, written from the DTCG modules' text).
    static let designSystem = CLI.packageRoot.appendingPathComponent(
        "Tests/ThemeToolsTests/Fixtures/DTCG/design-system")

    /// The design system's files, copied into `scratch` as they are laid out.
    static func copyDesignSystem(into scratch: Scratch) throws {
        let files = [
            "design-system.resolver.json", "tokens/primitives.tokens.json", "tokens/dimensions.tokens.json",
            "tokens/light.tokens.json", "tokens/dark.tokens.json", "tokens/components.tokens.json",
        ]
        for file in files {
            let text = try String(contentsOf: designSystem.appendingPathComponent(file), encoding: .utf8)
            try scratch.write(file, text)
        }
    }

    /// `themekit import design-system.resolver.json -o Themes` in `scratch`, expected to succeed.
    static func importDesignSystem(in scratch: Scratch) throws -> CLI.Result {
        let imported = try CLI.run(
            ["import", "design-system.resolver.json", "-o", "Themes"], tool: "themekit", in: scratch.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        return imported
    }

    @Test("the design system imports without --from, lints with no finding, and a manager switches light and dark")
    func designSystemEndToEnd() throws {
        let scratch = try Scratch()
        try Self.copyDesignSystem(into: scratch)
        let imported = try Self.importDesignSystem(in: scratch)
        #expect(
            imported.stdout == """
                Themes/dark.plist: 46 keys from design-system.resolver.json
                Themes/default.plist: 46 keys from design-system.resolver.json (renamed from 'light')

                """)
        // The reader's notes, located in the JSON.
        #expect(
            imported.stderr.split(separator: "\n").prefix(2) == [
                "tokens/dark.tokens.json:6:29: note: 'color.bg.subtle': a hex string; DTCG 2025.10 writes a color object",
                "tokens/dimensions.tokens.json:5:23: note: 'space.md': 0.5rem read as 8px (16px a rem)",
            ])

        // The resolver's default theme (light) is written as `default`, which a manager
        // starts with and themelint looks for: the folder lints clean as a whole.
        let lint = try CLI.run(["Themes"], in: scratch.url)
        #expect(lint.status == 0)
        #expect(lint.stdout == "0 errors, 0 warnings in 2 files\n", "\(lint.stdout)")

        let folder = scratch.url.appendingPathComponent("Themes").path
        let manager = ThemeManager(directory: folder, notificationCenter: NotificationCenter())
        manager.appearanceOverride = .light
        try manager.followSystemAppearance(base: "default")
        #expect(manager.currentThemeName == "default")
        let lightColors = [
            manager.color(forKey: "color.bg.primary"), manager.color(forKey: "color.fg.primary"),
            manager.color(forKey: "button.background"), manager.color(forKey: "button.label"),
            manager.color(forKey: "card.shadow.color"),
        ].map { $0?.hexString }
        #expect(lightColors == ["#FFFFFF", "#111827", "#1B68EE", "#FFFFFF", "#00000040"])
        #expect(manager.currentTheme.number(forKey: "text.heading.fontSize") == 24)
        #expect(manager.currentTheme.number(forKey: "text.heading.fontWeight") == 700)
        #expect(manager.currentTheme.string(forKey: "text.heading.fontFamily") == "Inter, Helvetica Neue, sans-serif")

        manager.appearanceOverride = .dark
        #expect(manager.currentThemeName == "dark")
        let darkColors = [
            manager.color(forKey: "color.bg.primary"), manager.color(forKey: "color.fg.primary"),
            manager.color(forKey: "button.background"), manager.color(forKey: "button.label"),
            manager.color(forKey: "card.shadow.color"),
        ].map { $0?.hexString }
        #expect(darkColors == ["#111827", "#FFFFFF", "#7CB3EB", "#111827", "#00000040"])

        // Pinned, the pair is two themes like any other.
        try manager.changeTheme("default")
        #expect(manager.color(forKey: "color.bg.subtle")?.hexString == "#F3F4F6")
        try manager.changeTheme("dark")
        #expect(manager.color(forKey: "color.bg.subtle")?.hexString == "#1F2937")
    }

    @Test("into a folder that has a default theme, the resolver's themes keep their contexts' names")
    func defaultThemeKeptWhereThereIsOne() throws {
        let scratch = try Scratch()
        try Self.copyDesignSystem(into: scratch)
        try scratch.write("Themes/default.plist", "<plist version=\"1.0\"><dict/></plist>\n")
        let imported = try Self.importDesignSystem(in: scratch)
        #expect(
            imported.stdout == """
                Themes/dark.plist: 46 keys from design-system.resolver.json
                Themes/light.plist: 46 keys from design-system.resolver.json

                """)
    }

    @Test("a broken token file refuses the import at its line and column, and writes nothing")
    func brokenTokensAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write(
            "brand.tokens.json",
            """
            {
              "color": {
                "$type": "color",
                "brand": { "$value": "{color.missing}" },
                "ink": { "$value": { "colorSpace": "srgb", "components": [0, 0] } }
              }
            }

            """)
        let result = try CLI.run(["import", "brand.tokens.json", "-o", "Themes"], tool: "themekit", in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("brand.tokens.json:5:"), "\(result.stderr)")
        #expect(result.stderr.contains("[token_value]"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Themes").path))
    }
}

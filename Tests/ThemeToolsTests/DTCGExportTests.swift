import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools

/// `themekit export --format dtcg` and `dtcg-resolver` (issue 38): a theme as DTCG 2025.10
/// design tokens, written from themes loaded from plists made beside each test.
@Suite struct DTCGExportTests {
    /// A plist of `entries` (already in plist XML).
    static func plist(_ entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(entries)
        </dict>
        </plist>
        """
    }

    /// The theme `name` of `scratch`, exported.
    static func export(_ name: String, in scratch: Scratch, resolver: Bool = false) throws -> String {
        let loader = ThemeLoader(directory: scratch.url.path)
        let theme = try loader.load(name)
        let partner = try theme.partnerName.map { try loader.load($0) }
        return try DTCGExporter.export(theme, partner: partner, in: scratch.url.path, resolver: resolver)
    }

    /// The JSON object at `path` (`["a", "b"]`) of `text`.
    static func object(_ text: String, _ path: [String] = []) throws -> [String: Any]? {
        var node = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        for name in path { node = node?[name] as? [String: Any] }
        return node
    }

    @Test("dotted keys become groups, and a key that is also a group's prefix is its $root token")
    func dottedKeysAreGroups() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.plist",
            Self.plist(
                """
                <key>tintColor.pressedColor</key><string>@tintColor</string>
                <key>tintColor</key><string>#112233</string>
                <key>tintColor.border.width</key><integer>2</integer>
                """))
        let text = try Self.export("t", in: scratch)
        let tint = try #require(try Self.object(text, ["tintColor"]))
        #expect((tint["$root"] as? [String: Any])?["$type"] as? String == "color")
        #expect((tint["pressedColor"] as? [String: Any])?["$value"] as? String == "{tintColor}")
        #expect((tint["pressedColor"] as? [String: Any])?["$type"] as? String == "color")
        let border = try #require(try Self.object(text, ["tintColor", "border", "width"]))
        #expect(border["$type"] as? String == "number")
        #expect(
            text.contains(
                ##""$root": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0.06666666666666667, 0.13333333333333333, 0.2], "hex": "#112233" } }"##
            ))
    }

    @Test("kinds are $types: a font pair is a fontFamily and a dimension, lengths px, durations ms, opacity a number")
    func kindsAreTypes() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.plist",
            Self.plist(
                """
                <key>headerFont</key><string>Inter, Helvetica Neue</string>
                <key>headerFontSize</key><integer>17</integer>
                <key>cornerRadius</key><real>4.5</real>
                <key>fadeDuration</key><real>0.25</real>
                <key>oddDelay</key><real>0.56494</real>
                <key>overlayOpacity</key><real>0.5</real>
                <key>columns</key><integer>3</integer>
                """))
        let text = try Self.export("t", in: scratch)
        #expect(text.contains(##""headerFont": { "$type": "fontFamily", "$value": ["Inter", "Helvetica Neue"] }"##))
        #expect(
            text.contains(##""headerFontSize": { "$type": "dimension", "$value": { "value": 17, "unit": "px" } }"##))
        #expect(text.contains(##""cornerRadius": { "$type": "dimension", "$value": { "value": 4.5, "unit": "px" } }"##))
        #expect(text.contains(##""fadeDuration": { "$type": "duration", "$value": { "value": 250, "unit": "ms" } }"##))
        // Milliseconds that would not give the same seconds back stay in seconds.
        #expect(text.contains(##""oddDelay": { "$type": "duration", "$value": { "value": 0.56494, "unit": "s" } }"##))
        #expect(text.contains(##""overlayOpacity": { "$type": "number", "$value": 0.5 }"##))
        #expect(text.contains(##""columns": { "$type": "number", "$value": 3 }"##))
    }

    @Test("what DTCG cannot say is under $extensions org.themekit: images, strings, flags, appearance, declared kinds")
    func extensionHoldsTheRest() throws {
        let scratch = try Scratch()
        try scratch.write(
            "night.plist",
            Self.plist(
                """
                <key>APPEARANCE</key><string>dark</string>
                <key>LIGHT_THEME</key><string>day</string>
                <key>logoImage</key><string>moon</string>
                <key>title</key><string>Night</string>
                <key>isRound</key><true/>
                <key>space.$type</key><string>dimension</string>
                <key>space.$description</key><string>Gaps, in points.</string>
                <key>space.gap</key><integer>-2</integer>
                """))
        try scratch.write("day.plist", Self.plist("<key>DARK_THEME</key><string>night</string>"))
        let text = try Self.export("night", in: scratch)
        let themekit = try #require(try Self.object(text, ["$extensions", "org.themekit"]))
        #expect(themekit["declaredTypes"] as? [String: String] == ["space": "dimension"])
        #expect(themekit["partner"] as? [String: String] == ["LIGHT_THEME": "day"])
        let tokens = try #require(themekit["tokens"] as? [String: [String: Any]])
        #expect(tokens["APPEARANCE"]?["$value"] as? String == "dark")
        #expect(tokens["logoImage"]?["$type"] as? String == "image")
        #expect(tokens["title"]?["$type"] as? String == "string")
        #expect(tokens["isRound"]?["$value"] as? Bool == true)
        #expect(tokens["LIGHT_THEME"] == nil)
        let space = try #require(try Self.object(text, ["space"]))
        #expect(space["$description"] as? String == "Gaps, in points.")
        #expect((space["gap"] as? [String: Any])?["$type"] as? String == "dimension")
    }

    @Test("an inherited theme is written whole, its aliases to the parent's keys as references")
    func inheritedKeysAreWritten() throws {
        let scratch = try Scratch()
        try scratch.write(
            "base.plist",
            Self.plist("<key>inkColor</key><string>#000000</string><key>gapSize</key><integer>4</integer>"))
        try scratch.write(
            "child.plist",
            Self.plist("<key>INHERITED_THEME</key><string>base</string><key>textColor</key><string>inkColor</string>"))
        let text = try Self.export("child", in: scratch)
        #expect(text.contains(##""textColor": { "$type": "color", "$value": "{inkColor}" }"##))
        #expect(text.contains(##""gapSize": { "$type": "dimension""##))
        #expect(!text.contains("INHERITED_THEME"))
    }

    @Test("an alias whose kind differs from its target's has no $type: DTCG takes a reference's type from its target")
    func aliasOfAnotherKindHasNoType() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.plist", Self.plist("<key>base</key><integer>4</integer><key>gapSize</key><string>@base</string>"))
        let text = try Self.export("t", in: scratch)
        #expect(text.contains(##""gapSize": { "$value": "{base}" }"##))
        #expect(text.contains(##""base": { "$type": "number", "$value": 4 }"##))
    }

    @Test("a DTCG theme's colors are written as its files wrote them")
    func sourceColorsAreKept() throws {
        let folder = Paths.fixtures.appendingPathComponent("DTCG/design-system").path
        let loader = ThemeLoader(directory: folder)
        let text = try DTCGExporter.export(try loader.load("light"), partner: nil, in: folder, resolver: false)
        #expect(
            text.contains(
                ##""500": { "$type": "color", "$value": { "colorSpace": "display-p3", "components": [0.2, 0.4, 0.9] }, "$description": "The brand blue, picked on a wide-gamut display." }"##
            ))
        #expect(
            text.contains(
                ##""100": { "$type": "color", "$value": { "colorSpace": "oklch", "components": [0.967, 0.0029, 264.54] } }"##
            ))
    }

    @Test("a value DTCG cannot hold, or a key it cannot name, is an error naming each, and nothing is written")
    func unwritableKeysAreErrors() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.plist",
            Self.plist(
                """
                <key>a..b</key><integer>1</integer>
                <key>x{y}</key><integer>1</integer>
                <key>fine</key><integer>1</integer>
                """))
        let theme = try ThemeLoader(directory: scratch.url.path).load("t")
        #expect(throws: ThemeExporter.ExportError.self) { try DTCGExporter.tokens(theme) }
        do {
            _ = try DTCGExporter.tokens(theme)
        } catch {
            #expect(error.format == "DTCG")
            #expect(error.unwritable.map(\.key) == ["a..b", "x{y}"])
            #expect(error.unwritable.allSatisfy { $0.location?.line == 4 || $0.location?.line == 5 })
        }
        let nan = Theme(name: "n", values: ["gapSize": .size(.nan)])
        do {
            _ = try DTCGExporter.tokens(nan)
            Issue.record("NaN was written")
        } catch {
            #expect(error.unwritable.map(\.what) == ["NaN"])
            #expect(error.description.contains("which DTCG cannot express"))
        }
    }

    @Test("a literal string starting with '{', which DTCG would read as a reference, is an error naming the key")
    func braceStringsAreErrors() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.plist",
            Self.plist(
                """
                <key>title</key><string>{brace}</string>
                <key>bodyFont</key><string>{Font}</string>
                <key>bodyFontSize</key><integer>12</integer>
                <key>note</key><string>a {brace} inside</string>
                """))
        let theme = try ThemeLoader(directory: scratch.url.path).load("t")
        do {
            _ = try DTCGExporter.tokens(theme)
            Issue.record("a string DTCG reads as a reference was written")
        } catch {
            #expect(error.unwritable.map(\.key) == ["bodyFont", "title"])
            #expect(error.unwritable.first?.what == "a string starting with '{' (read as a reference)")
        }
    }

    @Test("a key of 100 segments is written and read back, in a resolver's inline source too; one of 101 is refused")
    func deepestKeyReadsBack() throws {
        let scratch = try Scratch()
        let deepest = (1..<100).map { "s\($0)" }.joined(separator: ".") + ".edgeWidth"
        try scratch.write(
            "t.plist",
            Self.plist(
                "<key>\(deepest)</key><integer>3</integer><key>s0.\(deepest)</key><integer>4</integer>"))
        try scratch.write(
            "u.plist", Self.plist("<key>APPEARANCE</key><string>dark</string><key>\(deepest)</key><integer>3</integer>")
        )
        let loader = ThemeLoader(directory: scratch.url.path)
        let theme = try loader.load("u")
        for resolver in [false, true] {
            let text = try DTCGExporter.export(theme, partner: nil, in: scratch.url.path, resolver: resolver)
            let file = try scratch.write("back/u" + (resolver ? ".resolver.json" : ".tokens.json"), text)
            // A resolver with no modifier is one theme, named after its `name`.
            let back = try ThemeLoader(directory: file.deletingLastPathComponent().path).load("u")
            #expect(back.number(forKey: deepest) == 3)
            try FileManager.default.removeItem(at: file)
        }
        let tooDeep = try loader.load("t")
        do {
            _ = try DTCGExporter.tokens(tooDeep)
            Issue.record("a key of 101 segments was written")
        } catch {
            #expect(error.unwritable.map(\.key) == ["s0.\(deepest)"])
        }
    }

    @Test("styled keys are tokens of groups named after the style, states and containers; INHERITED_STYLE a string")
    func styledKeysRoundTrip() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.plist",
            Self.plist(
                """
                <key>Button.backgroundColor</key><string>#0000FF</string>
                <key>Button:disabled.backgroundColor</key><string>#888888</string>
                <key>Toolbar/Button:highlighted:selected.backgroundColor</key><string>#00FF00</string>
                <key>Danger.INHERITED_STYLE</key><string>Button</string>
                <key>Danger.backgroundColor</key><string>#FF0000</string>
                """))
        let theme = try ThemeLoader(directory: scratch.url.path).load("t")
        let text = try DTCGExporter.tokens(theme)
        let disabled = try #require(try Self.object(text, ["Button:disabled", "backgroundColor"]))
        #expect(disabled["$type"] as? String == "color")
        #expect(try Self.object(text, ["Toolbar/Button:highlighted:selected", "backgroundColor"]) != nil)
        let inherited = try #require(
            try Self.object(text, ["$extensions", "org.themekit", "tokens", "Danger", "INHERITED_STYLE"]))
        #expect(inherited["$value"] as? String == "Button")
        // Read back, a style resolves as it did: Danger's states fall back to Button's keys.
        let file = try scratch.write("back/t.tokens.json", text)
        let back = try ThemeLoader(directory: file.deletingLastPathComponent().path).load("t")
        #expect(back.values == theme.values)
        let style = back.style("Danger", states: [.disabled])
        #expect(
            style.color(forKey: "backgroundColor")
                == theme.style("Danger", states: [.disabled]).color(forKey: "backgroundColor"))
        #expect(style.color(forKey: "backgroundColor") == ThemeColor(red: 1, green: 0, blue: 0))
    }

    @Test("exporting twice gives the same bytes")
    func exportIsDeterministic() throws {
        for name in ["default", "dark", "highcontrast", "lowcontrast"] {
            let theme = try ThemeLoader(directory: Paths.themes).load(name)
            let first = try DTCGExporter.export(theme, partner: nil, in: Paths.themes, resolver: false)
            let second = try DTCGExporter.export(theme, partner: nil, in: Paths.themes, resolver: false)
            #expect(first == second)
        }
    }

    @Test("dtcg-resolver: a shared set and a light/dark modifier whose default is the theme's appearance")
    func resolverHoldsThePair() throws {
        let loader = ThemeLoader(directory: Paths.themes)
        let dark = try loader.load("dark")
        let light = try loader.load("default")
        let text = try DTCGExporter.export(dark, partner: light, in: Paths.themes, resolver: true)
        let root = try #require(try Self.object(text))
        #expect(root["version"] as? String == "2025.10")
        let modifier = try #require(try Self.object(text, ["modifiers", "appearance"]))
        #expect(modifier["default"] as? String == "dark")
        #expect((modifier["contexts"] as? [String: Any]).map { Set($0.keys) } == ["light", "dark"])
        let order = try #require(root["resolutionOrder"] as? [[String: String]])
        #expect(order == [["$ref": "#/sets/shared"], ["$ref": "#/modifiers/appearance"]])
        // The shared set holds what both write alike; each context its own.
        let shared = try #require(
            ((try Self.object(text, ["sets", "shared"]))?["sources"] as? [[String: Any]])?.first)
        #expect(shared["bodyFont"] != nil)
        #expect(shared["brandColor"] == nil)
        let darkSource = try #require((modifier["contexts"] as? [String: [[String: Any]]])?["dark"]?.first)
        #expect((darkSource["brandColor"] as? [String: Any])?["$type"] as? String == "color")
        #expect(!text.contains("DARK_THEME"))
    }
}

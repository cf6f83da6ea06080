import Foundation
import TestSupport
import Testing

@testable import ThemeKit

/// The loader takes DTCG files as themes (SPEC §12): a resolver's themes, its sets merged
/// in resolution order, and stand-alone tokens files, beside the folder's plists.
@Suite("Tokens loader")
struct TokensLoaderTests {
    /// A folder with a resolver (a base set, a light/dark modifier), the files it names, a
    /// stand-alone tokens file and a plist.
    static func designSystem() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write(
            "base.tokens.json",
            """
            {
              "color": {
                "$type": "color",
                "blue": { "$value": "#0066ff" },
                "text": { "$value": "{color.blue}" },
                "bg": { "$value": "#ffffff" }
              }
            }
            """)
        try scratch.write(
            "dark.tokens.json",
            """
            {
              "color": {
                "$type": "color",
                "bg": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } },
                "blue": { "$value": "#66aaff" }
              }
            }
            """)
        try scratch.write("light.tokens.json", ##"{ "color": { "$type": "color", "bg": { "$value": "#fafafa" } } }"##)
        try scratch.write(
            "app.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "./base.tokens.json" }] } },
              "modifiers": {
                "mode": {
                  "contexts": { "light": [{ "$ref": "light.tokens.json" }], "dark": [{ "$ref": "dark.tokens.json" }] },
                  "default": "light"
                }
              },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/mode" }]
            }
            """)
        try scratch.write(
            "spacing.tokens", #"{ "gap": { "$type": "dimension", "$value": { "value": 8, "unit": "px" } } }"#)
        try scratch.write(
            "classic.plist",
            RuleExampleText.plist(["<key>primaryColor</key><string>35a2fb</string>"]))
        return scratch
    }

    @Test("a folder's themes: the resolver's contexts, a stand-alone tokens file by its stem, the plists; no set alone")
    func availableThemes() throws {
        let scratch = try Self.designSystem()
        #expect(ThemeLoader(directory: scratch.path).availableThemes() == ["classic", "dark", "light", "spacing"])
    }

    @Test("a resolver theme is its sets merged in resolution order, the later winning, aliases bound after the merge")
    func mergedInOrder() throws {
        let scratch = try Self.designSystem()
        let loader = ThemeLoader(directory: scratch.path)
        let dark = try loader.load("dark")
        #expect(dark.color(forKey: "color.bg")?.hexString == "#000000")
        #expect(dark.color(forKey: "color.text")?.hexString == "#66AAFF")
        #expect(dark.appearance == .dark)
        #expect(dark.lightThemeName == "light")
        #expect(dark.parentName == nil)
        let light = try loader.load("light")
        #expect(light.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        #expect(light.color(forKey: "color.text")?.hexString == "#0066FF")
        #expect(light.appearance == .light)
        #expect(light.darkThemeName == "dark")
        #expect(light.files.contains { $0.hasSuffix("base.tokens.json") })
        // Located in the JSON that wrote the value.
        let source = try #require(dark.source(forKey: "color.bg"))
        #expect(source.value.file.hasSuffix("dark.tokens.json"))
        #expect(source.value.line == 4)
        #expect(source.value.column == 23)
        #expect(try loader.load("spacing").number(forKey: "gap") == 8)
        #expect(try loader.load("classic").color(forKey: "primaryColor") != nil)
    }

    @Test("a DTCG theme's files merged alone (the language server's view) take a string naming a token as text")
    func mergedFilesTakeOnlyCurlyReferences() throws {
        let source =
            #"{ "font": { "$type": "fontFamily", "base": { "$value": "Inter" }, "body": { "$value": "font.base" }, "code": { "$value": "{font.base}" } } }"#
        let read = TokensReader.read(Array(source.utf8), file: "/t/fonts.tokens.json")
        let analysis = ThemeAnalysis.merging([read.themeFile], name: "fonts")
        let theme = try #require(analysis.degradedTheme)
        #expect(theme.string(forKey: "font.body") == "font.base")
        #expect(theme.string(forKey: "font.code") == "Inter")
        #expect(analysis.diagnostics.isEmpty)
    }

    @Test("a session's analyses read the folder's DTCG files once and give the same themes")
    func sessionAnalyses() throws {
        let scratch = try Self.designSystem()
        let loader = ThemeLoader(directory: scratch.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        for name in ["light", "dark"] {
            let analysis = loader.analyze(name, in: session)
            #expect(analysis.errors.isEmpty)
            #expect(analysis.isTokensTheme)
            #expect(analysis.theme?.color(forKey: "color.text") != nil)
        }
    }

    /// Style Dictionary's simple.json: `foo` is `"bar"` beside a token named `bar` (which
    /// names `foo`); a plist's bare-name alias would make it a cycle.
    @Test("in a DTCG theme a string that names another token is a literal: only curly references are aliases")
    func literalNames() throws {
        let scratch = try Scratch()
        try scratch.write("s.tokens.json", #"{ "foo": { "$value": "bar" }, "bar": { "$value": "{foo}" } }"#)
        let analysis = ThemeLoader(directory: scratch.path).analyze("s")
        #expect(analysis.errors.isEmpty)
        #expect(analysis.theme?.string(forKey: "foo") == "bar")
        #expect(analysis.theme?.string(forKey: "bar") == "bar")
    }

    @Test("a reference to a composite or cubicBezier of another set is a reference per sub-key, as within a file")
    func structuredReferenceAcrossSets() throws {
        let scratch = try Self.designSystem()
        try scratch.write(
            "base.tokens.json",
            """
            {
              "color": { "$type": "color", "blue": { "$value": "#0066ff" }, "bg": { "$value": "#ffffff" } },
              "easing": { "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } },
              "shadow": { "base": { "$type": "shadow", "$value": {
                "color": "{color.blue}", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 2, "unit": "px" },
                "blur": { "value": 4, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } } }
            }
            """)
        try scratch.write(
            "dark.tokens.json",
            """
            {
              "motion": { "enter": { "$type": "cubicBezier", "$value": "{easing.standard}" } },
              "card": { "shadow": { "$type": "shadow", "$value": "{shadow.base}" } }
            }
            """)
        let analysis = ThemeLoader(directory: scratch.path).analyze("dark")
        #expect(analysis.errors.isEmpty, "\(analysis.errors)")
        let theme = try #require(analysis.theme)
        #expect(theme.number(forKey: "motion.enter.x1") == 0.2)
        #expect(theme.number(forKey: "motion.enter.y2") == 1)
        #expect(theme.number(forKey: "card.shadow.offsetY") == 2)
        #expect(theme.color(forKey: "card.shadow.color")?.hexString == "#0066FF")
        // The light theme, whose files hold no such reference, reads each file once.
        #expect(try ThemeLoader(directory: scratch.path).load("light").number(forKey: "easing.standard.x1") == 0.2)
    }

    @Test("a manager on a DTCG folder with no default theme starts with its resolver's default contexts")
    func managerStartsWithTheResolversDefault() throws {
        let scratch = try Self.designSystem()
        #expect(ThemeLoader(directory: scratch.path).startThemeName() == "light")
        let manager = ThemeManager(directory: scratch.path, notificationCenter: NotificationCenter())
        #expect(manager.currentThemeName == "light")
        #expect(!manager.isDegraded)
        #expect(manager.restoreError == nil)
        #expect(manager.color(forKey: "color.bg")?.hexString == "#FAFAFA")
        try manager.changeTheme("dark")
        #expect(manager.color(forKey: "color.bg")?.hexString == "#000000")
        // A plist named default is still the start.
        try scratch.write("default.plist", RuleExampleText.plist(["<key>inkColor</key><string>112233</string>"]))
        #expect(ThemeLoader(directory: scratch.path).startThemeName() == "default")
    }

    @Test("a dangling reference across sets is unresolved_alias at its value in the JSON")
    func danglingAcrossSets() throws {
        let scratch = try Self.designSystem()
        try scratch.write(
            "light.tokens.json", #"{ "color": { "$type": "color", "bg": { "$value": "{color.gray}" } } }"#)
        let analysis = ThemeLoader(directory: scratch.path).analyze("light")
        let problem = try #require(analysis.errors.first)
        #expect(analysis.errors.count == 1)
        #expect(problem.code == .unresolvedAlias)
        #expect(problem.location.file.hasSuffix("light.tokens.json"))
        #expect(problem.location.line == 1)
        #expect(problem.location.column == 50)
    }
}

/// Plist text for the tests of this file.
enum RuleExampleText {
    static func plist(_ entries: [String]) -> String {
        "<plist version=\"1.0\">\n<dict>\n" + entries.map { "\t\($0)\n" }.joined() + "</dict>\n</plist>\n"
    }
}

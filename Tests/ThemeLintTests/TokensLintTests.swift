import Foundation
import TestSupport
import Testing
import ThemeKit

@testable import ThemeLint

/// themelint on DTCG files (SPEC §12): a resolver's themes and stand-alone tokens files,
/// linted with the same rules and formats as plists, located in the JSON.
@Suite("themelint on DTCG tokens files")
struct TokensLintTests {
    /// A design system: a resolver with a base set and a light/dark modifier, and a
    /// stand-alone tokens file, with a problem of each kind.
    static func designSystem() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write(
            "base.tokens.json",
            """
            {
              "color": {
                "$type": "color",
                "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 1] } },
                "text": { "$value": "{color.blue}" },
                "size": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
                "bad.name": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } },
                "border": { "$value": "{color.size}" },
                "bg": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } }
              }
            }
            """)
        try scratch.write(
            "dark.tokens.json",
            """
            {
              "color": {
                "$type": "color",
                "bg": { "$value": "{color.gray}" },
                "ring": { "$value": "{color.ring}" }
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
            "spacing.tokens", #"{ "gap": { "$type": "dimension", "$value": { "value": 8, "unit": "em" } } }"#)
        return scratch
    }

    static let expected = [
        "base.tokens.json:7:5: error: 'bad.name': a token or group name cannot contain '.' [token_name]",
        "base.tokens.json:8:27: error: 'color.border' is a color, but '{color.size}' is a dimension [token_reference]",
        "dark.tokens.json:4:23: error: '{color.gray}' names no key [unresolved_alias]",
        "dark.tokens.json:5:25: error: alias cycle: color.ring → {color.ring} [alias_cycle]",
        "light.tokens.json:1:50: warning: 'color.bg': a hex string; DTCG 2025.10 writes a color object [token_note]",
        "spacing.tokens:1:66: warning: 'gap': unit 'em' is not DTCG's (px or rem): the number is kept [token_note]",
    ]

    @Test("--explain shows each DTCG rule with its JSON examples and how a tokens file silences it")
    func explains() throws {
        for id in ["token_name", "token_value", "token_reference", "token_note"] {
            let text = try #require(RuleCatalog.explanation(of: id))
            #expect(text.contains("default.tokens.json:"))
            #expect(text.contains("\"org.themekit.lint\": {\"disable\": [\"\(id)\"]}"))
        }
    }

    @Test("a folder's resolver and tokens files: each problem once, at its line:column in the JSON, under its rule id")
    func lintsFolder() throws {
        let scratch = try Self.designSystem()
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["."])
        #expect(report.diagnostics.map(\.summary) == Self.expected)
        #expect(report.fileCount == 5)
    }

    @Test("text, JSON, SARIF and GitHub formats carry the JSON's positions")
    func formats() throws {
        let scratch = try Self.designSystem()
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["."])
        #expect(TextReporter.report(report).hasPrefix(Self.expected[0] + "\n"))
        let github = GitHubReporter.report(report)
        // (The end, where one is given, is the JSON reader's: not pinned here.)
        let line = try #require(github.split(separator: "\n").first { $0.contains("title=unresolved_alias") })
        #expect(line.hasPrefix("::error file=dark.tokens.json,line=4,col=23,"))
        #expect(line.hasSuffix("title=unresolved_alias::'{color.gray}' names no key"))
        #expect(github.contains("::warning file=spacing.tokens,line=1,col=66,title=token_note::"))
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(SARIFReporter.report(report).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let reference = try #require(results.first { $0["ruleId"] as? String == "token_reference" })
        let location = try #require((reference["locations"] as? [[String: Any]])?.first?["physicalLocation"])
        let physical = try #require(location as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "base.tokens.json")
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 8)
        #expect(region["startColumn"] as? Int == 27)
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { ($0["driver"] as? [String: Any])?["rules"] })
        #expect((rules as? [[String: Any]])?.contains { $0["id"] as? String == "token_reference" } == true)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReporter.report(report).utf8)) as? [String: Any])
        #expect("\(json)".contains("token_name"))
    }

    @Test("a set given alone is linted through its resolver, its references bound to the other sets")
    func setThroughResolver() throws {
        let scratch = try Self.designSystem()
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["light.tokens.json"])
        // color.text in base resolves against the merge; only the resolver's problems.
        #expect(report.diagnostics.map(\.summary) == Self.expected.filter { !$0.hasPrefix("spacing") })
        #expect(report.fileCount == 1)
    }

    @Test("sets in a folder below the resolver are its sets, not themes of their own")
    func setsBelowTheResolver() throws {
        let scratch = try Scratch()
        try scratch.write(
            "tokens/base.tokens.json", #"{ "n": { "$type": "number", "a": { "$value": 1 } } }"#)
        try scratch.write("tokens/more.tokens.json", #"{ "n": { "$type": "number", "b": { "$value": "{n.a}" } } }"#)
        try scratch.write(
            "app.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "all": { "sources": [{ "$ref": "tokens/base.tokens.json" }, { "$ref": "tokens/more.tokens.json" }] } },
              "resolutionOrder": [{ "$ref": "#/sets/all" }]
            }
            """)
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["."])
        #expect(report.diagnostics.map(\.summary) == [])
        #expect(report.fileCount == 3)
    }

    @Test("the language server's entry point: an unsaved buffer of a set is linted in place of the file")
    func bufferOfASet() throws {
        let scratch = try Self.designSystem()
        var linter = ThemeLinter(currentDirectory: scratch.path)
        linter.contents = [
            "light.tokens.json": Array(
                #"{ "color": { "$type": "color", "bg": { "$value": "{color.none}" } } }"#.utf8)
        ]
        let report = try linter.lint(paths: ["light.tokens.json"])
        let light = report.diagnostics.filter { $0.location.file == "light.tokens.json" }.map(\.summary)
        #expect(light == ["light.tokens.json:1:50: error: '{color.none}' names no key [unresolved_alias]"])
    }

    @Test("configuration: disabled_rules and a rule's severity apply to the DTCG rules")
    func configuration() throws {
        let scratch = try Self.designSystem()
        var configuration = LintConfiguration()
        configuration.disabledRules = ["token_note"]
        configuration.severities = [.tokenName: .warning]
        let report = try ThemeLinter(currentDirectory: scratch.path, configuration: configuration).lint(paths: ["."])
        #expect(!report.diagnostics.contains { $0.code == .tokenNote })
        #expect(report.diagnostics.first { $0.code == .tokenName }?.severity == .warning)
    }

    @Test("min_contrast pairs name token paths, and a pair for the light theme applies to its dark partner")
    func contrastPairs() throws {
        let scratch = try Self.designSystem()
        // Clean sets (a theme with errors is not built, so no pair is checked in it).
        try FileManager.default.removeItem(atPath: scratch.path + "/spacing.tokens")
        try scratch.write(
            "base.tokens.json",
            """
            {
              "color": {
                "$type": "color",
                "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 1] } },
                "text": { "$value": "{color.blue}" },
                "bg": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } }
              }
            }
            """)
        try scratch.write(
            "light.tokens.json",
            #"{ "color": { "$type": "color", "bg": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } } } }"#
        )
        try scratch.write(
            "dark.tokens.json",
            #"{ "color": { "$type": "color", "bg": { "$value": { "colorSpace": "srgb", "components": [0, 0.3, 0.9] } } } }"#
        )
        try scratch.write(
            ".themelint.json",
            #"{ "rules": { "min_contrast": { "pairs": [ { "foreground": "color.text", "background": "color.bg", "minimum": 4.5, "themes": ["light"] } ] } } }"#
        )
        let configuration = try #require(try LintConfiguration.discover(in: scratch.path))
        let report = try ThemeLinter(currentDirectory: scratch.path, configuration: configuration).lint(paths: ["."])
        let contrast = report.diagnostics.filter { $0.code == .minContrast }
        #expect(contrast.count == 1)
        // Reported where the dark theme's nearest set writes a key of the pair: its color.bg.
        #expect(contrast.first?.location.description == "dark.tokens.json:1:32")
        #expect(contrast.first?.message.contains("names this theme as its DARK_THEME") == true)
        // The key the foreground's value comes from, as the designer names it.
        #expect(contrast.first?.message.contains("'color.text' #0066FF (from '{color.blue}')") == true)
    }

    @Test("a rule id in an 'org.themekit.lint' list is shown escaped: a line feed in it forges no line")
    func extensionIDsEscaped() throws {
        let scratch = try Scratch()
        try scratch.write(
            "default.tokens.json",
            #"{ "$extensions": { "org.themekit.lint": { "disable": ["a\nb"] } }, "n": { "$type": "number", "$value": 1 } }"#
        )
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["."])
        #expect(report.diagnostics.map(\.code) == [.invalidDisable])
        #expect(report.diagnostics.first?.message.hasPrefix("'a\\nb' is not a themelint rule") == true)
    }

    @Test("a baseline matches a DTCG file's problems again")
    func baseline() throws {
        let scratch = try Self.designSystem()
        let linter = ThemeLinter(currentDirectory: scratch.path)
        let report = try linter.lint(paths: ["."])
        let path = scratch.path + "/baseline.json"
        try Baseline.text(of: report, path: path, currentDirectory: scratch.path)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let baseline = try Baseline.read(path: path, currentDirectory: scratch.path)
        #expect(baseline.newProblems(in: try linter.lint(paths: ["."])).diagnostics.isEmpty)
        #expect(!report.diagnostics.isEmpty)
    }

    @Test(
        "$extensions 'org.themekit.lint' silences rules in its token or group, or at the root in the file; one that silences nothing, or is malformed, is reported"
    )
    func extensionsSilence() throws {
        let scratch = try Scratch()
        try scratch.write(
            "default.tokens.json",
            """
            {
              "$extensions": { "org.themekit.lint": { "disable": ["token_name"] } },
              "color": {
                "$type": "color",
                "$extensions": { "org.themekit.lint": { "disable": ["token_note"] } },
                "blue": { "$value": "#0000ff" },
                "bad.name": { "$value": "#000000" }
              },
              "red": { "$type": "color", "$value": "#ff0000" },
              "gap": {
                "$type": "number", "$value": 1,
                "$extensions": { "org.themekit.lint": { "disable": ["alias_cycle"] } }
              },
              "pad": { "$type": "number", "$value": 2, "$extensions": { "org.themekit.lint": ["token_note"] } }
            }
            """)
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["."])
        #expect(
            report.diagnostics.map(\.summary) == [
                "default.tokens.json:9:40: warning: 'red': a hex string; DTCG 2025.10 writes a color object [token_note]",
                "default.tokens.json:12:43: warning: this 'org.themekit.lint' silences nothing: no alias_cycle in this token or group [superfluous_disable]",
                "default.tokens.json:14:82: error: \(InvalidDisableRule.notAnExtension) [invalid_disable]",
            ])
    }

    @Test(
        "messages show a DTCG file's references as its author wrote them, {color.b} and never @color.b, and never suggest the token that holds the reference"
    )
    func referencesAsWritten() throws {
        let scratch = try Scratch()
        try scratch.write(
            "x.tokens.json",
            """
            {
              "color": {
                "a": { "$value": "{color.b}", "$type": "color" }
              },
              "loop": {
                "$type": "number",
                "first": { "$value": "{loop.second}" },
                "second": { "$value": "{loop.first}" }
              },
              "brand": {
                "$type": "color",
                "red": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0] } },
                "link": { "$value": "{brand.rd}" }
              },
              "name": { "$value": "x" },
              "bazColor": { "$value": "name" },
              "quxColor": { "$value": "{name}" }
            }
            """)
        let report = try ThemeLinter(currentDirectory: scratch.path).lint(paths: ["x.tokens.json"])
        // A string is never a reference in DTCG: 'name' is text, not a color (and no
        // dangling alias), however a token is named.
        #expect(
            TextReporter.report(report) == """
                x.tokens.json:3:22: error: '{color.b}' names no key [unresolved_alias]
                x.tokens.json:7:26: error: alias cycle: loop.first → {loop.second} → {loop.first} [alias_cycle]
                x.tokens.json:13:25: error: '{brand.rd}' names no key; did you mean '{brand.red}'? [unresolved_alias]
                x.tokens.json:16:27: error: 'bazColor' is 'name', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]
                x.tokens.json:17:27: error: 'quxColor' resolves through '{name}' to 'x', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]
                5 errors, 0 warnings in 1 file

                """)
    }
}

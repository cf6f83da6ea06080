import Foundation
import TestSupport
import Testing

@testable import ThemeKit

/// A theme's values as the loader will give them once it takes tokens files: its files
/// merged in order (the later winning), then `@` aliases followed over the merge (late
/// binding). A stand-in for the tests until the loader is wired.
enum TokensValues {
    /// Each key's value after the merge, aliases followed; a dangling or cyclic alias is
    /// absent, and an `unresolved_alias`/`alias_cycle` error at its value in `brokenAt`.
    /// `ends` gives each alias's last key.
    static func resolve(_ files: [ThemeFile]) -> (
        values: [String: PropertyListValue], brokenAt: [Diagnostic], ends: [String: String]
    ) {
        var merged: [String: (value: PropertyListValue, file: ThemeFile, offset: Int)] = [:]
        for file in files {
            for entry in file.document.entries { merged[entry.key] = (entry.value, file, entry.valueRange.start) }
        }
        var values: [String: PropertyListValue] = [:]
        var brokenAt: [Diagnostic] = []
        var ends: [String: String] = [:]
        for key in merged.keys.sorted() {
            var current = key
            var seen: Set<String> = [key]
            var broken: DiagnosticCode?
            while case .string(let text)? = merged[current]?.value, text.hasPrefix("@") {
                current = String(text.dropFirst())
                guard merged[current] != nil else {
                    broken = .unresolvedAlias
                    break
                }
                guard seen.insert(current).inserted else {
                    broken = .aliasCycle
                    break
                }
            }
            if let broken, let place = merged[key] {
                let document = place.file.document
                brokenAt.append(Diagnostic(broken, "broken", at: document.location(at: place.offset)))
            } else {
                values[key] = merged[current]?.value
                if current != key { ends[key] = current }
            }
        }
        return (values, brokenAt, ends)
    }
}

@Suite("Tokens resolver documents")
struct TokensResolverTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let dtcg = packageRoot.appendingPathComponent("../shared/dtcg").standardized
    static let dtcgIsPresent = FileManager.default.fileExists(atPath: dtcg.appendingPathComponent("README.md").path)

    static func hex(_ value: PropertyListValue?) -> String? {
        if case .string(let text)? = value { return text.lowercased() }
        return nil
    }

    @Test(
        "Terrazzo's resolver-simple: one theme a context, color.blue.6 per theme, light and dark partners",
        .enabled(
            if: dtcgIsPresent, "../shared/dtcg is absent (a plain clone): Terrazzo's resolver fixtures are not read"))
    func resolverSimple() throws {
        let path = Self.dtcg.appendingPathComponent("terrazzo-cases/fixtures/resolver-simple/example.resolver.json")
            .path
        let resolver = try TokensReader.themes(contentsOf: path)
        #expect(resolver.diagnostics.isEmpty)
        #expect(resolver.themes.map(\.name) == ["light", "dark"])
        let light = TokensValues.resolve(resolver.themes[0].files).values
        let dark = TokensValues.resolve(resolver.themes[1].files).values
        #expect(Self.hex(light["color.blue.6"]) == "#0550ae")
        #expect(Self.hex(dark["color.blue.6"]) == "#1158c7")
        #expect(light["APPEARANCE"] == .string("light"))
        #expect(light["DARK_THEME"] == .string("dark"))
        #expect(dark["LIGHT_THEME"] == .string("light"))
    }

    @Test(
        "Terrazzo's orthogonal resolver: every combination of two modifiers, named after its contexts",
        .enabled(
            if: dtcgIsPresent, "../shared/dtcg is absent (a plain clone): Terrazzo's resolver fixtures are not read"))
    func resolverOrthogonal() throws {
        let path = Self.dtcg.appendingPathComponent("terrazzo-cases/fixtures/resolver-orthogonal/example.resolver.json")
            .path
        let resolver = try TokensReader.themes(contentsOf: path)
        #expect(resolver.diagnostics.isEmpty)
        #expect(resolver.themes.map(\.name) == ["light-default", "light-slim", "dark-default", "dark-slim"])
        #expect(resolver.defaultTheme == "light-default")
        let darkSlim = TokensValues.resolve(resolver.themes[3].files).values
        #expect(darkSlim["weight.bold"] == .integer(600))  // contrast-slim.json, later than set b
        #expect(darkSlim["DARK_THEME"] == nil)
        #expect(darkSlim["LIGHT_THEME"] == .string("light-slim"))
    }

    @Test(
        "Terrazzo's other resolver fixtures read without an error, one theme per combination of contexts",
        .enabled(
            if: dtcgIsPresent, "../shared/dtcg is absent (a plain clone): Terrazzo's resolver fixtures are not read"),
        arguments: [
            ("resolver-non-orthogonal/example.resolver.json", 4),
            ("resolver-non-orthogonal-extends/example.resolver.json", 4),
            ("complex-resolver/resolver.json", 4),
        ])
    func otherResolvers(file: String, themes: Int) throws {
        // complex-resolver's is named resolver.json: read as a resolver by the reader's
        // own entry point, as the loader will when a folder's resolver names it.
        let path = Self.dtcg.appendingPathComponent("terrazzo-cases/fixtures/" + file).path
        let resolver = try TokensReader.readResolver(contentsOf: path)
        let problems = (resolver.diagnostics + resolver.documents.flatMap(\.errors)).filter { $0.severity == .error }
        #expect(problems.isEmpty, "\(problems.map(\.summary))")
        #expect(resolver.themes.count == themes)
        for theme in resolver.themes {
            #expect(TokensValues.resolve(theme.files).brokenAt.isEmpty, "\(theme.name)")
        }
    }

    @Test("a source whose root $extends another file reads that file first; a loop of files is a located alias_cycle")
    func fileExtends() throws {
        let scratch = try Scratch()
        try scratch.write("base.json", #"{ "n": { "$type": "number", "a": { "$value": 1 }, "b": { "$value": 1 } } }"#)
        try scratch.write("more.json", #"{ "$extends": { "$ref": "./base.json" }, "n": { "b": { "$value": 2 } } }"#)
        try scratch.write("x.json", #"{ "$extends": { "$ref": "./y.json" } }"#)
        try scratch.write("y.json", #"{ "$extends": { "$ref": "./x.json" } }"#)
        try scratch.write(
            "t.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "s": { "sources": [{ "$ref": "more.json" }] }, "loop": { "sources": [{ "$ref": "x.json" }] } },
              "resolutionOrder": [{ "$ref": "#/sets/s" }, { "$ref": "#/sets/loop" }]
            }
            """)
        let resolver = try TokensReader.themes(contentsOf: scratch.path + "/t.resolver.json")
        let values = TokensValues.resolve(resolver.themes[0].files).values
        #expect(values["n.a"] == .integer(1))
        #expect(values["n.b"] == .integer(2))
        let found = resolver.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" }
        #expect(found == ["alias_cycle@3:82"])
    }

    @Test("a later set's key wins, and an alias resolves against the merge (late binding)")
    func lateBinding() throws {
        let scratch = try Scratch()
        try scratch.write(
            "base.tokens.json",
            #"{ "$type": "number", "a": { "$value": 1 }, "b": { "$value": "{a}" } }"#)
        try scratch.write("big.tokens.json", #"{ "a": { "$type": "number", "$value": 2 } }"#)
        try scratch.write(
            "t.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
              "modifiers": {
                "size": { "default": "big", "contexts": { "small": [], "big": [{ "$ref": "big.tokens.json" }] } }
              },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/size" }]
            }
            """)
        let resolver = try TokensReader.themes(contentsOf: scratch.path + "/t.resolver.json")
        #expect(resolver.diagnostics.isEmpty)
        #expect(resolver.defaultTheme == "big")
        #expect(TokensValues.resolve(resolver.themes[0].files).values["b"] == .integer(1))
        #expect(TokensValues.resolve(resolver.themes[1].files).values["b"] == .integer(2))
        #expect(resolver.documents.count == 2)
    }

    @Test("a source that cannot be read, a $ref to no set and a default that is no context are located errors")
    func resolverErrors() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t.resolver.json",
            """
            {
              "sets": { "s": { "sources": [{ "$ref": "missing.tokens.json" }] } },
              "modifiers": { "m": { "default": "x", "contexts": { "a": [] } } },
              "resolutionOrder": [{ "$ref": "#/sets/s" }, { "$ref": "#/sets/none" }, { "$ref": "#/modifiers/m" }]
            }
            """)
        let resolver = try TokensReader.themes(contentsOf: scratch.path + "/t.resolver.json")
        let found = resolver.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" }
        #expect(found == ["token_note@1:1", "token_reference@2:32", "token_value@3:36", "token_reference@4:47"])
        #expect(resolver.themes.map(\.name) == ["a"])
    }

    @Test("a tokens file alone is one theme named after its stem")
    func tokensFileTheme() throws {
        let scratch = try Scratch()
        try scratch.write("brand.tokens.json", #"{ "a": { "$type": "number", "$value": 1 } }"#)
        let resolver = try TokensReader.themes(contentsOf: scratch.path + "/brand.tokens.json")
        #expect(resolver.themes.map(\.name) == ["brand"])
        #expect(TokensValues.resolve(resolver.themes[0].files).values["a"] == .integer(1))
    }

    @Test(
        "a theme of a resolver resolves through ThemeKit's resolver: a later file wins, references bind after the merge, kinds as declared"
    )
    func themeResolvedByThemeKit() throws {
        let scratch = try Scratch()
        try scratch.write(
            "base.tokens.json",
            """
            { "palette": { "$type": "color", "blue": { "$value": "#0000ff" }, "black": { "$value": "#000000" } },
              "space": { "$type": "dimension", "s": { "$value": { "value": 1, "unit": "rem" } } } }
            """)
        try scratch.write("light.tokens.json", #"{ "bg": { "$type": "color", "$value": "{palette.blue}" } }"#)
        try scratch.write("dark.tokens.json", #"{ "bg": { "$type": "color", "$value": "{palette.black}" } }"#)
        try scratch.write(
            "ui.tokens.json", #"{ "button": { "$type": "color", "$value": "{bg}" }, "gap": { "$value": "{space.s}" } }"#
        )
        try scratch.write(
            "t.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] },
                        "ui": { "sources": [{ "$ref": "ui.tokens.json" }] } },
              "modifiers": { "theme": { "contexts": { "light": [{ "$ref": "light.tokens.json" }],
                                                      "dark": [{ "$ref": "dark.tokens.json" }] } } },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/sets/ui" }]
            }
            """)
        let resolver = try TokensReader.themes(contentsOf: scratch.path + "/t.resolver.json")
        #expect(resolver.themes.map(\.name) == ["light", "dark"])
        let light = resolver.themes[0].resolved()
        let dark = resolver.themes[1].resolved()
        #expect(light.errors.isEmpty, "\(light.errors.map(\.summary))")
        #expect(dark.errors.isEmpty, "\(dark.errors.map(\.summary))")
        let lightTheme = try #require(light.theme)
        let darkTheme = try #require(dark.theme)
        #expect(lightTheme.color(forKey: "button") == ThemeColor(hex: "#0000ff"))
        #expect(darkTheme.color(forKey: "button") == ThemeColor(hex: "#000000"))
        #expect(lightTheme.number(forKey: "gap") == 16)
        #expect(
            light.files.map(\.path).last == scratch.path + "/t.resolver.json",
            "the appearance entries lose to every token")
    }
}

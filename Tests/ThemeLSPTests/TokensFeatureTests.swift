import Foundation
import TestSupport
import Testing
import ThemeLSP

/// The language server on DTCG 2025.10 tokens files (SPEC §12): diagnostics, hover,
/// definition and document colors, from the same reader and resolver as the tools.
@Suite("features on tokens files")
struct TokensFeatureTests {
    static let document = #"""
        {
          "color": {
            "$type": "color",
            "$description": "Brand colors",
            "blue": {
              "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.8], "hex": "#3366cc" },
              "$description": "The brand's blue"
            },
            "p3": { "$value": { "colorSpace": "display-p3", "components": [1, 0, 0] } },
            "accent": { "$value": "{color.blue}" },
            "link": { "$value": "{color.accent}" },
            "ghost": { "$value": "{color.missing}" }
          },
          "space": {
            "$type": "dimension",
            "small": { "$value": { "value": 4, "unit": "px" } },
            "gap": { "$value": { "$ref": "#/space/small/$value" } }
          },
          "bad{name": { "$type": "number", "$value": 1 }
        }
        """#
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themelsp-\(UUID().uuidString)")
    static let uri = folder.appendingPathComponent("design.tokens.json").absoluteString

    static func server() throws -> InProcessServer {
        let server = try InProcessServer()
        server.open(uri, document)
        return server
    }

    /// The LSP range `[start, end)` of `needle` in the document (one line), skipping `skip` characters.
    static func range(of needle: String, skip: Int = 0) throws -> (line: Int, start: Int, end: Int) {
        let at = try place(of: needle, in: document)
        return (at.line, at.character + skip, at.character + needle.utf16.count)
    }

    static func span(_ range: Any?) -> (line: Int, start: Int, end: Int)? {
        guard let range = range as? [String: Any], let from = start(range),
            let end = range["end"] as? [String: Any], let endLine = end["line"] as? Int,
            let character = end["character"] as? Int, endLine == from.line
        else { return nil }
        return (from.line, from.character, character)
    }

    @Test("a dangling reference is reported over the whole reference, a bad name over the whole name")
    func diagnosticsCoverTheReferenceAndTheName() throws {
        let server = try Self.server()
        let diagnostics = try server.diagnostics(for: Self.uri)
        let dangling = try #require(diagnostics.first { $0["code"] as? String == "unresolved_alias" })
        #expect(dangling["severity"] as? Int == 1)
        let reference = try Self.range(of: #""{color.missing}""#)
        #expect(
            Self.span(dangling["range"]).map { [$0.line, $0.start, $0.end] } == [
                reference.line, reference.start, reference.end,
            ])
        let name = try #require(diagnostics.first { $0["code"] as? String == "token_name" })
        let key = try Self.range(of: #""bad{name""#)
        #expect(Self.span(name["range"]).map { [$0.line, $0.start, $0.end] } == [key.line, key.start, key.end])
        // The display-p3 red is outside sRGB: a note (a warning) at its color object.
        let gamut = try #require(diagnostics.first { ($0["message"] as? String)?.contains("outside sRGB") == true })
        #expect(gamut["code"] as? String == "token_note")
        #expect(gamut["severity"] as? Int == 2)
        // A linter that reads the file as a plist has nothing to add.
        #expect(!diagnostics.contains { ["parse_error", "invalid_theme_name"].contains($0["code"] as? String) })
    }

    @Test("a tokens file that is not JSON: the syntax error at its line and column")
    func syntaxErrorAtItsPlace() throws {
        let server = try InProcessServer()
        server.open(Self.uri, "{\n  \"a\": {\"$value\": 1,}\n}")
        let diagnostics = try server.diagnostics(for: Self.uri)
        #expect(diagnostics.map { $0["code"] as? String } == ["parse_error"])
        #expect(start(diagnostics.first?["range"])?.line == 1)
        #expect(start(diagnostics.first?["range"])?.character == 20)
    }

    @Test("hover on a token's name: its declared kind, its description, its resolved value and its alias chain")
    func hoverOnATokenName() throws {
        let server = try Self.server()
        let at = try Self.range(of: #""accent""#)
        let result = try #require(
            try server.result("textDocument/hover", Self.uri, line: at.line, character: at.start + 2)
                as? [String: Any])
        let value = try #require((result["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**`color.accent`** — color (declared by `color.$type`)"))
        #expect(value.contains("`Brand colors`"))
        #expect(value.contains("`#3366CC`"))
        // The link as the designer wrote it, a curly reference.
        #expect(value.contains("Alias chain: `color.accent` → `{color.blue}`"))
        #expect(Self.span(result["range"]).map { [$0.line, $0.start, $0.end] } == [at.line, at.start, at.end])
    }

    @Test("hover on a reference: the token it names, with that token's description; a color's source space")
    func hoverOnAReference() throws {
        let server = try Self.server()
        let at = try Self.range(of: #""{color.blue}""#)
        let result = try #require(
            try server.result("textDocument/hover", Self.uri, line: at.line, character: at.start + 4)
                as? [String: Any])
        let value = try #require((result["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**`color.blue`** — color"))
        #expect(value.contains("`The brand's blue`"))
        #expect(Self.span(result["range"]).map { [$0.line, $0.start, $0.end] } == [at.line, at.start, at.end])
        let p3 = try Self.range(of: #""p3""#)
        let written = try #require(
            try server.result("textDocument/hover", Self.uri, line: p3.line, character: p3.start + 1)
                as? [String: Any])
        let text = try #require((written["contents"] as? [String: Any])?["value"] as? String)
        #expect(text.contains("Written in `display-p3`"))
    }

    @Test("definition of a curly reference: the token's name; of a $ref pointer: the value it points at")
    func definitionOfReferences() throws {
        let server = try Self.server()
        let reference = try Self.range(of: #""{color.blue}""#)
        let locations = try #require(
            try server.result("textDocument/definition", Self.uri, line: reference.line, character: reference.start + 3)
                as? [[String: Any]])
        #expect(locations.count == 1)
        #expect(locations.first?["uri"] as? String == Self.uri)
        let blue = try Self.range(of: #""blue""#)
        #expect(
            Self.span(locations.first?["range"]).map { [$0.line, $0.start, $0.end] } == [
                blue.line, blue.start, blue.end,
            ])
        let pointer = try Self.range(of: ##""#/space/small/$value""##)
        let pointed = try #require(
            try server.result("textDocument/definition", Self.uri, line: pointer.line, character: pointer.start + 5)
                as? [[String: Any]])
        let value = try Self.range(of: #"{ "value": 4, "unit": "px" }"#)
        #expect(
            Self.span(pointed.first?["range"]).map { [$0.line, $0.start, $0.end] } == [
                value.line, value.start, value.end,
            ])
    }

    @Test("document colors: every color token at its whole $value, in sRGB whatever its space, aliases included")
    func documentColorsOfTokens() throws {
        let server = try Self.server()
        let result = try server.request("textDocument/documentColor", ["textDocument": ["uri": Self.uri]])
        let colors = try #require(result["result"] as? [[String: Any]])
        // blue, p3, accent and link; the dangling ghost has no color.
        #expect(colors.count == 4)
        let object = try Self.range(of: ##"{ "colorSpace": "srgb", "components": [0.2, 0.4, 0.8], "hex": "#3366cc" }"##)
        let blue = try #require(colors.first { Self.span($0["range"])?.line == object.line })
        #expect(Self.span(blue["range"]).map { [$0.start, $0.end] } == [object.start, object.end])
        let color = try #require(blue["color"] as? [String: Double])
        #expect(abs((color["red"] ?? 0) - 0x33 / 255.0) < 1e-9)
        #expect(color["alpha"] == 1)
        let p3 = try Self.range(of: #"{ "colorSpace": "display-p3""#)
        let red = try #require(colors.first { Self.span($0["range"])?.line == p3.line })
        #expect((red["color"] as? [String: Double])?["red"] == 1)
    }

    @Test("a color presentation in a tokens file is a DTCG sRGB color object with its hex")
    func presentsColorsAsColorObjects() throws {
        let server = try Self.server()
        let range: [String: Any] = ["start": ["line": 5, "character": 17], "end": ["line": 5, "character": 89]]
        let answer = try server.request(
            "textDocument/colorPresentation",
            [
                "textDocument": ["uri": Self.uri], "range": range,
                "color": ["red": 1.0, "green": 0.5, "blue": 0.0, "alpha": 0.5],
            ])
        let presentation = try #require((answer["result"] as? [[String: Any]])?.first)
        #expect(
            presentation["label"] as? String
                == ##"{"colorSpace": "srgb", "components": [1, 0.5, 0], "alpha": 0.5, "hex": "#ff8000"}"##)
    }

    @Test(
        "an unsaved reference to another file's cubicBezier is expanded as the loader expands it, with the buffer's text"
    )
    func unsavedStructuredReferenceAcrossFiles() throws {
        let base = #"{ "easing": { "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } } }"#
        let saved = #"{ "motion": { "enter": { "$type": "cubicBezier", "$value": [0, 0, 1, 1] } } }"#
        let edited = #"{ "motion": { "enter": { "$type": "cubicBezier", "$value": "{easing.standard}" } } }"#
        let resolver = #"""
            {
              "version": "2025.10",
              "sets": { "core": { "sources": [{ "$ref": "base.tokens.json" }, { "$ref": "motion.tokens.json" }] } },
              "resolutionOrder": [{ "$ref": "#/sets/core" }]
            }
            """#
        let repo = try TemporaryRepository([
            "ds/base.tokens.json": base, "ds/motion.tokens.json": saved, "ds/ds.resolver.json": resolver,
        ])
        let server = try InProcessServer()
        let uri = repo.url("ds/motion.tokens.json").standardizedFileURL.absoluteString
        server.open(uri, edited)
        let diagnostics = try server.diagnostics(for: uri)
        #expect(!diagnostics.contains { $0["code"] as? String == "unresolved_alias" }, "\(diagnostics)")
        let broken = #"{ "motion": { "enter": { "$type": "cubicBezier", "$value": "{easing.gone}" } } }"#
        server.change(uri, broken, version: 2)
        #expect(try server.diagnostics(for: uri).contains { $0["code"] as? String == "unresolved_alias" })
    }

    @Test(
        "a file of a resolver's theme resolves with its other files: a reference to another file resolves and leads there"
    )
    func resolverThemeAcrossFiles() throws {
        let base =
            #"{ "color": { "$type": "color", "blue": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.8] } } } }"#
        let theme = #"{ "color": { "accent": { "$value": "{color.blue}" } } }"#
        let resolver = #"""
            {
              "version": "2025.10",
              "sets": { "core": { "sources": [{ "$ref": "base.tokens.json" }, { "$ref": "theme.tokens.json" }] } },
              "resolutionOrder": [{ "$ref": "#/sets/core" }]
            }
            """#
        let repo = try TemporaryRepository([
            "ds/base.tokens.json": base, "ds/theme.tokens.json": theme, "ds/ds.resolver.json": resolver,
        ])
        let server = try InProcessServer()
        let uri = repo.url("ds/theme.tokens.json").standardizedFileURL.absoluteString
        server.open(uri, theme)
        let diagnostics = try server.diagnostics(for: uri)
        #expect(!diagnostics.contains { $0["code"] as? String == "unresolved_alias" })
        let at = try place(of: "{color.blue}", in: theme)
        let hover = try #require(
            try server.result("textDocument/hover", uri, line: at.line, character: at.character + 2) as? [String: Any])
        let value = try #require((hover["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**`color.blue`** — color (declared by `color.$type`)"))
        #expect(value.contains("`#3366CC`"))
        let locations = try #require(
            try server.result("textDocument/definition", uri, line: at.line, character: at.character + 2)
                as? [[String: Any]])
        let baseURI = repo.url("ds/base.tokens.json").standardizedFileURL.absoluteString
        #expect(locations.first?["uri"] as? String == baseURI)
        let blue = try place(of: #""blue""#, in: base)
        #expect(start(locations.first?["range"])?.line == blue.line)
        #expect(start(locations.first?["range"])?.character == blue.character)
        // In the resolver document: a source's $ref leads to its file.
        let resolverURI = repo.url("ds/ds.resolver.json").standardizedFileURL.absoluteString
        server.open(resolverURI, resolver)
        let source = try place(of: "base.tokens.json", in: resolver)
        let file = try #require(
            try server.result(
                "textDocument/definition", resolverURI, line: source.line, character: source.character + 2)
                as? [[String: Any]])
        #expect(file.first?["uri"] as? String == baseURI)
    }

    static let dtcg = CLI.packageRoot.appendingPathComponent("../shared/dtcg").standardized
    static let dtcgIsPresent = FileManager.default.fileExists(atPath: dtcg.appendingPathComponent("README.md").path)

    /// The spec's strict-JSON tokens examples (`../shared/dtcg/spec-examples`).
    static func specExamples() throws -> [(file: String, text: String)] {
        let folder = dtcg.appendingPathComponent("spec-examples")
        let index = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("examples.json")))
        let examples = (index as? [String: Any])?["examples"] as? [[String: Any]] ?? []
        return try examples.filter { $0["kind"] as? String == "tokens" && $0["strict_json"] as? Bool == true }
            .compactMap { $0["file"] as? String }
            .map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test(
        "every tokens example of the DTCG 2025.10 reports opens: diagnostics, hover, definition and colors answer, in range",
        .enabled(if: dtcgIsPresent, "../shared/dtcg is absent (a plain clone): the spec's examples are not opened"))
    func specExamplesOpen() throws {
        let examples = try Self.specExamples()
        #expect(examples.count == 73)
        let server = try InProcessServer()
        for (file, text) in examples {
            let uri = Self.folder.appendingPathComponent(file.replacingOccurrences(of: ".json", with: ".tokens.json"))
                .absoluteString
            server.open(uri, text)
            let lines = text.components(separatedBy: "\n")
            func inRange(_ range: Any?) -> Bool {
                guard let range = range as? [String: Any], let from = start(range),
                    let end = range["end"] as? [String: Any], let line = end["line"] as? Int,
                    let character = end["character"] as? Int
                else { return false }
                return from.line < lines.count && line < lines.count && (from.line, from.character) <= (line, character)
            }
            let diagnostics = try server.diagnostics(for: uri)
            #expect(diagnostics.allSatisfy { inRange($0["range"]) }, "\(file)")
            let colors = try server.request("textDocument/documentColor", ["textDocument": ["uri": uri]])
            #expect((colors["result"] as? [[String: Any]])?.allSatisfy { inRange($0["range"]) } == true, "\(file)")
            for (line, content) in lines.enumerated() {
                guard let quote = content.firstIndex(of: "\"") else { continue }
                let character = content[..<quote].utf16.count + 1
                let hover = try server.request(
                    "textDocument/hover",
                    ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
                #expect(hover["error"] == nil, "\(file):\(line)")
                if let result = hover["result"] as? [String: Any] {
                    #expect(inRange(result["range"]), "\(file):\(line)")
                }
                let definition = try server.request(
                    "textDocument/definition",
                    ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
                #expect(definition["result"] is [Any], "\(file):\(line)")
            }
        }
    }
}

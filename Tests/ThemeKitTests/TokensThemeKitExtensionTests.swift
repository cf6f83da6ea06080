import Testing

@testable import ThemeKit

/// A tokens file `themekit export --format dtcg` wrote (its root's `$extensions` has
/// `org.themekit`): its tokens' `$type`s are DTCG's, for other tools, and ThemeKit's own
/// kinds and the values DTCG has no type for are in the extension (issue 38).
@Suite("Tokens reader: the org.themekit extension")
struct TokensThemeKitExtensionTests {
    static let exported = """
        {
          "$extensions": {
            "org.themekit": {
              "declaredTypes": { "space": "dimension", "space.unit": "number" },
              "tokens": {
                "APPEARANCE": { "$value": "dark" },
                "logoImage": { "$type": "image", "$value": "sun" },
                "isRound": { "$type": "boolean", "$value": true },
                "title": { "$type": "string", "$value": "Hello" },
                "titleAlias": { "$value": "{title}" }
              }
            }
          },
          "headerFont": { "$type": "fontFamily", "$value": "Helvetica" },
          "headerFontSize": { "$type": "dimension", "$value": { "value": 17, "unit": "px" } },
          "space": { "gap": { "$type": "dimension", "$value": { "value": -2, "unit": "px" } } }
        }
        """

    static func value(_ document: TokensDocument, _ key: String) -> PropertyListValue? {
        document.document.entries.first { $0.key == key }?.value
    }

    @Test("the tokens' own $types are no declarations; the extension's declaredTypes are, located at their member")
    func typesComeFromTheExtension() {
        let document = TokensReader.read(Array(Self.exported.utf8), file: "t.tokens.json")
        #expect(document.errors.isEmpty)
        #expect(document.notes.isEmpty)
        #expect(Self.value(document, "headerFont.$type") == nil)
        #expect(Self.value(document, "headerFontSize.$type") == nil)
        #expect(Self.value(document, "space.gap.$type") == nil)
        #expect(Self.value(document, "space.unit.$type") == .string("number"))
        #expect(Self.value(document, "space.$type") == .string("dimension"))
        let declaration = document.document.entries.first { $0.key == "space.$type" }
        #expect(declaration.map { document.document.position(at: $0.valueRange.start).line } == 4)
        // The values are read by their DTCG types all the same.
        #expect(Self.value(document, "headerFont") == .string("Helvetica"))
        #expect(Self.value(document, "headerFontSize") == .integer(17))
        #expect(Self.value(document, "space.gap") == .integer(-2))
    }

    @Test("the extension's tokens are keys of the file: images, strings, flags, reserved keys and aliases")
    func extensionTokensAreKeys() {
        let document = TokensReader.read(Array(Self.exported.utf8), file: "t.tokens.json")
        #expect(Self.value(document, "APPEARANCE") == .string("dark"))
        #expect(Self.value(document, "logoImage") == .string("sun"))
        #expect(Self.value(document, "isRound") == .bool(true))
        #expect(Self.value(document, "title") == .string("Hello"))
        #expect(Self.value(document, "titleAlias") == .string("@title"))
        #expect(Self.value(document, "logoImage.$type") == nil)
    }

    @Test("a file so marked loads as the plist it was exported from: font pairs, sizes, appearance")
    func loadsAsThePlistTheme() throws {
        let read = TokensReader.read(Array(Self.exported.utf8), file: "/t/t.tokens.json")
        let analysis = ThemeAnalysis.merging([read.themeFile], name: "t")
        let theme = try #require(analysis.theme)
        #expect(theme.font(forKey: "headerFont") == ThemeFont(name: "Helvetica", size: 17))
        #expect(theme["headerFontSize"] == .size(17))
        #expect(theme.image(forKey: "logoImage") == "sun")
        #expect(theme.bool(forKey: "isRound") == true)
        #expect(theme.string(forKey: "titleAlias") == "Hello")
        #expect(theme.number(forKey: "space.gap") == -2)
    }

    @Test("a file without the extension keeps its $types as declarations, and a ThemeKit kind there is noted")
    func withoutTheExtensionNothingChanges() {
        let document = TokensReader.read(
            Array(
                ##"{ "a": { "$type": "image", "$value": "x" }, "b": { "$type": "color", "$value": "#ffffff" } }"##.utf8),
            file: "t.tokens.json")
        #expect(Self.value(document, "a.$type") == .string("image"))
        #expect(Self.value(document, "b.$type") == .string("color"))
        #expect(document.notes.count == 2)
    }

    @Test("a declaredTypes member that is no string is a located error")
    func badDeclarationIsAnError() {
        let document = TokensReader.read(
            Array(#"{ "$extensions": { "org.themekit": { "declaredTypes": { "a": 3 } } } }"#.utf8),
            file: "t.tokens.json")
        #expect(document.errors.map(\.code) == [.tokenValue])
        #expect(document.errors.first?.location.column == 62)
    }
}

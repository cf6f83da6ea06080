import Testing

@testable import ThemeKit

/// What a DTCG tokens file becomes: the located entries a plist gives (SPEC §12).
@Suite("Tokens reader")
struct TokensReaderTests {
    static func read(_ json: String, options: TokensReadOptions = TokensReadOptions()) -> TokensDocument {
        TokensReader.read(Array(json.utf8), file: "t.tokens.json", options: options)
    }

    /// The first entry of `key`.
    static func value(_ document: TokensDocument, _ key: String) -> PropertyListValue? {
        document.document.entries.first { $0.key == key }?.value
    }

    /// Where `key`'s value was written, as `line:column`.
    static func place(_ document: TokensDocument, _ key: String) -> String? {
        guard let entry = document.document.entries.first(where: { $0.key == key }) else { return nil }
        let position = document.document.position(at: entry.valueRange.start)
        return "\(position.line):\(position.column)"
    }

    static func codes(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" }
    }

    @Test("a token's path is its key, its value located at $value, its group's $type a P.$type entry")
    func pathsAndTypes() {
        let document = Self.read(
            """
            {
              "$type": "number",
              "color": {
                "$type": "color",
                "brand": { "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0.5, 1] } } }
              },
              "scale": { "$value": 2 }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "$type") == .string("number"))
        #expect(Self.value(document, "color.$type") == .string("color"))
        #expect(Self.value(document, "color.brand.blue") == .string("#0080FF"))
        #expect(Self.place(document, "color.brand.blue") == "5:36")
        #expect(Self.value(document, "scale") == .integer(2))
        #expect(document.colorSources["color.brand.blue"]?.space == .srgb)
    }

    @Test(
        "names and strings that are not ASCII are checked as ASCII ones: a bad name, a reference, a brace kept as text")
    func nonASCIINamesAndReferences() {
        let document = Self.read(
            """
            {
              "thème": {
                "$type": "string",
                "clé": { "$value": "é" },
                "réf": { "$value": "{thème.clé}" },
                "mot.é": { "$value": "x" },
                "texte": { "$value": "é {pas}" }
              }
            }
            """)
        #expect(Self.value(document, "thème.réf") == .string("@thème.clé"))
        #expect(Self.value(document, "thème.texte") == .string("é {pas}"))
        #expect(Self.codes(document.errors) == ["token_name@6:5"])
        #expect(Self.codes(document.notes) == ["token_note@3:14", "token_note@7:26"], "the string type, the brace")
    }

    @Test("$root takes its group's path; $description and $deprecated are entries; $extensions a side table")
    func rootAndMetadata() {
        let document = Self.read(
            """
            {
              "accent": {
                "$type": "number",
                "$root": { "$value": 1, "$description": "the accent", "$deprecated": true },
                "light": { "$value": 2, "$extensions": { "com.example": { "x": 1 } } }
              }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "accent") == .integer(1))
        #expect(Self.value(document, "accent.$description") == .string("the accent"))
        #expect(Self.value(document, "accent.$deprecated") == .bool(true))
        #expect(Self.value(document, "accent.light") == .integer(2))
        #expect(document.extensions["accent.light"]?["com.example"] != nil)
        #expect(!document.document.entries.contains { $0.key.contains("$extensions") })
    }

    @Test("a curly reference is the explicit alias @path")
    func curlyReference() {
        let document = Self.read(
            #"{ "a": { "$type": "number", "b": { "$value": 1 }, "c": { "$value": "{a.b}" } } }"#)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "a.c") == .string("@a.b"))
    }

    @Test("colors: alpha below 1 gives 8 digits; a hex string and a color outside sRGB are noted")
    func colors() {
        let document = Self.read(
            """
            {
              "$type": "color",
              "half": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5 } },
              "old": { "$value": "#35a2fb" },
              "wide": { "$value": { "colorSpace": "display-p3", "components": [0, 1, 0] } }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "half") == .string("#FF000080"))
        #expect(Self.value(document, "old") == .string("#35a2fb"))
        #expect(Self.codes(document.notes) == ["token_note@4:22", "token_note@5:23"])
    }

    @Test("a color problem is a token_value error at the member at fault")
    func colorErrors() {
        let document = Self.read(
            """
            {
              "c": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 2, 0] } }
            }
            """)
        #expect(Self.codes(document.errors) == ["token_value@2:80"])
        #expect(Self.value(document, "c") == nil)
    }

    @Test("dimensions: px a number, rem at the configured size with a note, an unknown unit kept with a note")
    func dimensions() {
        let document = Self.read(
            """
            {
              "$type": "dimension",
              "a": { "$value": { "value": 4, "unit": "px" } },
              "b": { "$value": { "value": 1.5, "unit": "rem" } },
              "c": { "$value": { "value": 2, "unit": "em" } }
            }
            """, options: TokensReadOptions(pixelsPerRem: 10))
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "a") == .integer(4))
        #expect(Self.value(document, "b") == .integer(15))
        #expect(Self.value(document, "c") == .integer(2))
        #expect(Self.codes(document.notes) == ["token_note@4:20", "token_note@5:42"])
    }

    @Test("durations are seconds; fontWeight keywords numbers; a fontFamily list joined; cubicBezier sub-keys")
    func otherTypes() {
        let document = Self.read(
            """
            {
              "d": { "$type": "duration", "$value": { "value": 250, "unit": "ms" } },
              "w": { "$type": "fontWeight", "$value": "extra-black" },
              "f": { "$type": "fontFamily", "$value": ["Inter", "sans-serif"] },
              "e": { "$type": "cubicBezier", "$value": [0.5, 0, 1, 1.5] }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "d") == .real(0.25))
        #expect(Self.value(document, "w") == .integer(950))
        #expect(Self.value(document, "f") == .string("Inter, sans-serif"))
        #expect(Self.value(document, "e.x1") == .real(0.5))
        #expect(Self.value(document, "e.y2") == .real(1.5))
        #expect(Self.value(document, "e.y2.$type") == .string("number"))
    }

    @Test("a name with '.', '{' or '}', or an unknown '$' member, is a token_name error at the key")
    func badNames() {
        let document = Self.read(
            """
            {
              "g": {
                "a.b": { "$value": 1 },
                "{c}": { "$value": 1 },
                "$d": { "$value": 1 }
              }
            }
            """)
        #expect(Self.codes(document.errors) == ["token_name@3:5", "token_name@4:5", "token_name@5:5"])
        #expect(document.document.entries.isEmpty)
    }

    @Test("a value that does not fit its $type is a token_value error at the value")
    func valueMismatch() {
        let document = Self.read(
            """
            {
              "n": { "$type": "number", "$value": "many" },
              "w": { "$type": "fontWeight", "$value": "heaviest" },
              "d": { "$type": "duration", "$value": { "value": 1, "unit": "min" } }
            }
            """)
        #expect(Self.codes(document.errors) == ["token_value@2:39", "token_value@3:43", "token_value@4:63"])
    }

    @Test("a $ref to a token's whole $value is an alias; one into a value copies that part")
    func pointers() {
        let document = Self.read(
            """
            {
              "$type": "color",
              "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } },
              "link": { "$value": { "$ref": "#/blue/$value" } },
              "mix": { "$value": { "colorSpace": "srgb", "components": [{ "$ref": "#/blue/$value/components/2" }, 0, 0] } }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "link") == .string("@blue"))
        #expect(Self.value(document, "mix") == .string("#FF0000"))
    }

    /// `c` holds a `$ref` but no `$value`: a group, and `$ref` no name a group may have.
    @Test("a $ref that names nothing is an unresolved_alias, one that leads back to itself an alias_cycle, at the $ref")
    func badPointers() {
        let document = Self.read(
            """
            {
              "$type": "number",
              "a": { "$value": { "$ref": "#/nowhere" } },
              "b": { "$value": { "$ref": "#/c" } },
              "c": { "$ref": "#/b/$value" }
            }
            """)
        #expect(Self.codes(document.errors) == ["unresolved_alias@3:20", "alias_cycle@4:20", "token_name@5:10"])
    }

    @Test("a curly reference to a token of another type is a token_reference error")
    func referenceOfAnotherType() {
        let document = Self.read(
            """
            {
              "size": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
              "alias": { "$value": "{size}" },
              "bg": { "$type": "color", "$value": "{alias}" }
            }
            """)
        #expect(Self.codes(document.errors) == ["token_reference@4:39"])
        #expect(Self.value(document, "bg") == .string("@alias"))
    }

    @Test("composites are typed sub-keys; a shadow list is indexed; an alias inside one is kept")
    func composites() {
        let document = Self.read(
            """
            {
              "base": { "$type": "dimension", "$value": { "value": 16, "unit": "px" } },
              "heading": {
                "$type": "typography",
                "$value": {
                  "fontFamily": "Inter", "fontSize": "{base}", "fontWeight": 700,
                  "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.25
                }
              },
              "card": {
                "$type": "shadow",
                "$value": [
                  { "color": "#00000080", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 2, "unit": "px" },
                    "blur": { "value": 4, "unit": "px" }, "spread": { "value": 0, "unit": "px" } }
                ]
              }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "heading.$type") == .string("typography"))
        #expect(Self.value(document, "heading.fontSize") == .string("@base"))
        #expect(Self.value(document, "heading.fontSize.$type") == .string("dimension"))
        #expect(Self.value(document, "heading.lineHeight") == .real(1.25))
        #expect(Self.value(document, "card.0.offsetY") == .integer(2))
        #expect(Self.value(document, "card.0.color") == .string("#00000080"))
        #expect(Self.place(document, "heading.fontWeight") == "6:66")
    }

    @Test("a composite without a required member is a token_value error")
    func compositeMissingMember() {
        let document = Self.read(
            ##"{ "b": { "$type": "border", "$value": { "color": "#000000", "style": "solid" } } }"##)
        #expect(Self.codes(document.errors) == ["token_value@1:39"])
    }

    @Test("$extends copies the base group's tokens, the group's own winning; a cycle is an alias_cycle, located")
    func extends() {
        let document = Self.read(
            """
            {
              "base": { "$type": "number", "a": { "$value": 1 }, "b": { "$value": 2 } },
              "more": { "$extends": "{base}", "b": { "$value": 3 } },
              "x": { "$extends": "{y}" },
              "y": { "$extends": "{x}" }
            }
            """)
        #expect(Self.value(document, "more.a") == .integer(1))
        #expect(Self.value(document, "more.b") == .integer(3))
        #expect(Self.value(document, "more.$type") == .string("number"))
        #expect(Self.codes(document.errors) == ["alias_cycle@4:22"])
    }

    /// Terrazzo's extends-005: the copy would hold the group that extends, without end
    /// (it crashed the reader, a stack overflow, before the check).
    @Test("a group extending a group around it is an alias_cycle error, not a recursion without end")
    func extendsAncestor() {
        let document = Self.read(
            """
            {
              "button": {
                "color": { "$type": "number", "$value": 1 },
                "secondary": { "$extends": "{button}" }
              }
            }
            """)
        #expect(Self.codes(document.errors) == ["alias_cycle@4:32"])
        #expect(Self.value(document, "button.color") == .integer(1))
    }

    @Test("an alias of a composite or cubicBezier token is an alias per sub-key, with the sub-keys' $type")
    func structuredAlias() {
        let document = Self.read(
            """
            {
              "ease": { "$type": "cubicBezier", "$value": [0.42, 0, 0.58, 1] },
              "move": { "$type": "cubicBezier", "$value": "{ease}" },
              "t": {
                "$type": "transition",
                "$value": { "duration": { "value": 1, "unit": "s" }, "delay": { "value": 0, "unit": "s" }, "timingFunction": "{move}" }
              }
            }
            """)
        #expect(document.errors.isEmpty)
        #expect(Self.value(document, "move") == nil)
        #expect(Self.value(document, "move.x2") == .string("@ease.x2"))
        #expect(Self.value(document, "move.x2.$type") == .string("number"))
        #expect(Self.value(document, "t.timingFunction.y2") == .string("@move.y2"))
    }

    @Test("'{' without its '}' is a token_reference error; a member a type does not have is a note at its value")
    func malformedReferenceAndExtraMember() {
        let document = Self.read(
            """
            {
              "a": { "$value": "{foo.bar" },
              "d": { "$type": "dimension", "$value": { "value": 2, "unit": "px", "bad": true } },
              "t": { "$type": "number", "$value": 1, "$extends": "{a}" }
            }
            """)
        #expect(Self.codes(document.errors) == ["token_reference@2:20", "token_reference@4:54"])
        #expect(Self.codes(document.notes) == ["token_note@3:77"])
        #expect(Self.value(document, "d") == .integer(2))
    }

    @Test("a chain of $extends longer than the nesting limit is a token_reference error, not a deep recursion")
    func longExtendsChain() {
        // Written from the chain's end, so that each link is merged before the one it names.
        let links = (1...5).reversed().map { "\"g\($0)\": { \"$extends\": \"{g\($0 - 1)}\" }" }
        let document = Self.read(
            "{ \"g0\": { \"t\": { \"$type\": \"number\", \"$value\": 1 } },\n" + links.joined(separator: ",\n") + " }",
            options: TokensReadOptions(maximumDepth: 3))
        #expect(document.errors.map(\.code).contains(.tokenReference))
        #expect(Self.value(document, "g1.t") == .integer(1))
    }

    @Test("text that is not JSON is a parse_error at its line and column")
    func syntaxError() {
        let document = Self.read("{\n  \"a\": { \"$value\": 1, }\n}")
        #expect(Self.codes(document.errors) == ["parse_error@2:23"])
    }

    @Test("the document is a ThemeFile: its entries are looked up by key")
    func themeFile() {
        let file = Self.read(#"{ "a": { "$type": "number", "$value": 3 } }"#).themeFile
        #expect(file["a"]?.value == .integer(3))
        #expect(file.isValid)
    }
}

import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools
import Yams

/// The importers of the plist-based theme managers: DB5, SwiftTheme and Awful, each over
/// fixtures written from what its loader accepts (`Fixtures/Import/FORMAT/`).
@Suite struct ImportFormatTests {
    /// Each format and how its loader reads a color, restated from its source for the
    /// value check (the importer's reading is what is under test).
    static let formats: [(ImportFormat, @Sendable (String) -> ThemeColor?)] = [
        // DB5 VSTheme.m colorWithHexString: `#`s removed, trimmed, the first six digits, opaque.
        (
            .db5,
            { text in
                let digits = text.filter { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
                return digits.count >= 6 ? ThemeColor(hex: String(digits.prefix(6))) : nil
            }
        ),
        // SwiftTheme init(rgba_throws:): `#` required, up to the first space, alpha last.
        (
            .swifttheme,
            { text in
                guard text.hasPrefix("#") else { return nil }
                return ThemeColor(hex: String(text.split(separator: " ").first ?? ""))
            }
        ),
        // Awful UIColor(hex:): `#` optional, alpha last.
        (.awful, { ThemeColor(hex: $0) }),
        // BRStyle BRUIStyleSettings.m: `#` optional, the hex digits as one RGBA integer.
        (
            .brstyle,
            { text in
                let digits = (text.hasPrefix("#") ? text.dropFirst() : Substring(text)).prefix { $0.isHexDigit }
                guard !digits.isEmpty, digits.count <= 8 else { return nil }
                return ThemeColor(hex: String(repeating: "0", count: 8 - digits.count) + digits)
            }
        ),
        // Motif UIColor+HTMLColors: `#RGB`, `#RRGGBB`, rgb(), rgba(); the fixture's one hsl()
        // is CSS Color 3's worked value, and its one color name `tomato`, #FF6347.
        (
            .motif,
            { text in
                if text.hasPrefix("#") { return [3, 6].contains(text.count - 1) ? ThemeColor(hex: text) : nil }
                if text == "hsl(120, 100%, 25%)" { return ThemeColor(hex: "#008000") }
                if text == "tomato" { return ThemeColor(hex: "#FF6347") }
                let parts = text.split { "(), ".contains($0) }.map(String.init)
                guard let function = parts.first, function.hasPrefix("rgb"), parts.count >= 4,
                    let red = Double(parts[1]), let green = Double(parts[2]), let blue = Double(parts[3])
                else { return nil }
                let alpha = parts.count > 4 ? Double(parts[4]) ?? 1 : 1
                return ThemeColor(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
            }
        ),
    ]

    static let names = formats.map(\.0)

    static func color(for format: ImportFormat) -> (String) -> ThemeColor? {
        formats.first { $0.0 == format }?.1 ?? { _ in nil }
    }

    @Test("each format matches its golden output", arguments: names)
    func matchesGoldenOutput(format: ImportFormat) throws {
        let output = try ThemeImporter.run(ImportFixtures.sources(format.rawValue), format: format)
        try ImportFixtures.golden.expect(ImportFixtures.transcript(output), "\(format.rawValue).expected")
    }

    @Test("each format's shape is recognised without --from", arguments: names)
    func recognisesTheFormat(format: ImportFormat) throws {
        let given = try ThemeImporter.run(ImportFixtures.sources(format.rawValue), format: format)
        let found = try ThemeImporter.run(ImportFixtures.sources(format.rawValue))
        #expect(Set(found.formats.values) == [format])
        #expect(found.themes == given.themes)
    }

    @Test("every source value reaches the same resolved value under its reported key", arguments: names)
    func sameResolvedValues(format: ImportFormat) throws {
        let output = try ThemeImporter.run(ImportFixtures.sources(format.rawValue), format: format)
        try ImportFixtures.expectSameValues(
            output,
            sourceRoot: { file in
                let data = try Data(contentsOf: ImportFixtures.url(of: file))
                if file.hasSuffix(".yaml") { return try Yams.load(yaml: String(decoding: data, as: UTF8.self)) ?? [:] }
                return file.hasSuffix(".json")
                    ? try JSONSerialization.jsonObject(with: data)
                    : try PropertyListSerialization.propertyList(from: data, format: nil)
            }, color: Self.color(for: format))
    }

    @Test("importing twice gives the same bytes", arguments: names)
    func importIsDeterministic(format: ImportFormat) throws {
        let first = try ThemeImporter.run(ImportFixtures.sources(format.rawValue), format: format)
        let second = try ThemeImporter.run(ImportFixtures.sources(format.rawValue), format: format)
        #expect(first.themes.map(\.text) == second.themes.map(\.text))
        #expect(first.notes == second.notes)
    }

    @Test("a root that is not a dictionary is refused at its location", arguments: names)
    func refusesARootThatIsNoDictionary(format: ImportFormat) {
        let text = "<plist version=\"1.0\">\n  <array><string>x</string></array>\n</plist>"
        #expect {
            try ThemeImporter.run([.init(file: "t.plist", bytes: Array(text.utf8))], format: format)
        } throws: { error in
            (error as? ImportFailure)?.location == SourceLocation(file: "t.plist", line: 2, column: 3)
        }
    }

    @Test func db5ThemesInheritFromDefault() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("db5"), format: .db5)
        let night = try #require(output.themes.first { $0.name == "night-mode" })
        #expect(night.text.contains("<key>INHERITED_THEME</key>\n\t<string>default</string>"))
        let (_, loaded) = try ImportFixtures.load(output)
        let theme = try #require(loaded["night-mode"])
        #expect(theme.values["accentColor"] == .color(try #require(ThemeColor(hex: "1a7fe0"))), "inherited")
        #expect(theme.values["headerFont"] == .font(ThemeFont(name: "HelveticaNeue-Bold", size: 18)))
        #expect(
            output.notes.contains { $0.message.contains("'Default.bodyFont' has no size") && $0.message.contains("15") }
        )
    }

    @Test func db5SizeClassVariantsBecomeChildThemes() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("db5"), format: .db5)
        #expect(
            output.themes.map(\.name).filter { $0.hasSuffix("-regular") } == [
                "default-regular", "large-regular", "night-mode-regular",
            ])
        #expect(output.themes.allSatisfy { theme in theme.values.keys.allSatisfy { !$0.contains("~") } })
        let (_, loaded) = try ImportFixtures.load(output)
        let night = try #require(loaded["night-mode-regular"])
        #expect(night.values["headerFont"] == .font(ThemeFont(name: "HelveticaNeue-Bold", size: 24)), "its own variant")
        #expect(night.number(forKey: "cornerRadius") == 8, "the default theme's variant, as objectForKey: falls back")
        #expect(night.values["backgroundColor"] == loaded["night-mode"]?.values["backgroundColor"], "inherited")
    }

    @Test func db5VariantChildrenKeepObjectForKeysOrderAndInheritDefaultsVariants() throws {
        // A theme T's `k` on a regular-width iPad is T's `k~regular`, else Default's
        // `k~regular`, else T's `k`, else Default's `k`. Default's variant keys are written
        // once, in default-regular, which every other theme's variant child inherits from:
        // not copied into each.
        let text = """
            <plist version="1.0"><dict>
              <key>Default</key><dict>
                <key>aWidth</key><integer>1</integer><key>aWidth~regular</key><integer>2</integer>
                <key>bWidth</key><integer>1</integer>
                <key>dWidth</key><integer>1</integer><key>dWidth~regular</key><integer>9</integer>
              </dict>
              <key>Tall</key><dict>
                <key>bWidth</key><integer>5</integer>
                <key>cWidth</key><integer>6</integer><key>cWidth~regular</key><integer>7</integer>
                <key>dWidth</key><integer>4</integer>
              </dict>
              <key>Empty</key><dict/>
            </dict></plist>
            """
        let output = try ThemeImporter.run([.init(file: "DB5.plist", bytes: Array(text.utf8))], format: .db5)
        let written = Dictionary(uniqueKeysWithValues: output.themes.map { ($0.name, $0) })
        #expect(written["empty-regular"]?.values.isEmpty == true)
        #expect(written["empty-regular"]?.text.contains("<string>default-regular</string>") == true)
        #expect(written["tall-regular"]?.values.keys.sorted() == ["bWidth", "cWidth"])
        let (_, loaded) = try ImportFixtures.load(output)
        let tall = try #require(loaded["tall-regular"])
        #expect(tall.number(forKey: "aWidth") == 2, "Default's variant")
        #expect(tall.number(forKey: "bWidth") == 5, "the theme's own plain key")
        #expect(tall.number(forKey: "cWidth") == 7, "the theme's own variant")
        #expect(tall.number(forKey: "dWidth") == 9, "Default's variant before the theme's plain key")
        let empty = try #require(loaded["empty-regular"])
        #expect(empty.number(forKey: "aWidth") == 2)
        #expect(empty.number(forKey: "bWidth") == 1)
        #expect(loaded["tall"]?.number(forKey: "dWidth") == 4, "the plain theme keeps its own")
    }

    @Test func db5KeepsUnknownTildeSuffixesAsPlainKeys() throws {
        let text = """
            <plist version="1.0"><dict>
              <key>Default</key><dict><key>label~foo</key><string>x</string></dict>
            </dict></plist>
            """
        let output = try ThemeImporter.run([.init(file: "DB5.plist", bytes: Array(text.utf8))], format: .db5)
        #expect(output.themes.map(\.name) == ["default"])
        #expect(output.themes.first?.values["label~foo"] == .string("x"))
    }

    @Test(
        "Motif reads its table's color names in any case, and transparent; not CSS Color 4's",
        arguments: [
            ("tomato", "#FF6347"), ("LightGoldenRodYellow", "#FAFAD2"), (" Navy ", "#000080"),
            ("transparent", "#00000000"), ("rebeccapurple", nil), ("tomatoes", nil),
        ] as [(String, String?)])
    func motifReadsItsColorNames(name: String, hex: String?) throws {
        let text = "{\".Label\": {\"textColor\": \"\(name)\"}}"
        let output = try ThemeImporter.run([.init(file: "Theme.json", bytes: Array(text.utf8))], format: .motif)
        let theme = try #require(output.themes.first)
        #expect(theme.values["Label.textColor"] == hex.map(FlatValue.string))
        #expect(output.notes.isEmpty == (hex != nil))
    }

    @Test func motifConstantNamingAColorIsDeclaredAColorUnderItsOwnName() throws {
        // `$Brand` has no color suffix; `textColor: $Brand` reads it as a color in Motif.
        let text = "{\"$Brand\": \"Tomato\", \".Label\": {\"textColor\": \"$Brand\"}}"
        let output = try ThemeImporter.run([.init(file: "Theme.json", bytes: Array(text.utf8))], format: .motif)
        let theme = try #require(output.themes.first)
        #expect(theme.values["Brand"] == .string("#FF6347"))
        #expect(theme.values["Brand.$type"] == .string("color"))
        #expect(theme.values["BrandColor"] == nil)
        #expect(theme.values["Label.textColor"] == .string("@Brand"))
        #expect(
            output.notes.map(\.message) == [
                "'$Brand' holds a color under a key with no color suffix: declared a color ('Brand.$type')"
            ])
        let (_, loaded) = try ImportFixtures.load(output)
        #expect(loaded["theme"]?.color(forKey: "Brand") == ThemeColor(hex: "#FF6347"))
        #expect(loaded["theme"]?.color(forKey: "Label.textColor") == ThemeColor(hex: "#FF6347"))
    }

    @Test func aColorKeyWithKeysUnderItIsStillWrittenUnderKeyPlusColor() throws {
        // `Brand.$type` would declare `Brand.font` a color too: the key is renamed instead.
        let text =
            "{\"$Brand\": \"Tomato\", \".Brand\": {\"font\": \"Avenir\"}, \".Label\": {\"textColor\": \"$Brand\"}}"
        let output = try ThemeImporter.run([.init(file: "Theme.json", bytes: Array(text.utf8))], format: .motif)
        let theme = try #require(output.themes.first)
        #expect(theme.values["BrandColor"] == .string("#FF6347"))
        #expect(theme.values["Brand.$type"] == nil)
        #expect(theme.values["Brand.font"] == .string("Avenir"))
        #expect(theme.values["Label.textColor"] == .string("@BrandColor"))
        #expect(
            output.notes.map(\.message).contains(
                "'$Brand' holds a color under a key with no color suffix, and keys under it that a declaration would type too: written as the color key 'BrandColor'"
            ))
    }

    @Test func aDeclaredColorTypesAValueThatIsNoColorInAnotherThemeOfTheImport() throws {
        // DB5: `accent` is a color in one theme and a word in another; the word is dropped.
        let text = """
            <plist version="1.0"><dict>
            <key>Default</key><dict><key>accent</key><string>#ff0000</string></dict>
            <key>Night</key><dict><key>accent</key><string>Avenir</string></dict>
            </dict></plist>
            """
        let output = try ThemeImporter.run([.init(file: "DB5.plist", bytes: Array(text.utf8))], format: .db5)
        let night = try #require(output.themes.first { $0.name == "night" })
        #expect(night.values["accent"] == nil)
        #expect(night.values["accent.$type"] == nil)  // the default theme's is inherited
        #expect(output.themes.first { $0.name == "default" }?.values["accent.$type"] == .string("color"))
        #expect(
            output.notes.map(\.message).contains(
                "'Night.accent' is 'Avenir', neither a color DB5 reads nor a key: dropped"))
        let (_, loaded) = try ImportFixtures.load(output)
        #expect(loaded["night"]?.color(forKey: "accent") == ThemeColor(hex: "#ff0000"))
    }

    @Test func db5ReadsSixDigitsAndNotesTheAlphaItIgnores() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("db5"), format: .db5)
        let theme = try #require(output.themes.first { $0.name == "default" })
        #expect(theme.values["overlayColor"] == .string("#000000"))
        #expect(
            output.notes.contains {
                $0.message.contains("'Default.overlayColor'") && $0.message.contains("'80' is ignored")
            })
        #expect(theme.values["shortColor"] == nil)
    }

    @Test func swiftThemeAliasesBecomeThemeKitAliases() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("swifttheme"), format: .swifttheme)
        let theme = try #require(output.themes.first)
        #expect(theme.values["Global.barTintColor"] == .string("@Global.backgroundColor"))
        #expect(theme.values["Global.missingColor"] == nil)
        #expect(theme.values["Global.plainColor"] == nil, "SwiftTheme needs the #")
    }

    @Test func swiftThemeNotesQuoteTheSourcesDollarAlias() throws {
        let text = """
            <plist version="1.0"><dict>
              <key>tintColor</key><string>$Global.nowhereColor</string>
              <key>label</key><string>$Global.nothing</string>
            </dict></plist>
            """
        let output = try ThemeImporter.run([.init(file: "Night.plist", bytes: Array(text.utf8))], format: .swifttheme)
        #expect(
            output.notes.map(\.message) == [
                "'tintColor' is '$Global.nowhereColor', neither a color SwiftTheme reads nor a key: dropped",
                "'label' is '$Global.nothing', SwiftTheme's alias of a key this theme does not have: dropped",
            ])
    }

    @Test func awfulLinksParentsAndTheDarkPair() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("awful"), format: .awful)
        let yospos = try #require(output.themes.first { $0.name == "yospos" })
        #expect(yospos.text.contains("<key>INHERITED_THEME</key>\n\t<string>dark</string>"))
        let light = try #require(output.themes.first { $0.name == "default" })
        #expect(light.text.contains("<key>DARK_THEME</key>\n\t<string>dark</string>"))
        let dark = try #require(output.themes.first { $0.name == "dark" })
        #expect(dark.text.contains("<key>APPEARANCE</key>\n\t<string>dark</string>"))
        #expect(light.values["listTextColor"] == .string("#1D1D1F"), "a section's name is dropped")
        let (_, loaded) = try ImportFixtures.load(output)
        #expect(loaded["yospos"]?.appearance == .dark, "inherited from dark")
    }

    @Test func brStyleSetsBecomeStylesWithStates() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("brstyle"), format: .brstyle)
        let set = try #require(output.themes.first { $0.name == "styles" })
        #expect(set.values["controls:dangerous:highlighted.actionColor"] == .string("#CC0000"), "states by priority")
        let (_, loaded) = try ImportFixtures.load(output)
        let theme = try #require(loaded["styles"])
        let red = try #require(ThemeColor(hex: "cc0000"))
        #expect(theme.style("controls", states: [.highlighted, .dangerous]).color(forKey: "actionColor") == red)
        #expect(
            theme.style("controls", states: [.highlighted]).color(forKey: "borderColor") == ThemeColor(hex: "000000"),
            "a style falls back to default's settings, as BRStyle merges over default")
        let brand = try #require(loaded["brand"])
        #expect(brand.style("button", states: [.highlighted]).color(forKey: "fillColor") == ThemeColor(hex: "d4d4d480"))
    }

    @Test func brStyleReadsFewerDigitsAsOneRGBANumber() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("brstyle"), format: .brstyle)
        let brand = try #require(output.themes.first { $0.name == "brand" })
        #expect(brand.values["inverseColor"] == .string("#00000F"))
        #expect(
            output.notes.contains { $0.message.contains("'colors.inverseColor'") && $0.message.contains("0x00000FFF") })
    }

    @Test(
        "JSON that cannot be imported fails at its line and column",
        arguments: [
            ("{\n  \"colors\": {\"aColor\": \"#fff\",}\n}", 2, 31, "expected a key"),
            ("[1, 2]", 1, 1, "not a dictionary"),
            ("{\"a\": tru}", 1, 7, "a value must be"),
            ("{\"a\": \"x\"} 3", 1, 12, "after the JSON value"),
            ("{\"a\": \"\\q\"}", 1, 8, "not a JSON escape"),
            // A lone UTF-16 surrogate names no character: refused, not written as U+FFFD.
            ("{\"a\": \"\\ud800\"}", 1, 8, "surrogate"),
            ("{\"a\": \"x\\udc00\"}", 1, 9, "surrogate"),
            ("{\"a\": \"\\ud800\\u0041\"}", 1, 8, "surrogate"),
            ("{\"a\": \"\\u+123\"}", 1, 10, "four hex digits"),
        ])
    func refusesBrokenJSON(text: String, line: Int, column: Int, words: String) {
        #expect {
            try ThemeImporter.run([.init(file: "s.json", bytes: Array(text.utf8))], format: .brstyle)
        } throws: { error in
            guard let failure = error as? ImportFailure else { return false }
            return failure.location == SourceLocation(file: "s.json", line: line, column: column)
                && failure.message.contains(words)
        }
    }

    @Test func motifClassesBecomeStylesAndMappingsInheritTheirConstants() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("motif"), format: .motif)
        let mappings = try #require(output.themes.first { $0.name == "mappings" })
        #expect(mappings.text.contains("<key>INHERITED_THEME</key>\n\t<string>colors</string>"))
        #expect(mappings.values["Caption.INHERITED_STYLE"] == .string("Label"))
        let (_, loaded) = try ImportFixtures.load(output)
        let theme = try #require(loaded["mappings"])
        #expect(theme.style("Caption").color(forKey: "textColor") == ThemeColor(hex: "8E8E93"))
        #expect(theme.style("Caption").number(forKey: "borderWidth") == nil)
        #expect(theme.color(forKey: "Label.textColor") == ThemeColor(hex: "1C1C1E"), "rgba() read as Motif reads it")
        let buttons = try #require(loaded["buttons"])
        #expect(buttons.style("DestructiveButton").number(forKey: "cornerRadius") == 6, "from its superclass")
        #expect(output.notes.contains { $0.message.contains("'.Button.titleLabel' is the class '.ButtonLabel'") })
    }

    @Test(
        "YAML that cannot be imported fails at Yams's mark",
        arguments: [
            ("$A: [1, 2\n$B: 3\n", 2, 3),
            ("- 1\n- 2\n", 1, 1),
        ])
    func refusesBrokenYAML(text: String, line: Int, column: Int) {
        #expect {
            try ThemeImporter.run([.init(file: "m.yaml", bytes: Array(text.utf8))], format: .motif)
        } throws: { error in
            guard let failure = error as? ImportFailure else { return false }
            return failure.location.file == "m.yaml" && failure.location.line == line
        }
    }
}

import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools

/// `themekit import --from plist`: any property list whose root is a dictionary.
@Suite struct ImportPlistTests {
    static func plistRoot(_ file: String) throws -> Any {
        let data = try Data(contentsOf: ImportFixtures.url(of: file))
        return try PropertyListSerialization.propertyList(from: data, format: nil)
    }

    @Test func genericPlistMatchesItsGoldenOutput() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        try ImportFixtures.golden.expect(ImportFixtures.transcript(output), "plist.expected")
    }

    @Test func everyGenericValueReachesTheSameResolvedValue() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        try ImportFixtures.expectSameValues(output, sourceRoot: Self.plistRoot) { ThemeColor(hex: $0) }
    }

    @Test func everySourceScalarIsWrittenOrNoted() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        let theme = try #require(output.themes.first)
        let written = Set(theme.sources.values)
        func scalars(_ object: Any, _ path: String) -> [String] {
            if let dictionary = object as? [String: Any] {
                return dictionary.flatMap { scalars($1, path.isEmpty ? $0 : path + "." + $0) }
            }
            if let array = object as? [Any] { return array.enumerated().flatMap { scalars($1, path + ".\($0)") } }
            return [path]
        }
        for path in scalars(try Self.plistRoot(theme.file), "") where !written.contains(path) {
            #expect(output.notes.contains { $0.message.hasPrefix("'\(path)'") }, "\(path) is neither written nor noted")
        }
    }

    @Test func aGreaterThanSignInsideAnAttributeValueDoesNotEndTheTag() throws {
        // XML lets `>` stand in an attribute value; libxml2 reads this document, and so must
        // the scan that walks it after.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1>0">
            <dict a='x>y'>
              <key>tintColor</key>
              <string note=">">#ff0000</string>
              <key>rowHeight</key>
              <integer>44</integer>
            </dict>
            </plist>
            """
        let output = try ThemeImporter.run([.init(file: "t.plist", bytes: Array(text.utf8))], format: .plist)
        let theme = try #require(output.themes.first)
        #expect(theme.values["tintColor"] == .string("#FF0000"))
        #expect(theme.values["rowHeight"] == .integer(44))
        #expect(output.notes.isEmpty)
    }

    @Test func importingTwiceGivesTheSameBytes() throws {
        let first = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        let second = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        #expect(first.themes == second.themes)
        #expect(first.notes == second.notes)
    }

    @Test func nestedKeysAreDottedAndArraysIndexed() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        let theme = try #require(output.themes.first)
        #expect(theme.name == "settings-screen")
        #expect(theme.values["Lists.listTextColor"] == .string("#35A2FB"))
        #expect(theme.values["items.0.title"] == .string("First <item>"))
        #expect(theme.values["items.1"] == .integer(-3))
        #expect(theme.values["Lists.emptyColor"] == nil)
    }

    @Test func aFontWithNoSizeGetsOneAndANote() throws {
        let output = try ThemeImporter.run(ImportFixtures.sources("plist"), format: .plist)
        let theme = try #require(output.themes.first)
        #expect(theme.values["captionFontSize"] == .integer(17))
        #expect(output.notes.contains { $0.message.contains("'captionFont' has no size") })
    }

    @Test(
        "a source that cannot be imported fails at its line and column",
        arguments: [
            ("<plist><array><string>x</string></array></plist>", 1, 8, "not a <dict>"),
            ("<plist>\n<dict>\n  <key>a</key><string>x</dict>\n</plist>", 3, 0, "malformed"),
            ("<plist><string>x</string></plist>", 1, 8, "not a <dict>"),
        ])
    func refusesWhatCannotBeImported(text: String, line: Int, column: Int, words: String) throws {
        #expect {
            try ThemeImporter.run([.init(file: "in.plist", bytes: Array(text.utf8))], format: .plist)
        } throws: { error in
            guard let failure = error as? ImportFailure else { return false }
            return failure.location.file == "in.plist" && failure.location.line == line
                && (column == 0 || failure.location.column == column) && failure.message.contains(words)
        }
    }

    @Test(
        "a problem inside a nested value fails the import at its line and column",
        arguments: [
            ("<dict><key>b</key></dict>", "the key 'b' has no value", 7),
            ("<dict><string>x</string></dict>", "this <string> has no <key> before it", 7),
            ("<dict> hello <key>b</key><true/></dict>", "unexpected text in a <dict>", 7),
            ("<array><string>x</string>oops</array>", "unexpected text in an <array>", 26),
            ("<array><string>a<b/></string></array>", "<b> cannot appear inside <string>", 17),
            ("<array><integer>x1</integer></array>", "'x1' is not an integer", 8),
            ("<array><real>abc</real></array>", "'abc' is not a number", 8),
            ("<array><color>red</color></array>", "<color> is not a property-list element", 8),
            // ThemeKit's reader, as for a theme's keys: an element in a namespace is no plist element.
            ("<array><dict xmlns=\"u\"/></array>", "<dict xmlns=\"u\"> is not a property-list element", 8),
        ])
    func refusesABrokenNestedValue(body: String, message: String, column: Int) throws {
        let text = "<plist><dict><key>n</key>\n" + body + "\n</dict></plist>"
        #expect {
            try ThemeImporter.run([.init(file: "in.plist", bytes: Array(text.utf8))], format: .plist)
        } throws: { error in
            guard let failure = error as? ImportFailure else { return false }
            return failure.location == SourceLocation(file: "in.plist", line: 2, column: column)
                && failure.message == message
        }
    }

    @Test func aCarriageReturnInAValueIsKeptAsFoundationKeepsIt() throws {
        let text =
            "<plist><dict>\r\n<key>s</key><string>a\r\nb</string>\r\n<key>t</key><string>é\rx</string></dict></plist>"
        let output = try ThemeImporter.run([.init(file: "in.plist", bytes: Array(text.utf8))], format: .plist)
        #expect(output.themes.first?.values["s"] == .string("a\r\nb"))
        #expect(output.themes.first?.values["t"] == .string("é\rx"))
    }

    @Test func anIntegerWrittenAsADecimalIsImportedAsAReal() throws {
        let text = "<plist><dict><key>n</key><array><integer> 1.5 </integer></array></dict></plist>"
        let output = try ThemeImporter.run([.init(file: "in.plist", bytes: Array(text.utf8))], format: .plist)
        #expect(output.themes.first?.values["n.0"] == .real(1.5))
    }

    @Test(
        "theme names follow the theme-name rules",
        arguments: [
            ("Example Theme", "example-theme"), ("  Dark++ Mode ", "dark-mode"), ("ÉtéTheme", "t-theme"),
            ("...", "theme"), ("v1.2_final", "v1.2_final"), ("-x-", "x"),
        ])
    func namesFollowTheRules(source: String, name: String) {
        #expect(ThemeNaming.name(for: source) == name)
        #expect(ThemeName.isValid(ThemeNaming.name(for: source)))
    }

    @Test func writtenTextEscapesWhatXMLNeeds() {
        let text = PlistWriter.document(reserved: [], values: ["a<b": .string("x & y\r>")])
        #expect(text.contains("<key>a&lt;b</key>\n\t<string>x &amp; y&#13;&gt;</string>"))
    }

    @Test func nothingIsWrittenWhenAThemeFailsItsCheck() throws {
        let scratch = try Scratch()
        let folder = scratch.url.appendingPathComponent("out").path
        // An alias to a key that is not there: the lint after writing refuses it.
        let broken = ImportedTheme(
            name: "broken", sourceName: "broken", file: "x",
            text: PlistWriter.document(reserved: [], values: ["aColor": .string("@nowhere")]), sources: [:], values: [:]
        )
        #expect(throws: ImportWriter.Failure.self) { try ImportWriter.write([broken], to: folder, force: false) }
        #expect(!FileManager.default.fileExists(atPath: folder))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(throws: ImportWriter.Failure.self) { try ImportWriter.write([broken], to: folder, force: false) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }
}

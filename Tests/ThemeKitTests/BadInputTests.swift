import Foundation
import TestSupport
import Testing

@testable import ThemeKit

/// One bad fixture and the first problem it must be reported with.
struct BadCase: Sendable, CustomTestStringConvertible {
    var file: String
    var code: DiagnosticCode
    var line: Int
    var column: Int
    var message: String

    var testDescription: String { file }
}

@Suite("Reading bad input")
struct BadInputTests {
    static let cases: [BadCase] = [
        .init(
            file: "malformed.plist", code: .parseError, line: 6, column: 16,
            message: "malformed XML: opening and ending tag mismatch: string line 6 and dict"),
        .init(
            file: "invalid-utf8.plist", code: .parseError, line: 6, column: 13,
            message: "invalid UTF-8: byte 0xE9 is not part of a valid character"),
        .init(file: "empty.plist", code: .parseError, line: 1, column: 1, message: "the file is empty"),
        .init(
            file: "whitespace-only.plist", code: .parseError, line: 1, column: 1,
            message: "the file has no XML element"),
        .init(
            file: "truncated.plist", code: .parseError, line: 6, column: 14,
            message: "malformed XML: premature end of data in tag string line 6"),
        .init(
            file: "binary.plist", code: .parseError, line: 1, column: 1,
            message: "this is a binary property list; themes are XML (convert it with 'plutil -convert xml1')"),
        .init(
            file: "gzip.plist", code: .parseError, line: 1, column: 1,
            message: "this file is gzip-compressed; themes are plain XML"),
        .init(
            file: "root-array.plist", code: .notFlat, line: 4, column: 1,
            message: "the root is <array>; a theme's root is a <dict> of keys and values"),
        .init(
            file: "unknown-tag.plist", code: .parseError, line: 6, column: 2,
            message: "unknown element <color>; a value is <string>, <integer>, <real>, <true/> or <false/>"),
        .init(
            file: "integer-abc.plist", code: .parseError, line: 6, column: 2,
            message: "<integer> 'abc' is not an integer"),
        .init(
            file: "not-flat.plist", code: .notFlat, line: 6, column: 2,
            message: "'colors' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>"),
        .init(
            file: "duplicate-key.plist", code: .duplicateKey, line: 9, column: 2,
            message: "duplicate key 'primaryColor': it is first defined on line 5"),
        .init(
            file: "key-without-value.plist", code: .parseError, line: 5, column: 2,
            message: "key 'primaryColor' has no value after it"),
        .init(
            file: "nul-byte.plist", code: .parseError, line: 6, column: 11,
            message: "a NUL byte is not allowed in XML"),
        .init(
            file: "utf16-no-declaration-bom.plist", code: .parseError, line: 1, column: 1,
            message: "the file is UTF-16 but has an unpaired surrogate near character 34"),
        .init(
            file: "two-roots.plist", code: .parseError, line: 3, column: 1,
            message: "a property list holds one root object; this <dict> is a second"),
        .init(
            file: "text-in-dict.plist", code: .parseError, line: 3, column: 2,
            message: "unexpected text 'stray' outside any value"),
        .init(
            file: "undeclared-entity.plist", code: .parseError, line: 6, column: 14,
            message:
                "the entity reference '&nbsp;' is not allowed: only &amp; &lt; &gt; &quot; &apos; and character references are"
        ),
        .init(
            file: "xxe-file.plist", code: .parseError, line: 2, column: 1,
            message:
                "a DOCTYPE with an internal subset is not allowed: a property list needs no entity or element declarations"
        ),
        .init(
            file: "billion-laughs.plist", code: .parseError, line: 2, column: 1,
            message:
                "a DOCTYPE with an internal subset is not allowed: a property list needs no entity or element declarations"
        ),
        .init(
            file: "parameter-entity.plist", code: .parseError, line: 2, column: 1,
            message:
                "a DOCTYPE with an internal subset is not allowed: a property list needs no entity or element declarations"
        ),
        .init(
            file: "external-dtd-entity.plist", code: .parseError, line: 5, column: 10,
            message:
                "the entity reference '&evil;' is not allowed: only &amp; &lt; &gt; &quot; &apos; and character references are"
        ),
        .init(
            file: "namespaced-element.plist", code: .parseError, line: 7, column: 2,
            message: "unknown element <x:key>; a value is <string>, <integer>, <real>, <true/> or <false/>"),
        .init(
            file: "latin1-declaration.plist", code: .parseError, line: 1, column: 21,
            message:
                "the XML declaration says encoding=\"ISO-8859-1\", but themes are read as UTF-8 (or UTF-16): save the file as UTF-8 and declare encoding=\"UTF-8\""
        ),
        .init(
            file: "invalid-character-reference.plist", code: .parseError, line: 6, column: 15,
            message:
                "'&#0;' is not a character XML allows: not NUL, a control character other than tab, LF and CR, a surrogate (U+D800 to U+DFFF), U+FFFE, U+FFFF, or past U+10FFFF"
        ),
    ]

    @Test("each bad file is reported with its code, line, column and message", arguments: cases)
    func reportsFirstProblemPrecisely(_ bad: BadCase) throws {
        let file = try Fixtures.themeFile("bad/" + bad.file)
        let first = try #require(file.diagnostics.first)
        #expect(first.code == bad.code)
        #expect(first.location == SourceLocation(file: "bad/" + bad.file, line: bad.line, column: bad.column))
        #expect(first.message == bad.message)
        #expect(first.severity == .error)
        #expect(!file.isValid)
    }

    @Test("every bad fixture is in the table above")
    func everyBadFixtureHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("bad").path)
            .filter { $0.hasSuffix(".plist") }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
    }

    @Test("every problem of a file is reported, not only the first")
    func reportsAllProblems() throws {
        let file = try Fixtures.themeFile("bad/integer-abc.plist")
        #expect(
            file.diagnostics.map(\.summary) == [
                "bad/integer-abc.plist:6:2: error: <integer> 'abc' is not an integer [parse_error]",
                "bad/integer-abc.plist:8:2: error: <real> '1.2.3' is not a number [parse_error]",
                "bad/integer-abc.plist:10:2: error: <integer> '99999999999999999999' is out of range for an integer [parse_error]",
            ])
        let notFlat = try Fixtures.themeFile("bad/not-flat.plist")
        #expect(notFlat.diagnostics.map(\.location.line) == [6, 11, 13, 15])
        #expect(notFlat.diagnostics.allSatisfy { $0.code == .notFlat })
        let missing = try Fixtures.themeFile("bad/key-without-value.plist")
        #expect(missing.diagnostics.map(\.location.line) == [5, 8])
        #expect(missing.keys.sorted() == ["textColor"])
    }

    @Test("a duplicate key names both lines: the message and a note at the first")
    func duplicateNamesBothLines() throws {
        let file = try Fixtures.themeFile("bad/duplicate-key.plist")
        #expect(file.diagnostics.count == 1)
        let duplicate = try #require(file.diagnostics.first)
        #expect(
            duplicate.notes == [
                .init(
                    "'primaryColor' is first defined here",
                    at: .init(file: "bad/duplicate-key.plist", line: 5, column: 2))
            ])
        // The first value is the one kept; the duplicate is reported, never silently used.
        #expect(file["primaryColor"]?.value == .string("35a2fb"))
    }

    @Test("rendered diagnostics match the golden files", arguments: cases.map(\.file))
    func renderedMatchesGolden(_ name: String) throws {
        let file = try Fixtures.themeFile("bad/" + name)
        let rendered = ThemeError(file.diagnostics).description + "\n"
        try Golden(folder: Fixtures.url("bad")).expect(
            rendered, name.replacingOccurrences(of: ".plist", with: ".expected"))
    }

    @Test("text after the root element is an error")
    func trailingContentIsAnError() {
        let source = "<plist><dict/></plist>\n<plist/>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.map(\.code) == [.parseError])
        #expect(document.diagnostics.first?.location.line == 2)
    }

    @Test("a value element without a key before it is an error at that element")
    func valueWithoutKey() {
        let source = "<plist><dict>\n<string>x</string></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(
            document.diagnostics.map(\.summary) == [
                "t.plist:2:1: error: this <string> has no <key> before it [parse_error]"
            ])
    }

    @Test("an element inside a scalar is an error, and the scalar is dropped")
    func elementInsideScalar() {
        let source = "<plist><dict><key>a</key><string>x<b/>y</string><key>c</key><true/></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.map(\.message) == ["<b> cannot appear inside <string>"])
        #expect(document.entries.map(\.key) == ["c"])
    }

    @Test("text inside <true/> is an error")
    func textInsideBool() {
        let source = "<plist><dict><key>a</key><true>yes</true></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.map(\.message) == ["<true/> takes no text"])
        // At the <true> tag (column 26), not at the text or the start of the file.
        #expect(document.diagnostics.map(\.location) == [SourceLocation(file: "t.plist", line: 1, column: 26)])
    }

    @Test("UTF-32 is refused with a message that says so, with or without a byte-order mark")
    func refusesUTF32() {
        let text = "<plist><dict/></plist>".unicodeScalars.map(\.value)
        let little = text.flatMap { [UInt8($0 & 0xFF), 0, 0, 0] }
        let big = text.flatMap { [0, 0, 0, UInt8($0 & 0xFF)] }
        for bytes in [[0xFF, 0xFE, 0x00, 0x00] + little, little, big, [0x00, 0x00, 0xFE, 0xFF] + big] {
            let document = PropertyListReader().parse(bytes, file: "t.plist")
            #expect(document.diagnostics.map(\.message) == ["UTF-32 is not supported; save the theme as UTF-8"])
        }
    }

    @Test("UTF-16 without a byte-order mark or declaration is read, not called a NUL byte")
    func readsUTF16WithoutMark() {
        let text = "<plist><dict><key>aColor</key><string>fff</string></dict></plist>"
        let little = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            let document = PropertyListReader().parse(bytes, file: "t.plist")
            #expect(document.diagnostics.isEmpty)
            #expect(document.entries.map(\.key) == ["aColor"])
        }
    }

    @Test("a file that is only a byte-order mark is called empty")
    func byteOrderMarkOnly() {
        for bytes: [UInt8] in [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] {
            let document = PropertyListReader().parse(bytes, file: "t.plist")
            #expect(document.diagnostics.map(\.message) == ["the file holds only a byte-order mark: it is empty"])
            #expect(document.diagnostics.first?.location.line == 1)
        }
    }

    @Test(
        "an element with a namespace prefix or URI is not a plist element, and is named as written",
        arguments: [
            (
                "<x:dict xmlns:x=\"urn:x\"><key>a</key><true/></x:dict>",
                "t.plist:1:1: error: unknown element <x:dict>; a property list's root is <dict> [parse_error]"
            ),
            (
                "<p:plist xmlns:p=\"urn:p\">\n<dict/></p:plist>",
                "t.plist:1:1: error: unknown element <p:plist>; a property list's root is <dict> [parse_error]"
            ),
            (
                "<plist xmlns:x=\"urn:x\"><dict>\n  <key>a</key><x:dict/></dict></plist>",
                "t.plist:2:15: error: unknown element <x:dict>; a value is <string>, <integer>, <real>, <true/> or <false/> [parse_error]"
            ),
            (
                "<plist><dict xmlns=\"urn:d\"/></plist>",
                "t.plist:1:8: error: unknown element <dict xmlns=\"urn:d\">; a property list's root is <dict> [parse_error]"
            ),
            (
                "<plist><dict><key>a</key><string>x<y:b xmlns:y=\"urn:y\"/></string></dict></plist>",
                "t.plist:1:35: error: <y:b> cannot appear inside <string> [parse_error]"
            ),
        ])
    func namespacedElementsAreUnknown(source: String, first: String) {
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.first?.summary == first)
        #expect(document.entries.isEmpty)
    }

    @Test(
        "an unknown element at the root is one problem: the reader's parse_error, no not_flat beside it",
        arguments: [
            "<plist><x:dict xmlns:x=\"urn:x\"/></plist>", "<plist><foo/></plist>", "<p:plist xmlns:p=\"urn:p\"/>",
        ])
    func unknownRootIsOneProblem(source: String) {
        let file = ThemeFile(PropertyListReader().parse(Array(source.utf8), file: "t.plist"))
        #expect(file.diagnostics.map(\.code) == [.parseError])
    }

    @Test("a root that is a plist value other than <dict> is not_flat")
    func otherRootIsNotFlat() {
        let file = ThemeFile(PropertyListReader().parse(Array("<plist><array/></plist>".utf8), file: "t.plist"))
        #expect(file.diagnostics.map(\.code) == [.notFlat])
    }

    @Test("a namespace declared on <plist> leaves its unprefixed elements plist elements")
    func namespaceDeclarationAloneIsFine() {
        let source = "<plist version=\"1.0\" xmlns:x=\"urn:x\"><dict><key>a</key><true/></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.isEmpty)
        #expect(document.entries.map(\.key) == ["a"])
    }

    @Test(
        "an XML declaration naming an encoding other than UTF-8 or UTF-16 is refused at its encoding",
        arguments: ["ISO-8859-1", "windows-1252", "Shift_JIS", "US-ASCII", "latin1"])
    func refusesDeclaredForeignEncoding(name: String) {
        let source = "<?xml version=\"1.0\"\n  encoding='\(name)' ?>\n<plist><dict><key>a</key><true/></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(
            document.diagnostics.map(\.summary) == [
                "t.plist:2:3: error: the XML declaration says encoding=\"\(name)\", but themes are read as UTF-8 (or UTF-16): save the file as UTF-8 and declare encoding=\"UTF-8\" [parse_error]"
            ])
    }

    @Test(
        "UTF-8 and UTF-16 declarations, in any case, read as before",
        arguments: ["UTF-8", "utf-8", "utf8", "UTF8", "UTF-16", "utf-16le", "UTF-16BE"])
    func acceptsDeclaredUnicode(name: String) {
        let source = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<plist><dict><key>a</key><true/></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.isEmpty)
        #expect(document.entries.map(\.key) == ["a"])
    }

    @Test("a UTF-16 file declaring windows-1252 is refused too, at the declaration's position in its text")
    func refusesForeignDeclarationInUTF16() {
        let text = "<?xml version=\"1.0\" encoding=\"windows-1252\"?><plist><dict/></plist>"
        let bytes: [UInt8] = [0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let document = PropertyListReader().parse(bytes, file: "t.plist")
        #expect(document.diagnostics.first?.location == SourceLocation(file: "t.plist", line: 1, column: 21))
    }

    @Test(
        "a character reference to a character XML forbids is named as written, at its '&'",
        arguments: [
            ("<plist><dict><key>a</key>\n<string>x&#0;</string></dict></plist>", "&#0;", 10),
            ("<plist><dict><key>a</key>\n<string>&#xD800;</string></dict></plist>", "&#xD800;", 9),
            ("<plist><dict><key>a</key>\n<string>&#99999999;</string></dict></plist>", "&#99999999;", 9),
            ("<plist version=\"&#1;\"><dict/></plist>", "&#1;", 17),
        ])
    func reportsForbiddenCharacterReference(source: String, reference: String, column: Int) throws {
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        let first = try #require(document.diagnostics.first)
        #expect(first.message == SAXPropertyListParser.characterReferenceMessage(reference))
        #expect(first.location.column == column)
        #expect(!first.message.contains("xml"))
    }

    @Test(
        "libxml2's messages never name its C functions",
        arguments: [
            (
                "<plist><dict><key>a</key><string>Tom & Jerry</string></dict></plist>",
                "t.plist:1:38: error: a '&' must start a reference such as '&amp;': write a literal '&' as '&amp;' [parse_error]"
            ),
            (
                "<plist><dict><key>a</key><string>x</string><!-- bell \u{07} --></dict></plist>",
                "t.plist:1:54: error: the control character U+0007 is not allowed in XML [parse_error]"
            ),
            (
                "<plist><dict><key>a</key><string>x</string></dict></plist>\n<?xml version=\"1.0\"?>",
                "t.plist:2:6: error: malformed XML: XML declaration allowed only at the start of the document [parse_error]"
            ),
            (
                "<plist><dict><key>a</key><string>x</string><?  ?></dict></plist>",
                "t.plist:1:46: error: malformed XML: no target name [parse_error]"
            ),
        ])
    func noFunctionNamesInMessages(source: String, summary: String) throws {
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.first?.summary == summary)
    }
}

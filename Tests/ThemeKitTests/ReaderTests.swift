import Foundation
import Testing

@testable import ThemeKit

@Suite("Reading well-formed property lists")
struct ReaderTests {
    /// An entry with its locations worked out by its document, for comparing with a table.
    struct LocatedEntry: Equatable {
        var key: String
        var value: PropertyListValue
        var keySpan: SourceSpan
        var valueSpan: SourceSpan
    }

    /// Every entry of `document` with its key span and value span.
    static func located(_ document: PropertyListDocument) -> [LocatedEntry] {
        document.entries.map {
            LocatedEntry(
                key: $0.key, value: $0.value, keySpan: document.keySpan(of: $0), valueSpan: document.valueSpan(of: $0))
        }
    }

    /// Every entry of good/all-types.plist: key, typed value, key span and value span.
    static let allTypesEntries: [LocatedEntry] = [
        .init(key: "primaryColor", value: .string("35a2fb"), keySpan: span(5, 2, 5, 25), valueSpan: span(6, 2, 6, 25)),
        .init(key: "headerFontSize", value: .integer(17), keySpan: span(7, 2, 7, 27), valueSpan: span(8, 2, 8, 23)),
        .init(key: "spacingSize", value: .real(12.5), keySpan: span(9, 2, 9, 24), valueSpan: span(10, 2, 10, 19)),
        .init(
            key: "animationsEnabled", value: .bool(true), keySpan: span(11, 2, 11, 30), valueSpan: span(12, 2, 12, 9)),
        .init(key: "debugEnabled", value: .bool(false), keySpan: span(13, 2, 13, 25), valueSpan: span(14, 2, 14, 10)),
        .init(key: "emptyString", value: .string(""), keySpan: span(15, 2, 15, 24), valueSpan: span(16, 2, 16, 11)),
        .init(
            key: "titleText", value: .string("Tom & Jerry \u{263A} <raw>"), keySpan: span(17, 2, 17, 22),
            valueSpan: span(17, 22, 17, 81)),
        .init(key: "offsetSize", value: .integer(-16), keySpan: span(19, 2, 19, 23), valueSpan: span(20, 2, 20, 26)),
    ]

    @Test("all-types.plist: every entry, its type and both locations")
    func readsEveryScalarTypeWithLocations() throws {
        let document = try Fixtures.document("good/all-types.plist")
        #expect(document.diagnostics == [])
        #expect(Self.located(document) == Self.allTypesEntries)
        let root = try #require(document.root)
        #expect(root.kind == .dict)
        #expect(root.elementName == "dict")
        #expect(document.span(of: root.range) == span(4, 1, 21, 8))
    }

    @Test(
        "BOM, CRLF and UTF-16 with a declaration read exactly like plain UTF-8",
        arguments: ["good/bom.plist", "good/crlf.plist", "good/utf16le.plist", "good/utf16be.plist"])
    func encodingsAndLineEndingsReadTheSame(name: String) throws {
        let document = try Fixtures.document(name)
        #expect(document.diagnostics == [])
        #expect(Self.located(document) == Self.allTypesEntries)
    }

    @Test("comments are kept with their text and span, for suppression")
    func keepsComments() throws {
        let document = try Fixtures.document("good/all-types.plist")
        #expect(document.comments.map(\.text) == [" themelint:disable-next-line duplicate_key "])
        #expect(document.comments.map { document.span(of: $0.range) } == [span(18, 2, 18, 52)])
    }

    @Test("columns count Unicode scalars, not bytes")
    func columnsCountScalars() throws {
        let document = try Fixtures.document("good/multibyte.plist")
        #expect(document.diagnostics == [])
        #expect(document.entries.map(\.key) == ["greeting", "nextColor"])
        // "héllo wörld ☺" is 13 scalars but 17 bytes: counted in bytes, the key would be at 55.
        #expect(document.keySpan(of: document.entries[1]) == span(2, 51, 2, 71))
        #expect(document.entries[0].value == .string("héllo wörld ☺"))
    }

    @Test("a bare <dict> root without <plist> is read like CoreFoundation reads it")
    func readsBareDictionaryRoot() throws {
        let document = try Fixtures.document("good/bare-dict.plist")
        #expect(document.diagnostics == [])
        #expect(document.entries.map(\.key) == ["a"])
        #expect(document.root?.elementName == "dict")
    }

    @Test("duplicates are kept in file order by the reader")
    func keepsDuplicatesInFileOrder() throws {
        let document = try Fixtures.document("bad/duplicate-key.plist")
        #expect(document.diagnostics == [])
        #expect(document.entries.map(\.key) == ["primaryColor", "textColor", "primaryColor"])
        #expect(document.entries.map(\.value) == [.string("35a2fb"), .string("000"), .string("ff0000")])
    }

    @Test("nested values are recorded with their kind and span")
    func recordsNestedValues() throws {
        let document = try Fixtures.document("bad/not-flat.plist")
        #expect(document.diagnostics == [])
        #expect(document.entries.map(\.value) == [.nested(.dict), .nested(.array), .nested(.data), .nested(.date)])
        #expect(document.valueSpan(of: document.entries[0]) == span(6, 2, 9, 9))
        #expect(document.valueSpan(of: document.entries[1]) == span(11, 2, 11, 10))
    }

    @Test("the shipped themes read without a problem")
    func shippedThemesRead() throws {
        let themes = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes")
        let names = try FileManager.default.contentsOfDirectory(atPath: themes.path).filter { $0.hasSuffix(".plist") }
        #expect(names.count >= 2)
        for name in names {
            let file = try ThemeFile.read(themes.appendingPathComponent(name).path)
            #expect(file.diagnostics == [], "\(name)")
            #expect(!file.keys.isEmpty)
        }
    }

    @Test("integers: sign and 0x hexadecimal are accepted, as CoreFoundation does")
    func readsIntegerForms() {
        let source =
            "<plist><dict><key>a</key><integer> +42 </integer><key>b</key><integer>0x1F</integer></dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics == [])
        #expect(document.entries.map(\.value) == [.integer(42), .integer(31)])
    }

    @Test("positions from byte offsets: LF and CRLF end a line, a lone CR does not, columns count scalars")
    func positionsFromOffsets() {
        let text = Array("a\r\nb\rc\né☺x\n\ny".utf8)
        let lines = SourceLines(text)
        // The reference: walk the bytes, a new line after each LF, a column per scalar.
        var line = 1
        var column = 1
        for offset in 0...text.count {
            #expect(lines.position(at: offset) == position(line, column), "offset \(offset)")
            #expect(lines.line(at: offset) == line, "offset \(offset)")
            guard offset < text.count else { break }
            if text[offset] == 0x0A {
                line += 1
                column = 1
            } else if text[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        #expect(lines.position(at: -5) == position(1, 1))
        #expect(lines.position(at: text.count + 5) == position(line, column))
        #expect(SourceLines([]).position(at: 0) == position(1, 1))
    }

    @Test("positions on long lines (past the checkpoints' stride) are the scalars counted from the line's start")
    func positionsOnLongLines() {
        // One long line of mixed widths, a CR-only stretch (one line: a lone CR breaks
        // nothing), a CRLF line, short lines, and a long last line without a break.
        let stride = SourceLines.checkpointStride
        var source = String(repeating: "<key>é☺𝄞a</key>", count: 3 * stride / 13)
        source += "\n" + String(repeating: "x\ry\r", count: stride) + "\r\n" + "short\n\n"
        source += String(repeating: "ab☺", count: 2 * stride + 1)
        let text = Array(source.utf8)
        let lines = SourceLines(text)
        var line = 1
        var column = 1
        for offset in 0...text.count {
            #expect(lines.position(at: offset) == position(line, column), "offset \(offset)")
            guard offset < text.count else { break }
            if text[offset] == 0x0A {
                line += 1
                column = 1
            } else if text[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        #expect(line == 5)
        #expect(lines.position(at: text.count + 5) == position(line, column))
        // A file without a break at all: the whole text is line 1.
        let oneLine = Array(String(repeating: "a\rb☺", count: 4 * stride).utf8)
        let single = SourceLines(oneLine)
        #expect(single.position(at: oneLine.count) == position(1, 4 * 4 * stride + 1))
        #expect(single.position(at: oneLine.count - 3) == position(1, 4 * 4 * stride))
    }
}

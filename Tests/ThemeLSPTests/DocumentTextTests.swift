import Testing
import ThemeLSP

/// LSP positions in the three encodings a client may agree to, against byte offsets and
/// ThemeKit's 1-based scalar columns: astral characters, CRLF and lone CR line ends, and
/// positions past a line's end or the document's.
@Suite("positions: UTF-8, UTF-16 and UTF-32 against byte offsets")
struct DocumentTextTests {
    /// "a😀é\tb": a (1 byte), 😀 (4 bytes, 2 UTF-16 units), é (2 bytes), tab, b.
    static let line = "a😀é\tb"

    @Test(
        "the position of each scalar of a line with an astral character, in each encoding",
        arguments: [
            (PositionEncoding.utf8, [0, 1, 5, 7, 8, 9]),
            (PositionEncoding.utf16, [0, 1, 3, 4, 5, 6]),
            (PositionEncoding.utf32, [0, 1, 2, 3, 4, 5]),
        ])
    func placesScalars(encoding: PositionEncoding, characters: [Int]) {
        let text = DocumentText("first\n" + Self.line)
        let offsets = [0, 1, 5, 7, 8, 9].map { $0 + 6 }
        for (offset, character) in zip(offsets, characters) {
            #expect(text.position(atOffset: offset, encoding: encoding) == Position(line: 1, character: character))
            #expect(text.offset(of: Position(line: 1, character: character), encoding: encoding) == offset)
        }
    }

    @Test("a UTF-16 position inside a surrogate pair goes to the end of its scalar")
    func roundsInsideSurrogatePair() {
        let text = DocumentText(Self.line)
        #expect(text.offset(of: Position(line: 0, character: 2), encoding: .utf16) == 5)
    }

    @Test("a position past its line's end is clamped to the line, before its CRLF; past the last line, the end")
    func clampsPastLineEnd() {
        let text = DocumentText("ab\r\ncd\r\n")
        #expect(text.lineCount == 3)
        #expect(text.offset(of: Position(line: 0, character: 99), encoding: .utf16) == 2)
        #expect(text.offset(of: Position(line: 1, character: 0), encoding: .utf16) == 4)
        #expect(text.offset(of: Position(line: 1, character: 5), encoding: .utf32) == 6)
        #expect(text.offset(of: Position(line: 7, character: 0), encoding: .utf16) == 8)
        #expect(text.offset(of: Position(line: -1, character: 3), encoding: .utf16) == 0)
        #expect(text.position(atOffset: 4, encoding: .utf16) == Position(line: 1, character: 0))
        #expect(text.position(atOffset: 99, encoding: .utf16) == Position(line: 2, character: 0))
    }

    @Test("a lone CR ends an LSP line but not ThemeKit's: ThemeKit's line 2, column 4 is LSP's line 2, character 1")
    func mapsLoneCarriageReturn() {
        // ThemeKit's lines: "x", "a\rbc" (a lone CR breaks nothing there). LSP's: "x", "a", "bc".
        let text = DocumentText("x\na\rbc")
        #expect(text.lineCount == 3)
        #expect(text.position(line: 2, column: 3, encoding: .utf16) == Position(line: 2, character: 0))
        #expect(text.position(line: 2, column: 4, encoding: .utf16) == Position(line: 2, character: 1))
        #expect(text.position(line: 1, column: 1, encoding: .utf16) == Position(line: 0, character: 0))
    }

    @Test("ThemeKit's scalar columns become each encoding's characters past an astral character")
    func mapsScalarColumns() {
        let text = DocumentText("<key>😀Color</key>")
        #expect(text.position(line: 1, column: 7, encoding: .utf8) == Position(line: 0, character: 9))
        #expect(text.position(line: 1, column: 7, encoding: .utf16) == Position(line: 0, character: 7))
        #expect(text.position(line: 1, column: 7, encoding: .utf32) == Position(line: 0, character: 6))
        // Past the line's end: the line's end.
        #expect(text.position(line: 1, column: 99, encoding: .utf16) == Position(line: 0, character: 18))
    }

    @Test(
        "far into a line longer than the checkpoints' stride, every scalar is placed as a count from the line's start")
    func placesFarIntoLongLine() {
        let unit = "ab😀é"
        let long = "x\n" + String(repeating: unit, count: 300)
        let text = DocumentText(long)
        var offset = 2
        var utf16 = 0
        var scalars = 0
        for scalar in String(repeating: unit, count: 300).unicodeScalars {
            #expect(text.position(atOffset: offset, encoding: .utf16) == Position(line: 1, character: utf16))
            #expect(text.position(atOffset: offset, encoding: .utf32) == Position(line: 1, character: scalars))
            #expect(text.offset(of: Position(line: 1, character: utf16), encoding: .utf16) == offset)
            #expect(
                text.position(line: 2, column: scalars + 1, encoding: .utf8) == Position(line: 1, character: offset - 2)
            )
            offset += String(scalar).utf8.count
            utf16 += String(scalar).utf16.count
            scalars += 1
        }
    }

    @Test("the encoding agreed is the client's first known one, UTF-16 when it offers none")
    func choosesEncoding() {
        #expect(PositionEncoding.chosen(from: nil) == .utf16)
        #expect(PositionEncoding.chosen(from: ["utf-7", "utf-32", "utf-8"]) == .utf32)
        #expect(PositionEncoding.chosen(from: ["utf-7"]) == .utf16)
    }

    @Test("an element's content: the text between its tags, none for an empty element")
    func findsElementContent() {
        let text = DocumentText("<string>abc</string><string/>")
        #expect(text.content(ofElement: 0..<20) == 8..<11)
        #expect(text.content(ofElement: 20..<29) == nil)
    }
}

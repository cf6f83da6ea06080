import Testing

@testable import ThemeKit

/// A tag left open at the end of a line is reported at the end of that line, not on the
/// next (`dark.plist:11:…`, not `12:2`, for `<key>…</key` ending line 11): libxml2's cursor
/// stands past the line break, at the first text it found instead of the `>`, so the
/// problem is placed at the end of the text before it.
@Suite("Parse errors placed where the defect ends")
struct ParseErrorPlacementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a closing tag left open at the end of a line",
            text: "<plist version=\"1.0\">\n<dict>\n\t<key>aColor</key\n\t<string>fff</string>\n</dict>\n</plist>\n",
            line: 3, column: 18, message: "malformed XML: expected '>'"),
        Case(
            name: "the same with CRLF line breaks",
            text:
                "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>aColor</key\r\n\t<string>fff</string>\r\n</dict>\r\n</plist>\r\n",
            line: 3, column: 18, message: "malformed XML: expected '>'"),
        Case(
            name: "blank lines between, and columns in Unicode scalars",
            text:
                "<plist version=\"1.0\">\n<dict>\n\t<key>éColor</key  \n\n   \n\t<string>fff</string>\n</dict>\n</plist>\n",
            line: 3, column: 18, message: "malformed XML: expected '>'"),
        Case(
            name: "a start tag left open",
            text: "<plist version=\"1.0\">\n<dict>\n\t<key>a</key><string>x</string>\n\t<dict\n</dict>\n</plist>\n",
            line: 4, column: 7, message: "malformed XML: error parsing attribute name"),
        Case(
            name: "an XML declaration left open",
            text: "<?xml version=\"1.0\"\n<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n",
            line: 1, column: 20, message: "malformed XML: parsing XML declaration: '?>' expected"),
        Case(
            name: "the last tag left open at the end of the file",
            text: "<plist version=\"1.0\">\n<dict>\n</dict>\n</plist\n",
            line: 4, column: 8, message: "malformed XML: expected '>'"),
        Case(
            name: "the file ends inside a value",
            text: "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>x\n",
            line: 4, column: 11, message: "malformed XML: premature end of data in tag string line 4"),
        Case(
            name: "content after the root stays where it starts",
            text: "<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n\n<extra/>\n",
            line: 6, column: 1, message: "malformed XML: extra content at the end of the document"),
    ]

    @Test("each is reported at the end of the defect's line", arguments: cases)
    func placesAtEndOfDefectLine(_ item: Case) throws {
        let document = PropertyListReader().parse(Array(item.text.utf8), file: "t.plist")
        let first = try #require(document.diagnostics.first)
        #expect(first.code == .parseError)
        #expect(first.message == item.message)
        #expect(first.location == SourceLocation(file: "t.plist", line: item.line, column: item.column))
    }
}

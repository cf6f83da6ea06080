import Testing
import ThemeSupport

@testable import ThemeKit

/// A diagnostic's rendered forms are what a terminal, a log and an editor's problem matcher
/// read: whatever a key, a value or a path holds, one problem is one line that says what it
/// says.
@Suite("Diagnostics escape what they quote")
struct DiagnosticEscapingTests {
    @Test("a key holding line breaks cannot forge a problem line in summary or rendered")
    func summaryEscapesLineBreaks() {
        let key = "\nThemes/secret.plist:9:9: error: forged problem [duplicate_key]\n"
        let diagnostic = Diagnostic(
            .duplicateKey, "duplicate key '\(key)'", at: SourceLocation(file: "Themes/a\rb.plist", line: 4, column: 2),
            notes: [.init("first '\(key)'", at: SourceLocation(file: "Themes/a\rb.plist", line: 3, column: 2))])
        let shown = #"\nThemes/secret.plist:9:9: error: forged problem [duplicate_key]\n"#
        #expect(diagnostic.summary == #"Themes/a\rb.plist:4:2: error: duplicate key '\#(shown)' [duplicate_key]"#)
        #expect(
            diagnostic.rendered
                == #"Themes/a\rb.plist:4:2: error: duplicate key '\#(shown)' [duplicate_key]"# + "\n"
                + #"Themes/a\rb.plist:3:2: note: first '\#(shown)'"#)
        #expect(ThemeError(diagnostic).description.split(separator: "\n").count == 2)
    }

    @Test("the source line is escaped but keeps its tabs, and the caret stays under the column")
    func sourceLineIsEscapedAndCaretAligned() {
        // Column 14 is the `<string>`; before it a tab and the bidi override U+202E.
        let line = "\t<key>\u{202E}</key><string>x</string>"
        let diagnostic = Diagnostic(
            .invalidColor, "bad", at: SourceLocation(file: "t.plist", line: 1, column: 14),
            end: SourcePosition(line: 1, column: 22), sourceLine: line)
        let lines = diagnostic.rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[1] == "\t<key>\\u{202e}</key><string>x</string>")
        #expect(lines[2] == "\t" + String(repeating: " ", count: 5 + 8 + 6) + "^" + String(repeating: "~", count: 7))
        // The caret points at the `<` of `<string>` in the escaped line.
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        #expect(caret.map { Array(lines[1])[$0] } == "<")
    }

    @Test(
        "every bidi control is escaped by the one escaper: embeddings, overrides, isolates, marks",
        arguments: [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
            as [UInt32])
    func bidiControlsAreEscaped(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(Escaping.isInvisible(scalar))
        #expect(Escaping.visible("a\(scalar)b") == "a\\u{\(String(value, radix: 16))}b")
    }
}

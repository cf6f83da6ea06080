import Foundation
import Testing
import ThemeOutput

/// The one JSON writer of the linter and the tools: its layout, its numbers, its escapes.
@Suite struct JSONOutputTests {
    /// What `JSONEncoder` (swift-foundation, Swift 6.3) writes for each number: Swift's
    /// shortest round-tripping `description`, a final `.0` dropped. `ThemeValue.text(of:)`,
    /// which the tools' hand-written JSON once used, wrote `1e+15` for 1e15 and `0` for -0.0;
    /// the second lost the sign.
    @Test(
        "a number is written as its shortest decimal and reads back as the same Double",
        arguments: [
            (12.0, "12"), (0.1, "0.1"), (1e300, "1e+300"), (.leastNonzeroMagnitude, "5e-324"), (-0.0, "-0"),
            (1e15, "1000000000000000"), (1e16, "1e+16"), (12.5, "12.5"), (1e-7, "1e-07"),
            (-2.5e20, "-2.5e+20"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (9_007_199_254_740_992, "9007199254740992"), (0.30000000000000004, "0.30000000000000004"),
        ])
    func numbersReadBackExactly(number: Double, text: String) throws {
        let written = try JSONOutput.text([number])
        #expect(written == "[\n  \(text)\n]")
        // JSONDecoder reads exactly. Foundation's JSONSerialization on Linux does not: it
        // reads `-0` as the integer 0 and 0.30000000000000004 one ulp high, whoever wrote them.
        let read = try JSONDecoder().decode([Double].self, from: Data(written.utf8))[0]
        #expect(read == number && read.sign == number.sign, "\(text) read back as \(read)")
    }

    @Test("NaN and the infinities are refused, not written as null or a string")
    func nonFiniteNumbersThrow() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONOutput.text([number]) }
        }
    }

    @Test("pretty-printed, keys sorted by Unicode scalars, slashes as they are, one final line break")
    func layout() throws {
        let keys = ["b", "B", "a10", "a9", "e\u{301}x", "éa", "\u{1F600}", "\u{FFFD}"]
        let text = try JSONOutput.document(Dictionary(uniqueKeysWithValues: keys.map { ($0, "a/b") }))
        let sorted = keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        #expect(text == "{\n" + sorted.map { "  \"\($0)\" : \"a/b\"" }.joined(separator: ",\n") + "\n}\n")
    }

    /// JSONEncoder writes these raw; each reads back through `JSONSerialization` (which on
    /// Linux drops a raw U+FEFF from the start of a string) and `JSONDecoder` as it was.
    @Test("DEL, U+2028, U+2029 and U+FEFF are written as \\u escapes and read back")
    func invisiblesAreEscaped() throws {
        let value = "\u{FEFF}a\u{2028}b\u{2029}c\u{7F}d\u{1}\u{E2}\u{EF}\u{2027}\u{FEFE}\"\\\n"
        let text = try JSONOutput.text(["\u{FEFF}key": value])
        #expect(
            text == #"{"# + "\n" + #"  "\uFEFFkey" : "\uFEFFa\u2028b\u2029c\u007Fd\u0001âï‧\#u{FEFE}\"\\\n""#
                + "\n}")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(object.keys.map(\.unicodeScalars.count) == [4])
        #expect(object["\u{FEFF}key"].map { Array($0.unicodeScalars) } == Array(value.unicodeScalars))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        #expect(decoded["\u{FEFF}key"].map { Array($0.unicodeScalars) } == Array(value.unicodeScalars))
    }
}

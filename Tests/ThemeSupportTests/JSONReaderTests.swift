import Testing

@testable import ThemeSupport

@Suite struct JSONReaderTests {
    static func read(_ text: String, _ duplicateKeys: JSONReader.DuplicateKeys = .refuse, depth: Int = 64)
        throws(JSONSyntaxError) -> JSONNode
    {
        try JSONReader.read(Array(text.utf8), duplicateKeys: duplicateKeys, maximumDepth: depth)
    }

    static func failure(_ text: String, _ duplicateKeys: JSONReader.DuplicateKeys = .refuse, depth: Int = 64)
        -> JSONSyntaxError?
    {
        do {
            _ = try read(text, duplicateKeys, depth: depth)
            return nil
        } catch {
            return error
        }
    }

    @Test func membersKeepSourceOrderWithTheirKeysLocated() throws {
        let root = try Self.read("{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"],\n  \"é\": -2.5e1 }")
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["b", "a", "é"])
        #expect(
            members.map(\.keyLocation) == [
                JSONLocation(offset: 4, line: 2, column: 3), JSONLocation(offset: 14, line: 3, column: 3),
                JSONLocation(offset: 40, line: 4, column: 3),
            ])
        #expect(members[0].value.value == .integer(1))
        #expect(members[0].value.location == JSONLocation(offset: 9, line: 2, column: 8))
        #expect(members[1].value.elements?.map(\.value) == [.bool(true), .null, .string("x")])
        #expect(members[2].value.value == .real(-25))
        // Columns count Unicode scalars: 'é' is two bytes, one column.
        #expect(members[2].value.location == JSONLocation(offset: 46, line: 4, column: 8))
        #expect(
            root.plain
                == .object(["b": .number(1), "a": .array([.bool(true), .null, .string("x")]), "é": .number(-25)]))
    }

    @Test func everyValueAndKeyKnowsWhereItEnds() throws {
        // The end is the offset just past the last character: a range from the start covers
        // the whole value or key (its quotes, escapes and nested members); its line and
        // column are counted over the value, as the reader counts them.
        let text = "{\n  \"b\": 1,\n  \"a\": [true, null, \"x\\u00e9\"],\n  \"é\": {\"c\": -2.5e1} }"
        let bytes = Array(text.utf8)
        let root = try Self.read(text)
        #expect(root.endOffset == 67)
        #expect(root.end(in: bytes) == JSONLocation(offset: 67, line: 4, column: 23))
        let members = try #require(root.members)
        #expect(members.map(\.keyEndOffset) == [7, 17, 50])
        #expect(
            members.map { $0.keyEnd(in: bytes) } == [
                JSONLocation(offset: 7, line: 2, column: 6), JSONLocation(offset: 17, line: 3, column: 6),
                JSONLocation(offset: 50, line: 4, column: 6),
            ])
        #expect(members[0].value.end(in: bytes) == JSONLocation(offset: 10, line: 2, column: 9))
        let array = members[1].value
        #expect(array.end(in: bytes) == JSONLocation(offset: 42, line: 3, column: 31))
        #expect(array.elements?.first?.end(in: bytes) == JSONLocation(offset: 24, line: 3, column: 13))
        // An escape ends where its text ends, not where its decoded character would.
        #expect(array.elements?.last?.end(in: bytes) == JSONLocation(offset: 41, line: 3, column: 30))
        let object = members[2].value
        #expect(object.end(in: bytes) == JSONLocation(offset: 65, line: 4, column: 21))
        #expect(object["c"]?.location == JSONLocation(offset: 58, line: 4, column: 14))
        #expect(object["c"]?.end(in: bytes) == JSONLocation(offset: 64, line: 4, column: 20))
        // After a byte-order mark, offsets count from the character after it, as the reader's.
        let marked = [0xEF, 0xBB, 0xBF] + Array("[\"é\"]".utf8)
        let list = try JSONReader.read(marked, duplicateKeys: .refuse, maximumDepth: 4)
        #expect(list.end(in: marked) == JSONLocation(offset: 6, line: 1, column: 6))
    }

    @Test("a number reads to the Double that Double(text) gives, to the bit, short or long")
    func numbersReadAsDoubleReadsThem() throws {
        // Numbers of 1 to 18 digits, the point anywhere or nowhere, signed or not, and a few
        // with exponents: the short ones take the reader's own path, the rest Double(text).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var texts = ["0", "-0", "0.0", "-0.0", "0.1", "0.3", "123456789012345", "1234567890123456", "1e3", "-2.5E-3"]
        for _ in 0..<3_000 {
            let count = 1 + next(18)
            // No leading zero (JSON has none): the first of several digits is 1 to 9.
            let digits = String(
                (0..<count).map { index in Character(String(index == 0 && count > 1 ? 1 + next(9) : next(10))) })
            let point = next(count + 1)
            var text = digits
            if point > 0, point < digits.count {
                text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            } else if point == 0 {
                text = "0." + digits
            }
            texts.append(next(2) == 0 ? "-" + text : text)
        }
        for text in texts {
            let value = try Self.read(text).value
            let wanted = try #require(Double(text))
            switch value {
            case .integer(let whole):
                #expect(!text.contains(".") && !text.lowercased().contains("e"), "\(text)")
                #expect(Int(text) == whole, "\(text)")
            case .real(let real):
                #expect(real.bitPattern == wanted.bitPattern, "\(text): \(real) is not \(wanted)")
            default:
                Issue.record("\(text) read as \(value)")
            }
        }
    }

    @Test func aKeyWrittenTwiceIsRefusedAtTheSecondKey() {
        let error = Self.failure("{\"a\": 1,\n \"a\": 2}")
        #expect(error?.location == JSONLocation(offset: 10, line: 2, column: 2))
        #expect(error?.message == "the key 'a' is written twice in one object")
    }

    @Test(
        "a key written twice in a wide object is refused at the second, before and after its keys are hashed",
        arguments: [(3, 10), (3, 20), (18, 30), (0, 15), (0, 16)])
    func aKeyWrittenTwiceInAWideObject(first: Int, second: Int) {
        // One member a line: key k<i> on line i + 2, at column 2; the second writes k<first>.
        let members = (0..<second).map { " \"k\($0)\": \($0)," } + [" \"k\(first)\": 0"]
        let error = Self.failure("{\n" + members.joined(separator: "\n") + "\n}")
        #expect(error?.location.line == second + 2)
        #expect(error?.location.column == 2)
        #expect(error?.message == "the key 'k\(first)' is written twice in one object")
    }

    @Test func aKeyWrittenTwiceIsKeptTwiceInOrderWhenAsked() throws {
        let root = try Self.read("{\"a\": 1, \"a\": 2}", .keep)
        #expect(root.members?.map(\.value.value) == [.integer(1), .integer(2)])
        #expect(root.members?.map(\.keyLocation.column) == [2, 10])
        #expect(root["a"]?.value == .integer(2))
        #expect(root.plain == .object(["a": .number(2)]))
    }

    @Test(
        "what RFC 8259 does not allow is refused at its line and column",
        arguments: [
            ("{\"a\": 1,}", 1, 9, "expected a key in double quotes, found '}'"),
            ("[1, 2,]", 1, 7, "unexpected ']': a value must be an object, array, string, number, true, false or null"),
            ("{\"a\": 1 // no\n}", 1, 9, "expected ',' or '}' after a value in an object, found '/'"),
            (
                "/* c */ {}", 1, 1,
                "unexpected '/': a value must be an object, array, string, number, true, false or null"
            ),
            ("{\"a\": 01}", 1, 7, "a number must have digits, and no leading zero"),
            ("{\"a\": -}", 1, 7, "a number must have digits, and no leading zero"),
            ("{\"a\": 1.}", 1, 9, "a number needs digits after its '.'"),
            ("{\"a\": 1e}", 1, 9, "a number needs digits in its exponent"),
            ("{\"a\": 1e999}", 1, 7, "the number 1e999 is out of range"),
            ("{\"a\": \"x\ty\"}", 1, 9, "a control character in a string must be escaped"),
            ("{\"a\": \"\\q\"}", 1, 8, "'\\q' is not a JSON escape"),
            ("{\"a\": \"\\u+123\"}", 1, 10, "\\u must be followed by four hex digits"),
            (
                "{\n  \"é\": \"\\ud800\"}", 2, 9,
                "'\\ud800' is the high half of a UTF-16 surrogate pair, alone: it names no character"
            ),
            (
                "{\"a\": \"x\\udc00\"}", 1, 9,
                "'\\udc00' is the low half of a UTF-16 surrogate pair, alone: it names no character"
            ),
            (
                "{\"a\": \"\\ud800\\u0041\"}", 1, 8,
                "'\\ud800' is the high half of a UTF-16 surrogate pair, alone: it names no character"
            ),
            (
                "{\"a\": tru}", 1, 7,
                "unexpected 't': a value must be an object, array, string, number, true, false or null"
            ),
            ("[1 2]", 1, 4, "expected ',' or ']' after a value in an array, found '2'"),
            ("{}\n{}", 2, 1, "unexpected text after the JSON value"),
            ("{}\u{FEFF}", 1, 3, "unexpected text after the JSON value"),
            ("{\"a\": \"abc", 1, 11, "unexpected end of file inside a string"),
            ("", 1, 1, "unexpected end of file: a value is missing"),
            ("{\"\\u001b\": 1, \"\\u001b\": 2}", 1, 15, "the key '\\u001B' is written twice in one object"),
        ])
    func refusesWhatIsNotJSON(text: String, line: Int, column: Int, message: String) {
        let error = Self.failure(text)
        #expect(error?.location.line == line)
        #expect(error?.location.column == column)
        #expect(error?.message == message)
    }

    @Test func escapesAndSurrogatePairsDecodeAsJSONSays() throws {
        let root = try Self.read(#"["\ud83c\udfa8\/\"\\\b\f\n\r\t\u00e9", "plain", ""]"#)
        #expect(root.elements?.map(\.string) == ["🎨/\"\\\u{8}\u{C}\n\r\té", "plain", ""])
    }

    @Test func numbersAreIntegersWhenWholeAndRealsOtherwise() throws {
        let root = try Self.read("[0, -0, 9223372036854775807, 9223372036854775808, 1.5, 45e-1, -1E+2]")
        #expect(
            root.elements?.map(\.value) == [
                .integer(0), .integer(0), .integer(Int.max), .real(9_223_372_036_854_775_808), .real(1.5), .real(4.5),
                .real(-100),
            ])
    }

    @Test func aLeadingByteOrderMarkIsSkippedAndPositionsCountAfterIt() throws {
        #expect(try Self.read("\u{FEFF}{}").members == [])
        let error = Self.failure("\u{FEFF}{\n  \"rules\": {,}}")
        #expect(error?.location == JSONLocation(offset: 14, line: 2, column: 13))
        #expect(
            Self.failure("{\"a\": \u{FEFF}1}")?.message
                == #"unexpected '\uFEFF': a value must be an object, array, string, number, true, false or null"#)
    }

    @Test func textThatIsNotUTF8IsRefusedAtTheStart() {
        for bytes: [UInt8] in [[0x7B, 0xFF, 0x7D], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
            #expect(
                throws: JSONSyntaxError("the file is not UTF-8 text", at: JSONLocation(offset: 0, line: 1, column: 1))
            ) {
                try JSONReader.read(bytes, duplicateKeys: .refuse, maximumDepth: 64)
            }
        }
    }

    @Test func nestingIsBoundedAtTheFirstContainerTooDeep() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = Self.failure(deep)
        #expect(error?.message == "nested more than 64 levels deep")
        #expect(error?.location.column == 65)
        _ = try Self.read(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))
        #expect(Self.failure("[[[1]]]", depth: 2)?.location.column == 3)
    }

    @Test func lineBreaksAreLFAndACarriageReturnStaysOnItsLine() throws {
        let root = try Self.read("[\r\n1,\r2]")
        #expect(
            root.elements?.map(\.location) == [
                JSONLocation(offset: 3, line: 2, column: 1), JSONLocation(offset: 6, line: 2, column: 4),
            ])
    }

    @Test func controlCharactersInMessagesAreEscaped() {
        let error = Self.failure("[\u{7}]")
        #expect(
            error?.message
                == #"unexpected '\u0007': a value must be an object, array, string, number, true, false or null"#)
        #expect(Self.failure("\"\\\u{1B}\"")?.message == #"'\\u001B' is not a JSON escape"#)
    }
}

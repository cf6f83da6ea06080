/// The package's one JSON reader: strict RFC 8259, located, ordered.
///
/// Every JSON the package reads goes through here: `.themelint.json` and baselines (the
/// linter), the sources `themekit import` reads, and the language server's messages. It
/// yields `JSONNode`s (object members in source order, each value and key with the offset,
/// line and column where it starts and the offset where it ends) and reports the first syntax error at its line and column, which
/// Foundation's readers do not on Linux.
///
/// Strict: no comments, no trailing commas, no leading zeros, no raw control characters in
/// strings, no lone UTF-16 surrogate (`\ud800` alone names no character: refused, never
/// replaced by U+FFFD), no number out of `Double`'s range. A leading UTF-8 byte-order mark
/// is skipped, as most JSON tools skip it (RFC 8259 lets a parser ignore it); anywhere else
/// it is no white space. The text must be UTF-8.
///
/// Linear in time and memory on every input: one pass, no backtracking; a string is built
/// from runs of its bytes, not character by character; positions come from a cursor that
/// only moves forward on the current line; nesting is bounded (`maximumDepth`), so that no
/// input recurses without end.
package struct JSONReader {
    /// What to do with a key written twice in one object.
    package enum DuplicateKeys: Sendable {
        /// A syntax error at the second key: a file must mean one thing (`.themelint.json`
        /// and baselines: Foundation keeps the first, Python's `json` the last).
        case refuse
        /// Both kept, in source order: the caller notes them (`themekit import` says which
        /// value it keeps).
        case keep
    }

    /// Reads the one JSON value that fills `bytes` (white space around it aside).
    ///
    /// - Parameters:
    ///   - duplicateKeys: what a key written twice in one object is.
    ///   - maximumDepth: how many arrays and objects may nest in one another.
    /// - Throws: `JSONSyntaxError` at the first problem.
    package static func read(
        _ bytes: [UInt8], duplicateKeys: DuplicateKeys, maximumDepth: Int
    ) throws(JSONSyntaxError) -> JSONNode {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard UTF8Check.isValid(body) else {
            throw JSONSyntaxError("the file is not UTF-8 text", at: JSONLocation(offset: 0, line: 1, column: 1))
        }
        var reader = JSONReader(body, duplicateKeys: duplicateKeys, maximumDepth: maximumDepth)
        reader.skipWhitespace()
        let root = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == reader.bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return root
    }

    private let bytes: [UInt8]
    private let duplicateKeys: DuplicateKeys
    private let maximumDepth: Int
    private var offset = 0
    /// The current line (1-based) and the offset of its first byte.
    private var line = 1
    private var lineStart = 0
    /// A place on the current line whose column is known: a column is counted from here,
    /// so that placing every value of a one-line file is linear, not quadratic.
    private var cursorOffset = 0
    private var cursorColumn = 1

    private init(_ bytes: [UInt8], duplicateKeys: DuplicateKeys, maximumDepth: Int) {
        self.bytes = bytes
        self.duplicateKeys = duplicateKeys
        self.maximumDepth = maximumDepth
    }

    // MARK: Values

    /// The value at `offset`, with where it starts and the offset where it ends.
    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard offset < bytes.count else { throw failure("unexpected end of file: a value is missing") }
        let start = location()
        let value: JSONNode.Value
        switch bytes[offset] {
        case UInt8(ascii: "{"): value = try object(depth: depth + 1)
        case UInt8(ascii: "["): value = try array(depth: depth + 1)
        case UInt8(ascii: "\""): value = .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try number()
        default: throw failure("unexpected \(describeCurrent()): \(Self.whatAValueIs)")
        }
        return JSONNode(value, at: start, endOffset: offset)
    }

    private static let whatAValueIs = "a value must be an object, array, string, number, true, false or null"

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        guard depth <= maximumDepth else { throw failure("nested more than \(maximumDepth) levels deep") }
        offset += 1
        var members: [JSONMember] = []
        var seen = Set<String>()  // filled once an object is no longer small (`isWritten`)
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw failure("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyLocation = location()
            let key = try string()
            let keyEnd = offset
            if duplicateKeys == .refuse, Self.isWritten(key, in: members, seen: &seen) {
                throw JSONSyntaxError(
                    "the key \(JSONText.quoted(key)) is written twice in one object", at: keyLocation)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            members.append(
                JSONMember(key: key, keyLocation: keyLocation, keyEndOffset: keyEnd, value: try value(depth: depth)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' after a value in an object")
            return .object(members)
        }
    }

    /// Whether `key` is the key of one of `members` already. A small object (most are) is
    /// compared key by key; past `smallObject` members the keys are hashed into `seen`, once
    /// each, so that a wide object is still linear. Hashing every key of every object was a
    /// third of the reader's time on a tokens file.
    private static func isWritten(_ key: String, in members: [JSONMember], seen: inout Set<String>) -> Bool {
        guard members.count >= smallObject else { return members.contains { $0.key == key } }
        if seen.isEmpty { seen = Set(members.lazy.map(\.key)) }
        return !seen.insert(key).inserted
    }

    /// How many members an object has before its keys are hashed to find one written twice.
    private static let smallObject = 16

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        guard depth <= maximumDepth else { throw failure("nested more than \(maximumDepth) levels deep") }
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']' after a value in an array")
            return .array(elements)
        }
    }

    // MARK: Strings

    /// The string whose opening quote is at `offset`, its escapes decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        offset += 1
        let contentStart = offset
        var decoded: [UInt8] = []
        var run = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                defer { offset += 1 }
                // No escape: the bytes as they are (checked UTF-8 already), with no copy.
                if run == contentStart {
                    return String(decoding: bytes[run..<offset], as: UTF8.self)
                }
                decoded.append(contentsOf: bytes[run..<offset])
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("a control character in a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            decoded.append(contentsOf: bytes[run..<offset])
            try escape(into: &decoded)
            run = offset
        }
        throw failure("unexpected end of file inside a string")
    }

    /// Decodes the escape whose backslash is at `offset`, appending its UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        guard offset + 1 < bytes.count else {
            offset = bytes.count
            throw failure("unexpected end of file inside a string")
        }
        let replacement: UInt8
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""): replacement = 0x22
        case UInt8(ascii: "\\"): replacement = 0x5C
        case UInt8(ascii: "/"): replacement = 0x2F
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            let scalar = try unicodeEscape()
            decoded.append(contentsOf: String(scalar).utf8)
            return
        default:
            let escaped = scalar(at: offset + 1)
            throw failure("'\\\(JSONText.escaped(String(escaped)))' is not a JSON escape")
        }
        decoded.append(replacement)
        offset += 2
    }

    /// The scalar of the `\uXXXX` escape at `offset`, joining a surrogate pair. A surrogate
    /// alone names no character (RFC 8259 §8.2): refused at its backslash.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = offset
        offset += 2
        let unit = try hex4()
        func lone(_ half: String, _ unit: UInt32) -> JSONSyntaxError {
            offset = escapeStart
            return failure(
                "'\\u\(String(unit, radix: 16))' is the \(half) half of a UTF-16 surrogate pair, alone: it names no character"
            )
        }
        switch unit {
        case 0xD800..<0xDC00:
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw lone("high", unit) }
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            else { throw lone("high", unit) }
            return scalar
        case 0xDC00..<0xE000: throw lone("low", unit)
        default:
            guard let scalar = Unicode.Scalar(unit) else { throw lone("high", unit) }
            return scalar
        }
    }

    /// Four hex digits exactly (no sign, no fewer).
    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Self.hexValue(bytes[offset]) else {
                throw failure("\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Numbers and literals

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as RFC 8259 writes it: an
    /// integer when it has neither fraction nor exponent and fits an `Int`, else a `Double`.
    private mutating func number() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = offset
        if peek(UInt8(ascii: "-")) { offset += 1 }
        let leadingZero = peek(UInt8(ascii: "0"))
        let integer = digits()
        guard integer > 0, !(leadingZero && integer > 1) else {
            offset = start
            throw failure("a number must have digits, and no leading zero")
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            offset += 1
            isInteger = false
            guard digits() > 0 else { throw failure("a number needs digits after its '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            isInteger = false
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        if let value = Self.shortNumber(bytes[start..<offset], isInteger: isInteger) { return value }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let whole = Int(text) { return .integer(whole) }
        guard let real = Double(text), real.isFinite else {
            offset = start
            throw failure("the number \(text) is out of range")
        }
        return .real(real)
    }

    /// A number of at most 15 digits and no exponent (`-12`, `0.25`), read from its bytes
    /// with no string made: its digits are an integer below 2^53, and such an integer
    /// divided by a power of ten up to 10^22 (both exact as `Double`s) is the correctly
    /// rounded value, as `Double(text)` gives it (Clinger's fast path). Nil for any other
    /// number, which `Double(text)` reads.
    static func shortNumber(_ text: ArraySlice<UInt8>, isInteger: Bool) -> JSONNode.Value? {
        var mantissa: Int64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var inFraction = false
        var negative = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digitCount += 1
                guard digitCount <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            default: return nil  // an exponent
            }
        }
        if isInteger { return .integer(Int(negative ? -mantissa : mantissa)) }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return .real(negative ? -magnitude : magnitude)
    }

    /// 10^0 … 10^15, each exact as a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }

    private mutating func digits() -> Int {
        let from = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset - from
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] })
        else { throw failure("unexpected \(describeCurrent()): \(Self.whatAValueIs)") }
        offset += count
    }

    // MARK: Scanning

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek(byte) else { throw failure("expected \(what), found \(describeCurrent())") }
        offset += 1
    }

    private func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

    /// Skips JSON's four white-space bytes, counting lines (strings hold no raw line break,
    /// so white space is the only place one can be).
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
                cursorOffset = offset
                cursorColumn = 1
            case 0x20, 0x09, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The scalar that starts at `index` (the text is UTF-8).
    private func scalar(at index: Int) -> Unicode.Scalar {
        let end = min(index + 4, bytes.count)
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first ?? "?"
    }

    /// The character at the current offset, quoted, or "the end of the file".
    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let scalar = scalar(at: offset)
        return scalar == "'" ? "\"'\"" : JSONText.quoted(String(scalar))
    }

    /// Where the current offset is. The column is counted from the cursor when the offset is
    /// at or after it (always, but for an error placed back at a construct's start), else
    /// from the line's start.
    private mutating func location() -> JSONLocation {
        if offset < cursorOffset {
            cursorOffset = lineStart
            cursorColumn = 1
        }
        var column = cursorColumn
        var index = cursorOffset
        while index < offset {
            // Every byte that is not a UTF-8 continuation byte starts a scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        cursorOffset = offset
        cursorColumn = column
        return JSONLocation(offset: offset, line: line, column: column)
    }

    private mutating func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message, at: location())
    }
}

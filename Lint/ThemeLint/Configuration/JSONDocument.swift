import ThemeKit
import ThemeSupport

/// A JSON value: a configuration document as read, before its meaning is checked, and the
/// parts of a Language Server message (`themekit lsp`) that are not modelled, such as `id`.
package enum JSONValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number):
            // Ids are integers: written without a fraction.
            if number.rounded() == number, abs(number) < 1e15 {
                try container.encode(Int64(number))
            } else {
                try container.encode(number)
            }
        case .string(let text): try container.encode(text)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The member `key` of an object; nil otherwise.
    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The text of a string.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of an array.
    package var array: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// What the value is, in the words of an error message.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A strict RFC 8259 reader for configuration files.
///
/// Foundation's readers were not enough here: on Linux their syntax errors carry no line,
/// and both keep one of two duplicate keys silently (`JSONDecoder` the first, as Python's
/// `json` keeps the last), so the file would mean different things to themelint and to the
/// schema check. This one reports `line:column` (columns in Unicode scalars) and refuses a
/// key written twice in one object. Nesting is limited, so no input can exhaust the stack.
struct JSONReader {
    /// A syntax error: where, and what.
    struct Failure: Error, Sendable, Hashable {
        var line: Int
        var column: Int
        var message: String
    }

    /// How deep arrays and objects may nest: a configuration needs five levels.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    /// Line starts, indexed once: every key's position is asked for, and a scan from the
    /// start of the file for each made a configuration of many pairs quadratic.
    private let lines: SourceLines

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = SourceLines(bytes)
    }

    /// Reads one JSON value that fills `bytes` (whitespace around it aside). A leading UTF-8
    /// byte-order mark is skipped, as most JSON tools skip it (RFC 8259 lets a parser
    /// ignore it); positions then count from the character after it, as editors show them.
    static func read(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var reader = JSONReader(bytes)
        guard UTF8Check.isValid(bytes) else {
            throw Failure(line: 1, column: 1, message: "the file is not UTF-8 text")
        }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard offset < bytes.count else { throw failure("unexpected end of file: a value is missing") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            throw failure(
                "unexpected \(describeCurrent()): a value must be an object, array, string, number, true, false or null"
            )
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        offset += 1
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw failure("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyStart = position()
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            let value = try value(depth: depth)
            guard fields.updateValue(value, forKey: key) == nil else {
                throw Failure(
                    line: keyStart.line, column: keyStart.column,
                    message: "the key \(ConfigurationText.quoted(key)) is written twice in one object")
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' after a value in an object")
            return .object(fields)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        offset += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']' after a value in an array")
            return .array(items)
        }
    }

    private mutating func string() throws(Failure) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(offset)
                offset += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character in a string must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            flush(offset)
            offset += 1
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
            default:
                offset -= 2
                throw failure("'\\\(Unicode.Scalar(escape))' is not a JSON escape")
            }
            run = offset
        }
        throw failure("unexpected end of file inside a string")
    }

    /// The scalar of a `\uXXXX` escape (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw failure("a lone surrogate \\u escape is not a character") }
            offset += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw failure("a lone surrogate \\u escape is not a character") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("a lone surrogate \\u escape is not a character") }
        return scalar
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
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

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as RFC 8259 writes it.
    private mutating func number() throws(Failure) -> Double {
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if peek(UInt8(ascii: "-")) { offset += 1 }
        let leadingZero = peek(UInt8(ascii: "0"))
        let integer = digits()
        guard integer > 0, !(leadingZero && integer > 1) else {
            offset = start
            throw failure("a number must have digits, and no leading zero")
        }
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard digits() > 0 else { throw failure("a number needs digits after its '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw failure("the number \(text) is out of range")
        }
        return value
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] })
        else {
            throw failure(
                "unexpected \(describeCurrent()): a value must be an object, array, string, number, true, false or null"
            )
        }
        offset += count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek(byte) else { throw failure("expected \(what), found \(describeCurrent())") }
        offset += 1
    }

    private func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    /// The character at the current offset, quoted, or "the end of the file".
    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let end = min(offset + 4, bytes.count)
        let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first ?? "?"
        return scalar == "'" ? "\"'\"" : ConfigurationText.quoted(String(scalar))
    }

    /// The 1-based line and column (in Unicode scalars) of the current offset.
    private func position() -> (line: Int, column: Int) {
        let at = lines.position(at: offset)
        return (at.line, at.column)
    }

    private func failure(_ message: String) -> Failure {
        let at = position()
        return Failure(line: at.line, column: at.column, message: message)
    }
}

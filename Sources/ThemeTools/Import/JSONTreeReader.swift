import ThemeKit
import ThemeSupport

/// Reads JSON (RFC 8259) into located `ImportNode`s.
///
/// Foundation's `JSONSerialization` says nothing of where a value was written, and an import
/// note must say it: this scanner keeps each value's byte offset, and `SourceLines` (the
/// index ThemeKit's diagnostics use) turns offsets into lines and columns (Unicode scalars).
/// One pass, no backtracking; nesting is bounded (`maxDepth`) so that no input recurses
/// without end.
package enum JSONTreeReader {
    /// How deep objects and arrays may nest.
    static let maxDepth = 512

    /// Reads the JSON `bytes`; `file` names it in locations.
    ///
    /// - Throws: `ImportFailure` at the first syntax error, or for text that is not UTF-8.
    package static func read(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        var parser = Parser(bytes: body, file: file, lines: SourceLines(body))
        guard UTF8Check.isValid(body) else {
            throw ImportFailure("the file is not UTF-8 text", at: parser.location(0))
        }
        parser.skipSpace()
        let root = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == body.count else {
            throw ImportFailure("unexpected text after the JSON value", at: parser.location(parser.index))
        }
        return root
    }

    struct Parser {
        let bytes: [UInt8]
        let file: String
        let lines: SourceLines
        var index = 0

        func location(_ offset: Int) -> SourceLocation {
            SourceLocation(file: file, lines.position(at: offset))
        }

        func fail(_ message: String, at offset: Int) -> ImportFailure {
            ImportFailure(message, at: location(offset))
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func described(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the file" }
            let byte = bytes[offset]
            return byte >= 0x21 && byte < 0x7F
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }

        mutating func value(depth: Int) throws(ImportFailure) -> ImportNode {
            let start = index
            guard depth < JSONTreeReader.maxDepth else {
                throw fail("values are nested more than \(JSONTreeReader.maxDepth) deep", at: start)
            }
            guard index < bytes.count else { throw fail("expected a value, found the end of the file", at: start) }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [ImportMember] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return ImportNode(.dict(members), at: location(start))
                }
                while true {
                    skipSpace()
                    let keyStart = index
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw fail("expected a key in double quotes, found \(described(index))", at: index)
                    }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw fail("expected ':' after the key, found \(described(index))", at: index)
                    }
                    index += 1
                    skipSpace()
                    let node = try value(depth: depth + 1)
                    members.append(ImportMember(key: key, keyLocation: location(keyStart), node: node))
                    skipSpace()
                    guard index < bytes.count else { throw fail("the object is not closed", at: start) }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else {
                        throw fail("expected ',' or '}', found \(described(index))", at: index)
                    }
                    index += 1
                    return ImportNode(.dict(members), at: location(start))
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [ImportNode] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return ImportNode(.array(items), at: location(start))
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("the array is not closed", at: start) }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "]") else {
                        throw fail("expected ',' or ']', found \(described(index))", at: index)
                    }
                    index += 1
                    return ImportNode(.array(items), at: location(start))
                }
            case UInt8(ascii: "\""):
                return ImportNode(.string(try string()), at: location(start))
            case UInt8(ascii: "t"): return try literal("true", .bool(true), start)
            case UInt8(ascii: "f"): return try literal("false", .bool(false), start)
            case UInt8(ascii: "n"): return try literal("null", .null, start)
            default:
                return try number(start)
            }
        }

        mutating func literal(_ word: String, _ value: ImportNode.Value, _ start: Int) throws(ImportFailure)
            -> ImportNode
        {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else {
                throw fail("expected a value, found \(described(index))", at: index)
            }
            index += utf8.count
            return ImportNode(value, at: location(start))
        }

        mutating func number(_ start: Int) throws(ImportFailure) -> ImportNode {
            func digits() -> Int {
                let from = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            guard digits() > 0 else { throw fail("expected a value, found \(described(start))", at: start) }
            if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
                throw fail("a number cannot start with 0", at: start)
            }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                isInteger = false
                guard digits() > 0 else { throw fail("expected digits after '.'", at: index) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                isInteger = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw fail("expected digits in the exponent", at: index) }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let number = Int(text) { return ImportNode(.integer(number), at: location(start)) }
            guard let number = Double(text) else { throw fail("'\(text)' is not a number", at: start) }
            return ImportNode(.real(number), at: location(start))
        }

        /// A string at `index` (on its opening quote), its escapes decoded.
        mutating func string() throws(ImportFailure) -> String {
            let start = index
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { break }
                    let escape = bytes[index + 1]
                    index += 2
                    switch escape {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        // A `\uXXXX` is one UTF-16 unit: a high surrogate must be followed by a
                        // low one, and a surrogate alone names no character (RFC 8259 §8.2):
                        // refused, never written as U+FFFD.
                        let escapeStart = index - 2
                        var unit = try hex4()
                        func lone(_ half: String) -> ImportFailure {
                            fail(
                                "'\\u\(String(unit, radix: 16))' is the \(half) half of a UTF-16 surrogate pair, alone: it names no character",
                                at: escapeStart)
                        }
                        if (0xD800..<0xDC00).contains(unit) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                                bytes[index + 1] == UInt8(ascii: "u")
                            else { throw lone("high") }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw lone("high") }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00..<0xE000).contains(unit) {
                            throw lone("low")
                        }
                        guard let scalar = Unicode.Scalar(unit) else { throw lone("high") }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default:
                        throw fail("'\\\(Character(Unicode.Scalar(escape)))' is not a JSON escape", at: index - 2)
                    }
                default:
                    guard byte >= 0x20 else {
                        throw fail("a control character must be escaped inside a string", at: index)
                    }
                    out.append(byte)
                    index += 1
                }
            }
            throw fail("the string is not closed", at: start)
        }

        mutating func hex4() throws(ImportFailure) -> UInt32 {
            // Four hex digits exactly: `UInt32(_:radix:)` alone would take a sign (`+123`).
            guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy(\.isHexDigitASCII),
                let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw fail("expected four hex digits after '\\u'", at: index) }
            index += 4
            return value
        }
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hex digit, `0-9a-fA-F`.
    fileprivate var isHexDigitASCII: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}

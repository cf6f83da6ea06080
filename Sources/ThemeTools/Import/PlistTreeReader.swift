package import ThemeKit

/// Reads an XML property list of any shape (nested dictionaries and arrays) into located
/// `ImportNode`s.
///
/// ThemeKit's own reader (`PropertyListReader`, libxml2 with its safe options) reads the
/// file first: it refuses what a plist never needs (a DOCTYPE internal subset, entities other
/// than the five predefined ones), and it reports broken XML and a root that is not a
/// dictionary at their line and column. Only a document it found well formed reaches the
/// scan below, which walks the same bytes for what that reader skips by design (the content
/// of nested values), keeping each element's offset for its location.
package enum PlistTreeReader {
    /// Reads the plist `bytes`; `file` names it in locations.
    ///
    /// - Throws: `ImportFailure` for broken XML, a document that is not UTF-8, a root that
    ///   is not a `<dict>`, or an element that is not a property-list type.
    package static func read(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        let document = PropertyListReader().parse(bytes, file: file)
        if let first = document.diagnostics.first {
            throw ImportFailure(first.message, at: first.location)
        }
        guard let root = document.root else {
            throw ImportFailure(
                "no property list here: the file has no root element", at: .init(file: file, line: 1, column: 1))
        }
        guard root.kind == .dict else {
            throw ImportFailure(
                "the root is <\(root.elementName)>, not a <dict>: there are no keys to import",
                at: document.location(at: root.range.start))
        }
        var body = utf8(bytes)
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        var scanner = Scanner(bytes: body, file: file, lines: SourceLines(body))
        return try scanner.document()
    }

    /// The text as UTF-8: UTF-16 (with a byte-order mark, or without one, `<` then an ASCII
    /// character as two bytes each, which ThemeKit's reader reads too) converted; lines and
    /// columns count the same characters either way.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        let bigEndian: Bool
        var start = 0
        if bytes.starts(with: [0xFE, 0xFF]) {
            (bigEndian, start) = (true, 2)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            (bigEndian, start) = (false, 2)
        } else if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0x3C, bytes[2] == 0, bytes[3] != 0 {
            bigEndian = true
        } else if bytes.count >= 4, bytes[0] == 0x3C, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
            bigEndian = false
        } else {
            return bytes
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// A pull scanner over a document libxml2 found well formed: tags, text and CDATA,
    /// with comments, processing instructions and the DOCTYPE line skipped.
    struct Scanner {
        let bytes: [UInt8]
        let file: String
        let lines: SourceLines
        var index = 0

        enum Token {
            case start(String, selfClosing: Bool, offset: Int)
            case end(String, offset: Int)
            case text(String, offset: Int)
            case end0
        }

        func location(_ offset: Int) -> SourceLocation {
            SourceLocation(file: file, lines.position(at: offset))
        }

        func starts(with literal: String, at offset: Int) -> Bool {
            let utf8 = Array(literal.utf8)
            return offset + utf8.count <= bytes.count && bytes[offset..<offset + utf8.count].elementsEqual(utf8)
        }

        /// The offset just past `literal`, searched from `offset`, or the end.
        func past(_ literal: String, from offset: Int) -> Int {
            let utf8 = Array(literal.utf8)
            var at = offset
            while at + utf8.count <= bytes.count {
                if bytes[at] == utf8[0], bytes[at..<at + utf8.count].elementsEqual(utf8) { return at + utf8.count }
                at += 1
            }
            return bytes.count
        }

        /// The offset just past the `>` that ends the tag at `offset`, or the end: a `>`
        /// inside a quoted attribute value (`version="1>0"`, which XML allows) does not end it.
        func pastTag(from offset: Int) -> Int {
            var at = offset
            var quote: UInt8?
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return at
                }
            }
            return bytes.count
        }

        mutating func next() -> Token {
            while index < bytes.count {
                let start = index
                if bytes[index] != UInt8(ascii: "<") {
                    var end = index
                    while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                    index = end
                    return .text(Self.decoded(bytes[start..<end]), offset: start)
                }
                if starts(with: "<!--", at: index) {
                    index = past("-->", from: index + 4)
                } else if starts(with: "<![CDATA[", at: index) {
                    let end = past("]]>", from: index + 9)
                    index = end
                    return .text(
                        String(decoding: bytes[(start + 9)..<max(start + 9, end - 3)], as: UTF8.self), offset: start)
                } else if starts(with: "<?", at: index) {
                    index = past("?>", from: index + 2)
                } else if starts(with: "<!", at: index) {
                    index = pastTag(from: index + 2)
                } else {
                    let close = pastTag(from: index)
                    index = close
                    let isEnd = start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "/")
                    let selfClosing = close >= 2 && bytes[close - 2] == UInt8(ascii: "/")
                    var nameEnd = start + (isEnd ? 2 : 1)
                    let nameStart = nameEnd
                    while nameEnd < close, !Self.isNameEnd(bytes[nameEnd]) { nameEnd += 1 }
                    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                    return isEnd ? .end(name, offset: start) : .start(name, selfClosing: selfClosing, offset: start)
                }
            }
            return .end0
        }

        static func isNameEnd(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
        }

        /// Text with XML's five entities and character references decoded.
        static func decoded(_ raw: ArraySlice<UInt8>) -> String {
            guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
            let text = String(decoding: raw, as: UTF8.self)
            var out = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semi = rest[amp...].firstIndex(of: ";") else { break }
                let name = rest[rest.index(after: amp)..<semi]
                switch name {
                case "lt": out += "<"
                case "gt": out += ">"
                case "amp": out += "&"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    let number: UInt32? =
                        name.hasPrefix("#x")
                        ? UInt32(name.dropFirst(2), radix: 16)
                        : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                    if let number, let scalar = Unicode.Scalar(number) { out.unicodeScalars.append(scalar) }
                }
                rest = rest[rest.index(after: semi)...]
            }
            return out + rest
        }

        static func isSpace(_ text: String) -> Bool {
            text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }

        mutating func document() throws(ImportFailure) -> ImportNode {
            while true {
                switch next() {
                case .start("plist", let selfClosing, let offset):
                    guard !selfClosing else { throw ImportFailure("the <plist> is empty", at: location(offset)) }
                    continue
                case .start(let name, let selfClosing, let offset):
                    return try value(name, selfClosing: selfClosing, offset: offset)
                case .text, .end:
                    continue
                case .end0:
                    throw ImportFailure("the property list holds no value", at: location(bytes.count))
                }
            }
        }

        /// The text up to the end tag of a scalar.
        mutating func scalarText(_ name: String, offset: Int) throws(ImportFailure) -> String {
            var text = ""
            while true {
                switch next() {
                case .text(let piece, _): text += piece
                case .end: return text
                case .start(let inner, _, let at):
                    throw ImportFailure("<\(inner)> cannot appear inside <\(name)>", at: location(at))
                case .end0: throw ImportFailure("<\(name)> is not closed", at: location(offset))
                }
            }
        }

        mutating func value(_ name: String, selfClosing: Bool, offset: Int) throws(ImportFailure) -> ImportNode {
            let at = location(offset)
            switch name {
            case "dict":
                var members: [ImportMember] = []
                if selfClosing { return ImportNode(.dict([]), at: at) }
                var key: (String, SourceLocation)?
                while true {
                    switch next() {
                    case .text(let text, let textOffset):
                        guard Self.isSpace(text) else {
                            throw ImportFailure("unexpected text in a <dict>", at: location(textOffset))
                        }
                    case .start("key", let keyClosed, let keyOffset):
                        if let (pending, where_) = key {
                            throw ImportFailure("the key '\(pending)' has no value", at: where_)
                        }
                        key = (keyClosed ? "" : try scalarText("key", offset: keyOffset), location(keyOffset))
                    case .start(let inner, let innerClosed, let innerOffset):
                        guard let (pending, keyAt) = key else {
                            throw ImportFailure("this <\(inner)> has no <key> before it", at: location(innerOffset))
                        }
                        let node = try value(inner, selfClosing: innerClosed, offset: innerOffset)
                        members.append(ImportMember(key: pending, keyLocation: keyAt, node: node))
                        key = nil
                    case .end:
                        if let (pending, where_) = key {
                            throw ImportFailure("the key '\(pending)' has no value", at: where_)
                        }
                        return ImportNode(.dict(members), at: at)
                    case .end0:
                        throw ImportFailure("<dict> is not closed", at: at)
                    }
                }
            case "array":
                var items: [ImportNode] = []
                if selfClosing { return ImportNode(.array([]), at: at) }
                while true {
                    switch next() {
                    case .text(let text, let textOffset):
                        guard Self.isSpace(text) else {
                            throw ImportFailure("unexpected text in an <array>", at: location(textOffset))
                        }
                    case .start(let inner, let innerClosed, let innerOffset):
                        items.append(try value(inner, selfClosing: innerClosed, offset: innerOffset))
                    case .end: return ImportNode(.array(items), at: at)
                    case .end0: throw ImportFailure("<array> is not closed", at: at)
                    }
                }
            case "true", "false":
                if !selfClosing { _ = try scalarText(name, offset: offset) }
                return ImportNode(.bool(name == "true"), at: at)
            case "string":
                return ImportNode(.string(selfClosing ? "" : try scalarText(name, offset: offset)), at: at)
            case "integer":
                let text = selfClosing ? "" : try scalarText(name, offset: offset)
                let trimmed = text.trimmingXMLSpace()
                if let number = PlistInteger.read(trimmed) { return ImportNode(.integer(number), at: at) }
                if let number = Double(trimmed) { return ImportNode(.real(number), at: at) }
                throw ImportFailure("'\(trimmed)' is not an integer", at: at)
            case "real":
                let text = (selfClosing ? "" : try scalarText(name, offset: offset)).trimmingXMLSpace()
                guard let number = Double(text) else { throw ImportFailure("'\(text)' is not a number", at: at) }
                return ImportNode(.real(number), at: at)
            case "date":
                return ImportNode(
                    .date(selfClosing ? "" : try scalarText(name, offset: offset).trimmingXMLSpace()), at: at)
            case "data":
                if !selfClosing { _ = try scalarText(name, offset: offset) }
                return ImportNode(.data, at: at)
            default:
                throw ImportFailure("<\(name)> is not a property-list element", at: at)
            }
        }
    }
}

/// An `<integer>`'s text as CoreFoundation reads it: an optional sign, decimal digits or
/// `0x` and hex digits.
enum PlistInteger {
    static func read(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        }
        guard !digits.isEmpty, digits.first != "+", digits.first != "-" else { return nil }
        return Int(negative ? "-" + digits : String(digits), radix: radix)
    }
}

extension String {
    /// Without XML white space at either end.
    func trimmingXMLSpace() -> String {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        var text = Substring(self)
        while let first = text.first, space(first) { text = text.dropFirst() }
        while let last = text.last, space(last) { text = text.dropLast() }
        return String(text)
    }
}

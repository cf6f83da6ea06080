internal import CLibXML2

extension SAXPropertyListParser {
    /// What a character reference to a character XML forbids (`&#0;`, `&#xD800;`) is
    /// reported with, in place of libxml2's "xmlParseCharRef: invalid xmlChar value 0".
    static func characterReferenceMessage(_ reference: String) -> String {
        "'\(reference)' is not a character XML allows: not NUL, a control character other than tab, LF and CR, a surrogate (U+D800 to U+DFFF), U+FFFE, U+FFFF, or past U+10FFFF"
    }
}

// libxml2's errors, reworded for a theme's author and placed where the problem is: the
// builder's error callback, and the wording of the references a plist never needs.

/// libxml2's errors, reworded for a theme's author and placed where the problem is.
extension Builder {
    /// The offset of the `&` of the entity reference `name` the cursor stands after.
    func entityStart(_ name: String) -> Int {
        max(offset - name.utf8.count - 2, 0)
    }

    /// What an entity reference other than the five predefined ones is reported with.
    static func entityMessage(_ name: String) -> String {
        "the entity reference '&\(name);' is not allowed: only &amp; &lt; &gt; &quot; &apos; and character references are"
    }

    /// The error callback: reports an error libxml2 raised (not a warning) in the theme
    /// author's words, and stops the parse.
    mutating func libxmlError(_ error: xmlError) {
        adoptOpenScalar()
        guard !stopped, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let at = offset
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        message = String(message.split(separator: "\n").first ?? "malformed XML").trimmingXMLSpace()
        switch Int(error.code) {
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
            let name = error.str1.map { String(cString: $0) } ?? "?"
            fail(Self.entityMessage(name), at: entityStart(name))
            return
        case Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_INVALID_ENCODING.rawValue):
            if let reference = characterReference(endingAt: at) {
                fail(SAXPropertyListParser.characterReferenceMessage(reference.text), at: reference.start)
                return
            }
            if let bad = firstInvalidUTF8(from: tagStart(before: at)) {
                let hex = String(bytes[bad], radix: 16, uppercase: true)
                fail(
                    "invalid UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) is not part of a valid character",
                    at: bad)
                return
            }
            if let control = firstForbiddenControl(from: tagStart(before: at)) {
                fail(
                    "the control character U+\(Self.hex4(UInt32(bytes[control]))) is not allowed in XML",
                    at: control)
                return
            }
        case Int(XML_ERR_NAME_REQUIRED.rawValue)
        where at > 0 && at <= bytes.count && bytes[at - 1] == UInt8(ascii: "&"):
            // `a & b`: libxml2 says "xmlParseEntityRef: no name", with the cursor past the `&`.
            fail("a '&' must start a reference such as '&amp;': write a literal '&' as '&amp;'", at: at - 1)
            return
        case Int(XML_ERR_TAG_NAME_MISMATCH.rawValue):
            fail("malformed XML: \(Self.lowercasingFirst(message))", at: tagStart(before: at))
            return
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue):
            fail("the file has no XML element", at: 0)
            return
        default:
            break
        }
        // libxml2 takes a NUL byte for the end of the input; say what it really is.
        if at < bytes.count, bytes[at] == 0 {
            fail("a NUL byte is not allowed in XML", at: at)
            return
        }
        // Content after the root is what is wrong, where the cursor stands; anything else
        // libxml2 found missing after it skipped blank space, at the end of the text before.
        let place = Int(error.code) == Int(XML_ERR_DOCUMENT_END.rawValue) ? at : endOfText(before: at)
        fail("malformed XML: \(Self.lowercasingFirst(Self.withoutFunctionName(message)))", at: place)
    }

    /// Where to report what libxml2 found missing at `at`: when only blank space with a
    /// line break lies between the last text and `at` (libxml2 skips it looking for a `>`,
    /// an `=`, or reaches the end of the input), the end of that text, on its own line;
    /// `at` otherwise. `<key>a</key` at the end of line 11 is then reported at its end,
    /// not at the next line's first tag. A CR before the LF is blank space too.
    private func endOfText(before at: Int) -> Int {
        var index = min(at, bytes.count)
        var crossesLine = false
        while index > 0, Self.isXMLSpace(bytes[index - 1]) {
            if bytes[index - 1] == UInt8(ascii: "\n") { crossesLine = true }
            index -= 1
        }
        return crossesLine && index > 0 ? index : at
    }

    /// libxml2's message without the name of the C function that raised it
    /// (`xmlParseStartTag: invalid element name` → `invalid element name`): the function is
    /// libxml2's business, not the theme author's.
    static func withoutFunctionName(_ message: String) -> String {
        let utf8 = message.utf8
        guard utf8.starts(with: "xml".utf8), utf8.count > 3,
            let fourth = utf8.dropFirst(3).first, fourth >= UInt8(ascii: "A"), fourth <= UInt8(ascii: "Z")
        else { return message }
        var rest = utf8.dropFirst(3).drop {
            ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        }
        rest = rest.drop { $0 == UInt8(ascii: " ") }
        guard rest.first == UInt8(ascii: ":") else { return message }
        return String(Substring(rest.dropFirst())).trimmingXMLSpace()
    }

    /// A character reference (`&#0;`, `&#xD800;`) that ends just before `end`, where
    /// libxml2's cursor stands after it has read one: its text, at most 40 characters of it
    /// quoted, and the offset of its `&`.
    private func characterReference(endingAt end: Int) -> (text: String, start: Int)? {
        guard end >= 4, end <= bytes.count, bytes[end - 1] == UInt8(ascii: ";") else { return nil }
        var index = end - 2
        while index > 0, Self.isHexDigit(bytes[index]) || bytes[index] == UInt8(ascii: "x") { index -= 1 }
        guard index >= 1, bytes[index] == UInt8(ascii: "#"), bytes[index - 1] == UInt8(ascii: "&") else {
            return nil
        }
        let start = index - 1
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return (text.count > 40 ? text.prefix(38) + "…;" : text, start)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The offset of the first C0 control other than tab, LF and CR at or after `start`:
    /// XML allows none of them anywhere, and libxml2 calls one an "invalid xmlChar value".
    private func firstForbiddenControl(from start: Int) -> Int? {
        var index = max(start, 0)
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return index }
            index += 1
        }
        return nil
    }

    private static func lowercasingFirst(_ message: String) -> String {
        // "XML declaration …" keeps its acronym.
        guard let first = message.first, first.isUppercase,
            message.dropFirst().first.map({ !$0.isUppercase }) ?? true
        else { return message }
        return first.lowercased() + message.dropFirst()
    }

    /// The offset of the first byte at or after `start` that breaks UTF-8, if any.
    private func firstInvalidUTF8(from start: Int) -> Int? {
        var index = max(start, 0)
        // Step back to a character boundary.
        while index > 0, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            let slice = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
            var iterator = slice.makeIterator()
            var decoder = UTF8()
            if case .error = decoder.decode(&iterator) { return index }
            index += length
        }
        return nil
    }
}

/// Decides how a file's bytes are encoded, before libxml2 sees them.
///
/// Property lists are UTF-8. A UTF-8 byte-order mark is dropped; UTF-16 (with a BOM, or
/// recognised by its first `<` and the character after it) is decoded to UTF-8 here so that
/// positions are always counted on one text. Formats that are not XML at all get a message that says what they
/// are. An XML declaration that names any other encoding (`ISO-8859-1`, `windows-1252`, …) is
/// refused: libxml2 is told to ignore declarations, so the file would otherwise be read as
/// UTF-8 while it says it is something else.
enum TextEncoding {
    enum Outcome {
        /// The bytes are UTF-8 from `start` on (past a byte-order mark, if any).
        case utf8(from: Int)
        /// The bytes were UTF-16: these are the same text as UTF-8.
        case converted([UInt8])
        case refused(String)
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        func starts(with prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
        }
        if bytes.isEmpty { return .refused("the file is empty") }
        if starts(with: Array("bplist".utf8)) {
            return .refused(
                "this is a binary property list; themes are XML (convert it with 'plutil -convert xml1')")
        }
        if starts(with: [0x1F, 0x8B]) {
            return .refused("this file is gzip-compressed; themes are plain XML")
        }
        // UTF-32, with a byte-order mark or without one (`<` as four bytes, three of them 0).
        let utf32Starts: [[UInt8]] = [
            [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x3C, 0, 0, 0], [0, 0, 0, 0x3C],
        ]
        for pattern in utf32Starts where starts(with: pattern) {
            return .refused("UTF-32 is not supported; save the theme as UTF-8")
        }
        for mark: [UInt8] in [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] where bytes.elementsEqual(mark) {
            return .refused("the file holds only a byte-order mark: it is empty")
        }
        if starts(with: [0xEF, 0xBB, 0xBF]) {
            return .utf8(from: 3)
        }
        if starts(with: [0xFF, 0xFE]) {
            return utf16(bytes[2...], bigEndian: false)
        }
        if starts(with: [0xFE, 0xFF]) {
            return utf16(bytes[2...], bigEndian: true)
        }
        // UTF-16 without a byte-order mark: `<` then an ASCII character, each as two bytes,
        // one of them 0 (`<?xml`, or `<plist`/`<dict` with no declaration).
        if bytes.count >= 4, bytes[0] == 0x3C, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
            return utf16(bytes[...], bigEndian: false)
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0x3C, bytes[2] == 0, bytes[3] != 0 {
            return utf16(bytes[...], bigEndian: true)
        }
        return .utf8(from: 0)
    }

    private static func utf16(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, bigEndian: Bool) -> Outcome {
        guard bytes.count % 2 == 0 else {
            return .refused("the file is UTF-16 but has an odd number of bytes (truncated?)")
        }
        var units = [UInt16]()
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var utf8 = [UInt8]()
        utf8.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var unit = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                UTF8.encode(scalar) { utf8.append($0) }
                unit += 1
            case .emptyInput:
                break loop
            case .error:
                return .refused("the file is UTF-16 but has an unpaired surrogate near character \(unit + 1)")
            }
        }
        return .converted(utf8)
    }

    /// The encoding names a theme may declare: those of the encodings read above, in any
    /// case, with or without the hyphen.
    static let declarable: Set<String> = ["utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be"]

    /// Why the XML declaration at the start of `text` (already UTF-8) cannot stand, and
    /// the offset of its `encoding` to report it at; `nil` when there is no declaration,
    /// it names no encoding or an encoding read here, or it is malformed (libxml2 reports
    /// that).
    static func declarationProblem(in text: UnsafeBufferPointer<UInt8>) -> (message: String, offset: Int)? {
        guard let declared = declaredEncoding(in: text) else { return nil }
        guard !declarable.contains(declared.name.lowercased()) else { return nil }
        return (
            "the XML declaration says encoding=\"\(declared.name)\", but themes are read as UTF-8 (or UTF-16):"
                + " save the file as UTF-8 and declare encoding=\"UTF-8\"",
            declared.offset
        )
    }

    /// The `encoding` pseudo-attribute of an XML declaration (`<?xml version="1.0"
    /// encoding="…"?>`) at the very start of `text`, and the offset of the word `encoding`.
    /// Reads at most the declaration: a few dozen bytes.
    static func declaredEncoding(in text: UnsafeBufferPointer<UInt8>) -> (name: String, offset: Int)? {
        let opening = Array("<?xml".utf8)
        guard text.count > opening.count, text.starts(with: opening), isSpace(text[opening.count]) else {
            return nil
        }
        var index = opening.count
        // Pseudo-attributes, each `S name S? = S? "value"` (or 'value'), until `?>`.
        while index < text.count {
            while index < text.count, isSpace(text[index]) { index += 1 }
            let nameStart = index
            while index < text.count, isLetter(text[index]) { index += 1 }
            guard index > nameStart else { return nil }
            let name = String(decoding: text[nameStart..<index], as: UTF8.self)
            while index < text.count, isSpace(text[index]) { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < text.count, isSpace(text[index]) { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = text[index]
            index += 1
            let valueStart = index
            // An encoding name is `[A-Za-z][A-Za-z0-9._-]*`; anything else is malformed.
            while index < text.count, isLetter(text[index]) || isNameCharacter(text[index]) { index += 1 }
            guard index < text.count, text[index] == quote else { return nil }
            let value = String(decoding: text[valueStart..<index], as: UTF8.self)
            index += 1
            if name == "encoding" {
                guard let first = value.utf8.first, isLetter(first) else { return nil }
                return (value, nameStart)
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}

/// Decides how a file's bytes are encoded, before libxml2 sees them.
///
/// Property lists are UTF-8. A UTF-8 byte-order mark is dropped; UTF-16 (with a BOM, or
/// recognised by its first `<` and the character after it) is decoded to UTF-8 here so that
/// positions are always counted on one text. Formats that are not XML at all get a message that says what they
/// are.
enum TextEncoding {
    enum Outcome {
        case utf8([UInt8])
        case refused(String)
    }

    static func decode(_ bytes: [UInt8]) -> Outcome {
        if bytes.isEmpty { return .refused("the file is empty") }
        if bytes.starts(with: Array("bplist".utf8)) {
            return .refused(
                "this is a binary property list; themes are XML (convert it with 'plutil -convert xml1')")
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            return .refused("this file is gzip-compressed; themes are plain XML")
        }
        // UTF-32, with a byte-order mark or without one (`<` as four bytes, three of them 0).
        let utf32Starts: [[UInt8]] = [
            [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x3C, 0, 0, 0], [0, 0, 0, 0x3C],
        ]
        for pattern in utf32Starts where bytes.starts(with: pattern) {
            return .refused("UTF-32 is not supported; save the theme as UTF-8")
        }
        for mark: [UInt8] in [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] where bytes == mark {
            return .refused("the file holds only a byte-order mark: it is empty")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return .utf8(Array(bytes.dropFirst(3)))
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return utf16(bytes.dropFirst(2), bigEndian: false)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return utf16(bytes.dropFirst(2), bigEndian: true)
        }
        // UTF-16 without a byte-order mark: `<` then an ASCII character, each as two bytes,
        // one of them 0 (`<?xml`, or `<plist`/`<dict` with no declaration).
        if bytes.count >= 4, bytes[0] == 0x3C, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
            return utf16(bytes[...], bigEndian: false)
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0x3C, bytes[2] == 0, bytes[3] != 0 {
            return utf16(bytes[...], bigEndian: true)
        }
        return .utf8(bytes)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Outcome {
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
        return .utf8(utf8)
    }
}

/// Whether bytes are well-formed UTF-8 (RFC 3629), in place of `String(validating:as:)`, which
/// needs macOS 15 / iOS 18: no overlong forms, no surrogates (U+D800–U+DFFF), nothing above
/// U+10FFFF, no sequence cut short and no stray continuation byte. It accepts and refuses
/// exactly what `String(validating:as: UTF8.self)` does (a test compares them byte by byte).
package enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8.
    package static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        if let answer = bytes.withContiguousStorageIfAvailable(isValid(buffer:)) { return answer }
        return Array(bytes).withUnsafeBufferPointer(isValid(buffer:))
    }

    /// `bytes` as a string when they are well-formed UTF-8, else `nil`.
    package static func string(validating bytes: some Collection<UInt8>) -> String? {
        isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// RFC 3629's table, one sequence at a time: a lead byte says how many continuation bytes
    /// follow and which range the first of them must fall in (the narrower ranges after E0, ED,
    /// F0 and F4 refuse overlongs, surrogates and what lies past U+10FFFF).
    private static func isValid(buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = buffer.count
        while index < count {
            let lead = buffer[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var first: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, first) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, first) = (3, 0x80...0x9F)
            case 0xF0: (length, first) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, first) = (4, 0x80...0x8F)
            default: return false
            }
            guard count - index >= length, first.contains(buffer[index + 1]) else { return false }
            for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}

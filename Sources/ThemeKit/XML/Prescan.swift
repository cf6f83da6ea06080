#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is refused before libxml2 runs, in one linear pass over the bytes.
enum Prescan {
    /// More attributes than this on one element are refused: a property list needs one
    /// (`version`), and libxml2 2.9 compares a tag's attributes pairwise, so 200,000 of
    /// them take half a minute.
    static let maximumAttributes = 64

    /// The first reason to refuse these bytes, with the offset to report it at: an XML
    /// declaration naming an encoding the reader does not read, a NUL
    /// byte (never valid XML, and libxml2 would take it for the end of the input and
    /// silently ignore what follows), or a start tag with too many attributes.
    static func refusal(in bytes: UnsafeBufferPointer<UInt8>) -> (message: String, offset: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        if let declaration = TextEncoding.declarationProblem(in: bytes) { return declaration }
        if let nul = memchr(base, 0, bytes.count) {
            return ("a NUL byte is not allowed in XML", UnsafeRawPointer(nul) - UnsafeRawPointer(base))
        }
        // Each attribute needs an `=`: with no more than the limit in the whole text, no tag
        // can pass it, and the tag-by-tag walk below (most of this function's cost on a
        // large theme) is skipped.
        var equalsInText = 0
        var from = 0
        while equalsInText <= maximumAttributes, from < bytes.count,
            let equals = memchr(base + from, Int32(UInt8(ascii: "=")), bytes.count - from)
        {
            equalsInText += 1
            from = UnsafeRawPointer(equals) - UnsafeRawPointer(base) + 1
        }
        guard equalsInText > maximumAttributes else { return nil }
        var index = 0
        while index < bytes.count, let open = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) {
            let start = UnsafeRawPointer(open) - UnsafeRawPointer(base)
            index = start + 1
            // Only start tags (`<name …>`) carry attributes; `<!…`, `<?…` and `</…` do not.
            guard index < bytes.count, isNameStart(bytes[index]) else { continue }
            var equals = 0
            var quote: UInt8 = 0
            while index < bytes.count {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "=") {
                    equals += 1
                } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                    break
                }
                index += 1
            }
            if equals > maximumAttributes {
                return ("an element with more than \(maximumAttributes) attributes is not allowed in a theme", start)
            }
        }
        return nil
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}

/// What an editor asks of a plist's text that need not parse (the buffer being typed): where
/// the cursor is among `<key>` and `<string>` elements, and where an element's content lies.
/// The one place outside the libxml2 reader that looks at tags, byte by byte; it reads no
/// document, only the few bytes around an offset.
package enum PlistTextScan {
    /// Where a cursor is.
    package enum Cursor: Equatable, Sendable {
        /// In a `<key>`: the bytes of its text up to the cursor.
        case key(prefix: Range<Int>)
        /// In a `<string>` value: the bytes of the last `<key>`'s text before it (nil when
        /// there is none), and of the value's text up to the cursor.
        case value(key: Range<Int>?, prefix: Range<Int>)
        /// Anywhere else.
        case elsewhere
    }

    /// Where the cursor at byte `offset` of `bytes` is: the last `<` before it opens the
    /// element the cursor is in.
    package static func cursor(in bytes: [UInt8], at offset: Int) -> Cursor {
        let offset = min(max(offset, 0), bytes.count)
        guard let open = bytes[..<offset].lastIndex(of: UInt8(ascii: "<")),
            let close = bytes[open..<offset].firstIndex(of: UInt8(ascii: ">"))
        else { return .elsewhere }
        let tag = bytes[open...close]
        let prefix = (close + 1)..<offset
        if tag.elementsEqual("<key>".utf8) { return .key(prefix: prefix) }
        guard tag.elementsEqual("<string>".utf8) else { return .elsewhere }
        // The key is the last `<key>…</key>` before this value.
        guard let keyEnd = lastStart(of: Array("</key>".utf8), in: bytes, before: open),
            let keyStart = lastStart(of: Array("<key>".utf8), in: bytes, before: keyEnd)
        else { return .value(key: nil, prefix: prefix) }
        return .value(key: (keyStart + 5)..<keyEnd, prefix: prefix)
    }

    /// The bytes between an element's tags: for `<string>abc</string>` at `element`, the
    /// offsets of `abc`; nil for an empty element (`<string/>`).
    package static func content(ofElement element: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
        let lower = max(element.lowerBound, 0)
        let upper = min(element.upperBound, bytes.count)
        guard lower < upper, let open = bytes[lower..<upper].firstIndex(of: UInt8(ascii: ">")), open > lower,
            bytes[open - 1] != UInt8(ascii: "/"),
            let close = bytes[(open + 1)..<upper].lastIndex(of: UInt8(ascii: "<"))
        else { return nil }
        return (open + 1)..<close
    }

    /// Where the last `needle` that ends at or before `end` starts.
    private static func lastStart(of needle: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        var index = end - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}

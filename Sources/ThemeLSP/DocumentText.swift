/// How LSP positions count characters in a line: agreed at `initialize`
/// (`general.positionEncodings`), UTF-16 code units unless the client offers another.
package enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The first of the client's encodings (in its order of preference) the server knows;
    /// UTF-16, LSP's default, when it offers none.
    package static func chosen(from offered: [String]?) -> PositionEncoding {
        offered?.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }

    /// How many units of this encoding a scalar whose UTF-8 form is `length` bytes takes.
    @inline(__always)
    func units(utf8Length length: Int) -> Int {
        switch self {
        case .utf8: length
        case .utf16: length == 4 ? 2 : 1
        case .utf32: 1
        }
    }
}

/// A document's bytes (UTF-8) and where its lines start: LSP positions to byte offsets
/// and back, and ThemeKit's 1-based scalar columns to LSP positions. Each conversion walks
/// one line at most.
///
/// LSP ends a line at `\n`, `\r\n` or a lone `\r`; ThemeKit's locations count only `\n`
/// (a lone `\r` breaks nothing there). Both are kept when they differ.
package struct DocumentText: Sendable {
    package let bytes: [UInt8]
    /// The byte offset of each LSP line's first byte.
    private let lineStarts: [Int]
    /// The byte offset of each of ThemeKit's lines' first byte, when a lone `\r` makes them
    /// differ from `lineStarts`.
    private let newlineStarts: [Int]?

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var newlineStarts: [Int]?
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                switch buffer[index] {
                case UInt8(ascii: "\n"):
                    starts.append(index + 1)
                    newlineStarts?.append(index + 1)
                case UInt8(ascii: "\r") where index + 1 == buffer.count || buffer[index + 1] != UInt8(ascii: "\n"):
                    if newlineStarts == nil { newlineStarts = Array(starts) }
                    starts.append(index + 1)
                default: break
                }
            }
        }
        lineStarts = starts
        self.newlineStarts = newlineStarts
    }

    package init(_ text: String) { self.init(Array(text.utf8)) }

    package var lineCount: Int { lineStarts.count }

    /// The bytes of 0-based line `line` of `starts`, without its line break.
    private func lineBounds(_ line: Int, in starts: [Int]) -> (start: Int, end: Int) {
        guard line >= 0, line < starts.count else { return (bytes.count, bytes.count) }
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return (start, end)
    }

    /// The bytes of 0-based LSP line `line`, without its line break.
    private func lineBounds(_ line: Int) -> (start: Int, end: Int) { lineBounds(line, in: lineStarts) }

    /// The length in bytes of the UTF-8 sequence that starts with `lead` (1 for a stray
    /// continuation byte, as a decoder's replacement would count it).
    @inline(__always)
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0xC0: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        default: 4
        }
    }

    /// The LSP position of ThemeKit's 1-based `line` and 1-based `column` (in Unicode scalars).
    package func position(line: Int, column: Int, encoding: PositionEncoding) -> Position {
        guard line >= 1 else { return Position(line: 0, character: 0) }
        let (start, end) = lineBounds(line - 1, in: newlineStarts ?? lineStarts)
        var offset = start
        var units = 0
        var scalars = 1
        while scalars < column, offset < end {
            let length = min(Self.sequenceLength(bytes[offset]), end - offset)
            units += encoding.units(utf8Length: length)
            offset += length
            scalars += 1
        }
        // ThemeKit's line holds lone `\r`s: the LSP line is found from the offset.
        guard newlineStarts == nil else { return position(atOffset: offset, encoding: encoding) }
        return Position(line: line - 1, character: units)
    }

    /// The byte offset of an LSP position (clamped to its line; a character inside a
    /// scalar goes to the scalar's end).
    package func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let (start, end) = lineBounds(position.line)
        var offset = start
        var units = 0
        while units < position.character, offset < end {
            let length = min(Self.sequenceLength(bytes[offset]), end - offset)
            units += encoding.units(utf8Length: length)
            offset += length
        }
        return offset
    }

    /// The LSP position of a byte offset.
    package func position(atOffset offset: Int, encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var index = lineStarts[low]
        var units = 0
        while index < offset {
            let length = min(Self.sequenceLength(bytes[index]), offset - index)
            units += encoding.units(utf8Length: length)
            index += length
        }
        return Position(line: low, character: units)
    }

    /// The text of `range` (byte offsets).
    package func text(_ range: Swift.Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The text between an element's tags: for `<string>abc</string>` at `element`, the
    /// offsets of `abc`; nil for an empty element (`<string/>`).
    package func content(ofElement element: Swift.Range<Int>) -> Swift.Range<Int>? {
        let lower = max(element.lowerBound, 0)
        let upper = min(element.upperBound, bytes.count)
        guard lower < upper, let open = bytes[lower..<upper].firstIndex(of: UInt8(ascii: ">")), open > lower,
            bytes[open - 1] != UInt8(ascii: "/"),
            let close = bytes[(open + 1)..<upper].lastIndex(of: UInt8(ascii: "<"))
        else { return nil }
        return (open + 1)..<close
    }
}

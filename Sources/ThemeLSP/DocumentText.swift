import ThemeKit

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
/// and back, and ThemeKit's 1-based scalar columns to LSP positions.
///
/// LSP ends a line at `\n`, `\r\n` or a lone `\r`; ThemeKit's locations count only `\n`
/// (a lone `\r` breaks nothing there). Both are kept when they differ. A position far into
/// a long line (a one-line theme, or a file of lone `\r`s, one line for ThemeKit) is found
/// from the nearest checkpoint, not from its line's start: placing every diagnostic of such
/// a file is linear in its size, not in its size times its problems.
package struct DocumentText: Sendable {
    package let bytes: [UInt8]
    /// The byte offset of each LSP line's first byte.
    private let lineStarts: [Int]
    /// The byte offset of each of ThemeKit's lines' first byte, when a lone `\r` makes them
    /// differ from `lineStarts`.
    private let newlineStarts: [Int]?
    /// At index `k`: how many Unicode scalars, and how many UTF-16 units, start before byte
    /// `k × stride`.
    private let scalarCheckpoints: [Int]
    private let utf16Checkpoints: [Int]
    private static let stride = 512

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var newlineStarts: [Int]?
        var scalarCheckpoints: [Int] = []
        var utf16Checkpoints: [Int] = []
        scalarCheckpoints.reserveCapacity(bytes.count / Self.stride + 1)
        utf16Checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
        var scalars = 0
        var utf16 = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let byte = buffer[index]
                if index % Self.stride == 0 {
                    scalarCheckpoints.append(scalars)
                    utf16Checkpoints.append(utf16)
                }
                if Self.isLead(byte) {
                    scalars += 1
                    utf16 += byte >= 0xF0 ? 2 : 1
                }
                switch byte {
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
        if bytes.count % Self.stride == 0 {
            scalarCheckpoints.append(scalars)
            utf16Checkpoints.append(utf16)
        }
        lineStarts = starts
        self.newlineStarts = newlineStarts
        self.scalarCheckpoints = scalarCheckpoints
        self.utf16Checkpoints = utf16Checkpoints
    }

    package init(_ text: String) { self.init(Array(text.utf8)) }

    package var lineCount: Int { lineStarts.count }

    /// Whether `byte` starts a scalar (is no UTF-8 continuation byte).
    @inline(__always)
    private static func isLead(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

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

    /// How many units of `encoding` start before byte `offset` (from the checkpoint before
    /// it: fewer than `stride` bytes are read).
    private func units(before offset: Int, _ encoding: PositionEncoding) -> Int {
        let offset = min(max(offset, 0), bytes.count)
        if encoding == .utf8 { return offset }
        let block = offset / Self.stride
        var count = encoding == .utf16 ? utf16Checkpoints[block] : scalarCheckpoints[block]
        var index = block * Self.stride
        while index < offset {
            let byte = bytes[index]
            if Self.isLead(byte) { count += encoding == .utf16 && byte >= 0xF0 ? 2 : 1 }
            index += 1
        }
        return count
    }

    /// The LSP position of ThemeKit's 1-based `line` and 1-based `column` (in Unicode scalars).
    package func position(line: Int, column: Int, encoding: PositionEncoding) -> Position {
        guard line >= 1 else { return Position(line: 0, character: 0) }
        return position(atOffset: offset(line: line, column: column), encoding: encoding)
    }

    /// The byte offset of ThemeKit's 1-based `line` and 1-based `column` (in Unicode
    /// scalars), clamped to the line: from the checkpoint before it, not the line's start.
    package func offset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return 0 }
        let (start, end) = lineBounds(line - 1, in: newlineStarts ?? lineStarts)
        let wanted = units(before: start, .utf32) + max(column, 1) - 1
        // The last checkpoint of the line at or before the wanted scalar, then a walk.
        var low = start / Self.stride
        var high = end / Self.stride
        while low < high {
            let middle = (low + high + 1) / 2
            if scalarCheckpoints[middle] <= wanted { low = middle } else { high = middle - 1 }
        }
        var offset = max(start, low * Self.stride)
        var scalars = offset == start ? units(before: start, .utf32) : scalarCheckpoints[low]
        while offset < end {
            if Self.isLead(bytes[offset]) {
                if scalars == wanted { break }
                scalars += 1
            }
            offset += 1
        }
        return offset
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
        return Position(
            line: low, character: units(before: offset, encoding) - units(before: lineStarts[low], encoding))
    }

    /// The text of `range` (byte offsets).
    package func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The text between an element's tags: for `<string>abc</string>` at `element`, the
    /// offsets of `abc`; nil for an empty element (`<string/>`).
    package func content(ofElement element: Range<Int>) -> Range<Int>? {
        PlistTextScan.content(ofElement: element, in: bytes)
    }
}

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The UTF-8 text of a document, shared by every copy of the document, with its line
/// index built once, the first time a diagnostic quotes a line.
///
/// A line break is LF; a CR before it belongs to the line, so CRLF files count lines and
/// columns like LF ones.
final class SourceText: Sendable {
    /// The UTF-8 bytes, without a byte-order mark.
    let bytes: [UInt8]
    private let index = Mutex<SourceLines?>(nil)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line index, built on first use.
    var lines: SourceLines {
        index.withLock { index in
            if let index { return index }
            let built = SourceLines(bytes)
            index = built
            return built
        }
    }
}

/// Turns increasing byte offsets of one text into 1-based lines and columns.
///
/// It remembers the column of the last offset it was asked for, so a run of requests
/// along one line counts each byte once, and the whole text is scanned once overall.
struct PositionCursor {
    private var offset = 0
    private var line = 1
    private var column = 1

    /// The position of the byte at `target`, counting columns in Unicode scalars.
    mutating func position(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        if let base = bytes.baseAddress {
            var scan = offset
            while scan < target, let hit = memchr(base + scan, 0x0A, target - scan) {
                let found = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                line += 1
                column = 1
                scan = found + 1
                offset = scan
            }
        }
        if target > offset, let base = bytes.baseAddress {
            column += Self.scalarCount(from: base + offset, to: base + target)
        }
        offset = target
        return SourcePosition(line: line, column: column)
    }

    /// How many Unicode scalars start in `[start, end)` of valid UTF-8: every byte that is
    /// not a continuation byte (`10xxxxxx`) starts one. Eight bytes at a time.
    static func scalarCount(from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> Int {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var pointer = start
        var continuation = 0
        while end - pointer >= 8 {
            let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
            if word & highBits != 0 {
                // Bit 7 set and bit 6 clear, per byte: shifting left moves bit 6 onto bit 7.
                continuation += (word & ~(word << 1) & highBits).nonzeroBitCount
            }
            pointer += 8
        }
        while pointer < end {
            if pointer.pointee & 0xC0 == 0x80 { continuation += 1 }
            pointer += 1
        }
        return (end - start) - continuation
    }
}

/// An index of the lines of a text, for quoting a line in a diagnostic.
public struct SourceLines: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int]

    init(_ source: some Collection<UInt8>) {
        bytes = Array(source)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(index + 1)
        }
        self.starts = starts
    }

    /// Lines longer than this (in bytes) are not quoted: a minified theme would otherwise
    /// copy its one huge line into every diagnostic.
    public static let maximumQuotedLength = 1_000

    /// The text of a 1-based line without its line break (LF or CRLF), or `nil` past the
    /// end or when the line is longer than `maximumQuotedLength`. Invalid UTF-8 is shown as
    /// U+FFFD.
    public func text(ofLine line: Int) -> String? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        guard end - start <= Self.maximumQuotedLength else { return nil }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard start <= end else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

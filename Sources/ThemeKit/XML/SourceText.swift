import ThemeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The UTF-8 text of a document, shared by every copy of the document, with its line
/// index built once, the first time a line is quoted or a position is asked for.
///
/// The bytes live in memory the text owns, with a NUL after them: libxml2 parses them in
/// place (it needs the NUL to find the end), and the reader's entries point into them, so
/// neither copies the file.
///
/// A line break is LF; a CR before it belongs to the line, so CRLF files count lines and
/// columns like LF ones.
final class SourceText: Sendable {
    /// The bytes (shared with the line index, which must not hold the text itself: the
    /// text holds the index, and the two would keep each other alive).
    let storage: TextBytes
    private let index = Locked<SourceLines?>(nil)

    /// The first byte; `count` bytes and a NUL from here.
    var base: UnsafeMutablePointer<UInt8> { storage.base }
    /// How many bytes there are (not counting the NUL after them).
    var count: Int { storage.count }

    /// Copies `bytes`.
    convenience init(_ bytes: [UInt8]) {
        self.init(TextBytes(bytes))
    }

    /// A text of the first `count` bytes of `base`, memory of `capacity` bytes allocated by
    /// `UnsafeMutablePointer.allocate`, which the text now owns (and ends with a NUL,
    /// reallocating if there is no room for it).
    convenience init(adopting base: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        self.init(TextBytes(adopting: base, capacity: capacity, count: count))
    }

    init(_ storage: TextBytes) {
        self.storage = storage
    }

    /// The UTF-8 bytes, without a byte-order mark, valid as long as the text is.
    @inline(__always)
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes, copied into an array.
    var bytes: [UInt8] { Array(buffer) }

    /// Calls `body` with the bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(buffer)
    }

    /// The line index, built on first use.
    var lines: SourceLines {
        index.withLock { index in
            if let index { return index }
            let built = SourceLines(storage: storage)
            index = built
            return built
        }
    }
}

/// Bytes in memory of their own, with a NUL after them, freed with the object.
final class TextBytes: @unchecked Sendable {
    // Unchecked: written once, in `init`, and only read after.
    /// The first byte; `count` bytes and a NUL from here.
    let base: UnsafeMutablePointer<UInt8>
    /// How many bytes there are (not counting the NUL after them).
    let count: Int

    /// Copies `bytes`.
    init(_ bytes: [UInt8]) {
        base = .allocate(capacity: bytes.count + 1)
        count = bytes.count
        base.initialize(from: bytes, count: bytes.count)
        base[count] = 0
    }

    /// Takes over the first `count` bytes of `base` (`capacity` bytes allocated by
    /// `UnsafeMutablePointer.allocate`), reallocating when there is no room for the NUL.
    init(adopting base: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        if capacity > count {
            self.base = base
        } else {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 1)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            self.base = larger
        }
        self.count = count
        self.base[count] = 0
    }

    deinit { base.deallocate() }

    @inline(__always)
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

/// An index of the lines of a text: quotes a line in a diagnostic, and turns the byte
/// offsets the reader records into 1-based lines and columns.
///
/// A line break is LF; a CR before it belongs to the line, and a lone CR breaks nothing.
/// Columns count Unicode scalars from the start of the line.
package struct SourceLines: Sendable {
    /// The bytes (kept alive here: they are read through `bytes`).
    private let storage: TextBytes
    private var bytes: UnsafeBufferPointer<UInt8> { storage.buffer }
    /// The offset of each line's first byte, in order; the first is 0.
    private let starts: [Int32]
    /// When some line is longer than `checkpointStride` bytes: at index `i`, how many
    /// Unicode scalars start before byte `i × checkpointStride`. A column on a long line is
    /// then the difference of two such counts, each finished by a scan shorter than the
    /// stride, so that placing every diagnostic of a one-line file is linear in its size,
    /// not in its size times its problems. Empty when every line is short.
    private let checkpoints: [Int32]

    /// Bytes between two checkpoints; also the longest stretch counted scalar by scalar.
    static let checkpointStride = 512

    /// Indexes `bytes` (one pass); the configuration reader places its errors with it too.
    package init(_ bytes: [UInt8]) {
        self.init(storage: TextBytes(bytes))
    }

    /// Indexes a document's text (one pass).
    init(storage: TextBytes) {
        self.storage = storage
        let bytes = storage.buffer
        var starts: [Int32] = [0]
        var longest = 0
        if let base = bytes.baseAddress {
            let buffer = bytes
            var scan = 0
            while scan < buffer.count, let hit = memchr(base + scan, 0x0A, buffer.count - scan) {
                let found = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                longest = max(longest, found + 1 - scan)
                starts.append(Int32(clamping: found + 1))
                scan = found + 1
            }
            longest = max(longest, buffer.count - scan)
        }
        self.starts = starts
        self.checkpoints = longest > Self.checkpointStride ? Self.checkpoints(of: bytes) : []
    }

    /// The scalar counts before every `checkpointStride`-th byte (one pass over the text).
    private static func checkpoints(of buffer: UnsafeBufferPointer<UInt8>) -> [Int32] {
        do {
            guard let base = buffer.baseAddress else { return [0] }
            var counts: [Int32] = [0]
            counts.reserveCapacity(buffer.count / checkpointStride + 1)
            var total = 0
            var offset = 0
            while buffer.count - offset >= checkpointStride {
                total += scalarCount(from: base + offset, to: base + offset + checkpointStride)
                offset += checkpointStride
                counts.append(Int32(clamping: total))
            }
            return counts
        }
    }

    /// The 1-based line that the byte at `offset` is on (an offset just past a line break
    /// is on the next line). Offsets outside the text are clamped to it.
    package func line(at offset: Int) -> Int {
        let target = Int32(clamping: min(max(offset, 0), bytes.count))
        // The last line start at or before the target.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= target { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The 1-based line and column of the byte at `offset`, the column counting Unicode
    /// scalars from the line's start. Offsets outside the text are clamped to it.
    package func position(at offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        let line = line(at: target)
        let start = Int(starts[line - 1])
        let scalars = { (buffer: UnsafeBufferPointer<UInt8>) -> Int in
            guard let base = buffer.baseAddress, target > start else { return 0 }
            guard target - start > Self.checkpointStride, !checkpoints.isEmpty else {
                return Self.scalarCount(from: base + start, to: base + target)
            }
            // Far from the line's start: the scalars before the target less those before
            // the start, each from the checkpoint at or before it. Every byte that is not a
            // continuation byte starts a scalar, so the difference is the direct count.
            return scalarsBefore(target, in: base) - scalarsBefore(start, in: base)
        }(bytes)
        return SourcePosition(line: line, column: scalars + 1)
    }

    /// How many Unicode scalars start before byte `offset`, from the checkpoint at or
    /// before it: at most `checkpointStride` bytes are scanned.
    private func scalarsBefore(_ offset: Int, in base: UnsafePointer<UInt8>) -> Int {
        let checkpoint = min(offset / Self.checkpointStride, checkpoints.count - 1)
        let from = checkpoint * Self.checkpointStride
        return Int(checkpoints[checkpoint]) + Self.scalarCount(from: base + from, to: base + offset)
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

    /// Lines longer than this (in bytes) are not quoted: a minified theme would otherwise
    /// copy its one huge line into every diagnostic.
    package static let maximumQuotedLength = 1_000

    /// The text of a 1-based line without its line break (LF or CRLF), or `nil` past the
    /// end or when the line is longer than `maximumQuotedLength`. Invalid UTF-8 is shown as
    /// U+FFFD.
    package func text(ofLine line: Int) -> String? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = Int(starts[line - 1])
        var end = line < starts.count ? Int(starts[line]) - 1 : bytes.count
        guard end - start <= Self.maximumQuotedLength else { return nil }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        guard start <= end else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

import ThemeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a piece of a document's text lies: in its source bytes (most keys and values,
/// which libxml2 hands over as pointers into its input), or in its side buffer (text that
/// arrived decoded, such as `a &amp; b`, or in several pieces).
struct TextRef: Sendable, Hashable {
    /// From 0: an offset in the source bytes. Below 0: `-(offset + 1)` in the side buffer.
    var start: Int32
    /// The length in bytes.
    var count: Int32

    static let empty = TextRef(start: 0, count: 0)
}

/// One key and its value as the reader records them: plain numbers, no reference counted
/// field, so that reading, indexing and resolving ten thousand of them costs no `String`,
/// no retain and no release. `PropertyListEntry` is the same entry with its texts as
/// strings, made on request (`EntryStore.entries`).
struct PackedEntry: Sendable {
    /// The key's text.
    var key: TextRef
    /// A `<string>`'s text, or the bit pattern of an `<integer>` (`Int`), a `<real>`
    /// (`Double`) or a bool (0 or 1); for a nested value, 0.
    var payload: UInt64
    /// `<key>` to just past `</key>`, as byte offsets.
    var keyStart: Int32
    var keyEnd: Int32
    /// The value's opening tag to just past its closing tag, as byte offsets.
    var valueStart: Int32
    var valueEnd: Int32
    /// The low 32 bits of the key's hash (`KeyHash`): enough to place it in any table a
    /// theme needs, and to tell most other keys apart without reading their text.
    var hash: UInt32
    /// The element the value was written as.
    var kind: PropertyListKind
    /// Whether the key is all ASCII, where equal bytes and equal strings are the same thing.
    var keyIsASCII: Bool
    /// The key's typed kind, as `ValueKind.keySuffixes.typedNumber(forKey:)` gives it (0
    /// for none): found once, while the key's bytes are at hand, for the resolver.
    var typedKind: UInt8

    /// A `<string>`'s text.
    var text: TextRef {
        TextRef(
            start: Int32(truncatingIfNeeded: payload & 0xFFFF_FFFF), count: Int32(truncatingIfNeeded: payload >> 32))
    }

    static func payload(of text: TextRef) -> UInt64 {
        UInt64(UInt32(bitPattern: text.start)) | UInt64(UInt32(bitPattern: text.count)) << 32
    }

    var isNested: Bool {
        switch kind {
        case .dict, .array, .data, .date: true
        case .string, .integer, .real, .bool: false
        }
    }

    var keyRange: SourceRange { SourceRange(start: Int(keyStart), end: Int(keyEnd)) }
    var valueRange: SourceRange { SourceRange(start: Int(valueStart), end: Int(valueEnd)) }
}

/// Where one document's entries and texts lie in memory, for the loops that read
/// thousands of them: plain pointers, valid while the `EntryStore` they come from is
/// alive (an `EntryTable` keeps its stores), so that reading an entry costs no retain.
struct EntryView: @unchecked Sendable {
    // Unchecked: the pointers are into a store's memory, which is never written after the
    // store is made; whoever holds a view holds its store too.
    let packed: UnsafePointer<PackedEntry>
    let text: UnsafePointer<UInt8>
    let side: UnsafePointer<UInt8>

    /// The bytes of `text`.
    @inline(__always)
    func bytes(_ ref: TextRef) -> UnsafeBufferPointer<UInt8> {
        ref.start >= 0
            ? UnsafeBufferPointer(start: text + Int(ref.start), count: Int(ref.count))
            : UnsafeBufferPointer(start: side + (-Int(ref.start) - 1), count: Int(ref.count))
    }
}

/// A growing run of plain values in memory of its own: the reader's entries (handed whole
/// to the `EntryStore` that then owns them, with no copy when reading ends) and its stack
/// of open elements. A push or a pop is a store and a count, with no uniqueness check of an
/// array's buffer; whoever holds the memory last calls `release()`. For values that hold no
/// reference (nothing is deinitialized: a pop leaves the value where it was).
struct GrowingBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    var last: Element? {
        @inline(__always) get { count > 0 ? base[count - 1] : nil }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            capacity *= 2
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
        }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    func release() { base.deallocate() }
}

/// The reader's entries, as the `EntryStore` takes them over.
typealias PackedBuffer = GrowingBuffer<PackedEntry>

/// The first bytes and lengths of keys: a string value whose first byte or length no key
/// has cannot be a bare alias, and is not hashed to find out. Colors (`#35a2fb`), numbers
/// and most font names are ruled out this way. The reader notes each file's as it reads
/// its keys, and the resolver joins those of a theme's files.
struct KeyShapes: Sendable {
    /// A set of the numbers 0…255, in four words held inline (an array here cost 1% of
    /// a small theme's load in allocation and bounds checks).
    private struct Bits {
        private var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))

        mutating func insert(_ number: Int) {
            let bit = UInt64(1) << UInt64(number & 63)
            switch number >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }

        mutating func formUnion(_ other: Bits) {
            words = (
                words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3
            )
        }

        func contains(_ number: Int) -> Bool {
            let bit = UInt64(1) << UInt64(number & 63)
            switch number >> 6 {
            case 0: return words.0 & bit != 0
            case 1: return words.1 & bit != 0
            case 2: return words.2 & bit != 0
            default: return words.3 & bit != 0
            }
        }
    }

    private var firstBytes = Bits()
    /// Lengths of 255 bytes and more share the last number.
    private var lengths = Bits()

    init() {}

    /// Adds a key, given as its first byte and its length in bytes (none for an empty key).
    @inline(__always)
    mutating func insert(first: UInt8, count: Int) {
        guard count > 0 else { return }
        firstBytes.insert(Int(first))
        lengths.insert(min(count, 255))
    }

    /// Adds every key `other` has.
    mutating func formUnion(_ other: KeyShapes) {
        firstBytes.formUnion(other.firstBytes)
        lengths.formUnion(other.lengths)
    }

    /// Whether some key could be `text` (false means certainly not).
    @inline(__always)
    func mayMatch(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        return firstBytes.contains(Int(first)) && lengths.contains(min(text.count, 255))
    }

    /// Whether a string value could name a key: an explicit alias (`@name`, known or
    /// not), or a bare name some key could be (false means it is a literal).
    @inline(__always)
    func mayName(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.first == UInt8(ascii: "@") || mayMatch(text)
    }
}

/// A document's entries as the reader packed them, with the text they point into and an
/// index of their keys; `entries` turns them into `PropertyListEntry` values the first time
/// a caller asks (the linter's rules), and the loader never does.
final class EntryStore: @unchecked Sendable {
    // Unchecked: the entries and the side text are written before `init` returns and only
    // read after; the strings made on request are behind a `Locked`.
    /// The path the document was read from, as given.
    let file: String
    /// The document's text (source bytes and line index).
    let source: SourceText
    /// The entries, in file order, duplicates kept (owned: freed with the store).
    let packed: UnsafeBufferPointer<PackedEntry>
    private let packedBase: UnsafeMutablePointer<PackedEntry>
    /// Text that is not a run of the source bytes, in reading order (owned).
    private let side: UnsafeMutablePointer<UInt8>
    /// How many bytes `side` holds.
    private let sideCount: Int
    /// Each key's first entry, by key.
    let index: KeyTable
    /// Later entries of a key already seen: (the later entry, the first), in file order.
    let duplicates: [(later: Int32, first: Int32)]
    /// The first bytes and lengths of the keys.
    let keyShapes: KeyShapes
    /// The entries whose key is a declaration (`P.$type`, `P.$description`, `P.$deprecated`;
    /// SPEC §2), in file order: no theme values. Empty for most files.
    let declarations: [(entry: Int32, kind: DeclarationKind)]
    /// How the file writes a reference (`@name` or `{name}`), for the messages about its
    /// entries.
    let syntax: ReferenceSyntax
    private let materialized = Locked<[PropertyListEntry]?>(nil)

    /// A store taking over `packed` (and copying `side`, which is empty but for decoded text).
    init(
        file: String, source: SourceText, side: [UInt8], packed: PackedBuffer, index: KeyTable,
        duplicates: [(Int32, Int32)], keyShapes: KeyShapes, syntax: ReferenceSyntax = .plist
    ) {
        self.file = file
        self.syntax = syntax
        self.source = source
        self.packed = UnsafeBufferPointer(start: packed.base, count: packed.count)
        packedBase = packed.base
        self.side = .allocate(capacity: max(side.count, 1))
        self.side.initialize(from: side, count: side.count)
        sideCount = side.count
        self.index = index
        self.duplicates = duplicates
        self.keyShapes = keyShapes
        let view = EntryView(packed: packed.base, text: source.base, side: self.side)
        var declarations: [(entry: Int32, kind: DeclarationKind)] = []
        for number in 0..<packed.count {
            if let kind = DeclarationKind.of(key: view.bytes(packed.base[number].key)) {
                declarations.append((Int32(number), kind))
            }
        }
        self.declarations = declarations
    }

    /// Whether each entry is a declaration (`declarations`), by entry number; empty when
    /// none is.
    func declarationMask() -> [Bool] {
        guard !declarations.isEmpty else { return [] }
        var mask = [Bool](repeating: false, count: count)
        for declaration in declarations { mask[Int(declaration.entry)] = true }
        return mask
    }

    /// A store of this one's declarations only (the first entry of each declaration key),
    /// or of the declarations among `chosen` (entry numbers, each the first of its key),
    /// over the same text, so that their locations are this file's: what a theme below the
    /// file inherits from it (SPEC §2). Only the side text of the entries taken is copied,
    /// so that a copy of a few declarations of a large file costs those few: a theme below
    /// it is given the declarations nearest its keys alone.
    func declarationsOnly(_ chosen: [Int32]? = nil) -> EntryStore {
        let taken = chosen ?? declarations.filter { isFirstOfKey(Int($0.entry)) }.map(\.entry)
        var packed = PackedBuffer(capacity: taken.count)
        var index = KeyTable(capacity: taken.count)
        var shapes = KeyShapes()
        var side: [UInt8] = []
        let view = view
        // `text` in this store's side buffer moved to the end of `side`, else as it is.
        func moved(_ text: TextRef) -> TextRef {
            guard text.start < 0 else { return text }
            let start = Int32(side.count)
            side.append(contentsOf: view.bytes(text))
            return TextRef(start: -(start + 1), count: text.count)
        }
        for entry in taken {
            var declaration = self.packed[Int(entry)]
            guard DeclarationKind.of(key: view.bytes(declaration.key)) != nil else { continue }
            let key = view.bytes(declaration.key)
            if let first = key.first { shapes.insert(first: first, count: key.count) }
            declaration.key = moved(declaration.key)
            if declaration.kind == .string { declaration.payload = PackedEntry.payload(of: moved(declaration.text)) }
            // First entries of their keys: no two are one key, so none matches another.
            _ = index.insert(packed.count, hash: Int(declaration.hash), matching: { _ in false })
            packed.append(declaration)
        }
        return EntryStore(
            file: file, source: source, side: side, packed: packed, index: index, duplicates: [], keyShapes: shapes,
            syntax: syntax)
    }

    /// An empty store over `source`.
    convenience init(file: String, empty source: SourceText) {
        self.init(
            file: file, source: source, side: [], packed: PackedBuffer(capacity: 0), index: KeyTable(), duplicates: [],
            keyShapes: KeyShapes())
    }

    deinit {
        packedBase.deallocate()
        side.deallocate()
    }

    var count: Int { packed.count }

    /// Pointers to the entries and texts, valid while this store is alive.
    var view: EntryView {
        EntryView(packed: packedBase, text: source.base, side: side)
    }

    /// The location of a byte offset of the text.
    func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: file, source.lines.position(at: offset))
    }

    /// Calls `body` with the bytes of `text`.
    @inline(__always)
    func withBytes<Result>(_ text: TextRef, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(view.bytes(text))
    }

    /// `text` as a string (libxml2 has checked that it is UTF-8).
    func string(_ text: TextRef) -> String {
        withBytes(text) { String(decoding: $0, as: UTF8.self) }
    }

    /// The key of entry `index`.
    func key(_ index: Int) -> String { string(packed[index].key) }

    /// The value of entry `index` as the reader's value type.
    func value(_ index: Int) -> PropertyListValue {
        let entry = packed[index]
        switch entry.kind {
        case .string: return .string(string(entry.text))
        case .integer: return .integer(Int(truncatingIfNeeded: Int64(bitPattern: entry.payload)))
        case .real: return .real(Double(bitPattern: entry.payload))
        case .bool: return .bool(entry.payload != 0)
        case .dict, .array, .data, .date: return .nested(entry.kind)
        }
    }

    /// Entry `index` with its texts as strings.
    func entry(_ index: Int) -> PropertyListEntry {
        let entry = packed[index]
        return PropertyListEntry(
            key: key(index), value: value(index), keyRange: entry.keyRange, valueRange: entry.valueRange)
    }

    /// Every entry with its texts as strings, made once.
    var entries: [PropertyListEntry] {
        if let made = materialized.withLock({ $0 }) { return made }
        let made = packed.indices.map(entry)
        materialized.withLock { $0 = made }
        return made
    }

    /// Whether entry `index`'s key is `key`.
    func key(_ index: Int, equals key: String, hash: Int) -> Bool {
        let entry = packed[index]
        guard entry.hash == UInt32(truncatingIfNeeded: hash) else { return false }
        return withBytes(entry.key) { KeyHash.bytes($0, equal: key) }
    }

    /// The first entry whose key is `key`.
    func firstIndex(ofKey key: String) -> Int? {
        let hash = KeyHash.of(key)
        return index.find(hash: hash) { self.key($0, equals: key, hash: hash) }
    }

    /// The entries of the file's reserved keys (`ThemeName.reservedKeys`): no theme values.
    func reservedEntries() -> ReservedEntries {
        ReservedEntries(ThemeName.reservedKeys.compactMap(firstIndex(ofKey:)))
    }

    /// Whether entry `index` is the first of its key in the file (later ones are duplicates,
    /// reported and otherwise ignored). A table lookup only when the file has a duplicate.
    @inline(__always)
    func isFirstOfKey(_ index: Int) -> Bool {
        guard !duplicates.isEmpty else { return true }
        let entry = packed[index]
        return self.index.find(hash: Int(entry.hash)) { sameKey(packed[$0], entry, of: self) } == index
    }

    /// Whether `mine` (an entry of this store) and `theirs` (of `other`) have the same key:
    /// equal bytes, or, where either is not ASCII, equal strings (Swift's `==`, which
    /// `Theme.values` and every `[String: …]` of keys agree with).
    func sameKey(_ mine: PackedEntry, _ theirs: PackedEntry, of other: EntryStore) -> Bool {
        guard mine.hash == theirs.hash else { return false }
        return withBytes(mine.key) { a in
            other.withBytes(theirs.key) { b in
                KeyHash.sameKey(a, isASCII: mine.keyIsASCII, b, isASCII: theirs.keyIsASCII)
            }
        }
    }
}

/// The hash of a key, the same whether the key is bytes from a document or a `String`
/// an app looks up, and the same for two keys Swift calls equal (`==` compares strings by
/// canonical equivalence: a key with characters beyond ASCII is hashed in its NFC form,
/// as `String.hash(into:)` does).
///
/// Keys are chosen by whoever writes the theme, so the hash is seeded, from Swift's
/// per-process random `Hasher` seed: no set of keys can be made to collide without knowing
/// it. It is a multiply-and-fold hash over eight bytes at a time (the construction of
/// wyhash, which Go's runtime maps fall back to for the same reason), because SipHash
/// through `Hasher` cost 600 instructions a key, as much as all the rest of reading one.
package enum KeyHash {
    /// Two words from `Hasher`'s random seed (fixed under `SWIFT_DETERMINISTIC_HASHING`).
    private static let seed: (UInt64, UInt64) = {
        var first = Hasher()
        first.combine(0x7468_656D_656B_6974 as UInt64)
        let a = UInt64(bitPattern: Int64(first.finalize()))
        var second = Hasher()
        second.combine(a)
        return (a, UInt64(bitPattern: Int64(second.finalize())))
    }()

    /// The seed as a value a loop can hold: each read of the static is a `swift_once`
    /// check, a call into the Swift runtime (perf: most of a percent of a load, one a key).
    package struct Seed: Sendable {
        fileprivate let words: (UInt64, UInt64)
    }

    /// This process's seed.
    package static var current: Seed { Seed(words: seed) }

    /// The 128-bit product of `a` and `b`, its halves folded together.
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    /// The hash of raw bytes.
    @inline(__always)
    static func raw(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { hash(bytes, each: { $0 }).hash }

    /// The hash of raw bytes under `seed` (`current`, read once by a caller that hashes many).
    @inline(__always)
    static func raw(_ bytes: UnsafeBufferPointer<UInt8>, seed: Seed) -> Int {
        hash(bytes, seed: seed, each: { $0 }).hash
    }

    /// The hash of `bytes` with ASCII capitals taken as lower case: equal for two keys that
    /// differ only in ASCII case (for the linter's `case_collision`), seeded as `raw` is.
    package static func foldingASCIICase(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        hash(bytes, each: foldingASCIICase(word:)).hash
    }

    /// Eight bytes with each ASCII capital letter made lower case, all at once: a byte
    /// gets 0x20 when, with its top bit clear, it is at least `A` and below `[`.
    @inline(__always)
    package static func foldingASCIICase(word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & ~high
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F  // top bit set when >= 0x41
        let pastZ = low7 &+ 0x2525_2525_2525_2525  // top bit set when >= 0x5B
        let capitals = atLeastA & ~pastZ & ~word & high
        return word | (capitals >> 2)
    }

    /// The hash of `bytes`, each word of them passed through `each` first (which must
    /// treat every byte alone, and leave a zero byte zero: words are loaded overlapping,
    /// and short keys with zeros above them); and every byte, or-ed together (the words
    /// cover them all), which says whether they are all ASCII.
    @inline(__always)
    private static func hash(
        _ bytes: UnsafeBufferPointer<UInt8>, seed: Seed = current, each: (UInt64) -> UInt64
    ) -> (hash: Int, bits: UInt64) {
        let (seed, secret) = seed.words
        let count = bytes.count
        var state = seed ^ fold(UInt64(truncatingIfNeeded: count) ^ 0xA076_1D64_78BD_642F, secret)
        guard let base = bytes.baseAddress, count > 0 else { return (Int(truncatingIfNeeded: fold(state, secret)), 0) }
        let raw = UnsafeRawPointer(base)
        var bits: UInt64 = 0
        if count >= 8 {
            var offset = 0
            while count - offset > 8 {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                bits |= word
                state = fold(state ^ each(word), 0xE703_7ED1_A0B4_28DB ^ secret)
                offset += 8
            }
            // The last eight bytes, overlapping the word before when the count is not a
            // multiple of eight.
            let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            bits |= last
            state = fold(state ^ each(last), 0x8EBC_6AF0_9C88_C6E3 ^ secret)
        } else if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            bits = low | high << 32
            state = fold(state ^ each(bits), 0x8EBC_6AF0_9C88_C6E3 ^ secret)
        } else {
            bits = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
            state = fold(state ^ each(bits), 0x8EBC_6AF0_9C88_C6E3 ^ secret)
        }
        return (Int(truncatingIfNeeded: fold(state, secret ^ 0x5899_65CC_7537_4CC3)), bits)
    }

    /// The hash of `key` and whether it is all ASCII.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, seed: Seed = current) -> (hash: Int, isASCII: Bool) {
        if let hash = ofASCII(bytes, seed: seed) { return (hash, true) }
        return (of(String(decoding: bytes, as: UTF8.self)), false)
    }

    /// The hash of a key given as a string.
    @inline(__always)
    static func of(_ key: String) -> Int {
        var key = key
        if let hash = key.withUTF8({ ofASCII($0) }) { return hash }
        return key._nfcCodeUnits.withUnsafeBufferPointer(raw)
    }

    /// The hash of `bytes` when they are all ASCII (then the key's hash), else nil: one
    /// pass for both.
    @inline(__always)
    private static func ofASCII(_ bytes: UnsafeBufferPointer<UInt8>, seed: Seed = current) -> Int? {
        let (hash, bits) = hash(bytes, seed: seed, each: { $0 })
        return bits & 0x8080_8080_8080_8080 == 0 ? hash : nil
    }

    /// The hash of `key` followed by `suffix` (a font key's size key), without building a
    /// string of it.
    static func of(_ key: UnsafeBufferPointer<UInt8>, appending suffix: StaticString) -> (hash: Int, isASCII: Bool) {
        let total = key.count + suffix.utf8CodeUnitCount
        guard isASCII(key) else { return (of(String(decoding: key, as: UTF8.self) + suffix.description), false) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { joined in
            guard let start = joined.baseAddress else { return (raw(UnsafeBufferPointer(joined)), true) }
            if let from = key.baseAddress { memcpy(start, from, key.count) }
            memcpy(start + key.count, suffix.utf8Start, suffix.utf8CodeUnitCount)
            return (raw(UnsafeBufferPointer(joined)), true)
        }
    }

    /// Whether two keys given as bytes are one key: equal bytes, or, where either is not
    /// ASCII, equal strings (Swift's `==`, which `Theme.values` and every `[String: …]` of
    /// keys agree with). The one definition of key equality the reader, the resolver, the
    /// session and a theme's lookups share.
    @inline(__always)
    static func sameKey(
        _ a: UnsafeBufferPointer<UInt8>, isASCII aIsASCII: Bool, _ b: UnsafeBufferPointer<UInt8>, isASCII bIsASCII: Bool
    ) -> Bool {
        if a.count == b.count, equalBytes(a, b) { return true }
        if aIsASCII && bIsASCII { return false }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }

    /// Whether two runs of bytes of one length are equal: eight bytes at a time, with no
    /// call (keys are short).
    @inline(__always)
    static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == b.count }
        let count = a.count
        var offset = 0
        while count - offset >= 8 {
            if UnsafeRawPointer(x + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(y + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < count {
            if x[offset] != y[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        var any: UInt64 = 0
        while bytes.count - offset >= 8 {
            any |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            any |= UInt64(base[offset])
            offset += 1
        }
        return any & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `bytes` spell `key` (equal bytes, or equal as strings when either is not
    /// ASCII).
    @inline(__always)
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal key: String) -> Bool {
        var key = key
        let sameBytes = key.withUTF8 { utf8 in utf8.count == bytes.count && equalBytes(utf8, bytes) }
        if sameBytes { return true }
        // Different bytes: equal only as canonically equivalent strings, never for two ASCII.
        if isASCII(bytes), key.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return String(decoding: bytes, as: UTF8.self) == key
    }
}

/// The entry numbers of a file's reserved keys, at most one of each: `contains` is a few
/// comparisons, for loops over every entry.
struct ReservedEntries: Sendable {
    private var first = -1, second = -1, third = -1, fourth = -1

    init(_ indices: [Int]) {
        var rest = indices.makeIterator()
        first = rest.next() ?? -1
        second = rest.next() ?? -1
        third = rest.next() ?? -1
        fourth = rest.next() ?? -1
    }

    /// Whether entry `index` is one of them.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index == first || index == second || index == third || index == fourth
    }

    /// The entry numbers, in the order of `ThemeName.reservedKeys`.
    var all: [Int] { [first, second, third, fourth].filter { $0 >= 0 } }
}

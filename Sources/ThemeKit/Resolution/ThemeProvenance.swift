import ThemeSupport

/// What a resolved theme keeps of its files: the merged key table, the entries it points
/// to, and, for each, where its alias chain ended and where a font's size came from.
///
/// Entries keep byte offsets into their documents' texts, which turn them into lines and
/// columns when a source is asked for.
final class ThemeProvenance: Sendable {
    let entries: EntryTable
    /// The merged theme's keys: each key's entry number.
    let table: KeyTable
    /// For each entry, the entry its alias chain ends at (-1 for none).
    let literal: [Int32]
    /// For each entry that is a font, the entry its size came from (-1 for none); empty
    /// when the theme has no font.
    let sizeOf: [Int32]

    init(entries: EntryTable, table: KeyTable, literal: [Int32], sizeOf: [Int32]) {
        self.entries = entries
        self.table = table
        self.literal = literal
        self.sizeOf = sizeOf
    }

    /// The entry number of the merged theme's key `key`.
    @inline(__always)
    func id(ofKey key: String) -> Int? {
        // Hashed and compared on the one view of its bytes (the table's own lookup by bytes:
        // one pass hashes an ASCII key and finds it is ASCII). A native string lends its
        // bytes in place; only another (bridged, lazily decoded) is copied to lend them.
        if let found = key.utf8.withContiguousStorageIfAvailable({ table.find(key: $0, in: entries) }) {
            return found
        }
        var key = key
        return key.withUTF8 { table.find(key: $0, in: entries) }
    }

    private func document(of id: Int) -> EntryStore { entries.store(of: id) }

    func source(forKey key: String) -> ThemeValueSource? {
        guard let id = id(ofKey: key), !entries[id].isNested else { return nil }
        let target = literal[id] >= 0 ? Int(literal[id]) : id
        var aliasOf: String?
        if target != id, case .string(let text) = entries.value(id) {
            let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
            if self.id(ofKey: name) != nil { aliasOf = name }
        }
        return ThemeValueSource(
            key: document(of: id).location(at: Int(entries[id].keyStart)),
            value: document(of: target).location(at: Int(entries[target].valueStart)),
            aliasOf: aliasOf, sizeKey: sizeOf.isEmpty || sizeOf[id] < 0 ? nil : entries.key(Int(sizeOf[id])),
            syntax: document(of: id).syntax)
    }
}

/// A loaded theme's values: one per entry number, looked up through the merged key table
/// (no dictionary of the keys is built to load a theme; `dictionary` builds one on request).
/// The keys of a loaded theme whose kind a `$type` declares, by entry number.
struct DeclaredKinds: Sendable {
    /// Each entry's declared kind, as `ValueKind.typedNumber` (0 for an untyped kind), or
    /// `notDeclared`; empty when the theme declares none.
    var kinds: [UInt8] = []
    /// The `$type` entry that declares each entry's kind (-1 for none), beside `kinds`.
    var declarations: [Int32] = []
    /// The `$description` entry nearest each key, and the `$deprecated` one.
    /// (-1 for none), by entry number; empty when the theme has neither.
    var descriptions: [Int32] = []
    var deprecations: [Int32] = []

    /// `kinds` of an entry no declaration reaches.
    static let notDeclared: UInt8 = 0xFF
}

final class LoadedValues: ThemeStorage, @unchecked Sendable {
    // Unchecked: `typed` is written by the resolver before this is made, and only read
    // after; the dictionary made on request is behind a `Locked`.
    /// Each entry's value, by entry number, where `hasValue` says so (owned).
    private let typed: TypedValues
    /// Whether entry `id` has a value (false for an entry no key resolves to, or broken).
    private let hasValue: [Bool]
    let provenance: ThemeProvenance
    /// How many keys have a value.
    let count: Int
    private let built = Locked<[String: ThemeValue]?>(nil)
    let styleCache = StyleCache()

    /// The keys whose kind a `$type` declares (SPEC §2).
    let declared: DeclaredKinds

    init(
        typed: TypedValues, hasValue: [Bool], provenance: ThemeProvenance, count: Int,
        declared: DeclaredKinds = DeclaredKinds()
    ) {
        self.typed = typed
        self.hasValue = hasValue
        self.provenance = provenance
        self.count = count
        self.declared = declared
    }

    /// What the nearest `$description` (or `$deprecated`, `kind`) over `key` says, as
    /// written; nil when none lies over it.
    func note(_ kind: DeclarationKind, forKey key: String) -> String? {
        let notes = kind == .description ? declared.descriptions : declared.deprecations
        guard !notes.isEmpty, let id = provenance.id(ofKey: key), id < notes.count, notes[id] >= 0 else { return nil }
        let note = notes[id]
        return switch provenance.entries.value(Int(note)) {
        case .string(let text): text
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .nested: nil
        }
    }

    /// The kind a `$type` declares for `key`, and the declaration's key; nil when no
    /// declaration reaches it (or the theme has no such key).
    func declaredKind(forKey key: String) -> (kind: ValueKind, declaredBy: String)? {
        guard !declared.kinds.isEmpty, let id = provenance.id(ofKey: key), id < declared.kinds.count,
            declared.kinds[id] != DeclaredKinds.notDeclared
        else { return nil }
        let typedNumber = declared.kinds[id]
        let kind = typedNumber == 0 ? nil : ValueKind.typed[Int(typedNumber) - 1]
        let written = value(id)
        let entry =
            kind
            ?? written.map { ValueKind.entry(forKey: "", value: $0) } ?? ValueKind.string
        return (entry, provenance.entries.key(Int(declared.declarations[id])))
    }

    deinit { typed.release(where: hasValue) }

    /// Entry `id`'s value, if it has one.
    @inline(__always)
    func value(_ id: Int) -> ThemeValue? { hasValue[id] ? typed[id] : nil }

    @inline(__always)
    func value(forKey key: String) -> ThemeValue? {
        guard let id = provenance.id(ofKey: key) else { return nil }
        return value(id)
    }

    /// `key`'s color, read in place (no copy of a value that may hold a string).
    @inline(__always)
    func color(forKey key: String) -> ThemeColor? {
        guard let id = provenance.id(ofKey: key), hasValue[id] else { return nil }
        return typed.color(id)
    }

    /// `key`'s font, read in place.
    @inline(__always)
    func font(forKey key: String) -> ThemeFont? {
        guard let id = provenance.id(ofKey: key), hasValue[id] else { return nil }
        return typed.font(id)
    }

    func source(forKey key: String) -> ThemeValueSource? {
        value(forKey: key) == nil ? nil : provenance.source(forKey: key)
    }

    var dictionary: [String: ThemeValue] {
        if let built = built.withLock({ $0 }) { return built }
        var values = [String: ThemeValue](minimumCapacity: count)
        let entries = provenance.entries
        for id in provenance.table.numbers {
            if let value = value(id) { values[entries.key(id)] = value }
        }
        built.withLock { $0 = values }
        return values
    }

    func forEachKey(_ body: (String) -> Void) {
        let entries = provenance.entries
        for id in provenance.table.numbers {
            if hasValue[id] { body(entries.key(id)) }
        }
    }
}

/// The keys of a merged theme, as the resolver's table holds them: `contains` is a table
/// lookup, and iterating makes each key's string.
package struct MergedKeys: Sequence, Sendable {
    private enum Source: Sendable {
        case provenance(ThemeProvenance)
        case setters(ThemeLoader.Session.Setters)
    }

    private let source: Source

    init(provenance: ThemeProvenance) { source = .provenance(provenance) }

    /// The keys a session knows for a theme it has not resolved.
    init(setters: ThemeLoader.Session.Setters) { source = .setters(setters) }

    /// How many keys there are.
    package var count: Int {
        switch source {
        case .provenance(let provenance): provenance.table.count
        case .setters(let setters): setters.valueCount
        }
    }

    package var underestimatedCount: Int { count }

    /// Whether the merged theme has `key` (nested values included).
    package func contains(_ key: String) -> Bool {
        switch source {
        case .provenance(let provenance): return provenance.id(ofKey: key) != nil
        case .setters(let setters):
            var key = key
            return key.withUTF8 { DeclarationKind.of(key: $0) == nil && setters.contains(bytes: $0) }
        }
    }

    /// Whether the merged theme has the key whose UTF-8 bytes are `key`.
    package func contains(bytes key: UnsafeBufferPointer<UInt8>) -> Bool {
        switch source {
        case .provenance(let provenance): provenance.table.find(key: key, in: provenance.entries) != nil
        case .setters(let setters): DeclarationKind.of(key: key) == nil && setters.contains(bytes: key)
        }
    }

    /// Calls `body` with each key's bytes (UTF-8, as written), in no set order, making no
    /// string: for a check over every key that needs the text of a few.
    package func forEachKey(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch source {
        case .provenance(let provenance):
            let entries = provenance.entries
            for id in provenance.table.numbers { entries.withKey(id, body) }
        case .setters(let setters):
            // The session keeps declarations among the setters (`declarationCount`); the
            // merged theme has none.
            setters.forEachKey { key in if DeclarationKind.of(key: key) == nil { body(key) } }
        }
    }

    package func makeIterator() -> IndexingIterator<[String]> {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forEachKey { keys.append(String(decoding: $0, as: UTF8.self)) }
        return keys.makeIterator()
    }
}

/// Values by entry number in memory of their own, each initialized once by the resolver
/// (where its `hasValue` says so) and released with the `LoadedValues` that takes them:
/// no optional per entry to destroy before each write.
struct TypedValues: @unchecked Sendable {
    // Unchecked: written only while the resolver runs, before any other thread sees them.
    private let base: UnsafeMutablePointer<ThemeValue>

    /// Room for `count` values (at least one).
    init(count: Int) { base = .allocate(capacity: max(count, 1)) }

    /// Writes entry `id`'s value (not written before).
    @inline(__always)
    func initialize(_ id: Int, to value: ThemeValue) { (base + id).initialize(to: value) }

    /// Entry `id`'s value, which must have been written.
    @inline(__always)
    subscript(id: Int) -> ThemeValue { base[id] }

    /// Entry `id`'s color, if its value (which must have been written) is one.
    @inline(__always)
    func color(_ id: Int) -> ThemeColor? {
        guard case .color(let color) = base[id] else { return nil }
        return color
    }

    /// Entry `id`'s font, if its value (which must have been written) is one.
    @inline(__always)
    func font(_ id: Int) -> ThemeFont? {
        guard case .font(let font) = base[id] else { return nil }
        return font
    }

    /// Entry `id`'s value when it is a size (written or not: `hasValue` says), read in
    /// place, without copying a value that may hold a string.
    @inline(__always)
    /// The font size held at `id`: a size, or a number greater than 0 of a kind a
    /// declaration gave the size key (a DTCG `dimension` or `number`).
    func size(_ id: Int, hasValue: Bool) -> Double? {
        guard hasValue else { return nil }
        switch base[id] {
        case .size(let size): return size
        case .number(let number) where number > 0: return number
        default: return nil
        }
    }

    /// Destroys the values written (`written[id]`) and frees the memory.
    func release(where written: [Bool]) {
        for id in written.indices where written[id] { (base + id).deinitialize(count: 1) }
        base.deallocate()
    }
}

import Synchronization

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
        let hash = KeyHash.of(key)
        let entries = entries
        return table.find(hash: hash) { entries.key($0, is: key) }
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
            aliasOf: aliasOf, sizeKey: sizeOf.isEmpty || sizeOf[id] < 0 ? nil : entries.key(Int(sizeOf[id])))
    }
}

/// A loaded theme's values: one per entry number, looked up through the merged key table
/// (no dictionary of the keys is built to load a theme; `dictionary` builds one on request).
final class LoadedValues: ThemeStorage {
    /// Each entry's value, by entry number (nil for an entry no key resolves to, or broken).
    let typed: [ThemeValue?]
    let provenance: ThemeProvenance
    /// How many keys have a value.
    let count: Int
    private let built = Mutex<[String: ThemeValue]?>(nil)

    init(typed: [ThemeValue?], provenance: ThemeProvenance, count: Int) {
        self.typed = typed
        self.provenance = provenance
        self.count = count
    }

    @inline(__always)
    func value(forKey key: String) -> ThemeValue? {
        guard let id = provenance.id(ofKey: key) else { return nil }
        return typed[id]
    }

    func source(forKey key: String) -> ThemeValueSource? {
        value(forKey: key) == nil ? nil : provenance.source(forKey: key)
    }

    var dictionary: [String: ThemeValue] {
        if let built = built.withLock({ $0 }) { return built }
        var values = [String: ThemeValue](minimumCapacity: count)
        let entries = provenance.entries
        provenance.table.forEach { id in
            if let value = typed[id] { values[entries.key(id)] = value }
        }
        built.withLock { $0 = values }
        return values
    }

    func forEachKey(_ body: (String) -> Void) {
        let entries = provenance.entries
        provenance.table.forEach { id in
            if typed[id] != nil { body(entries.key(id)) }
        }
    }
}

/// The keys of a merged theme, as the resolver's table holds them: `contains` is a table
/// lookup, and iterating makes each key's string.
package struct MergedKeys: Sequence, Sendable {
    let provenance: ThemeProvenance

    /// How many keys there are.
    package var count: Int { provenance.table.count }

    package var underestimatedCount: Int { count }

    /// Whether the merged theme has `key` (nested values included).
    package func contains(_ key: String) -> Bool { provenance.id(ofKey: key) != nil }

    package func makeIterator() -> IndexingIterator<[String]> {
        var keys: [String] = []
        keys.reserveCapacity(count)
        let entries = provenance.entries
        provenance.table.forEach { keys.append(entries.key($0)) }
        return keys.makeIterator()
    }
}

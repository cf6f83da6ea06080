#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every entry of every file of a theme's chain, numbered as one table (a file's offset
/// plus the entry's index in it), without copying them out of their documents.
///
/// Resolution, provenance and a loaded theme's lookups address entries by that number.
struct EntryTable: Sendable {
    /// Each file's entries, in chain order (child first), numbered in that order.
    let stores: [EntryStore]
    /// Where each store's entries and texts are (valid while `stores` holds them).
    private let views: [EntryView]
    /// Each file's first number, in chain order.
    let offsets: [Int]
    /// The chain index of each number's file; empty for a chain of one file.
    private let fileOf: [Int32]
    /// How many entries there are in all.
    let count: Int

    init() {
        stores = []
        views = []
        offsets = []
        fileOf = []
        count = 0
    }

    /// Numbers the entries of `stores` file by file, in chain order.
    init(_ stores: [EntryStore]) {
        var offsets: [Int] = []
        var total = 0
        for store in stores {
            offsets.append(total)
            total += store.count
        }
        var fileOf: [Int32] = []
        if stores.count > 1 {
            fileOf.reserveCapacity(total)
            for (index, store) in stores.enumerated() { fileOf += repeatElement(Int32(index), count: store.count) }
        }
        self.stores = stores
        self.views = stores.map(\.view)
        self.offsets = offsets
        self.fileOf = fileOf
        self.count = total
    }

    /// The chain index of the file entry `id` belongs to.
    @inline(__always)
    func file(of id: Int) -> Int { fileOf.isEmpty ? 0 : Int(fileOf[id]) }

    /// The store entry `id` is in.
    @inline(__always)
    func store(of id: Int) -> EntryStore { stores[file(of: id)] }

    /// The entry numbered `id`.
    @inline(__always)
    subscript(id: Int) -> PackedEntry {
        let file = file(of: id)
        return views[file].packed[id - offsets[file]]
    }

    /// Calls `body` with the bytes of entry `id`'s key.
    @inline(__always)
    func withKey<Result>(_ id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let file = file(of: id)
        let view = views[file]
        return body(view.bytes(view.packed[id - offsets[file]].key))
    }

    /// Calls `body` with the bytes of entry `id`'s `<string>` text.
    @inline(__always)
    func withText<Result>(_ id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let file = file(of: id)
        let view = views[file]
        return body(view.bytes(view.packed[id - offsets[file]].text))
    }

    /// Entry `id`'s key as a string.
    func key(_ id: Int) -> String {
        let file = file(of: id)
        return stores[file].key(id - offsets[file])
    }

    /// Entry `id`'s value, as the reader's value type.
    func value(_ id: Int) -> PropertyListValue {
        let file = file(of: id)
        return stores[file].value(id - offsets[file])
    }

    /// Whether entries `a` and `b` have the same key.
    @inline(__always)
    func sameKey(_ a: Int, _ b: Int) -> Bool {
        let first = self[a]
        let second = self[b]
        guard first.hash == second.hash else { return false }
        return withKey(a) { x in
            withKey(b) { y in KeyHash.sameKey(x, isASCII: first.keyIsASCII, y, isASCII: second.keyIsASCII) }
        }
    }

    /// Whether entry `id`'s key is `key` (given as bytes, all ASCII or not); its hash is
    /// known to match.
    @inline(__always)
    func key(_ id: Int, is key: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        let entry = self[id]
        return withKey(id) { mine in KeyHash.sameKey(mine, isASCII: entry.keyIsASCII, key, isASCII: isASCII) }
    }
}

extension KeyTable {
    /// The number of the entry (of `entries`) whose key is `key`, given as its bytes.
    @inline(__always)
    func find(key: UnsafeBufferPointer<UInt8>, in entries: EntryTable) -> Int? {
        let (hash, isASCII) = KeyHash.of(key)
        return find(hash: hash) { entries.key($0, is: key, isASCII: isASCII) }
    }
}

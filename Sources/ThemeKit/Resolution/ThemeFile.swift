/// One theme file, read and checked on its own: a flat dictionary of scalars with no key
/// written twice. Inheritance and aliases are the business of the layers above.
package struct ThemeFile: Sendable {
    /// The document as the reader produced it.
    package let document: PropertyListDocument
    /// Every problem with this file on its own: the reader's `parse_error`s, then
    /// `not_flat` and `duplicate_key`, sorted by position.
    package let diagnostics: [Diagnostic]
    /// The path the file was read from.
    package var path: String { document.file }

    /// The first entry of `key`, when it is a scalar (a nested first value is reported as
    /// not flat, and the key holds nothing).
    package subscript(key: String) -> PropertyListEntry? {
        firstIndex(ofKey: key).map { document.store.entry($0) }
    }

    /// The index in `document.entries` of `key`'s first entry, when it is a scalar.
    package func firstIndex(ofKey key: String) -> Int? {
        guard let first = document.store.firstIndex(ofKey: key), !document.store.packed[first].isNested else {
            return nil
        }
        return first
    }

    /// The file's declarations (`P.$type`, `P.$description`, `P.$deprecated`; SPEC §2), the
    /// first entry of each key, in file order: no theme values.
    package var declarations: [(kind: DeclarationKind, entry: PropertyListEntry)] {
        let store = document.store
        return store.declarations.filter { store.isFirstOfKey(Int($0.entry)) }.map {
            ($0.kind, store.entry(Int($0.entry)))
        }
    }

    /// Whether the file sets `key` to a scalar.
    package func contains(_ key: String) -> Bool { firstIndex(ofKey: key) != nil }

    /// Whether entry `position` is the first of its key and holds a scalar: the entry the
    /// file's value for its key comes from.
    package func isFirstScalar(at position: Int) -> Bool {
        !document.store.packed[position].isNested && document.store.isFirstOfKey(position)
    }

    /// Calls `body` with each entry's position (its index in `document.entries`) and its
    /// key's bytes (UTF-8, as written), in file order, making no string: for a rule that
    /// looks at a few keys of many.
    package func forEachKey(_ body: (_ position: Int, _ key: UnsafeBufferPointer<UInt8>) -> Void) {
        let store = document.store
        for position in store.packed.indices { store.withBytes(store.packed[position].key) { body(position, $0) } }
    }

    /// The keys of the file's first `count` entries (all of a shorter file), in file order:
    /// strings made for those only.
    package func keys(first count: Int) -> [String] {
        let store = document.store
        return (0..<min(max(count, 0), store.count)).map { store.key($0) }
    }

    /// Where entry `position`'s `<key>` element is, as byte offsets.
    package func keyRange(at position: Int) -> SourceRange { document.store.packed[position].keyRange }

    /// The entry whose `<key>` or value element holds the byte `offset` (its end
    /// included, for a cursor just past it), and whether it is the key: a binary search of
    /// the entries, which are in file order. For an editor's cursor.
    package func entry(atOffset offset: Int) -> (entry: PropertyListEntry, inKey: Bool)? {
        let packed = document.store.packed
        var low = 0
        var high = packed.count
        while low < high {
            let middle = (low + high) / 2
            if Int(packed[middle].keyStart) <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let found = packed[low - 1]
        if offset <= found.keyRange.end { return (document.store.entry(low - 1), true) }
        let value = found.valueRange
        guard offset >= value.start, offset <= value.end else { return nil }
        return (document.store.entry(low - 1), false)
    }

    /// The keys with a scalar value, in file order.
    package var keys: [String] {
        let store = document.store
        return store.packed.indices.compactMap { isFirstScalar(at: $0) ? store.key($0) : nil }
    }

    /// Whether the file has no errors of its own.
    package var isValid: Bool { !diagnostics.contains { $0.severity == .error } }

    /// `file` with its declarations only (`EntryStore.declarationsOnly(_:)`), or those among
    /// `chosen` (entry numbers, each the first of its key), and none of its problems: what a
    /// theme below it inherits from it (SPEC §2), at the file's locations.
    init(declarationsOf file: ThemeFile, chosen: [Int32]? = nil) {
        var document = file.document
        document.store = file.document.store.declarationsOnly(chosen)
        self.document = document
        diagnostics = []
    }

    /// Checks a document read by `PropertyListReader`.
    package init(_ document: PropertyListDocument) {
        self.document = document
        var diagnostics = document.diagnostics
        func diagnostic(
            _ code: DiagnosticCode, _ message: String, at range: SourceRange, key: String? = nil,
            notes: [Diagnostic.Note] = []
        ) -> Diagnostic {
            document.diagnostic(code, message, at: range, key: key, notes: notes)
        }

        // An unknown element at the root is the reader's `parse_error` alone: it is no
        // plist value, so neither flat nor nested.
        if let root = document.root, let kind = root.kind, kind != .dict {
            diagnostics.append(
                diagnostic(
                    .notFlat, "the root is <\(root.elementName)>; a theme's root is a <dict> of keys and values",
                    at: root.range))
        }
        let store = document.store
        for (later, first) in store.duplicates {
            let key = store.key(Int(later))
            let firstStart = document.position(at: Int(store.packed[Int(first)].keyStart))
            diagnostics.append(
                diagnostic(
                    .duplicateKey,
                    "duplicate key '\(key)': it is first defined on line \(firstStart.line)",
                    at: store.packed[Int(later)].keyRange, key: key,
                    notes: [.init("'\(key)' is first defined here", at: document.location(firstStart))]))
        }
        for (position, entry) in store.packed.enumerated() where entry.isNested && store.isFirstOfKey(position) {
            let key = store.key(position)
            let kind = entry.kind
            diagnostics.append(
                diagnostic(
                    .notFlat,
                    "'\(key)' is \(kind == .array ? "an" : "a") <\(kind.rawValue)>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
                    at: entry.valueRange, key: key))
        }
        self.diagnostics = diagnostics.sorted()
    }

    /// Reads and checks the file at `path`; locations name it `displayPath` (by default
    /// `path`).
    ///
    /// - Throws: `ThemeError` (`io_error`) only when the file cannot be read at all.
    package static func read(
        _ path: String, displayPath: String? = nil, reader: PropertyListReader = PropertyListReader()
    ) throws(ThemeError) -> ThemeFile {
        ThemeFile(try reader.read(contentsOf: path, displayPath: displayPath))
    }
}

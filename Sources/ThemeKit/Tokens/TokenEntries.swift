/// One entry a tokens reader made: a key, its scalar value, and where the JSON wrote them
/// (byte offsets of the member's key and of its `$value`, as `JSONLocation` gives them).
package struct TokenEntry: Sendable, Hashable {
    /// The dotted key (`color.bg.primary`, `heading.fontSize`, `color.$type`).
    package var key: String
    /// The value, as a plist scalar would hold it.
    package var value: PropertyListValue
    /// Where the member that made the entry starts (its key's opening quote).
    package var keyOffset: Int
    /// Where the value starts (the `$value`'s first character, or the member's value).
    package var valueOffset: Int

    /// Creates an entry.
    package init(key: String, value: PropertyListValue, keyOffset: Int, valueOffset: Int) {
        self.key = key
        self.value = value
        self.keyOffset = keyOffset
        self.valueOffset = valueOffset
    }
}

/// A token that is only sub-keys (a composite, a cubicBezier, a stroke style): its
/// sub-keys as suffixes of its path (`.offsetX`, `.0.color`), and their types by suffix.
/// A file that references such a token of another file expands the reference by it.
package struct TokenStructure: Sendable, Hashable {
    package var suffixes: [String] = []
    package var types: [String: String] = [:]
}

extension PropertyListDocument {
    /// A document over `text` (a JSON file's bytes) holding `entries`, so that everything
    /// that takes a plist's located entries takes a tokens file's: the keys and string
    /// values go to the store's side buffer (a dotted path is written nowhere in the JSON),
    /// the ranges are the JSON's offsets (empty: a JSON value's end is not recorded).
    ///
    /// One pass over the entries and one over their keys to index them: linear.
    init(file: String, text: SourceText, tokenEntries entries: [TokenEntry], diagnostics: [Diagnostic]) {
        self.init(file: file, text: text)
        var side: [UInt8] = []
        var packed = PackedBuffer(capacity: entries.count)
        var shapes = KeyShapes()
        let suffixes = ValueKind.keySuffixes
        func append(_ text: String) -> TextRef {
            let start = side.count
            side.append(contentsOf: text.utf8)
            return TextRef(start: Int32(clamping: -start - 1), count: Int32(clamping: side.count - start))
        }
        for entry in entries {
            let keyStart = side.count
            let key = append(entry.key)
            // The key's bytes as just written to the side buffer: no copy of them is made.
            let (hash, isASCII, typed) = side.withUnsafeBufferPointer { sideBytes in
                let bytes = UnsafeBufferPointer(rebasing: sideBytes[keyStart...])
                let (hash, isASCII) = KeyHash.of(bytes)
                return (hash, isASCII, suffixes.typedNumber(forKey: bytes))
            }
            shapes.insert(first: entry.key.utf8.first ?? 0, count: side.count - keyStart)
            let kind = entry.value.kind
            let payload: UInt64
            switch entry.value {
            case .string(let text): payload = PackedEntry.payload(of: append(text))
            case .integer(let number): payload = UInt64(bitPattern: Int64(number))
            case .real(let number): payload = number.bitPattern
            case .bool(let flag): payload = flag ? 1 : 0
            case .nested: payload = 0
            }
            let keyOffset = Int32(clamping: entry.keyOffset)
            let valueOffset = Int32(clamping: entry.valueOffset)
            packed.append(
                PackedEntry(
                    key: key, payload: payload, keyStart: keyOffset, keyEnd: keyOffset, valueStart: valueOffset,
                    valueEnd: valueOffset, hash: UInt32(truncatingIfNeeded: hash), kind: kind, keyIsASCII: isASCII,
                    typedKind: typed))
        }
        var index = KeyTable(capacity: packed.count)
        var duplicates: [(Int32, Int32)] = []
        side.withUnsafeBufferPointer { sideBytes in
            func bytes(_ ref: TextRef) -> UnsafeBufferPointer<UInt8> {
                let start = -Int(ref.start) - 1
                return UnsafeBufferPointer(rebasing: sideBytes[start..<start + Int(ref.count)])
            }
            for number in 0..<packed.count {
                let entry = packed[number]
                let probe = index.probe(hash: Int(entry.hash)) { other in
                    let them = packed[other]
                    return them.hash == entry.hash
                        && KeyHash.sameKey(
                            bytes(entry.key), isASCII: entry.keyIsASCII, bytes(them.key), isASCII: them.keyIsASCII)
                }
                switch probe {
                case .found(let first, _): duplicates.append((Int32(number), Int32(first)))
                case .vacant(let slot): index.place(number, hash: Int(entry.hash), in: slot)
                }
            }
        }
        store = EntryStore(
            file: file, source: text, side: side, packed: packed, index: index, duplicates: duplicates,
            keyShapes: shapes, syntax: .tokens)
        self.diagnostics = diagnostics
    }
}

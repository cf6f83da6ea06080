/// What a resolved theme keeps of its files to say, on request, where a value came from.
///
/// Entries keep byte offsets, so the chain's documents are kept too: their texts turn the
/// offsets into lines and columns when a source is asked for.
final class ThemeProvenance: ThemeSources {
    /// The chain's documents, in chain order (child first).
    let documents: [PropertyListDocument]
    let entries: EntryTable
    let ids: [String: Int]
    let literal: [Int]
    /// For each entry that is a font, the entry its size came from (-1 for none); empty
    /// when the theme has no font.
    let sizeOf: [Int32]

    init(
        documents: [PropertyListDocument], entries: EntryTable, ids: [String: Int], literal: [Int],
        sizeOf: [Int32]
    ) {
        self.documents = documents
        self.entries = entries
        self.ids = ids
        self.literal = literal
        self.sizeOf = sizeOf
    }

    private func document(of id: Int) -> PropertyListDocument { documents[entries.file(of: id)] }

    func source(forKey key: String) -> ThemeValueSource? {
        guard let id = ids[key], id >= 0 else { return nil }
        let target = literal[id] >= 0 ? literal[id] : id
        var aliasOf: String?
        if target != id, case .string(let text) = entries[id].value {
            let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
            if ids[name] != nil { aliasOf = name }
        }
        return ThemeValueSource(
            key: document(of: id).location(at: entries[id].keyRange.start),
            value: document(of: target).location(at: entries[target].valueRange.start),
            aliasOf: aliasOf, sizeKey: sizeOf.isEmpty || sizeOf[id] < 0 ? nil : entries[Int(sizeOf[id])].key)
    }
}

import ThemeKit

/// The kinds a theme's own `P.$type` entries declare (SPEC §2), found for a key as the
/// resolver finds them: the nearest declaration over it, by one walk of its segments, so
/// that typing a theme's keys costs their length. A declaration whose name is no kind
/// declares nothing (it is not written).
struct ImportDeclarations {
    private var trie = DeclarationTrie()
    private var kinds: [ValueKind] = []

    /// The declarations among `entries`.
    init(_ entries: [String: FlatEntry]) {
        var trie = DeclarationTrie()
        var kinds: [ValueKind] = []
        for (key, entry) in entries where DeclarationKind.of(key: key) == .type {
            guard case .string(let name) = entry.value, let kind = ValueKind.declared(named: name) else { continue }
            var prefix = DeclarationKind.prefix(ofDeclaration: key)
            prefix.withUTF8 { trie.declare($0, declaration: kinds.count) }
            kinds.append(kind)
        }
        self.trie = trie
        self.kinds = kinds
    }

    /// No declarations.
    init() {}

    /// The kind declared for `key`, `nil` when no declaration lies over it.
    func kind(ofKey key: String) -> ValueKind? {
        guard !kinds.isEmpty else { return nil }
        var key = key
        let found = key.withUTF8 { trie.declaration(for: $0) }
        return found >= 0 ? kinds[found] : nil
    }

    /// The kind `key` is typed as when written: the declared kind, else the suffix's; `nil`
    /// for an untyped key (a declared `string`, `number` or `boolean` is untyped, as a key
    /// with no suffix is).
    func typedKind(ofKey key: String) -> ValueKind? {
        guard let declared = kind(ofKey: key) else { return ValueKind.typed(forKey: key) }
        if case .untyped = declared.domain { return nil }
        return declared
    }
}

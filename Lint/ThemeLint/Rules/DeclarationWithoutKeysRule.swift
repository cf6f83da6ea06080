package import ThemeKit

/// `declaration_without_keys`: A `$type` declaration under which the theme has no key.
package struct DeclarationWithoutKeysRule: Rule {
    package init() {}

    /// What the rule says of `declaration`, which declares the kind of `prefix` (empty for
    /// the whole theme) and of the keys under it.
    static func message(_ declaration: String, prefix: String) -> String {
        prefix.isEmpty
            ? "'\(declaration)' declares the kind of a theme that has no key"
            : "'\(declaration)' declares the kind of no key: the theme and its ancestors have neither '\(prefix)' nor a key under it"
    }

    /// A DTCG theme's declarations, in all its files, are looked up in one walk of its keys.
    package static let checksOwnFilesTogether = true

    /// A prefix is looked up once, however many files of a DTCG theme declare it (each set of
    /// a design system declares `color.$type`). A theme resolved from its parent asks the
    /// session's index of its lineage's prefixes, a lookup a declaration (a chain of n themes
    /// that each declare a group walked n merged themes); otherwise each key of the merged
    /// theme walks the trie of the declared prefixes once, marking the prefixes it lies under:
    /// the theme's keys cost their length, not their depth times it.
    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let keys = theme.analysis.mergedKeys else { return [] }
        let declarations = theme.ownFiles.flatMap { file in
            file.declarations.filter { $0.kind == .type }.map { (file, $0.entry) }
        }
        guard !declarations.isEmpty else { return [] }
        var prefixes: [String] = []
        var numbers: [String: Int] = [:]
        let prefixOf = declarations.map { _, entry in
            let prefix = DeclarationKind.prefix(ofDeclaration: entry.key)
            if let known = numbers[prefix] { return known }
            numbers[prefix] = prefixes.count
            prefixes.append(prefix)
            return prefixes.count - 1
        }
        var reached = [Bool](repeating: false, count: prefixes.count)
        if let first = theme.analysis.hasMergedKeys(under: prefixes[0]) {
            reached[0] = first
            for index in prefixes.indices.dropFirst() {
                reached[index] = theme.analysis.hasMergedKeys(under: prefixes[index]) ?? true
            }
        } else {
            var trie = DeclarationTrie()
            for (index, prefix) in prefixes.enumerated() {
                var prefix = prefix
                prefix.withUTF8 { trie.declare($0, declaration: index) }
            }
            for key in keys where DeclarationKind.of(key: key) == nil && !ThemeName.isReserved(key) {
                var key = key
                key.withUTF8 { trie.forEachDeclaration(over: $0) { reached[$0] = true } }
            }
        }
        return declarations.indices.compactMap { index -> Diagnostic? in
            guard !reached[prefixOf[index]] else { return nil }
            let (file, entry) = declarations[index]
            return file.document.diagnostic(
                Self.description.id, severity: .warning,
                Self.message(entry.key, prefix: DeclarationKind.prefix(ofDeclaration: entry.key)),
                at: entry.keyRange, key: entry.key)
        }
    }

    package static let description = RuleDescription(
        id: .declarationWithoutKeys,
        severity: .warning,
        summary: "A `$type` declaration under which the theme and its ancestors have no key.",
        rationale:
            "A declaration types the keys under its prefix; when there are none, its prefix is usually misspelt "
            + "and the keys it meant to type are taken as written.",
        nonTriggeringExamples: [
            RuleExample([
                "default.plist": RuleExample.plist([
                    "<key>color.$type</key><string>color</string>", "<key>color.bg</key><string>#35a2fb</string>",
                ])
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist([
                        "↓<key>colour.$type</key><string>color</string>",
                        "<key>color.bg</key><string>#35a2fb</string>",
                    ])
                ],
                messages: [
                    "'colour.$type' declares the kind of no key: the theme and its ancestors have neither 'colour' nor a key under it"
                ])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A `$type` declares the kind of no key (warning).
    package static let declarationWithoutKeys: DiagnosticCode = "declaration_without_keys"
}

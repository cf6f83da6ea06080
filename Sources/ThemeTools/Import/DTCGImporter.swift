import ThemeKit
import ThemeSupport

/// `--from dtcg`: design tokens in the W3C Design Tokens Community Group format 2025.10
/// (SPEC §12), read by ThemeKit's own tokens reader (`TokensReader`), the one the loader,
/// themelint and the language server read them with, so that an import and a lint agree.
///
/// A tokens file (`.tokens.json`, `.tokens`) is one theme named after its file; a resolver
/// document (`.resolver.json`) is one theme per combination of its modifiers' contexts,
/// flattened (each holds every set and context file it resolves, in `resolutionOrder`),
/// named after its contexts joined with `-`; a light/dark modifier makes the themes
/// APPEARANCE pairs. The reader's entries are the theme's keys as they are: a token path is
/// the key, `{a.b}` the alias `@a.b`, `$type` the declaration `P.$type` (SPEC §2), a
/// composite its typed sub-keys. Its errors are the import's failures and its notes the
/// import's notes, each at the JSON's line and column.
enum DTCGImporter {
    /// What a DTCG file is, by its name: `nil` for a name that does not say.
    enum Kind {
        case tokens, resolver
        /// Tokens Studio's `$themes.json`, beside its set files (`TokensStudioImporter`).
        case tokensStudio
    }

    /// The kind `file`'s name says: `.resolver.json` a resolver, `.tokens.json` and
    /// `.tokens` a tokens file, `$themes.json` Tokens Studio's themes.
    static func kind(ofName file: String) -> Kind? {
        if TokensStudioImporter.isThemesFile(file) { return .tokensStudio }
        let lower = file.lowercased()
        if lower.hasSuffix(".resolver.json") { return .resolver }
        if lower.hasSuffix(".tokens.json") || lower.hasSuffix(".tokens") { return .tokens }
        return nil
    }

    /// The composite types, whose `$type` ThemeKit writes on each sub-key instead (a
    /// typography's `fontSize` is a `dimension`, …): the composite's own is not written.
    static let compositeTypes: Set<String> = ["typography", "shadow", "border", "transition", "gradient"]

    /// Whether a JSON document is DTCG by its content: a `$schema` naming the DTCG schemas
    /// (`https://www.designtokens.org/schemas/…`), a resolver's `resolutionOrder` at the
    /// root, or a token (an object with a `$value`) anywhere. One walk, stopped at the first.
    static func recognises(_ root: ImportNode) -> Bool {
        guard let members = root.members else { return false }
        for member in members {
            if member.key == "$schema", case .string(let text) = member.node.value,
                text.lowercased().contains("designtokens.org/schemas")
            {
                return true
            }
            if member.key == "resolutionOrder" { return true }
        }
        var stack = members.map(\.node)
        while let node = stack.popLast() {
            guard case .dict(let inner) = node.value else { continue }
            for member in inner {
                if member.key == "$value" { return true }
                stack.append(member.node)
            }
        }
        return false
    }

    /// Whether the document `bytes` is a resolver: by its name, else by a `resolutionOrder`
    /// at its root or a `$schema` naming the resolver schema. A file that does not parse is
    /// read as a tokens file, whose reader says where it breaks.
    static func isResolver(_ bytes: [UInt8], file: String) -> Bool {
        if let kind = kind(ofName: file) { return kind == .resolver }
        guard let root = try? JSONReader.read(bytes, duplicateKeys: .keep, maximumDepth: 128),
            let members = root.members
        else {
            return false
        }
        return members.contains {
            $0.key == "resolutionOrder" || ($0.key == "$schema" && ($0.value.string ?? "").hasSuffix("resolver.json"))
        }
    }

    /// The themes of `bytes`, read from `file`; the reader's notes added to `notes`.
    ///
    /// - Throws: `ImportFailure` with every error the reader found (a file that does not
    ///   parse, a bad name, a value that does not fit its `$type`, a dangling `$ref`, a
    ///   resolver source that cannot be read), each at its line and column, with its code.
    static func themes(_ bytes: [UInt8], file: String, notes: inout [ImportNote]) throws(ImportFailure)
        -> [SourceTheme]
    {
        if TokensStudioImporter.isThemesFile(file) {
            return try TokensStudioImporter.themes(bytes, file: file, notes: &notes)
        }
        // A tokens file is one theme of one file, named after it.
        let themes: [(name: String, files: [ThemeFile])]
        var start: String?
        var diagnostics: [Diagnostic] = []
        let documents: [TokensDocument]
        if isResolver(bytes, file: file) {
            let resolver = TokensReader.readResolver(bytes, file: file)
            themes = resolver.themes.map { ($0.name, $0.files) }
            start = resolver.themes.count > 1 ? resolver.defaultTheme : nil
            diagnostics = resolver.diagnostics
            documents = resolver.documents
        } else {
            let document = TokensReader.read(bytes, file: file)
            themes = [(stem(of: file), [document.themeFile])]
            documents = [document]
        }
        var failures: [ImportFailure] = []
        var seen = Set<Diagnostic>()
        func take(_ diagnostic: Diagnostic) {
            guard seen.insert(diagnostic).inserted else { return }
            if diagnostic.severity == .error {
                failures.append(
                    ImportFailure("\(diagnostic.message) [\(diagnostic.code.rawValue)]", at: diagnostic.location))
            } else {
                notes.append(ImportNote(diagnostic.message, at: diagnostic.location))
            }
        }
        diagnostics.forEach(take)
        for document in documents {
            // The checked file's problems: the reader's, and a key written twice (`duplicate_key`).
            document.themeFile.diagnostics.forEach(take)
            document.notes.forEach(take)
        }
        try ThemeImporter.throwAll(failures)
        return themes.map {
            var theme = theme(named: $0.name, files: $0.files, resolver: file, notes: &notes)
            theme.isSourceDefault = $0.name == start
            return theme
        }
    }

    /// The most combinations of contexts an import writes (the reader's bound: a resolver
    /// of more is refused at the modifier that passes it).
    static let maximumCombinations = TokensReader.maximumCombinations

    /// One theme: its files' entries merged in order (a later file's key wins, the
    /// resolver's rule), the reserved entries the resolver gave (`APPEARANCE`, the
    /// partner) as the theme's appearance and partner; references to a structured token of
    /// another file expanded (`expandStructuredAliases`); the declarations of types
    /// ThemeKit has no kind for left out.
    static func theme(named name: String, files: [ThemeFile], resolver file: String, notes: inout [ImportNote])
        -> SourceTheme
    {
        var theme = SourceTheme(name: name, at: SourceLocation(file: file, line: 1, column: 1))
        var entries: [String: FlatEntry] = [:]
        for themeFile in files {
            let document = themeFile.document
            for entry in document.entries {
                let location = document.location(at: entry.valueRange.start)
                let value: FlatValue
                switch entry.value {
                case .string(let text): value = .string(text)
                case .integer(let number): value = .integer(number)
                case .real(let number): value = .real(number)
                case .bool(let flag): value = .bool(flag)
                case .nested: continue  // a tokens document holds scalars only
                }
                switch entry.key {
                case ThemeName.appearanceKey:
                    if case .string(let text) = value { theme.appearance = ThemeAppearance(rawValue: text) }
                    theme.location = location
                case ThemeName.partnerKey(for: .dark), ThemeName.partnerKey(for: .light):
                    if case .string(let text) = value { theme.partner = text }
                default:
                    entries[entry.key] = FlatEntry(value, source: entry.key, at: location)
                }
            }
        }
        expandStructuredAliases(&entries)
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard DeclarationKind.of(key: key) == .type, case .string(let name) = entry.value,
                ValueKind.declared(named: name) == nil
            else { continue }
            // A composite's type is on each of its sub-keys; any other name ThemeKit has no
            // kind for (`custom-…`) types nothing: its keys are written as their values are.
            if !compositeTypes.contains(name) {
                notes.append(
                    ImportNote(
                        "'\(key)' is '\(name)', a type ThemeKit has no kind for: not written, and the keys under it are written as their values are",
                        at: entry.location))
            }
            entries[key] = nil
        }
        theme.entries = entries
        return theme
    }

    /// The types whose tokens are only sub-keys (`P.x1` … `P.y2`, `P.fontSize`, …).
    static let structuredTypes: Set<String> = compositeTypes.union(["cubicBezier", "strokeStyle"])

    /// A reference to a structured token (a composite, a cubicBezier) of another file
    /// becomes a reference per sub-key, as the reader does within a file
    /// (`button.transition.timingFunction: {easing.standard}` gives
    /// `button.transition.timingFunction.x1: @easing.standard.x1`, …, with their `$type`s):
    /// a flat theme has no value at the token's own key to refer to. The reference's chain
    /// is followed (through keys that are references themselves) to the token that has the
    /// sub-keys, once for each key on it; its sub-keys are found by a binary search of the
    /// sorted keys. An explicit key wins over one the expansion would make.
    static func expandStructuredAliases(_ entries: inout [String: FlatEntry]) {
        // The type declared over each key: the nearest `P.$type`, by one walk of its segments.
        var trie = DeclarationTrie()
        var types: [String] = []
        for (key, entry) in entries where DeclarationKind.of(key: key) == .type {
            guard case .string(let name) = entry.value else { continue }
            var prefix = DeclarationKind.prefix(ofDeclaration: key)
            prefix.withUTF8 { trie.declare($0, declaration: types.count) }
            types.append(name)
        }
        guard types.contains(where: structuredTypes.contains) else { return }
        func declaredType(_ key: String) -> String? {
            var key = key
            let found = key.withUTF8 { trie.declaration(for: $0) }
            return found >= 0 ? types[found] : nil
        }
        let sorted = entries.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        /// The keys under `root` (`root.…`), in order.
        func keys(under root: String) -> ArraySlice<[UInt8]> {
            let prefix = Array(root.utf8) + [UInt8(ascii: ".")]
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < sorted.count, sorted[end].starts(with: prefix) { end += 1 }
            return sorted[low..<end]
        }
        // Where each reference's chain ends: a structured token that is no key, with keys under it.
        var ends: [String: String?] = [:]
        func chainEnd(_ target: String) -> String? {
            var current = target
            var walked: [String] = []
            var seen = Set<String>()
            var answer: String?
            while true {
                if let known = ends[current] {
                    answer = known
                    break
                }
                walked.append(current)
                guard let entry = entries[current] else {
                    if let type = declaredType(current), structuredTypes.contains(type),
                        !keys(under: current).isEmpty
                    {
                        answer = current
                    }
                    break
                }
                guard case .string(let text) = entry.value, text.hasPrefix("@"), seen.insert(current).inserted else {
                    break
                }
                current = String(text.dropFirst())
            }
            for key in walked { ends[key] = .some(answer) }
            return answer
        }
        var added: [String: FlatEntry] = [:]
        var expanded: [String] = []
        for (key, entry) in entries {
            guard case .string(let text) = entry.value, text.hasPrefix("@"), DeclarationKind.of(key: key) == nil
            else { continue }
            let target = String(text.dropFirst())
            guard let root = chainEnd(target) else { continue }
            expanded.append(key)
            for sub in keys(under: root) {
                let suffix = String(decoding: sub[root.utf8.count...], as: UTF8.self)
                switch DeclarationKind.of(key: suffix) {
                case .type?:
                    var declaration = entries[String(decoding: sub, as: UTF8.self)] ?? entry
                    declaration.location = entry.location
                    declaration.source = key + suffix
                    added[key + suffix] = declaration
                case .description?, .deprecated?:
                    continue
                case nil:
                    added[key + suffix] = FlatEntry(
                        .string("@" + target + suffix), source: key + suffix, at: entry.location)
                }
            }
        }
        for key in expanded { entries[key] = nil }
        entries.merge(added) { own, _ in own }
    }

    /// A file name without its folder and its `.tokens.json`, `.tokens` or `.json`.
    static func stem(of file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        for suffix in [".tokens.json", ".tokens", ".json"] where name.lowercased().hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            break
        }
        return String(name)
    }
}

/// Merges a theme with its ancestors and resolves every value once.
///
/// Keys are numbered by their place in the chain's files, and resolution state lives in
/// flat arrays indexed by that number: each alias chain is walked iteratively and at most
/// once, however long it is, so a 100,000-link chain costs no stack and no quadratic time.
/// Keys and values are read from the reader's packed entries: a key is hashed once, when
/// it is read, and no string is made for a key or for a value parsed into a color or a
/// number.
struct ThemeResolver {
    /// The theme and its ancestors, child first; each already checked on its own. The last
    /// `chain.count - keyFiles` files only declare: their keys are no keys of the theme.
    let chain: [ThemeFile]
    /// How many files of `chain`, from the first, give the theme keys.
    private let keyFiles: Int
    /// The name of `chain[0]`.
    let name: String
    /// The theme's lineage: the names and files of the theme and every ancestor. `chain`
    /// may leave out ancestors none of whose keys the merged theme keeps.
    let lineage: ThemeLineage
    let options: ThemeOptions
    /// Whether only `@name` is an alias, never a string that is a key's name: a DTCG theme's
    /// (SPEC §12), whose references are all curly (`{a.b}`, read as `@a.b`), so that a
    /// literal `"bar"` stays `"bar"` beside a token named `bar`.
    var explicitAliasesOnly = false

    /// The outcome: every problem found, and the resolved tables a theme is built from.
    struct Outcome {
        var diagnostics: [Diagnostic]
        var resolved: ResolvedTheme
    }

    /// Resolution state of one key.
    private enum State: UInt8 {
        case unvisited, visiting, resolved, failed
    }

    // Per-entry tables, indexed by global entry number (file offset + entry index).
    /// Every entry of every file of the chain, numbered, the child's first.
    private var entries = EntryTable()
    /// The merged theme's keys (child wins): each key's entry number.
    private var table = KeyTable()
    /// Whether each entry is the one `table` holds for its key.
    private var isKey: [Bool] = []
    /// For each key of the merged theme, what its value names (`aliasTargets`).
    private var aliasOf: [Int32] = []
    private var state: [State] = []
    private var literal: [Int32] = []
    /// Each entry's value, where `hasValue` says it has one (the rest is uninitialized):
    /// written once each, with no optional to destroy first, and handed to the theme.
    private let typed: TypedValues
    private var hasValue: [Bool] = []
    private var typedDone: [Bool] = []
    /// For each font entry, the entry its size came from (-1 for none); allocated at the
    /// first font, so a theme without fonts pays nothing.
    private var sizeOf: [Int32] = []
    /// Unresolved names waiting for a "did you mean" (index into `diagnostics`, name, and the
    /// entry whose value names it, which is never the suggestion).
    private var pendingSuggestions: [(index: Int, name: String, holder: Int)] = []
    /// Scratch space for one alias walk (its first `pathCount` numbers), kept between walks
    /// to spare the allocation.
    private var path: [Int] = []
    private var pathCount = 0
    private var diagnostics: [Diagnostic] = []
    /// For each entry whose alias chain was asked for it (`nearestLink(from:)`), the link of
    /// that chain in the file nearest the child; allocated at the first ask, which only a
    /// broken alias of a chain of files makes.
    private var nearest: [Int32] = []
    /// The index in `diagnostics` of each entry's own wrong-value problem.
    private var wrongValueReport: [Int: Int] = [:]
    /// Ancestors' aliases broken by a nearer file's value, each reported at that value when
    /// every key is resolved: a note on its own error, or on one error said there for them.
    private var reachedFrom: [(link: Int, alias: Int, target: Int, kind: ValueKind)] = []
    private var keyShapes = KeyShapes()
    private var fontNames = FontNames()
    /// Each key's declared kind (SPEC §2), as `ValueKind.typedNumber`, by entry number, or
    /// `notDeclared`; empty when the chain declares none.
    private var declaredKind: [UInt8] = []
    /// The `$type` entry that declares each key's kind, by entry number (-1 for none);
    /// empty when the chain declares none.
    private var declaredBy: [Int32] = []
    /// The `$description` and `$deprecated` entries nearest each key, by entry number (-1
    /// for none); empty when the chain has neither.
    private var descriptions: [Int32] = []
    private var deprecations: [Int32] = []
    /// `declaredKind` of a key no declaration reaches.
    private static let notDeclared = DeclaredKinds.notDeclared
    /// `ValueKind.typedDomains`, read once (a static is a `swift_once` check each time).
    private let typedDomains = ValueKind.typedDomains

    /// A resolver of `chain`, whose `resolve()` must then be called, once: it hands the
    /// values' memory, allocated here, to the theme.
    ///
    /// `declaring` are files of ancestors left out of `chain` whose declarations (`P.$type`,
    /// `P.$description`, `P.$deprecated`; SPEC §2) still reach the keys of `chain`, nearest
    /// first: a session resolves a theme that only adds keys alone, with the declarations it
    /// inherits, and none of their keys becomes a key of the theme.
    init(
        name: String, lineage: ThemeLineage, chain: [ThemeFile], declaring: [ThemeFile] = [],
        options: ThemeOptions
    ) {
        self.name = name
        self.lineage = lineage
        self.chain = chain + declaring
        keyFiles = chain.count
        self.options = options
        typed = TypedValues(count: self.chain.reduce(0) { $0 + $1.document.store.count })
    }

    /// Merges and resolves every key; what the theme is made of is handed over with the
    /// problems, and the `Theme` itself is built only by a caller that asks for it.
    mutating func resolve() -> Outcome {
        mergeKeys()
        applyDeclarations()
        aliasOf = Self.aliasTargets(
            of: isKey, in: entries, table: table, shapes: keyShapes, explicitOnly: explicitAliasesOnly)
        state = Array(repeating: .unvisited, count: entries.count)
        literal = Array(repeating: -1, count: entries.count)
        hasValue = Array(repeating: false, count: entries.count)
        typedDone = Array(repeating: false, count: entries.count)

        // In entry order, not the table's: the entries and their text are then read one
        // after the other, where hash order read them at random and the load waited on
        // memory (a third of the resolver's time, perf at 10,000 keys).
        let table = table
        let isKey = isKey
        var broken = 0
        for id in 0..<isKey.count where isKey[id] {
            if !typedValue(id) { broken += 1 }
        }
        addReachedNotes()
        addSuggestions()
        let provenance = ThemeProvenance(entries: entries, table: table, literal: literal, sizeOf: sizeOf)
        return Outcome(
            diagnostics: diagnostics.sorted(),
            resolved: ResolvedTheme(
                name: name, lineage: lineage,
                values: LoadedValues(
                    typed: typed, hasValue: hasValue, provenance: provenance, count: table.count - broken,
                    declared: declaredKinds()),
                isWhole: broken == 0))
    }

    /// Numbers every entry of the chain and builds the merged key table: each file's
    /// first entry of a key, the child's over its ancestors', scalars over nested values
    /// (which are reported as not flat, and kept as keys that never resolve so that
    /// aliases to them are not also called dangling). `INHERITED_THEME` is no value.
    ///
    /// Keys are placed by the hashes the reader stored: none is hashed again. A theme
    /// with no parent has no other keys than its file's, and uses the file's own index.
    private mutating func mergeKeys() {
        let stores = chain.map(\.document.store)
        entries = EntryTable(stores)
        // The child's own index is the start: a copy of its slots (one block copied, no key
        // placed again), less `INHERITED_THEME`; each ancestor then adds the keys nothing
        // nearer has set, in chain order. A scalar takes a key from a nested value (which
        // is reported as not flat, and kept as a key that never resolves so that aliases to
        // it are not also called dangling); a nested value never takes one.
        var table = stores[0].index
        var isKey = [Bool](repeating: false, count: entries.count)
        for index in 0..<stores[0].count { isKey[index] = stores[0].isFirstOfKey(index) }
        for reserved in stores[0].reservedEntries().all + stores[0].declarations.map({ Int($0.entry) }) {
            if case .found(_, let slot) = table.probe(
                hash: Int(stores[0].packed[reserved].hash), matching: { $0 == reserved })
            {
                table.remove(slot: slot)
                isKey[reserved] = false
            }
        }
        let entries = entries
        for (file, store) in stores.enumerated().dropFirst() where file < keyFiles {
            let offset = entries.offsets[file]
            let reserved = store.reservedEntries()
            let declarations = store.declarationMask()
            let packed = store.packed
            for index in 0..<packed.count
            where !reserved.contains(index) && (declarations.isEmpty || !declarations[index])
                && store.isFirstOfKey(index)
            {
                let entry = packed[index]
                let hash = Int(entry.hash)
                switch table.probe(hash: hash, matching: { entries.sameKey($0, offset + index) }) {
                case .vacant(let slot):
                    table.place(offset + index, hash: hash, in: slot)
                    isKey[offset + index] = true
                case .found(let nearer, let slot):
                    if entries[nearer].isNested && !entry.isNested {
                        table.replace(slot: slot, with: offset + index)
                        isKey[nearer] = false
                        isKey[offset + index] = true
                    }
                }
            }
        }
        self.table = table
        self.isKey = isKey
        // Each file's, found as it was read: a few more than the merged theme's keys
        // (`INHERITED_THEME`, keys set nearer), which only lets a few more strings be looked up.
        keyShapes = stores.prefix(keyFiles).reduce(into: KeyShapes()) { $0.formUnion($1.keyShapes) }
    }

    // MARK: Declared kinds

    /// Finds each key's nearest `$type` declaration (SPEC §2) over the whole chain (a
    /// nearer file's declaration of a prefix over an ancestor's), and the kind it names.
    /// A chain with no declaration pays one look at each file's list.
    private mutating func applyDeclarations() {
        guard chain.contains(where: { !$0.document.store.declarations.isEmpty }) else { return }
        // One trie, a slot a declaration kind (`$type`, `$description`, `$deprecated`, by
        // rawValue): each key finds its three nearest declarations in one walk.
        var trie = DeclarationTrie()
        // The kind each `$type` names, by the declaration's entry number, found as it is
        // declared: a file names a few kinds many times, so the names met are kept.
        var kindOf = [UInt8](repeating: Self.notDeclared, count: entries.count)
        var names = KindNames()
        let entries = entries
        for (file, store) in entries.stores.enumerated() {
            let offset = entries.offsets[file]
            for (entry, kind) in store.declarations where store.isFirstOfKey(Int(entry)) {
                let id = offset + Int(entry)
                entries.withKey(id) { key in
                    let prefix = max(0, key.count - kind.segment.utf8.count - 1)
                    trie.declare(
                        UnsafeBufferPointer(rebasing: key[..<prefix]), declaration: id, slot: Int(kind.rawValue))
                }
                if kind == .type { kindOf[id] = names.kind(of: id, in: entries) }
            }
        }
        let notes = trie.hasDeclarations(inSlot: 1) || trie.hasDeclarations(inSlot: 2)
        var declaredKind = [UInt8](repeating: Self.notDeclared, count: entries.count)
        var declaredBy = [Int32](repeating: -1, count: entries.count)
        var descriptions = notes ? [Int32](repeating: -1, count: entries.count) : []
        var deprecations = notes ? [Int32](repeating: -1, count: entries.count) : []
        // Keys in entry order: each shares most of its segments with the one before it.
        var cursor = DeclarationTrie.Cursor()
        for id in 0..<isKey.count where isKey[id] {
            let (declaration, description, deprecation) = entries.withKey(id) {
                trie.declarations(for: $0, from: &cursor)
            }
            if notes {
                descriptions[id] = Int32(description)
                deprecations[id] = Int32(deprecation)
            }
            guard declaration >= 0 else { continue }
            let kind = kindOf[declaration]
            guard kind != Self.notDeclared else { continue }
            declaredKind[id] = kind
            declaredBy[id] = Int32(declaration)
        }
        self.declaredKind = declaredKind
        self.declaredBy = declaredBy
        self.descriptions = descriptions
        self.deprecations = deprecations
    }

    /// The kinds that `$type` values name, as `ValueKind.typedNumber` (`notDeclared` for a
    /// name that is no kind), each name looked up once: the few a chain writes are kept and
    /// compared as bytes, up to a bound past which a name is looked up each time.
    private struct KindNames {
        private var names: [(text: [UInt8], kind: UInt8)] = []
        private static let kept = 32

        /// The kind the `$type` entry `id` names.
        mutating func kind(of id: Int, in entries: EntryTable) -> UInt8 {
            guard entries[id].kind == .string else { return ThemeResolver.notDeclared }
            return entries.withText(id) { text in
                for name in names where name.text.count == text.count {
                    if name.text.withUnsafeBufferPointer({ KeyHash.equalBytes($0, text) }) { return name.kind }
                }
                let kind =
                    ValueKind.declared(named: String(decoding: text, as: UTF8.self))?.typedNumber
                    ?? ThemeResolver.notDeclared
                if names.count < Self.kept { names.append((Array(text), kind)) }
                return kind
            }
        }
    }

    /// The keys whose kind is declared, for the loaded theme's lookups: the resolver's own
    /// tables, handed over (no table is built a key at a time).
    private func declaredKinds() -> DeclaredKinds {
        DeclaredKinds(
            kinds: declaredKind, declarations: declaredBy, descriptions: descriptions, deprecations: deprecations)
    }

    /// Entry `id`'s kind as `ValueKind.typedNumber`: declared, else its suffix's.
    @inline(__always)
    private func typedKind(_ id: Int) -> UInt8 {
        if !declaredKind.isEmpty, declaredKind[id] != Self.notDeclared { return declaredKind[id] }
        return entries[id].typedKind
    }

    // MARK: Entries

    /// `aliasOf` for a value that names no key: not a string, or a string that is no key.
    private static let notAnAlias: Int32 = -1
    /// `aliasOf` for an explicit alias (`@name`) whose name is no key.
    private static let unknownName: Int32 = -2

    /// What each key's value names, by entry number: the key a string value aliases
    /// (`@name` always, a bare name only when it is exactly a key of the merged theme), or
    /// `unknownName`, or `notAnAlias`.
    ///
    /// All looked up in one pass before resolution, rather than each during its alias
    /// walk: a lookup waits on memory (the table's slot, the key's entry, its text), and
    /// back to back the waits overlap, where between walks they did not.
    private static func aliasTargets(
        of isKey: [Bool], in entries: EntryTable, table: KeyTable, shapes: KeyShapes, explicitOnly: Bool = false
    ) -> [Int32] {
        var targets = [Int32](repeating: notAnAlias, count: isKey.count)
        for id in 0..<isKey.count where isKey[id] && entries[id].kind == .string {
            targets[id] = entries.withText(id) { text in
                guard shapes.mayName(text), !isInheritedStyle(id, in: entries) else { return notAnAlias }
                if text.first == UInt8(ascii: "@") {
                    let name = UnsafeBufferPointer(rebasing: text.dropFirst())
                    return table.find(key: name, in: entries).map { Int32($0) } ?? unknownName
                }
                if explicitOnly { return notAnAlias }
                return table.find(key: text, in: entries).map { Int32($0) } ?? notAnAlias
            }
        }
        return targets
    }

    /// The bytes of `.INHERITED_STYLE`, the end of a key that names a style's parent.
    private static let inheritedStyleSuffix = Array(("." + ThemeStyle.inheritedStyleProperty).utf8)

    /// Whether entry `id`'s key names a style's parent (`Style.INHERITED_STYLE`): its value
    /// is a style name, never an alias, even when a key of that name exists. Asked only of
    /// strings that may name a key, so a load reads no more key text than before.
    private static func isInheritedStyle(_ id: Int, in entries: EntryTable) -> Bool {
        entries.withKey(id) { key in
            key.count > inheritedStyleSuffix.count
                && key.suffix(inheritedStyleSuffix.count).elementsEqual(inheritedStyleSuffix)
        }
    }

    /// The name an explicit alias (`@name`) at entry `id` gives.
    private func aliasName(_ id: Int) -> String {
        String(entries.withText(id) { String(decoding: $0, as: UTF8.self) }.dropFirst())
    }

    // MARK: Aliases

    /// The global number of the entry whose literal `id` resolves to, or nil when its
    /// chain dangles or cycles (reported once, where it goes wrong).
    private mutating func resolveLiteral(_ start: Int) -> Int? {
        pathCount = 0
        var current = start
        var outcome: Int?
        walk: while true {
            switch state[current] {
            case .resolved:
                outcome = Int(literal[current])
                break walk
            case .failed:
                break walk
            case .visiting:
                reportCycle(path: Array(path[0..<pathCount]), revisiting: current)
                break walk
            case .unvisited:
                state[current] = .visiting
                if pathCount < path.count { path[pathCount] = current } else { path.append(current) }
                pathCount += 1
                if entries[current].isNested { break walk }  // reported as not flat
                let alias = aliasOf[current]
                if alias == Self.notAnAlias {
                    outcome = current
                    break walk
                }
                if alias == Self.unknownName {
                    reportUnknownAlias(current, name: aliasName(current))
                    break walk
                }
                let next = Int(alias)
                guard !entries[next].isNested else { break walk }  // an alias of a nested value: reported as not flat
                current = next
            }
        }
        let final: State = outcome == nil ? .failed : .resolved
        let target = Int32(outcome ?? -1)
        for index in 0..<pathCount {
            let id = path[index]
            if state[id] == .visiting {
                state[id] = final
                literal[id] = target
            }
        }
        return outcome
    }

    /// Reported at the member in the file nearest the child, the first there: a cycle that a
    /// child's override closes through a parent's aliases is the child's error, with the
    /// parent's members as notes (the parent alone has no cycle).
    private mutating func reportCycle(path: [Int], revisiting: Int) {
        guard let start = path.firstIndex(of: revisiting) else { return }
        var members = Array(path[start...])
        let locations = members.map { location(of: $0, \.valueRange) }
        let files = members.map { entries.file(of: $0) }
        if let first = locations.indices.min(by: { (files[$0], locations[$0]) < (files[$1], locations[$1]) }) {
            members = Array(members[first...] + members[..<first])
        }
        let names = members.map { entries.key($0) }
        let notes = members.dropFirst().map { id in
            Diagnostic.Note(Message.cycleMember(entries.key(id)), at: location(of: id, \.valueRange))
        }
        report(
            .aliasCycle, Message.aliasCycle(names, syntax: syntax(of: members[0])), at: members[0],
            \.valueRange, notes: notes)
        for id in members { state[id] = .failed }
    }

    private mutating func reportUnknownAlias(_ id: Int, name: String) {
        report(.unresolvedAlias, Message.namesNoKey(name, syntax: syntax(of: id)), at: id, \.valueRange)
        pendingSuggestions.append((diagnostics.count - 1, name, id))
    }

    /// Adds "did you mean" to the unresolved aliases, in file order, while the budget
    /// lasts: each suggestion compares a name with every key, so thousands of dangling
    /// aliases in a large theme would otherwise take time quadratic in its size. Done after
    /// resolution so that which aliases get one does not depend on the order of work. The
    /// key that holds the alias is never suggested (`color.a`'s own `{color.b}` is no typo
    /// of `color.a`), and a suggestion is shown as the file would write it.
    private mutating func addSuggestions() {
        guard !pendingSuggestions.isEmpty else { return }
        let ordered = pendingSuggestions.sorted { diagnostics[$0.index].location < diagnostics[$1.index].location }
        var budget = Suggestions.Budget()
        var keys: [String] = []
        let entries = entries
        for id in table.numbers { keys.append(entries.key(id)) }
        let candidates = Suggestions.Candidates(keys)
        for (index, name, holder) in ordered {
            let suggestion = entries.withKey(holder) { budget.closest(to: name, among: candidates, excluding: $0) }
            diagnostics[index].message += Suggestions.hint(suggestion.map(syntax(of: holder).link))
        }
    }

    // MARK: Typed values

    /// Resolves and parses the key at `id` for its suffix, into `typed[id]`; false when it
    /// is wrong (reported) or depends on something wrong (reported there).
    private mutating func typedValue(_ id: Int) -> Bool {
        if typedDone[id] { return hasValue[id] }
        typedDone[id] = true
        // Most values are literals: no walk for them (an alias walk that reaches one later
        // finds it the same either way).
        let target: Int
        if aliasOf[id] == Self.notAnAlias && !entries[id].isNested {
            target = id
        } else {
            guard let walked = resolveLiteral(id) else { return false }
            target = walked
            // An alias of a key of its own kind whose value is made: that value (a font
            // excepted, whose size is its own key's).
            let typedKind = typedKind(id)
            if hasValue[target], self.typedKind(target) == typedKind,
                typedKind == 0 || typedDomains[Int(typedKind) - 1] != .font
            {
                typed.initialize(id, to: typed[target])
                hasValue[id] = true
                return true
            }
        }
        guard let value = parse(id: id, literalAt: target) else { return false }
        typed.initialize(id, to: value)
        hasValue[id] = true
        return true
    }

    /// The value of entry `id` from the literal its chain ends at (`target`), as its key's
    /// kind's entry in `ValueKind` says: checked typed values, untyped values as written.
    private mutating func parse(id: Int, literalAt target: Int) -> ThemeValue? {
        let written = entries[target]
        let typedKind = typedKind(id)
        guard typedKind != 0 else {
            switch written.kind {
            case .string: return .string(entries.withText(target) { String(decoding: $0, as: UTF8.self) })
            case .integer: return .number(Double(Int(truncatingIfNeeded: Int64(bitPattern: written.payload))))
            case .real: return .number(Double(bitPattern: written.payload))
            case .bool: return .bool(written.payload != 0)
            case .dict, .array, .data, .date: return nil
            }
        }
        let declared = !declaredKind.isEmpty && declaredKind[id] != Self.notDeclared
        switch declared ? ValueKind.typedDeclaredDomains[Int(typedKind) - 1] : typedDomains[Int(typedKind) - 1] {
        case .color:
            let alphaOrder = options.alphaOrder
            if written.kind == .string,
                let color = entries.withText(target, { ThemeColor(hex: $0, alphaOrder: alphaOrder) })
            {
                return .color(color)
            }
        case .number(let range):
            if let number = Self.number(target, in: entries), range.contains(number) {
                return ValueKind.value(number, typedNumber: typedKind)
            }
        case .image:
            if written.kind == .string {
                return .image(entries.withText(target) { String(decoding: $0, as: UTF8.self) })
            }
        case .font:
            guard written.kind == .string else { break }
            switch fontSize(for: id) {
            case .found(let size):
                return .font(ThemeFont(name: fontNames.name(writtenAt: target, in: entries), size: size))
            case .invalid: return nil
            case .notASize(let sizeID):
                report(
                    .invalidSize, Message.notASize(entries.key(sizeID), font: entries.key(id)), at: sizeID, \.valueRange
                )
                return nil
            case .missing:
                report(.missingFontSize, Message.noSize(entries.key(id)), at: id, \.keyRange)
                return nil
            }
        case .untyped:
            break
        }
        reportWrongType(ValueKind.typed[Int(typedKind) - 1], id: id, target: target)
        return nil
    }

    /// The names of the fonts made so far, one string each: a theme names a few families
    /// many times over (an RNThemeManager theme, 2,000 fonts of one name), and a name longer
    /// than a small string's 15 bytes is otherwise an allocation, a copy and, when the theme
    /// goes, a free, each time (a twentieth of such a load's instructions, callgrind).
    ///
    /// Sixteen slots, each holding the last name made whose length and bytes chose it: a
    /// theme of many names misses, and pays one compare more per font.
    struct FontNames {
        private var slots: [(entry: Int32, name: String)] = []

        /// The name written at entry `target`, shared with an earlier font's of the same text.
        mutating func name(writtenAt target: Int, in entries: EntryTable) -> String {
            entries.withText(target) { text in
                guard text.count > 15 else { return String(decoding: text, as: UTF8.self) }
                if slots.isEmpty { slots = Array(repeating: (-1, ""), count: 16) }
                let slot = (text.count &* 31 ^ Int(text[text.count / 2]) &* 7 ^ Int(text[text.count - 1])) & 15
                let cached = slots[slot]
                if cached.entry >= 0,
                    entries.withText(Int(cached.entry), { $0.count == text.count && KeyHash.equalBytes($0, text) })
                {
                    return cached.name
                }
                let name = String(decoding: text, as: UTF8.self)
                slots[slot] = (Int32(target), name)
                return name
            }
        }
    }

    /// The number entry `id` is written as: `<integer>`, `<real>` or a numeric `<string>`.
    private static func number(_ id: Int, in entries: EntryTable) -> Double? {
        let entry = entries[id]
        switch entry.kind {
        case .integer: return Double(Int(truncatingIfNeeded: Int64(bitPattern: entry.payload)))
        case .real: return Double(bitPattern: entry.payload)
        case .string: return entries.withText(id, ThemeValue.number(in:))
        case .bool, .dict, .array, .data, .date: return nil
        }
    }

    private enum FontSize {
        case found(Double)
        case missing
        /// The size key's value is not of its kind (an error said at the size key).
        case invalid
        /// The size key's value is of its kind, a declared one, but not a size: a string,
        /// or a number of 0 or less.
        case notASize(Int)
    }

    /// `xFont` takes `xFontSize`; failing that, the first `…FontSize` of a font along its
    /// alias chain.
    private mutating func fontSize(for id: Int) -> FontSize {
        guard let sizeID = sizeKeyAlongChain(of: id) else { return .missing }
        guard !entries[sizeID].isNested, typedValue(sizeID) else { return .invalid }
        guard let size = typed.size(sizeID, hasValue: hasValue[sizeID]) else { return .notASize(sizeID) }
        if sizeOf.isEmpty { sizeOf = Array(repeating: -1, count: entries.count) }
        sizeOf[id] = Int32(sizeID)
        return .found(size)
    }

    /// The size key of the first font along the alias chain from `id` (itself first) that
    /// has one. Not mutating, so that reading the tables costs no retain: inside `fontSize`,
    /// around whose call of `typedValue`, every table read would be a copy.
    private func sizeKeyAlongChain(of id: Int) -> Int? {
        var current = id
        var seen = 0
        while seen <= entries.count {
            seen += 1
            if typedKind(current) == ValueKind.fontNumber,
                let sizeID = Self.sizeKey(ofFont: current, in: entries, table: table, isKey: isKey)
            {
                return sizeID
            }
            let next = Int(aliasOf[current])
            guard next >= 0, !entries[next].isNested else { return nil }
            current = next
        }
        return nil
    }

    /// The entry number of the merged theme's size key of the font key at `id`. Most
    /// themes write a font's size right after it: when the next entry is the merged
    /// theme's and its key is the font's plus `Size` (equal bytes are the same key), that
    /// is the answer with no hashing.
    @inline(__always)
    private static func sizeKey(ofFont id: Int, in entries: EntryTable, table: KeyTable, isKey: [Bool]) -> Int? {
        let next = id + 1
        if next < isKey.count, isKey[next], entries.file(of: next) == entries.file(of: id) {
            let adjacent = entries.withKey(id) { font in
                entries.withKey(next) { candidate in Self.bytes(candidate, are: font, appending: ValueKind.sizeSuffix) }
            }
            if adjacent { return next }
        }
        return entries.withKey(id) { lookup($0, appending: ValueKind.sizeSuffix, in: entries, table: table) }
    }

    /// Whether `candidate` is the bytes of `key` followed by those of `suffix`.
    @inline(__always)
    private static func bytes(
        _ candidate: UnsafeBufferPointer<UInt8>, are key: UnsafeBufferPointer<UInt8>, appending suffix: StaticString
    ) -> Bool {
        let suffixBytes = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return candidate.count == key.count + suffixBytes.count
            && KeyHash.equalBytes(UnsafeBufferPointer(rebasing: candidate[..<key.count]), key)
            && KeyHash.equalBytes(UnsafeBufferPointer(rebasing: candidate[key.count...]), suffixBytes)
    }

    /// The entry number of the merged theme's key `key` + `suffix` (a font's size key).
    private static func lookup(
        _ key: UnsafeBufferPointer<UInt8>, appending suffix: StaticString, in entries: EntryTable, table: KeyTable
    ) -> Int? {
        let (hash, isASCII) = KeyHash.of(key, appending: suffix)
        return table.find(hash: hash) { id in
            if entries.withKey(id, { bytes($0, are: key, appending: suffix) }) { return true }
            if isASCII && entries[id].keyIsASCII { return false }
            return entries.key(id) == String(decoding: key, as: UTF8.self) + suffix.description
        }
    }

    /// `key`'s value is not of its kind: said at the value, through the chain that led to it
    /// if there is one; a would-be alias in a key whose kind takes no names is a dangling
    /// alias instead.
    ///
    /// An ancestor's alias that reaches a nearer file's value (a child's override) is not
    /// blamed on the ancestor, which is fine on its own: the problem is reported once, at the
    /// chain's link in the nearest file (`addReachedNotes`).
    private mutating func reportWrongType(_ kind: ValueKind, id: Int, target: Int) {
        guard let code = kind.code else { return }
        let key = entries.key(id)
        let declared = declarationNote(id)
        let expected = declared == nil ? kind.expected : kind.declaredExpected
        if target != id {
            let next = Int(aliasOf[id])
            if entries.file(of: id) > 0, next >= 0 {
                let link = nearestLink(from: next)
                if entries.file(of: link) < entries.file(of: id) {
                    reachedFrom.append((link, id, target, kind))
                    return
                }
            }
            report(
                code,
                Message.wrongType(
                    key, through: entries.key(target), is: Self.describe(entries.value(target)), kind,
                    expected: expected, syntax: syntax(of: id)) + (declared.map { Message.declared(by: $0.by) } ?? ""),
                at: id, \.valueRange, notes: declared.map { [$0.note] } ?? [])
            wrongValueReport[id] = diagnostics.count - 1
            return
        }
        let own = entries.value(id)
        // A bare name is an alias in a plist only: a DTCG string is text, never a key's name.
        if case .string(let text) = own, !kind.domain.takesNames, syntax(of: id).bareNamesAreAliases,
            Self.looksLikeKeyName(text)
        {
            report(
                .unresolvedAlias,
                Message.neitherValueNorKey(key, is: text, kind) + (declared.map { Message.declared(by: $0.by) } ?? ""),
                at: id, \.valueRange, notes: declared.map { [$0.note] } ?? [])
            pendingSuggestions.append((diagnostics.count - 1, text, id))
            wrongValueReport[id] = diagnostics.count - 1
            return
        }
        report(
            code,
            Message.wrongType(key, is: Self.describe(own), kind, expected: expected)
                + (declared.map { Message.declared(by: $0.by) } ?? ""),
            at: id, \.valueRange, notes: declared.map { [$0.note] } ?? [])
        wrongValueReport[id] = diagnostics.count - 1
    }

    /// For a key whose kind a `$type` declares: the declaration's key, and a note at it.
    private func declarationNote(_ id: Int) -> (by: String, note: Diagnostic.Note)? {
        guard !declaredBy.isEmpty, declaredBy[id] >= 0 else { return nil }
        let declaration = Int(declaredBy[id])
        let by = entries.key(declaration)
        return (by, Diagnostic.Note(Message.declaresKind(by), at: location(of: declaration, \.valueRange)))
    }

    /// The link of the alias chain from `start` (itself first) in the file nearest the
    /// child, the first of them on a tie. Memoized: a chain is walked once however many of
    /// its aliases ask, so that a long chain of broken aliases costs its length, not its
    /// square. Only asked for chains that resolved, which end at a literal.
    private mutating func nearestLink(from start: Int) -> Int {
        if nearest.isEmpty { nearest = Array(repeating: -1, count: entries.count) }
        pathCount = 0
        var current = start
        var steps = 0
        while nearest[current] < 0 && steps <= entries.count {
            steps += 1
            if pathCount < path.count { path[pathCount] = current } else { path.append(current) }
            pathCount += 1
            let next = Int(aliasOf[current])
            guard next >= 0 else { break }
            current = next
        }
        var best = nearest[current] >= 0 ? Int(nearest[current]) : -1
        for index in stride(from: pathCount - 1, through: 0, by: -1) {
            let id = path[index]
            if best < 0 || entries.file(of: id) <= entries.file(of: best) { best = id }
            nearest[id] = Int32(best)
        }
        return best < 0 ? start : best
    }

    /// Reports each ancestor's alias that reaches a nearer file's value at that value: a note
    /// on the value's own error when it has one (a child's `canvasColor` that is no color);
    /// otherwise (a child's untyped `canvasName` that a parent's color reaches) one error
    /// there per code, said for the first such alias, with every alias as a note.
    private mutating func addReachedNotes() {
        guard !reachedFrom.isEmpty else { return }
        let reached = reachedFrom
        reachedFrom = []
        var saidAt: [Int: [(code: DiagnosticCode, index: Int)]] = [:]
        for (link, alias, target, kind) in reached {
            guard let code = kind.code else { continue }
            let key = entries.key(alias)
            let note = Diagnostic.Note(Message.reachedFrom(key), at: location(of: alias, \.valueRange))
            if let index = wrongValueReport[link] ?? saidAt[link]?.first(where: { $0.code == code })?.index {
                diagnostics[index].notes.append(note)
                continue
            }
            report(
                code,
                Message.wrongType(
                    key, through: entries.key(target), is: Self.describe(entries.value(target)), kind,
                    syntax: syntax(of: alias)),
                at: link, \.valueRange, notes: [note])
            saidAt[link, default: []].append((code, diagnostics.count - 1))
        }
    }

    /// Whether a string reads as a key name (a would-be alias) rather than a value:
    /// starts with a letter or `_`, then letters, digits, `_`, `.` or `-`.
    static func looksLikeKeyName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0)
        }
    }

    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): "'\(text)'"
        case .integer(let number): "the integer \(number)"
        case .real(let number): "the number \(number)"
        case .bool(let flag): flag ? "<true/>" : "<false/>"
        case .nested(let kind): "a <\(kind.rawValue)>"
        }
    }

    // MARK: Sources and reporting

    /// How the file that holds entry `id` writes a reference, for a message about it.
    private func syntax(of id: Int) -> ReferenceSyntax { entries.store(of: id).syntax }

    private func location(of id: Int, _ range: KeyPath<PackedEntry, SourceRange>) -> SourceLocation {
        chain[entries.file(of: id)].document.location(at: entries[id][keyPath: range].start)
    }

    private mutating func report(
        _ code: DiagnosticCode, _ message: String, at id: Int, _ range: KeyPath<PackedEntry, SourceRange>,
        notes: [Diagnostic.Note] = []
    ) {
        let entry = entries[id]
        diagnostics.append(
            chain[entries.file(of: id)].document.diagnostic(
                code, message, at: entry[keyPath: range], key: entries.key(id), notes: notes))
    }
}

extension ThemeResolver {
    /// What the resolver says, one function a message: the rules of the problems it finds
    /// (`alias_cycle`, `unresolved_alias`, `missing_font_size`, and each typed kind's
    /// `invalid_…`) name these functions.
    package enum Message {
        /// `alias_cycle`, at the cycle's first alias (in the file nearest the child):
        /// `alias cycle: a → b → a` in a plist, each key after the first as the one before
        /// names it, `alias cycle: a → {b} → {a}` in DTCG.
        package static func aliasCycle(_ keys: [String], syntax: ReferenceSyntax = .plist) -> String {
            "alias cycle: \((keys.prefix(1) + (keys.dropFirst() + keys.prefix(1)).map(syntax.link)).joined(separator: " → "))"
        }

        /// `alias_cycle`'s note at each other member of the cycle.
        package static func cycleMember(_ key: String) -> String { "'\(key)' is part of this cycle" }

        /// `unresolved_alias`: an explicit alias whose name is no key, as its file wrote it
        /// (`'@name' names no key`, `'{name}' names no key`).
        package static func namesNoKey(_ name: String, syntax: ReferenceSyntax = .plist) -> String {
            "'\(syntax.reference(to: name))' names no key"
        }

        /// `unresolved_alias`: a typed key's value reads as a key name but is no key.
        package static func neitherValueNorKey(_ key: String, is text: String, _ kind: ValueKind) -> String {
            "'\(key)' is '\(text)', which is neither \(kind.noun) nor a key"
        }

        /// The note, at an ancestor's alias, on the error of a nearer file's value that the
        /// alias reaches: the ancestor is fine on its own, and is not blamed with an error.
        package static func reachedFrom(_ alias: String) -> String {
            "'\(alias)' is an alias that reaches this value"
        }

        /// What a typed kind's `invalid_…` adds for a key whose kind a `$type` declares:
        /// ` (its kind is declared by 'color.bg.$type')`.
        package static func declared(by declaration: String) -> String {
            " (its kind is declared by '\(declaration)')"
        }

        /// The note, at a `$type` declaration, on the error of a value that does not fit it.
        package static func declaresKind(_ declaration: String) -> String {
            "'\(declaration)' declares the kind here"
        }

        /// `missing_font_size`: a font with no size on its key or along its alias chain.
        package static func notASize(_ sizeKey: String, font fontKey: String) -> String {
            "'\(sizeKey)' sizes '\(fontKey)' but its declared kind holds no size: a font size is a number greater than 0"
        }

        package static func noSize(_ fontKey: String) -> String {
            "'\(fontKey)' has no size: add '\(ValueKind.sizeKey(ofFont: fontKey))'"
        }

        /// A typed kind's `invalid_…`: the key's own value (`described`, as
        /// `ThemeResolver.describe` words it) is not of the kind.
        package static func wrongType(
            _ key: String, is described: String, _ kind: ValueKind, expected: String? = nil
        ) -> String {
            "'\(key)' is \(described), which is not \(expected ?? kind.expected)"
        }

        /// A typed kind's `invalid_…`: the value the key's alias chain ends at (the key
        /// `target`, shown as its file names it) is not of the key's kind.
        package static func wrongType(
            _ key: String, through target: String, is described: String, _ kind: ValueKind, expected: String? = nil,
            syntax: ReferenceSyntax = .plist
        ) -> String {
            "'\(key)' resolves through '\(syntax.link(target))' to \(described), which is not \(expected ?? kind.expected)"
        }
    }
}

/// A theme resolved: each key's value (nil where it broke) and what says where it came
/// from. The `Theme` is built from it on request, whole or, for a manager that must not
/// start unstyled, from the keys that resolved.
struct ResolvedTheme: Sendable {
    let name: String
    let lineage: ThemeLineage
    /// The values, indexed by the merged key table.
    let values: LoadedValues
    /// Whether every key has its value.
    let isWhole: Bool

    /// Every key of the merged theme.
    var keys: MergedKeys { MergedKeys(provenance: values.provenance) }

    /// The theme, when every key has its value.
    func whole() -> Theme? {
        isWhole ? Theme(name: name, storage: values, lineage: lineage) : nil
    }

    /// The theme of the keys that resolved, none of the broken ones.
    func partial() -> Theme {
        Theme(name: name, storage: values, lineage: lineage)
    }
}

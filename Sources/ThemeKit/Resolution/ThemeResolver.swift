/// Options that change how themes are read and resolved.
public struct ThemeOptions: Sendable, Hashable {
    /// Where 4- and 8-digit colors keep their alpha: CSS order by default.
    public var alphaOrder: ThemeColor.AlphaOrder
    /// Bounds on each file read.
    public var limits: ThemeLimits

    /// Creates options.
    public init(alphaOrder: ThemeColor.AlphaOrder = .alphaLast, limits: ThemeLimits = .standard) {
        self.alphaOrder = alphaOrder
        self.limits = limits
    }
}

/// Merges a theme with its ancestors and resolves every value once.
///
/// Keys are numbered by their place in the chain's files, and resolution state lives in
/// flat arrays indexed by that number: each alias chain is walked iteratively and at most
/// once, however long it is, so a 100,000-link chain costs no stack and no quadratic time.
struct ThemeResolver {
    /// The theme and its ancestors, child first; each already checked on its own.
    let chain: [ThemeFile]
    /// The name of `chain[0]`.
    let name: String
    /// The theme's lineage: the names and files of the theme and every ancestor. `chain`
    /// may leave out ancestors none of whose keys the merged theme keeps.
    let lineage: ThemeLineage
    let options: ThemeOptions

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
    /// Every entry of every file of the chain, numbered, the largest file first.
    private var entries = EntryTable()
    private var ids: [String: Int] = [:]
    private var state: [State] = []
    private var literal: [Int] = []
    private var typed: [ThemeValue?] = []
    private var typedDone: [Bool] = []
    /// For each font entry, the entry its size came from (-1 for none); allocated at the
    /// first font, so a theme without fonts pays nothing.
    private var sizeOf: [Int32] = []
    /// Unresolved names waiting for a "did you mean" (index into `diagnostics`, name).
    private var pendingSuggestions: [(index: Int, name: String)] = []
    /// Scratch space for one alias walk, kept between walks to spare the allocation.
    private var path: [Int] = []
    private var diagnostics: [Diagnostic] = []

    init(name: String, lineage: ThemeLineage, chain: [ThemeFile], options: ThemeOptions) {
        self.name = name
        self.lineage = lineage
        self.chain = chain
        self.options = options
    }

    /// Merges and resolves every key; what the theme is made of is handed over with the
    /// problems, and the `Theme` itself is built only by a caller that asks for it.
    mutating func resolve() -> Outcome {
        mergeKeys()
        state = Array(repeating: .unvisited, count: entries.count)
        literal = Array(repeating: -1, count: entries.count)
        typed = Array(repeating: nil, count: entries.count)
        typedDone = Array(repeating: false, count: entries.count)

        for id in ids.values where id >= 0 { _ = typedValue(id) }
        addSuggestions()
        let provenance = ThemeProvenance(
            documents: chain.map(\.document), entries: entries, ids: ids, literal: literal, sizeOf: sizeOf)
        return Outcome(
            diagnostics: diagnostics.sorted(),
            resolved: ResolvedTheme(name: name, lineage: lineage, typed: typed, provenance: provenance))
    }

    /// Numbers every entry of the chain and builds the merged key table (child wins).
    ///
    /// The largest file is numbered first, so that its own index (key → entry) is already
    /// in the merged numbering: the merge starts from a copy of it and hashes only the
    /// other files' keys. Themes below it override its keys; themes above it only add the
    /// keys nothing below has set, nearest first.
    private mutating func mergeKeys() {
        let base = chain.indices.max { chain[$0].document.entries.count < chain[$1].document.entries.count } ?? 0
        let order = [base] + chain.indices.filter { $0 != base }
        entries = EntryTable(chain.map(\.document.entries), numberedIn: order)
        let offsets = entries.offsets
        ids = chain[base].index
        if chain.count > 1 {
            // No reserveCapacity for the sum of the files' keys: it over-asks by every key
            // a child overrides and always forced a rehash of the whole table; growing only
            // when the keys do not fit costs the same rehash at most (callgrind: -1% a load).
            for fileIndex in chain.indices where fileIndex > base {  // ancestors, nearest first
                let offset = offsets[fileIndex]
                for (key, entry) in chain[fileIndex].index where ids[key] == nil {
                    ids[key] = offset + entry
                }
            }
            for fileIndex in chain.indices.reversed() where fileIndex < base {  // descendants, child last
                let offset = offsets[fileIndex]
                for (key, entry) in chain[fileIndex].index {
                    ids[key] = offset + entry
                }
            }
        }
        ids[ThemeName.inheritanceKey] = nil
        for file in chain where !file.nestedKeys.isEmpty {
            // A nested value is reported as not flat; it is still a key (so that aliases to
            // it are not also called dangling), one that never resolves.
            for key in file.nestedKeys where ids[key] == nil { ids[key] = -1 }
        }
        keyShapes = KeyShapes(ids.keys)
    }

    /// The first bytes and lengths of the merged theme's keys: a string value whose first
    /// byte or length no key has cannot be a bare alias, and is not hashed to find out.
    /// Colors (`#35a2fb`), numbers and most font names are ruled out this way.
    struct KeyShapes {
        /// A set of the numbers 0…255, in four words held inline (an array here cost 1% of
        /// a small theme's load in allocation and bounds checks).
        private struct Bits {
            private var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))

            mutating func insert(_ number: Int) {
                let bit = UInt64(1) << UInt64(number & 63)
                switch number >> 6 {
                case 0: words.0 |= bit
                case 1: words.1 |= bit
                case 2: words.2 |= bit
                default: words.3 |= bit
                }
            }

            func contains(_ number: Int) -> Bool {
                let bit = UInt64(1) << UInt64(number & 63)
                switch number >> 6 {
                case 0: return words.0 & bit != 0
                case 1: return words.1 & bit != 0
                case 2: return words.2 & bit != 0
                default: return words.3 & bit != 0
                }
            }
        }

        private var firstBytes = Bits()
        /// Lengths of 255 bytes and more share the last number.
        private var lengths = Bits()

        init() {}

        init(_ keys: some Sequence<String>) {
            for key in keys {
                guard let first = key.utf8.first else { continue }
                firstBytes.insert(Int(first))
                lengths.insert(min(key.utf8.count, 255))
            }
        }

        /// Whether some key could be `text` (false means certainly not).
        func mayMatch(_ text: String) -> Bool {
            guard let first = text.utf8.first else { return false }
            return firstBytes.contains(Int(first)) && lengths.contains(min(text.utf8.count, 255))
        }
    }

    private var keyShapes = KeyShapes()

    // MARK: Entries

    /// The index in `chain` of the file an entry belongs to.
    @inline(__always)
    private func file(of id: Int) -> Int { entries.file(of: id) }

    @inline(__always)
    private func entry(_ id: Int) -> PropertyListEntry { entries[id] }

    /// The key a string value aliases, if it is one: `@name` always (nil target if the
    /// name is unknown), a bare name only when it is exactly a key of the merged theme.
    ///
    /// Static, and handed the one table it reads: the resolution loops call it from
    /// mutating methods, where calling an instance method copies the whole resolver (a
    /// retain and a release of every table) on each call.
    private static func aliasTarget(
        of value: PropertyListValue, in ids: [String: Int], shapes: KeyShapes
    ) -> (explicit: Bool, name: String, id: Int?)? {
        guard case .string(let text) = value else { return nil }
        if text.utf8.first == UInt8(ascii: "@") {
            let name = String(text.dropFirst())
            return (true, name, ids[name])
        }
        guard shapes.mayMatch(text), let id = ids[text] else { return nil }
        return (false, text, id)
    }

    // MARK: Aliases

    /// The global number of the entry whose literal `id` resolves to, or nil when its
    /// chain dangles or cycles (reported once, where it goes wrong).
    private mutating func resolveLiteral(_ start: Int) -> Int? {
        path.removeAll(keepingCapacity: true)
        var current = start
        var outcome: Int?
        walk: while true {
            switch state[current] {
            case .resolved:
                outcome = literal[current]
                break walk
            case .failed:
                break walk
            case .visiting:
                reportCycle(path: path, revisiting: current)
                break walk
            case .unvisited:
                state[current] = .visiting
                path.append(current)
                guard let alias = Self.aliasTarget(of: entries[current].value, in: ids, shapes: keyShapes) else {
                    outcome = current
                    break walk
                }
                guard let next = alias.id else {
                    reportUnknownAlias(current, name: alias.name)
                    break walk
                }
                guard next >= 0 else { break walk }  // an alias of a nested value: reported as not flat
                current = next
            }
        }
        for id in path where state[id] == .visiting {
            state[id] = outcome == nil ? .failed : .resolved
            literal[id] = outcome ?? -1
        }
        return outcome
    }

    private mutating func reportCycle(path: [Int], revisiting: Int) {
        guard let start = path.firstIndex(of: revisiting) else { return }
        var members = Array(path[start...])
        let locations = members.map { location(of: $0, \.valueRange) }
        if let first = locations.indices.min(by: { locations[$0] < locations[$1] }) {
            members = Array(members[first...] + members[..<first])
        }
        let names = members.map { entry($0).key }
        let notes = members.dropFirst().map { id in
            Diagnostic.Note(Message.cycleMember(entry(id).key), at: location(of: id, \.valueRange))
        }
        report(
            .aliasCycle, Message.aliasCycle(names), at: members[0],
            \.valueRange, notes: notes)
        for id in members { state[id] = .failed }
    }

    private mutating func reportUnknownAlias(_ id: Int, name: String) {
        report(.unresolvedAlias, Message.namesNoKey(name), at: id, \.valueRange)
        pendingSuggestions.append((diagnostics.count - 1, name))
    }

    /// Adds "did you mean" to the unresolved aliases, in file order, while the budget
    /// lasts: each suggestion compares a name with every key, so thousands of dangling
    /// aliases in a large theme would otherwise take time quadratic in its size. Done after
    /// resolution so that which aliases get one does not depend on the order of work.
    private mutating func addSuggestions() {
        guard !pendingSuggestions.isEmpty else { return }
        let ordered = pendingSuggestions.sorted { diagnostics[$0.index].location < diagnostics[$1.index].location }
        var budget = Suggestions.Budget()
        for (index, name) in ordered {
            diagnostics[index].message += Suggestions.hint(budget.closest(to: name, among: ids.keys))
        }
    }

    // MARK: Typed values

    /// The value of the key at `id`, parsed for the key's suffix; nil when it is wrong
    /// (reported) or depends on something wrong (reported there).
    private mutating func typedValue(_ id: Int) -> ThemeValue? {
        if typedDone[id] { return typed[id] }
        typedDone[id] = true
        guard let target = resolveLiteral(id) else { return nil }
        let value = parse(key: entries[id].key, id: id, literalAt: target)
        typed[id] = value
        return value
    }

    /// The value of `key` (entry `id`) from the literal its chain ends at (`target`), as its
    /// kind's entry in `ValueKind` says: checked typed values, untyped values as written.
    private mutating func parse(key: String, id: Int, literalAt target: Int) -> ThemeValue? {
        let written = entries[target].value
        guard let kind = ValueKind.typed(forKey: key) else {
            switch written {
            case .string(let text): return .string(text)
            case .integer(let number): return .number(Double(number))
            case .real(let number): return .number(number)
            case .bool(let flag): return .bool(flag)
            case .nested: return nil
            }
        }
        switch kind.domain {
        case .color:
            if case .string(let text) = written, let color = ThemeColor(hex: text, alphaOrder: options.alphaOrder) {
                return .color(color)
            }
        case .number(let range):
            if let number = Self.number(written), range.contains(number) { return kind.value(number) }
        case .image:
            if case .string(let imageName) = written { return .image(imageName) }
        case .font:
            guard case .string(let fontName) = written else { break }
            switch fontSize(for: id) {
            case .found(let size): return .font(ThemeFont(name: fontName, size: size))
            case .invalid: return nil
            case .missing:
                report(.missingFontSize, Message.noSize(key), at: id, \.keyRange)
                return nil
            }
        case .untyped:
            break
        }
        reportWrongType(kind, key: key, id: id, target: target)
        return nil
    }

    /// The number a value is written as: `<integer>`, `<real>` or a numeric `<string>`.
    private static func number(_ value: PropertyListValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        case .string(let text): ThemeValue.number(in: text)
        case .bool, .nested: nil
        }
    }

    private enum FontSize {
        case found(Double)
        case missing
        case invalid
    }

    /// `xFont` takes `xFontSize`; failing that, the first `…FontSize` of a font along its
    /// alias chain.
    private mutating func fontSize(for id: Int) -> FontSize {
        var current = id
        var seen = 0
        while seen <= state.count {
            seen += 1
            let key = entries[current].key
            if ValueKind.typed(forKey: key)?.kind == .font {
                if let sizeID = ids[ValueKind.sizeKey(ofFont: key)] {
                    guard sizeID >= 0, case .size(let size)? = typedValue(sizeID) else { return .invalid }
                    if sizeOf.isEmpty { sizeOf = Array(repeating: -1, count: entries.count) }
                    sizeOf[id] = Int32(sizeID)
                    return .found(size)
                }
            }
            guard let alias = Self.aliasTarget(of: entries[current].value, in: ids, shapes: keyShapes),
                let next = alias.id, next >= 0
            else {
                return .missing
            }
            current = next
        }
        return .missing
    }

    /// `key`'s value is not of its kind: said at the value, through the chain that led to it
    /// if there is one; a would-be alias in a key whose kind takes no names is a dangling
    /// alias instead.
    private mutating func reportWrongType(_ kind: ValueKind, key: String, id: Int, target: Int) {
        guard let code = kind.code else { return }
        let own = entry(id).value
        if target != id {
            report(
                code, Message.wrongType(key, through: entry(target).key, is: Self.describe(entry(target).value), kind),
                at: id, \.valueRange)
            return
        }
        if case .string(let text) = own, !kind.domain.takesNames, Self.looksLikeKeyName(text) {
            report(.unresolvedAlias, Message.neitherValueNorKey(key, is: text, kind), at: id, \.valueRange)
            pendingSuggestions.append((diagnostics.count - 1, text))
            return
        }
        report(code, Message.wrongType(key, is: Self.describe(own), kind), at: id, \.valueRange)
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

    private func location(of id: Int, _ range: KeyPath<PropertyListEntry, SourceRange>) -> SourceLocation {
        chain[file(of: id)].document.location(at: entries[id][keyPath: range].start)
    }

    private mutating func report(
        _ code: DiagnosticCode, _ message: String, at id: Int, _ range: KeyPath<PropertyListEntry, SourceRange>,
        notes: [Diagnostic.Note] = []
    ) {
        let entry = entries[id]
        diagnostics.append(
            chain[file(of: id)].document.diagnostic(
                code, message, at: entry[keyPath: range], key: entry.key, notes: notes))
    }
}

extension ThemeResolver {
    /// What the resolver says, one function a message: the rules of the problems it finds
    /// (`alias_cycle`, `unresolved_alias`, `missing_font_size`, and each typed kind's
    /// `invalid_…`) name these functions.
    package enum Message {
        /// `alias_cycle`, at the cycle's first alias: `alias cycle: a → b → a`.
        package static func aliasCycle(_ keys: [String]) -> String {
            "alias cycle: \((keys + keys.prefix(1)).joined(separator: " → "))"
        }

        /// `alias_cycle`'s note at each other member of the cycle.
        package static func cycleMember(_ key: String) -> String { "'\(key)' is part of this cycle" }

        /// `unresolved_alias`: an explicit alias `@name` whose name is no key.
        package static func namesNoKey(_ name: String) -> String { "'@\(name)' names no key" }

        /// `unresolved_alias`: a typed key's value reads as a key name but is no key.
        package static func neitherValueNorKey(_ key: String, is text: String, _ kind: ValueKind) -> String {
            "'\(key)' is '\(text)', which is neither \(kind.noun) nor a key"
        }

        /// `missing_font_size`: a font with no size on its key or along its alias chain.
        package static func noSize(_ fontKey: String) -> String {
            "'\(fontKey)' has no size: add '\(ValueKind.sizeKey(ofFont: fontKey))'"
        }

        /// A typed kind's `invalid_…`: the key's own value (`described`, as
        /// `ThemeResolver.describe` words it) is not of the kind.
        package static func wrongType(_ key: String, is described: String, _ kind: ValueKind) -> String {
            "'\(key)' is \(described), which is not \(kind.expected)"
        }

        /// A typed kind's `invalid_…`: the value the key's alias chain ends at is not of the
        /// key's kind.
        package static func wrongType(
            _ key: String, through target: String, is described: String, _ kind: ValueKind
        ) -> String {
            "'\(key)' resolves through '\(target)' to \(described), which is not \(kind.expected)"
        }
    }
}

/// A theme resolved: each key's value (nil where it broke) and what says where it came
/// from. The `Theme` is built from it on request, whole or, for a manager that must not
/// start unstyled, from the keys that resolved.
struct ResolvedTheme: Sendable {
    let name: String
    let lineage: ThemeLineage
    /// Each entry's value, by entry number (nil for an entry no key resolves to, or broken).
    let typed: [ThemeValue?]
    let provenance: ThemeProvenance

    /// Every key of the merged theme.
    var keys: Dictionary<String, Int>.Keys { provenance.ids.keys }

    /// The theme, when every key has its value.
    func whole() -> Theme? {
        // Every key has its value, so the values table can be mapped from the merged table
        // in place: same buckets, no key hashed again.
        var complete = true
        let values = provenance.ids.mapValues { id -> ThemeValue in
            if id >= 0, let value = typed[id] { return value }
            complete = false
            return .bool(false)
        }
        guard complete else { return nil }
        return Theme(name: name, values: values, provenance: provenance, lineage: lineage)
    }

    /// The theme of the keys that resolved, none of the broken ones.
    func partial() -> Theme {
        let values = provenance.ids.compactMapValues { id in id >= 0 ? typed[id] : nil }
        return Theme(name: name, values: values, provenance: provenance, lineage: lineage)
    }
}

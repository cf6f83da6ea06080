/// Whether a theme's merged theme resolves with no problem, and the keys whose values it
/// changes, found from what the theme sets, for a theme whose parent's merged theme resolves with no problem and whose own
/// file has none: a mapping theme (SPEC §3) sets `primaryColor`, which the root's aliases
/// read, and a chain of n such themes, each adding a key, resolved n²/2 keys in all when each
/// was resolved whole.
///
/// A key of the merged theme resolves as it does in the parent's unless the theme sets it, or
/// its value names a key the theme sets or adds, or it is a font whose size key the theme sets
/// or adds, or it depends so on a key that does (through alias chains of any length). Those
/// keys are found from the theme's own keys through the lineage's `namers` (who names a key)
/// and by font names; only they are resolved. Every other key resolves as in the parent's
/// merged theme, with no problem.
///
/// A key's kind is the one the nearest `$type` over it declares (SPEC §2), through the
/// lineage's `Prefixes`, else its suffix's, as the resolver takes it. Declarations are no keys:
/// a theme's own are not changes, and a value that names one names no key. A theme whose
/// declarations reach inherited keys with another kind is not checked here (the session
/// resolves it whole), so no inherited key changes kind but by what the theme sets.
///
/// The check says yes only when the whole resolution would find no problem. It says no
/// whenever it is not sure (a kind it does not check itself); the theme is then resolved
/// whole, as before, and says exactly what it said before: its problems are found and worded
/// by `ThemeResolver` alone.
struct ChangeCheck {
    typealias Setter = ThemeLoader.Session.Setters.Setter
    typealias Namers = ThemeLoader.Session.SharedLink.Namers

    /// An entry of a file of the lineage: its store and its index there.
    private struct Node: Hashable {
        let store: ObjectIdentifier
        let entry: Int32

        init(_ setter: Setter) {
            store = ObjectIdentifier(setter.store)
            entry = setter.entry
        }
    }

    /// Where a walk along a key's alias chain ends: at a literal, or at an inherited key that
    /// depends on nothing the theme changes (it resolves as in the parent's merged theme).
    private enum End {
        case literal(Setter)
        case unchanged(Setter)
    }

    private let file: ThemeFile
    /// The merged theme's keys and who sets them (the theme's own over its parent's).
    private let setters: ThemeLoader.Session.Setters
    /// The parent's lineage's `Hints.namers`.
    private let namers: HashTrie<Namers>
    /// The merged theme's prefixes and declarations, when its lineage declares something.
    private let prefixes: ThemeLoader.Session.Prefixes?
    private let alphaOrder: ThemeColor.AlphaOrder
    /// Each key's kind, as `ValueKind.typedNumber`, once looked up through `prefixes`.
    private var kinds: [Node: UInt8] = [:]
    /// The keys whose kind a `$type` declares (checked by `ValueKind.declaredDomain`).
    private var declared: Set<Node> = []
    /// The keys to resolve: the theme's own, and the inherited ones that depend on them.
    private var changed: Set<Node> = []
    /// Where each walk that ended ended, for every key it passed.
    private var ends: [Node: End] = [:]
    /// Where each full walk (through unchanged keys too) ended, for every key it passed.
    private var literals: [Node: Setter] = [:]
    private let typedDomains = ValueKind.typedDomains

    init(
        file: ThemeFile, setters: ThemeLoader.Session.Setters, namers: HashTrie<Namers>,
        prefixes: ThemeLoader.Session.Prefixes? = nil, alphaOrder: ThemeColor.AlphaOrder
    ) {
        self.file = file
        self.setters = setters
        self.namers = namers
        self.prefixes = prefixes?.hasDeclarations == true ? prefixes : nil
        self.alphaOrder = alphaOrder
    }

    /// `setter`'s kind as `ValueKind.typedNumber`: the one the nearest `$type` over its key
    /// declares, else its suffix's.
    private mutating func typedKind(_ setter: Setter) -> UInt8 {
        guard let prefixes else { return setter.packed.typedKind }
        let node = Node(setter)
        if let known = kinds[node] { return known }
        let kind = setter.store.withBytes(setter.packed.key) { key in
            prefixes.nearestType(over: key).flatMap { ThemeLoader.Session.Prefixes.kindNumber(of: $0.setter) }
        }
        let found = kind ?? setter.packed.typedKind
        kinds[node] = found
        if kind != nil { declared.insert(node) }
        return found
    }

    /// Who sets the key whose UTF-8 bytes are `key`, if it is a key of the merged theme
    /// (a declaration is none).
    private func valueSetter(bytes key: UnsafeBufferPointer<UInt8>) -> Setter? {
        guard let found = setters.setter(bytes: key) else { return nil }
        if prefixes != nil, found.store.withBytes(found.packed.key, { DeclarationKind.of(key: $0) }) != nil {
            return nil
        }
        return found
    }

    /// A key of the merged theme whose value the theme changes (its own, or an inherited key
    /// that depends on one of its own), and the kind of value it holds.
    struct Change: Sendable {
        let setter: Setter
        let kind: ThemeValueKind

        /// The key, as a string.
        var key: String { setter.store.key(Int(setter.entry)) }
        /// Where the key is written.
        var location: SourceLocation {
            setter.file.file.document.location(at: Int(setter.packed.keyStart))
        }
    }

    /// The keys the theme changes, each with the kind of its value, when every one of them
    /// resolves with no problem; nil otherwise.
    mutating func changes() -> [Change]? {
        var pending: [Setter] = []
        let store = file.document.store
        let reserved = store.reservedEntries()
        let declarations = store.declarationMask()
        for index in 0..<store.count
        where !reserved.contains(index) && (declarations.isEmpty || !declarations[index]) && store.isFirstOfKey(index) {
            guard let mine = setters.setter(of: store.packed[index], in: store) else { return nil }
            if changed.insert(Node(mine)).inserted { pending.append(mine) }
        }
        // The keys that depend on a changed key, breadth first, each once.
        var next = 0
        while next < pending.count {
            let key = pending[next]
            next += 1
            key.store.withBytes(key.packed.key) { bytes in
                let (hash, isASCII) = KeyHash.of(bytes)
                if let giving = namers.find(hash: hash, matching: { $0.give(bytes, isASCII: isASCII) }) {
                    giving.forEachKey { namer in
                        // Only where the namer still sets its key: a nearer theme may have
                        // set it again, to a value that names something else.
                        guard let current = setters.setter(of: namer.packed, in: namer.store),
                            Node(current) == Node(namer), changed.insert(Node(namer)).inserted
                        else { return }
                        pending.append(namer)
                    }
                }
                // `xFontSize` sizes `xFont`, and the fonts whose chains reach it.
                let suffix = ValueKind.sizeSuffix.utf8CodeUnitCount
                if bytes.count > suffix,
                    let font = valueSetter(bytes: UnsafeBufferPointer(rebasing: bytes.dropLast(suffix))),
                    typedKind(font) == ValueKind.fontNumber, changed.insert(Node(font)).inserted
                {
                    pending.append(font)
                }
            }
        }
        var changes: [Change] = []
        changes.reserveCapacity(pending.count)
        for key in pending {
            guard let kind = kind(of: key) else { return nil }
            changes.append(Change(setter: key, kind: kind))
        }
        return changes
    }

    /// The kind of value `key`, a changed key, resolves to; nil when it does not resolve to
    /// a value of its key's kind.
    private mutating func kind(of key: Setter) -> ThemeValueKind? {
        let typedKind = typedKind(key)
        guard typedKind == 0 else { return resolves(key) ? ValueKind.typed[Int(typedKind) - 1].kind : nil }
        // An untyped key holds what its chain ends at, as written.
        guard let end = walk(from: key) else { return nil }
        let literal: Setter
        switch end {
        case .literal(let found): literal = found
        case .unchanged(let inherited):
            guard let found = fullWalk(from: inherited) else { return nil }
            literal = found
        }
        switch literal.packed.kind {
        case .string: return .string
        case .integer, .real: return .number
        case .bool: return .bool
        case .dict, .array, .data, .date: return nil
        }
    }

    /// Whether `key`, a changed key of a typed kind, resolves to a value of its kind.
    private mutating func resolves(_ key: Setter) -> Bool {
        guard let end = walk(from: key) else { return false }
        let typedKind = typedKind(key)
        guard typedKind != 0 else { return kind(of: key) != nil }
        let literal: Setter
        switch end {
        case .literal(let found):
            literal = found
        case .unchanged(let inherited):
            // An unchanged key resolves to a value of its own kind: of this key's too when
            // the kinds are one (a font needs its size too).
            if self.typedKind(inherited) == typedKind && typedKind != ValueKind.fontNumber {
                return true
            }
            guard let found = fullWalk(from: inherited) else { return false }
            literal = found
        }
        let written = literal.packed
        let domains = declared.contains(Node(key)) ? ValueKind.typedDeclaredDomains : typedDomains
        switch domains[Int(typedKind) - 1] {
        case .color:
            let alphaOrder = alphaOrder
            return written.kind == .string
                && literal.store.withBytes(written.text) { ThemeColor(hex: $0, alphaOrder: alphaOrder) } != nil
        case .number(let range):
            return Self.number(literal).map(range.contains) ?? false
        case .image:
            return written.kind == .string
        case .font:
            return written.kind == .string && fontIsSized(key)
        case .untyped:
            return false
        }
    }

    /// The number `setter`'s value is written as, as the resolver reads it.
    private static func number(_ setter: Setter) -> Double? {
        let entry = setter.packed
        switch entry.kind {
        case .integer: return Double(Int(truncatingIfNeeded: Int64(bitPattern: entry.payload)))
        case .real: return Double(bitPattern: entry.payload)
        case .string: return setter.store.withBytes(entry.text, ThemeValue.number(in:))
        case .bool, .dict, .array, .data, .date: return nil
        }
    }

    /// The key `setter`'s value names, if it is an alias, or `.none` when it is an explicit
    /// alias that names no key (a problem); a literal is `.some(nil)`.
    private func target(of setter: Setter) -> Setter?? {
        let entry = setter.packed
        guard entry.kind == .string, !Self.isInheritedStyle(setter) else { return .some(nil) }
        return setter.store.withBytes(entry.text) { text -> Setter?? in
            if text.first == UInt8(ascii: "@") {
                guard let named = valueSetter(bytes: UnsafeBufferPointer(rebasing: text.dropFirst())) else {
                    return .none
                }
                return .some(named)
            }
            return .some(valueSetter(bytes: text))
        }
    }

    /// The bytes of `.INHERITED_STYLE`, the end of a key that names a style's parent.
    private static let inheritedStyleSuffix = Array(("." + ThemeStyle.inheritedStyleProperty).utf8)

    /// Whether `setter`'s key names a style's parent (`Style.INHERITED_STYLE`), whose value is
    /// never an alias.
    private static func isInheritedStyle(_ setter: Setter) -> Bool {
        let suffix = inheritedStyleSuffix
        return setter.store.withBytes(setter.packed.key) { key in
            key.count > suffix.count && key.suffix(suffix.count).elementsEqual(suffix)
        }
    }

    /// Where `start`'s alias chain ends: a literal, or the first unchanged key after `start`;
    /// nil when it goes wrong (a name that is no key, a nested value, a cycle). Every key it
    /// passes is remembered with the end, so that chains that meet are walked once.
    private mutating func walk(from start: Setter) -> End? {
        var path: [Node] = []
        var onPath: Set<Node> = []
        var current = start
        var end: End?
        while true {
            let node = Node(current)
            if let known = ends[node] {
                end = known
                break
            }
            if node != Node(start) && !changed.contains(node) {
                end = .unchanged(current)
                break
            }
            guard onPath.insert(node).inserted, !current.packed.isNested else { break }
            path.append(node)
            guard let next = target(of: current) else { break }
            guard let named = next else {
                end = .literal(current)
                break
            }
            current = named
        }
        guard let end else { return nil }
        for node in path { ends[node] = end }
        return end
    }

    /// The literal `start`'s alias chain ends at, through unchanged keys too; nil when it
    /// goes wrong.
    private mutating func fullWalk(from start: Setter) -> Setter? {
        var path: [Node] = []
        var onPath: Set<Node> = []
        var current = start
        var literal: Setter?
        while true {
            let node = Node(current)
            if let known = literals[node] {
                literal = known
                break
            }
            guard onPath.insert(node).inserted, !current.packed.isNested else { break }
            path.append(node)
            guard let next = target(of: current) else { break }
            guard let named = next else {
                literal = current
                break
            }
            current = named
        }
        guard let literal else { return nil }
        for node in path { literals[node] = literal }
        return literal
    }

    /// Whether the font `key` finds a size that resolves: its own size key, else that of the
    /// first font along its alias chain that has one. An unchanged font met on the way has
    /// the size it has in the parent's merged theme, which resolves.
    private mutating func fontIsSized(_ key: Setter) -> Bool {
        var current = key
        var seen: Set<Node> = []
        while seen.insert(Node(current)).inserted {
            if typedKind(current) == ValueKind.fontNumber {
                if Node(current) != Node(key) && !changed.contains(Node(current)) { return true }
                let size = current.store.withBytes(current.packed.key) { font in
                    Self.sizeKey(of: font, in: setters)
                }
                // A size key declared another kind holds no size: the resolver finds the
                // font's size invalid (never so without declarations).
                if let size, typedKind(size) != ValueKind.sizeNumber { return false }
                if let size { return changed.contains(Node(size)) ? resolves(size) : true }
            }
            guard let next = target(of: current), let named = next, !named.packed.isNested else { return false }
            current = named
        }
        return false
    }

    /// The merged theme's size key of the font key `font`: `font` + `Size`.
    private static func sizeKey(
        of font: UnsafeBufferPointer<UInt8>, in setters: ThemeLoader.Session.Setters
    ) -> Setter? {
        let suffix = ValueKind.sizeSuffix
        var bytes = Array(font)
        bytes += UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return bytes.withUnsafeBufferPointer { setters.setter(bytes: $0) }
    }
}

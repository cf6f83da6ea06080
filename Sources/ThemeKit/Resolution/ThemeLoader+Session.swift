import Foundation
import ThemeSupport

extension ThemeLoader {
    /// What analyses of many themes share, for the tools and the linter that analyse every
    /// theme of a folder: each file is read once (through `reader`), and each theme whose
    /// lineage is whole and clean is remembered with what its merge keeps, so that its
    /// children are resolved from that rather than from the whole chain again. Analyses
    /// may run on several threads at once.
    package final class Session: Sendable {
        let reader: FileReader
        private let links = Locked([String: SharedLink]())
        /// Each folder's DTCG themes, read once (`ThemeLoader+Tokens.swift`).
        let tokensFolders = Locked([String: TokensFolder]())

        /// A session reading files through `reader` (which should read each file once).
        package init(reader: @escaping FileReader) { self.reader = reader }

        /// The problems of a lineage as a chain: a theme's own (its file's, and what is
        /// wrong with its `INHERITED_THEME`), then the next theme's, shared and never copied,
        /// so that n themes of a chain that each have a problem hold n links, not n² copies.
        package final class Problems: Sendable {
            /// This link's problems, sorted.
            package let own: [Diagnostic]
            /// The problems below this link.
            package let next: Problems?
            /// Whether this link or one below it has an error.
            let hasErrors: Bool

            init(own: [Diagnostic], next: Problems?) {
                self.own = own.sorted()
                self.next = next
                hasErrors = own.contains { $0.severity == .error } || next?.hasErrors == true
            }

            /// `own` when there is any, in front of `next`; else `next`.
            static func link(_ own: [Diagnostic], before next: Problems?) -> Problems? {
                own.isEmpty ? next : Problems(own: own, next: next)
            }

            /// Every problem of the chain, sorted.
            package var all: [Diagnostic] {
                sequence(first: self, next: \.next).flatMap(\.own).sorted()
            }
        }

        /// Every key of a merged theme and the depth of the theme that sets it (the root is
        /// 0), held as the reader packed the keys, placed by their stored hashes, so that no
        /// key is hashed again or made into a string.
        ///
        /// A theme that sets many keys for its merged theme's size copies its parent's into
        /// a table of its own and sets its keys there (a copy its own keys pay for); one that
        /// sets few sets them in a persistent trie it shares with its parent, so that a link
        /// costs its own keys, not the merged theme's, however long the chain or large the
        /// parent (n themes that each add a key held n²/2 keys in tables copied down).
        struct Setters: Sendable {
            private enum Storage: Sendable {
                /// A table of its own: the keys, by number into `setters`.
                case table(KeyTable, [Setter])
                case trie(HashTrie<Setter>)
            }

            private var storage = Storage.table(KeyTable(), [])
            /// How many of the keys are declarations (`P.$type`, …; SPEC §2): no values, and
            /// no keys of the merged theme (`valueCount`), but kept here so that a declaring
            /// file stays in the chain a theme is resolved from.
            private(set) var declarationCount = 0

            /// How many keys hold values: the merged theme's keys.
            var valueCount: Int { count - declarationCount }

            struct Setter: Sendable {
                /// Boxed: the setters are copied or shared from theme to theme, and a box is
                /// one reference to retain where a `ThemeFile` is a dozen.
                let file: FileBox
                let depth: Int32
                let entry: Int32

                var store: EntryStore { file.file.document.store }
                var packed: PackedEntry { store.packed[Int(entry)] }
            }

            /// How many keys there are.
            var count: Int {
                switch storage {
                case .table(let table, _): table.count
                case .trie(let trie): trie.count
                }
            }

            /// The setters in a trie: the one they are, or one made of their table.
            var trie: HashTrie<Setter> {
                switch storage {
                case .trie(let trie): return trie
                case .table(_, let setters):
                    var trie = HashTrie<Setter>()
                    for setter in setters {
                        let packed = setter.packed
                        let store = setter.store
                        trie.set(setter, hash: Int(packed.hash)) { $0.store.sameKey($0.packed, packed, of: store) }
                    }
                    return trie
                }
            }

            /// Whether these setters are in a trie.
            var isTrie: Bool {
                if case .trie = storage { return true }
                return false
            }

            /// These setters, with `file`'s keys (scalar or nested, its first entry of each,
            /// `INHERITED_THEME` left out) set at `depth` over them: in a table of their own
            /// when the file has at least a quarter as many entries as there are keys, else
            /// in a trie shared with these (`trie()`, asked only then, gives them as one).
            func adding(
                _ file: ThemeFile, atDepth depth: Int, trie shared: () -> HashTrie<Setter>
            ) -> Setters {
                let box = FileBox(file)
                let store = file.document.store
                let reserved = store.reservedEntries()
                var declarationCount = declarationCount
                for (entry, _) in store.declarations
                where store.isFirstOfKey(Int(entry)) && setter(of: store.packed[Int(entry)], in: store) == nil {
                    declarationCount += 1
                }
                guard store.count * 4 < count else {
                    var (table, setters) = tableForm
                    for index in 0..<store.count where !reserved.contains(index) && store.isFirstOfKey(index) {
                        let entry = store.packed[index]
                        let mine = Setter(file: box, depth: Int32(depth), entry: Int32(index))
                        // The probe reads `setters` inside a call that ends before they are
                        // written: a copy of them held in a local here stayed alive across the
                        // write in a debug build, and copy-on-write copied them all for every key.
                        switch Self.probe(entry, of: store, in: table, setters) {
                        case .found(let number, _):
                            setters[number] = mine
                        case .vacant(let slot):
                            table.place(setters.count, hash: Int(entry.hash), in: slot)
                            setters.append(mine)
                        }
                    }
                    var made = Setters(storage: .table(table, setters))
                    made.declarationCount = declarationCount
                    return made
                }
                var trie = shared()
                for index in 0..<store.count where !reserved.contains(index) && store.isFirstOfKey(index) {
                    let entry = store.packed[index]
                    trie.set(
                        Setter(file: box, depth: Int32(depth), entry: Int32(index)), hash: Int(entry.hash),
                        matching: { $0.store.sameKey($0.packed, entry, of: store) })
                }
                var made = Setters(storage: .trie(trie))
                made.declarationCount = declarationCount
                return made
            }

            /// The setters as a table and its numbers: theirs, or made of the trie.
            private var tableForm: (KeyTable, [Setter]) {
                switch storage {
                case .table(let table, let setters):
                    return (table, setters)
                case .trie(let trie):
                    var table = KeyTable(capacity: trie.count)
                    var setters: [Setter] = []
                    setters.reserveCapacity(trie.count)
                    trie.forEachValue { setter in
                        table.place(setters.count, hash: Int(setter.packed.hash), in: Self.vacantSlot(table, setter))
                        setters.append(setter)
                    }
                    return (table, setters)
                }
            }

            /// The slot of `table` where `setter`'s key, which it does not hold, goes.
            private static func vacantSlot(_ table: KeyTable, _ setter: Setter) -> Int {
                if case .vacant(let slot) = table.probe(hash: Int(setter.packed.hash), matching: { _ in false }) {
                    return slot
                }
                return 0
            }

            /// Where the key of `entry` (an entry of `store`) is in `table`, or would go.
            private static func probe(
                _ entry: PackedEntry, of store: EntryStore, in table: KeyTable, _ setters: [Setter]
            ) -> KeyTable.Probe {
                table.probe(hash: Int(entry.hash)) { number in
                    let setter = setters[number]
                    return setter.store.sameKey(setter.packed, entry, of: store)
                }
            }

            /// Who sets the key of `entry` (an entry of `store`), if some theme does.
            func setter(of entry: PackedEntry, in store: EntryStore) -> Setter? {
                switch storage {
                case .table(let table, let setters):
                    if case .found(let number, _) = Self.probe(entry, of: store, in: table, setters) {
                        return setters[number]
                    }
                    return nil
                case .trie(let trie):
                    return trie.find(hash: Int(entry.hash)) { $0.store.sameKey($0.packed, entry, of: store) }
                }
            }

            /// Whether some theme sets the key of `entry` (an entry of `store`).
            func contains(_ entry: PackedEntry, of store: EntryStore) -> Bool {
                switch storage {
                case .table(let table, let setters):
                    if case .found = Self.probe(entry, of: store, in: table, setters) { return true }
                    return false
                case .trie(let trie):
                    return trie.find(hash: Int(entry.hash)) { $0.store.sameKey($0.packed, entry, of: store) } != nil
                }
            }

            /// Whether some theme sets the key whose UTF-8 bytes are `key`.
            func contains(bytes key: UnsafeBufferPointer<UInt8>) -> Bool {
                setter(bytes: key) != nil
            }

            /// Who sets the key whose UTF-8 bytes are `key`, if some theme does.
            func setter(bytes key: UnsafeBufferPointer<UInt8>) -> Setter? {
                let (hash, isASCII) = KeyHash.of(key)
                let matches = { (setter: Setter) -> Bool in
                    let packed = setter.packed
                    return setter.store.withBytes(packed.key) {
                        KeyHash.sameKey($0, isASCII: packed.keyIsASCII, key, isASCII: isASCII)
                    }
                }
                switch storage {
                case .table(let table, let setters):
                    return table.find(hash: hash) { matches(setters[$0]) }.map { setters[$0] }
                case .trie(let trie): return trie.find(hash: hash, matching: matches)
                }
            }

            /// Calls `body` with each setter, in no set order.
            private func forEachSetter(_ body: (Setter) -> Void) {
                switch storage {
                case .table(_, let setters): for setter in setters { body(setter) }
                case .trie(let trie): trie.forEachValue(body)
                }
            }

            /// Calls `body` with each key's bytes, in no set order.
            func forEachKey(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
                forEachSetter { setter in setter.store.withBytes(setter.packed.key, body) }
            }

            /// The files that set some key, by depth, for the depths below `depth`.
            func files(below depth: Int) -> [Int: ThemeFile] {
                var found: [Int: ThemeFile] = [:]
                forEachSetter { setter in
                    if Int(setter.depth) < depth && found[Int(setter.depth)] == nil {
                        found[Int(setter.depth)] = setter.file.file
                    }
                }
                return found
            }
        }

        /// A `ThemeFile` held by reference.
        final class FileBox: Sendable {
            let file: ThemeFile
            init(_ file: ThemeFile) { self.file = file }
        }

        /// A theme whose lineage is whole and acyclic, every file of it readable.
        final class SharedLink: Sendable {
            let link: ThemeLineage.Link
            let file: ThemeFile
            let parent: SharedLink?
            /// 0 for a theme with no parent.
            let depth: Int
            /// Every key of the merged theme (less `INHERITED_THEME`) and who sets it:
            /// the parent's, with the theme's own keys (nested ones too) set over them.
            let setters: Setters
            /// The problems of the lineage's files (a duplicate key, a nested value).
            let problems: Problems?
            /// The lineage's appearance: the theme's own `APPEARANCE`, else its parent's.
            let appearance: DeclaredAppearance
            /// Whether the theme's own file declares something (`P.$type`, SPEC §2). A
            /// declaration may change the kind of keys it does not set, inherited ones too,
            /// which neither shortcut (`addedKeys`, `ChangeCheck`) follows: a theme one of whose
            /// `$type`s reaches an inherited key with another kind than the lineage gave it
            /// (`retypesInheritedKeys`) is resolved whole. One whose declarations reach only
            /// keys it adds (a group of its own) takes the shortcuts, as any theme does.
            let declaresOwn: Bool
            /// The nearest ancestor whose own file declares something, if one does: a theme
            /// below it is checked against the declarations it inherits, through `prefixes()`.
            let declaringAncestor: SharedLink?
            /// The theme's own file resolved alone, when the theme only adds keys: its
            /// parent's merged theme resolves with no problem, and the theme sets no key an
            /// ancestor sets (unless with a value of the same kind: `onlyAddsKeys`), names none
            /// with a value, sizes no inherited font, and is named by no inherited value. Its merged theme is then the parent's with these keys
            /// beside it, each resolving as it does alone, with no problem either; nil
            /// otherwise.
            let addedKeys: ResolvedTheme?
            /// Whether the theme, which does not only add keys, sets or adds keys that change
            /// how some inherited keys resolve (a mapping theme's `primaryColor`, which the
            /// root's aliases read, or a key set again with another kind) and its merged theme
            /// still resolves with no problem, as its parent's does: found by resolving only its
            /// own keys and the inherited keys that depend on them (`ChangeCheck`), so that a
            /// theme costs what it changes, not its merged theme.
            var changesCleanly: Bool { changes != nil }
            /// When `changesCleanly`, the keys whose values the theme changes, each with the kind
            /// of value it holds; nil otherwise.
            let changes: [ChangeCheck.Change]?
            /// For a theme that does not only add keys, whether its merged theme resolves
            /// with no problem: worked out once, when a child asks.
            private let cleanness = Locked<Bool?>(nil)
            /// The lineage's `Hints`, made when a child below a parent with no problem asks
            /// for them.
            private let madeHints = Locked<Hints?>(nil)
            /// `setters` as a trie, when they are a table and a child that shares them asks.
            private let madeTrie = Locked<HashTrie<Setters.Setter>?>(nil)
            /// The lineage's `Prefixes`: made with the link when the lineage declares
            /// something, else when a declaring theme below asks for them.
            private let madePrefixes: Locked<Prefixes?>

            /// What a child asks of its lineage (whether it only adds keys, what it changes),
            /// by hashes: keys whose hash is not there are surely not there. Kept for the lineage as a whole, from
            /// the parent's and the theme's own file; values a nearer theme set again stay,
            /// so a few more keys seem there than are.
            struct Hints: Sendable {
                /// The hashes of the keys folded to ASCII lower case
                /// (`KeyHash.foldingASCIICase`), for the case-collision check of a child, each
                /// with the spelling met under it.
                var foldedKeys = HashTrie<Spelling>()
                /// For each name a `<string>` value of the lineage gives (the text, or what
                /// follows its `@`), by the name's hash as `KeyHash` hashes a key: the keys whose
                /// values give it. A key whose hash is not here is named by no value. A theme that sets or adds that key changes how they resolve
                /// (`ChangeCheck`). A key set again with another value stays under the name its
                /// old value gave, so a few keys are there that no longer give the name.
                var namers = HashTrie<Namers>()
            }

            /// The keys of a lineage whose values give one name (see `Hints.namers`). A class,
            /// never changed once made, so that a trie's slot holds a reference: the tries are
            /// copied along their paths at every theme of a chain.
            final class Namers: Sendable {
                /// A key whose value gives the name (the first met, or a nearer theme's setting
                /// of it): where the name is read from.
                let first: Setters.Setter
                /// The other keys whose values give the name, by their keys' hashes; nil while
                /// there are none, as for most names (a trie is two allocations).
                let more: HashTrie<Setters.Setter>?

                init(first: Setters.Setter, more: HashTrie<Setters.Setter>? = nil) {
                    self.first = first
                    self.more = more
                }

                /// Calls `body` with each key whose value gives the name.
                func forEachKey(_ body: (Setters.Setter) -> Void) {
                    body(first)
                    more?.forEachValue(body)
                }

                /// These with `namer` (an entry of `store`) added, in place of its key's earlier
                /// setting if there is one.
                func adding(_ namer: Setters.Setter, of store: EntryStore) -> Namers {
                    let entry = namer.packed
                    if first.store.sameKey(first.packed, entry, of: store) { return Namers(first: namer, more: more) }
                    var others = more ?? HashTrie()
                    others.set(namer, hash: Int(entry.hash)) { $0.store.sameKey($0.packed, entry, of: store) }
                    return Namers(first: first, more: others)
                }

                /// The name `setter`'s `<string>` value gives: the text, less a leading `@`.
                static func name<Result>(
                    of setter: Setters.Setter, _ body: (UnsafeBufferPointer<UInt8>) -> Result
                ) -> Result {
                    setter.store.withBytes(setter.packed.text) { text in
                        body(text.first == UInt8(ascii: "@") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text)
                    }
                }

                /// Whether the name these keys give is `name` (UTF-8 bytes).
                func give(_ name: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
                    Self.name(of: first) { mine in
                        KeyHash.sameKey(mine, isASCII: KeyHash.of(mine).isASCII, name, isASCII: isASCII)
                    }
                }
            }

            /// What the hints know of the keys under one folded hash: the hash of the first
            /// spelling met (`KeyHash.of`), and whether another spelling was met too.
            struct Spelling: Sendable {
                var hash: Int
                var several: Bool
            }

            init(name: String, file: ThemeFile, parent: SharedLink?, options: ThemeOptions) {
                link = ThemeLineage.Link(name: name, path: file.path, parent: parent?.link)
                self.file = file
                self.parent = parent
                depth = parent.map { $0.depth + 1 } ?? 0
                setters = (parent?.setters ?? Setters()).adding(file, atDepth: depth) {
                    parent?.settersTrie() ?? HashTrie()
                }
                problems = Problems.link(file.diagnostics, before: parent?.problems)
                appearance = DeclaredAppearance.declared(in: file) ?? parent?.appearance ?? DeclaredAppearance()
                let declaresOwn = !file.document.store.declarations.isEmpty
                self.declaresOwn = declaresOwn
                let declaringAncestor = parent.flatMap { $0.declaresOwn ? $0 : $0.declaringAncestor }
                self.declaringAncestor = declaringAncestor
                let underDeclarations = declaresOwn || declaringAncestor != nil
                // Below a declaration, the prefixes are made now, from the parent's (made with
                // it, as the lineage declares): the shortcuts read kinds through them.
                let prefixes =
                    underDeclarations
                    ? (parent?.prefixes() ?? Prefixes()).adding(FileBox(file), atDepth: depth) : nil
                madePrefixes = Locked(prefixes)
                if let parent, problems == nil,
                    !(declaresOwn && Self.retypesInheritedKeys(file, below: parent.prefixes())),
                    parent.isClean(options: options)
                {
                    if Self.onlyAddsKeys(file, to: parent, underDeclarations: underDeclarations) {
                        let declaring =
                            declaringAncestor == nil ? [] : Self.declaringFiles(for: file, in: parent.prefixes())
                        var resolver = ThemeResolver(
                            name: name, lineage: ThemeLineage(link), chain: [file], declaring: declaring,
                            options: options)
                        let outcome = resolver.resolve()
                        addedKeys = outcome.diagnostics.isEmpty ? outcome.resolved : nil
                        changes = nil
                    } else {
                        addedKeys = nil
                        var check = ChangeCheck(
                            file: file, setters: setters, namers: parent.hints().namers, prefixes: prefixes,
                            alphaOrder: options.alphaOrder)
                        changes = check.changes()
                    }
                } else {
                    addedKeys = nil
                    changes = nil
                }
            }

            /// The lineage's prefixes (`Prefixes`): the nearest ancestor's that has them made,
            /// with the files below it added in turn (a walk, not a recursion: chains are long).
            func prefixes() -> Prefixes {
                if let made = madePrefixes.withLock({ $0 }) { return made }
                var pending = [self]
                var prefixes = Prefixes()
                var next = parent
                while let link = next {
                    if let made = link.madePrefixes.withLock({ $0 }) {
                        prefixes = made
                        break
                    }
                    pending.append(link)
                    next = link.parent
                }
                for link in pending.reversed() {
                    prefixes = prefixes.adding(FileBox(link.file), atDepth: link.depth)
                    link.madePrefixes.withLock { made in
                        if made == nil { made = prefixes }
                    }
                }
                return prefixes
            }

            /// Whether a `$type` of `file` reaches a key of the parent's merged theme
            /// (`inherited`, its prefixes) with another kind than the lineage gave it there: the
            /// nearest `$type` at or above the prefix it declares names another kind (or none
            /// does). A `$type` of a group the theme adds, or one that declares an inherited
            /// group its kind again, changes no inherited key; `$description` and
            /// `$deprecated` change no kind.
            private static func retypesInheritedKeys(_ file: ThemeFile, below inherited: Prefixes) -> Bool {
                let store = file.document.store
                for (entry, kind) in store.declarations where kind == .type && store.isFirstOfKey(Int(entry)) {
                    let retypes = store.withBytes(store.packed[Int(entry)].key) { key in
                        let prefix = UnsafeBufferPointer(
                            rebasing: key[..<max(0, key.count - kind.segment.utf8.count - 1)])
                        guard inherited.holdsKeys(under: prefix) else { return false }
                        let mine = Prefixes.kindNumber(
                            of: Setters.Setter(file: FileBox(file), depth: 0, entry: entry))
                        let theirs = inherited.nearestType(atOrAbove: prefix).flatMap {
                            Prefixes.kindNumber(of: $0.setter)
                        }
                        return mine != theirs
                    }
                    if retypes { return true }
                }
                return false
            }

            /// Whether no key of `file` sizes an inherited font or may be named by an inherited
            /// value, no value of it names an inherited key, and each key it sets again (an
            /// ancestor sets it too) keeps its kind: the keys of `parent`'s merged theme that
            /// `file` does not set then resolve as they do there, and `file`'s as they do alone.
            /// Stops at the first key that says no, before asking `parent` for its hints.
            ///
            /// A key set again (Awful's `descriptiveName`, set by every theme of a chain) keeps
            /// its kind when its suffix types it, or when both values are written as the same
            /// kind of scalar and neither is a string that may name a key: `themekit keys` then
            /// reads the same kinds from the theme's own keys as from its merged theme.
            ///
            /// `underDeclarations`: some ancestor declares a kind, which may make any inherited
            /// key a font; a key that is an inherited key + `Size` then sizes it.
            private static func onlyAddsKeys(
                _ file: ThemeFile, to parent: SharedLink, underDeclarations: Bool
            ) -> Bool {
                let store = file.document.store
                let reserved = store.reservedEntries()
                // A declaration is no key: what it changes, `retypesInheritedKeys` says.
                let declarations = store.declarationMask()
                for index in 0..<store.count
                where !reserved.contains(index) && (declarations.isEmpty || !declarations[index]) {
                    let entry = store.packed[index]
                    if let inherited = parent.setters.setter(of: entry, in: store),
                        !keepsKind(index, of: store, over: inherited, in: parent.setters)
                    {
                        return false
                    }
                    let sizesInheritedFont = store.withBytes(entry.key) { key in
                        (underDeclarations ? Self.endsInSize(key) : ValueKind.isFontSizeKey(key)) && key.count > 4
                            && parent.setters.contains(bytes: UnsafeBufferPointer(rebasing: key.dropLast(4)))
                    }
                    if sizesInheritedFont { return false }
                    guard entry.kind == .string else { continue }
                    let namesInheritedKey = store.withBytes(entry.text) { text in
                        parent.setters.contains(bytes: text)
                            || (text.first == UInt8(ascii: "@")
                                && parent.setters.contains(bytes: UnsafeBufferPointer(rebasing: text.dropFirst())))
                    }
                    if namesInheritedKey { return false }
                }
                // A name some inherited value gives, by its hash (now and then another name).
                let namers = parent.hints().namers
                for index in 0..<store.count
                where !reserved.contains(index) && (declarations.isEmpty || !declarations[index]) {
                    if namers.find(hash: Int(store.packed[index].hash), matching: { _ in true }) != nil {
                        return false
                    }
                }
                return true
            }

            /// Whether `key` ends in `Size` (`ValueKind.sizeSuffix`): the size of the font
            /// it is without it, whatever kind that key is declared.
            private static func endsInSize(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
                let suffix = ValueKind.sizeSuffix
                return key.count > suffix.utf8CodeUnitCount
                    && key.suffix(suffix.utf8CodeUnitCount).elementsEqual(
                        UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
            }

            /// The declarations of `file`'s ancestors that are the nearest over some key of
            /// `file` (`inherited`, the parent's prefixes), each ancestor's in a file of those
            /// alone (`ThemeFile(declarationsOf:chosen:)`), nearest first: what the keys `file`
            /// adds inherit. No other declaration reaches them, so a theme below n declaring
            /// themes, or below a file of m declarations, is given those over its keys, not n
            /// files or m declarations.
            private static func declaringFiles(for file: ThemeFile, in inherited: Prefixes) -> [ThemeFile] {
                guard inherited.hasDeclarations else { return [] }
                let store = file.document.store
                let reserved = store.reservedEntries()
                let declarations = store.declarationMask()
                var chosen: [Int32: (file: ThemeFile, entries: Set<Int32>)] = [:]
                for index in 0..<store.count
                where !reserved.contains(index) && (declarations.isEmpty || !declarations[index])
                    && store.isFirstOfKey(index)
                {
                    store.withBytes(store.packed[index].key) { key in
                        inherited.forEachNearest(over: key) { declaration in
                            let setter = declaration.setter
                            chosen[setter.depth, default: (setter.file.file, [])].entries.insert(setter.entry)
                        }
                    }
                }
                return chosen.keys.sorted(by: >).compactMap { depth in
                    chosen[depth].map { ThemeFile(declarationsOf: $0.file, chosen: $0.entries.sorted()) }
                }
            }

            /// Whether entry `index` of `store`, which sets the key of `inherited` again, keeps
            /// the kind the merged theme of `setters` gives it (see `onlyAddsKeys`).
            private static func keepsKind(
                _ index: Int, of store: EntryStore, over inherited: Setters.Setter, in setters: Setters
            ) -> Bool {
                let entry = store.packed[index]
                guard entry.typedKind == 0 else { return true }
                let old = inherited.packed
                guard entry.kind == old.kind else { return false }
                guard entry.kind == .string else { return true }
                // A string that may name a key resolves to that key's value, of any kind.
                let oldNamesKey = inherited.store.withBytes(old.text) { text in
                    text.first == UInt8(ascii: "@") || setters.contains(bytes: text)
                }
                if oldNamesKey { return false }
                return store.withBytes(entry.text) { text in
                    text.first != UInt8(ascii: "@")
                        && store.firstIndex(ofKey: String(decoding: text, as: UTF8.self)) == nil
                }
            }

            /// The setters in a trie, for a child that shares it: made once from a table.
            func settersTrie() -> HashTrie<Setters.Setter> {
                if setters.isTrie { return setters.trie }
                if let made = madeTrie.withLock({ $0 }) { return made }
                let made = setters.trie
                return madeTrie.withLock { kept in
                    if let kept { return kept }
                    kept = made
                    return made
                }
            }

            /// The lineage's hints: the nearest ancestor's that has them made, with the files
            /// below it added in turn (a walk, not a recursion: chains are long).
            func hints() -> Hints {
                if let made = madeHints.withLock({ $0 }) { return made }
                var pending = [self]
                var hints = Hints()
                var next = parent
                while let link = next {
                    if let made = link.madeHints.withLock({ $0 }) {
                        hints = made
                        break
                    }
                    pending.append(link)
                    next = link.parent
                }
                for link in pending.reversed() {
                    hints = link.adding(link.file, to: hints)
                    link.madeHints.withLock { made in
                        if made == nil { made = hints }
                    }
                }
                return hints
            }

            /// `hints` with `file`'s keys and values added.
            private func adding(_ file: ThemeFile, to hints: Hints) -> Hints {
                var hints = hints
                let store = file.document.store
                let box = FileBox(file)
                let reserved = store.reservedEntries()
                let declarations = store.declarationMask()
                for index in 0..<store.count where !reserved.contains(index) {
                    let entry = store.packed[index]
                    store.withBytes(entry.key) { key in
                        let folded = KeyHash.foldingASCIICase(key)
                        let exact = KeyHash.of(key).hash
                        let met = hints.foldedKeys.find(hash: folded) { _ in true }
                        let spelling = Spelling(
                            hash: met?.hash ?? exact, several: met.map { $0.several || $0.hash != exact } ?? false)
                        hints.foldedKeys.set(spelling, hash: folded) { _ in true }
                    }
                    // A declaration's value (`color`) is no alias: it names no key.
                    guard entry.kind == .string, store.isFirstOfKey(index), declarations.isEmpty || !declarations[index]
                    else { continue }
                    let namer = Setters.Setter(file: box, depth: Int32(depth), entry: Int32(index))
                    Namers.name(of: namer) { name in
                        let (hash, isASCII) = KeyHash.of(name)
                        let matches = { (namers: Namers) in namers.give(name, isASCII: isASCII) }
                        let namers =
                            hints.namers.find(hash: hash, matching: matches)?.adding(namer, of: store)
                            ?? Namers(first: namer)
                        hints.namers.set(namers, hash: hash, matching: matches)
                    }
                }
                return hints
            }

            /// The files resolution reads for the merged theme: the theme's, its parent's,
            /// and those of the ancestors that still set a key of it, nearest first.
            var chain: [ThemeFile] {
                var kept = setters.files(below: depth)
                if let parent { kept[parent.depth] = parent.file }
                return [file] + kept.keys.sorted(by: >).compactMap { kept[$0] }
            }

            /// The merged theme resolved from `chain`.
            func resolve(options: ThemeOptions) -> ThemeResolver.Outcome {
                var resolver = ThemeResolver(
                    name: link.name, lineage: ThemeLineage(link), chain: chain, options: options)
                return resolver.resolve()
            }

            /// Whether the lineage's files and the merged theme have no problem.
            func isClean(options: ThemeOptions) -> Bool {
                if addedKeys != nil || changesCleanly { return true }
                if let known = cleanness.withLock({ $0 }) { return known }
                let clean = problems == nil && resolve(options: options).diagnostics.isEmpty
                cleanness.withLock { $0 = clean }
                return clean
            }
        }

        /// A theme whose lineage is not whole (a parent missing or not a theme name, a
        /// cycle, a file that cannot be read), with every problem `analyze` finds for it
        /// alone, as a chain shared with the themes below it. In a cycle, the lineage holds
        /// the theme and its parent only.
        final class BrokenWalk: Sendable {
            let link: ThemeLineage.Link
            let file: ThemeFile
            let problems: Problems?

            init(link: ThemeLineage.Link, file: ThemeFile, problems: Problems?) {
                self.link = link
                self.file = file
                self.problems = problems
            }
        }

        private let broken = Locked([String: BrokenWalk]())

        /// Whether `file` cannot be resolved: it did not parse.
        static func isUnreadable(_ file: ThemeFile) -> Bool {
            file.diagnostics.contains { $0.code == .parseError || $0.code == .ioError }
        }

        /// The broken walk of `name`, made (with those of the themes it passes) once; `nil`
        /// when `name` itself cannot be read, which `analyze` reports on its own at once.
        func brokenWalk(for name: String, loader: ThemeLoader) -> BrokenWalk? {
            enum Below {
                case shared(SharedLink)
                case walk(BrokenWalk)
                case cycle(at: Int)
                case problem([Diagnostic])
                case none
            }
            var pending: [(name: String, path: String, file: ThemeFile)] = []
            var places: [String: Int] = [:]
            var current = name
            var below = Below.none
            walk: while true {
                let path = loader.path(of: current)
                if let link = links.withLock({ $0[path] }) {
                    below = .shared(link)
                    break walk
                }
                if let walk = broken.withLock({ $0[path] }) {
                    below = .walk(walk)
                    break walk
                }
                if let place = places[current] {
                    below = .cycle(at: place)
                    break walk
                }
                let file: ThemeFile
                switch reader(path) {
                case .success(let read):
                    file = read
                case .failure(let error):
                    guard let last = pending.last else { return nil }
                    if FileManager.default.fileExists(atPath: path) || ThemeLoader.isSymbolicLink(path) {
                        below = .problem(error.diagnostics.sorted())
                    } else if let entry = last.file[ThemeName.inheritanceKey] {
                        below = .problem([ThemeLoader.missingParent(current, namedIn: last.file, at: entry)])
                    }
                    break walk
                }
                places[current] = pending.count
                pending.append((current, path, file))
                guard let entry = file[ThemeName.inheritanceKey] else { break walk }
                guard case .string(let parent) = entry.value, ThemeName.isValid(parent) else {
                    below = .problem([ThemeLoader.invalidParent(in: file, at: entry)])
                    break walk
                }
                current = parent
            }
            // From the bottom up: each theme's problems are its own and those below it.
            var link: ThemeLineage.Link?
            var problems: Problems?
            // What is wrong where the walk stopped belongs to the last theme it read.
            var stop: [Diagnostic] = []
            var top = pending.count
            switch below {
            case .shared(let shared):
                link = shared.link
                problems = shared.problems
            case .walk(let walk):
                link = walk.link
                problems = walk.problems
            case .problem(let found):
                stop = found
            case .none:
                break
            case .cycle(let start):
                // Each theme of the cycle meets every file of it, and the cycle closed at the
                // file that names it; the themes above take the problems of where they enter.
                let members = Array(pending[start...])
                let files = Problems.link(members.flatMap(\.file.diagnostics), before: nil)
                var walks: [BrokenWalk] = []
                for (offset, member) in members.enumerated() {
                    let closing = members[(offset + members.count - 1) % members.count].file
                    guard let entry = closing[ThemeName.inheritanceKey] else { continue }
                    let cycle = ThemeLoader.inheritanceCycle(length: members.count, in: closing, at: entry) {
                        members[(offset + $0) % members.count].name
                    }
                    // The next theme of the cycle is the parent, unless the theme names
                    // itself: `analyze` lists it once then (found by the fuzzer).
                    let next = members[(offset + 1) % members.count]
                    let parent =
                        members.count > 1 ? ThemeLineage.Link(name: next.name, path: next.file.path, parent: nil) : nil
                    walks.append(
                        BrokenWalk(
                            link: ThemeLineage.Link(name: member.name, path: member.file.path, parent: parent),
                            file: member.file, problems: Problems(own: [cycle], next: files)))
                }
                guard walks.count == members.count else { return nil }
                // First come, kept: another thread may have walked this cycle from another
                // member, and a theme's walk must not be replaced by one made from a walk that
                // met that member already (it would lack the theme's own cycle message).
                broken.withLock { table in
                    for (member, walk) in zip(members, walks) where table[member.path] == nil {
                        table[member.path] = walk
                    }
                }
                link = walks[0].link
                problems = walks[0].problems
                top = start
            }
            for (index, (name, path, file)) in pending[..<top].enumerated().reversed() {
                link = ThemeLineage.Link(name: name, path: file.path, parent: link)
                let own = index == top - 1 ? file.diagnostics + stop : file.diagnostics
                problems = Problems.link(own, before: problems)
                let walk = BrokenWalk(link: link!, file: file, problems: problems)
                broken.withLock { table in
                    if table[path] == nil { table[path] = walk }
                }
            }
            return broken.withLock { $0[loader.path(of: name)] }
        }

        /// The shared link of `name`, made (with those of its ancestors not met yet) if its
        /// lineage is whole and clean; `nil` otherwise, for `analyze` to report what is
        /// wrong the long way. The walk stops at the first ancestor already known, so each
        /// theme of a chain is read and linked once.
        /// The appearance of the theme `name` of `loader`'s folder, as its lineage declares
        /// it (worked out once per link of the session); nil when its lineage is broken.
        package func appearance(of name: String, loader: ThemeLoader) -> ThemeAppearance? {
            link(for: name, loader: loader)?.appearance.appearance
        }

        func link(for name: String, loader: ThemeLoader) -> SharedLink? {
            var pending: [(name: String, path: String, file: ThemeFile)] = []
            var seen: Set<String> = []
            var current = name
            var known: SharedLink?
            while true {
                let path = loader.path(of: current)
                if let link = links.withLock({ $0[path] }) {
                    known = link
                    break
                }
                // A theme already known to be broken breaks every theme above it: stop here,
                // not at the end of a cycle the walk would go round.
                if broken.withLock({ $0[path] }) != nil { return nil }
                guard ThemeName.isValid(current), seen.insert(current).inserted, case .success(let file) = reader(path),
                    !Self.isUnreadable(file)
                else { return nil }
                pending.append((current, path, file))
                guard let entry = file[ThemeName.inheritanceKey] else { break }
                guard case .string(let parent) = entry.value else { return nil }
                current = parent
            }
            var link = known
            for (name, path, file) in pending.reversed() {
                let made = SharedLink(name: name, file: file, parent: link, options: loader.options)
                // First come, kept, so that the themes of a chain share one link each.
                link = links.withLock { table in
                    if let existing = table[path] { return existing }
                    table[path] = made
                    return made
                }
            }
            return link
        }
    }
}

import Foundation
import ThemeSupport

/// Everything known about one theme after reading its lineage and resolving it.
package struct ThemeAnalysis: Sendable {
    /// The theme's name.
    package var name: String
    /// Every problem found in the theme and its ancestors, sorted.
    package var diagnostics: [Diagnostic]
    /// The files resolved: the theme's first, then its ancestors'. Analyses made in one
    /// `ThemeLoader.Session` leave out the ancestors none of whose keys the merged theme
    /// keeps (every key they set, a nearer theme sets again), except the parent; for a
    /// theme resolved from its parent (`resolvesFromParent`), the theme's file and its parent's.
    package var files: [ThemeFile]
    /// The theme's lineage, shared between analyses of one session.
    var ancestry = ThemeLineage(names: [], paths: [])
    /// The names of the theme and its ancestors, the theme first.
    package var lineage: [String] { ancestry.names }
    /// The name of the theme's parent, if it has one.
    package var parentName: String? { ancestry.parent }
    /// What resolution found, when it ran (the files could be read and the lineage is
    /// whole).
    var resolution: ResolvedTheme?
    /// For a theme resolved from its parent, the link to resolve, and how, when the merged theme
    /// is asked for: the session knows it has no problem without resolving it.
    var deferred: (link: ThemeLoader.Session.SharedLink, options: ThemeOptions)?
    /// For an analysis made in a session, the parent's merged keys and who sets them.
    var parentLink: ThemeLoader.Session.SharedLink?
    /// Whether the theme is light or dark, and the partners its file names.
    package var appearance = AppearanceFacts()

    /// What resolution found: `resolution`, or, for a theme resolved from its parent, its merged
    /// theme resolved now (on each access: ask once). Nil when resolution did not run.
    var resolved: ResolvedTheme? {
        resolution ?? deferred.map { $0.link.resolve(options: $0.options).resolved }
    }

    /// Whether resolution ran or can run (its files could be read and its lineage is whole).
    private var isResolvable: Bool { resolution != nil || deferred != nil }

    /// Whether the theme only adds keys to a parent whose merged theme has no problem:
    /// every key it sets is new to its lineage, or an inherited key set again with a value of
    /// the same kind that no inherited value reads (Awful's `descriptiveName`), and none
    /// changes how another inherited key resolves, so the problems of its merged theme are
    /// those of its own keys, and it has none. A session finds it without resolving the merged theme (`addedTheme` holds the
    /// keys the theme adds); the linter and `themekit keys` then look only at those keys.
    package var addsKeysOnly: Bool { deferred?.link.addedKeys != nil }

    /// Whether the session found the theme's problems (it has none) from its own keys, those
    /// its parent's merged theme has, and the inherited keys that depend on its own, without
    /// resolving its merged theme: a theme that only adds keys (`addsKeysOnly`), or one whose
    /// keys change how inherited keys resolve and leave them resolving with no problem (a
    /// mapping theme that sets `primaryColor`). The linter then checks only its own keys.
    package var resolvesFromParent: Bool { deferred != nil }

    /// For a theme that only adds keys (`addsKeysOnly`), those keys resolved: a theme of
    /// them alone, each with the value and source it has in the merged theme.
    package var addedTheme: Theme? { deferred?.link.addedKeys?.whole() }

    /// For a theme resolved from its parent that does not only add keys
    /// (`resolvesFromParent`), the keys whose values it changes: its own, and the inherited
    /// keys that depend on them. Each with the kind of value it holds and where it is
    /// written; every other key of the merged theme is as its parent's merged theme has it.
    package var changedKeys: [(key: String, kind: ThemeValueKind, location: SourceLocation)]? {
        guard let link = deferred?.link, link.addedKeys == nil, let changes = link.changes else { return nil }
        return changes.map { ($0.key, $0.kind, $0.location) }
    }

    /// For a theme resolved from its parent (`resolvesFromParent`), whether its parent's merged theme may have a key
    /// that differs from `key` (UTF-8 bytes) only in ASCII letter case (`key` itself, which
    /// the theme may set again, is no collision): by hashes of the folded key and of its
    /// spellings, so now and then it says yes for no such key. Nil for other analyses.
    package func parentMayHave(foldingLike key: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let parent = deferred?.link.parent else { return nil }
        guard let met = parent.hints().foldedKeys.find(hash: KeyHash.foldingASCIICase(key), matching: { _ in true })
        else { return false }
        return met.several || met.hash != KeyHash.of(key).hash
    }

    /// With `defersLineageProblems`, the problems of the theme's files and lineage, left out
    /// of `diagnostics`: a chain shared with the other themes of the session, for a caller
    /// that reports each link of it once (the linter).
    package var lineageProblems: ThemeLoader.Session.Problems?

    init(name: String, diagnostics: [Diagnostic] = [], files: [ThemeFile] = []) {
        self.name = name
        self.diagnostics = diagnostics
        self.files = files
    }

    /// The diagnostics that are errors.
    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Whether the theme or its lineage has an error (deferred lineage problems included).
    var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error } || lineageProblems?.hasErrors == true
    }

    /// The resolved theme, when there was no error. Built from what resolution kept on
    /// each access: ask once.
    package var theme: Theme? { hasErrors ? nil : resolved?.whole()?.with(appearance) }

    /// The theme of the keys that resolved despite errors, marked with them (`isDegraded`);
    /// `nil` when resolution did not run (unreadable files, a broken lineage).
    package var degradedTheme: Theme? {
        guard let resolved else { return nil }
        let errors = errors
        let theme = errors.isEmpty ? resolved.whole() : resolved.partial().degraded(by: errors)
        return theme?.with(appearance)
    }

    /// The keys of the merged theme (the theme and its ancestors); nil when resolution
    /// did not run. A view of the resolver's own table, or, for a theme resolved from its parent,
    /// of the session's: nothing is copied to offer it.
    package var mergedKeys: MergedKeys? {
        if let resolution { return resolution.keys }
        return deferred.map { MergedKeys(setters: $0.link.setters) }
    }

    /// The files of the theme's ancestors, nearest first: in a session, every ancestor's
    /// (met one at a time, up the shared links); else those of `files`.
    package var ancestorFiles: AnySequence<ThemeFile> {
        guard let parentLink else { return AnySequence(files.dropFirst()) }
        return AnySequence(sequence(first: parentLink, next: \.parent).lazy.map(\.file))
    }

    /// The keys the theme's own file sets that none of its ancestors has (empty for a
    /// theme without a parent; `INHERITED_THEME` is not counted); nil when resolution did
    /// not run. Worked out on each access, from the parent's merged keys in a session, else
    /// from the ancestors' files.
    package var introducedKeys: [String]? {
        guard isResolvable, let own = files.first else { return nil }
        guard files.count > 1 else { return [] }
        var introduced: [String] = []
        if let setters = parentLink?.setters {
            // By the hashes the reader stored: no key is hashed again, and only the keys
            // introduced are made into strings.
            let store = own.document.store
            let reserved = store.reservedEntries()
            for index in 0..<store.count where !reserved.contains(index) && own.isFirstScalar(at: index) {
                if !setters.contains(store.packed[index], of: store) { introduced.append(store.key(index)) }
            }
        } else {
            let ancestors = files.dropFirst()
            for key in own.keys where !ThemeName.isReserved(key) {
                if !ancestors.contains(where: { $0.contains(key) }) { introduced.append(key) }
            }
        }
        return introduced
    }
}

/// Reads themes from one folder: a theme and its `INHERITED_THEME` ancestors, merged and
/// resolved.
public struct ThemeLoader: Sendable {
    /// Reads one theme file; the linter passes one that caches.
    package typealias FileReader = @Sendable (_ path: String) -> Result<ThemeFile, ThemeError>

    /// The folder holding `<name>.plist` files.
    public var directory: String
    /// How values are read.
    public var options: ThemeOptions

    /// Creates a loader for a folder.
    public init(directory: String, options: ThemeOptions = ThemeOptions()) {
        self.directory = directory
        self.options = options
    }

    /// The path of a theme's file (the name is not checked).
    public func path(of name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".plist"
    }

    /// Loads a theme whole.
    ///
    /// With `allowingErrors`, a theme whose files can be read and whose lineage is whole
    /// loads even when some of its keys are broken: those keys are left out, and the
    /// theme's `problems` (and `isDegraded`) say what was wrong.
    /// - Throws: `ThemeError` with every error of the theme and its ancestors.
    public func load(_ name: String, allowingErrors: Bool = false) throws(ThemeError) -> Theme {
        let analysis = analyze(name)
        if let theme = allowingErrors ? analysis.degradedTheme : analysis.theme { return theme }
        throw ThemeError(analysis.errors)
    }

    /// Reads and resolves a theme, collecting every problem rather than stopping. The
    /// theme itself is built only when asked for (`theme`).
    package func analyze(_ name: String, reader: FileReader? = nil) -> ThemeAnalysis {
        var analysis = analyze(name, reader: reader, session: nil)
        addAppearance(to: &analysis)
        return analysis
    }

    /// `analyze` for one of many themes analysed together: files are read through the
    /// session's reader, and a theme whose lineage is whole and clean is resolved from what
    /// its parent's merge keeps, not from every ancestor again. The results are those of
    /// `analyze`, except that `files` leaves out ancestors that the merge does not keep.
    ///
    /// With `defersLineageProblems`, a theme analysed from the session leaves the problems
    /// of its files and lineage out of `diagnostics` and hands them over as
    /// `lineageProblems`, shared with the themes that share them.
    package func analyze(_ name: String, in session: Session, defersLineageProblems: Bool = false) -> ThemeAnalysis {
        var analysis = analyze(
            name, reader: session.reader, session: session, defersLineageProblems: defersLineageProblems)
        addAppearance(to: &analysis)
        return analysis
    }

    private func analyze(
        _ name: String, reader: FileReader?, session: Session?, defersLineageProblems: Bool = false
    ) -> ThemeAnalysis {
        let plistReader = PropertyListReader(limits: options.limits)
        let read: FileReader
        if let reader {
            read = reader
        } else {
            read = { path in Result { () throws(ThemeError) in try ThemeFile.read(path, reader: plistReader) } }
        }
        var analysis = ThemeAnalysis(name: name)
        guard ThemeName.isValid(name) else {
            analysis.diagnostics = [
                Diagnostic(
                    .invalidThemeName,
                    "'\(name)' is not a theme name: use letters, digits, '.', '_' and '-', starting with a letter or digit",
                    at: .wholeFile(directory))
            ]
            return analysis
        }
        if let session {
            if let shared = session.link(for: name, loader: self) {
                return analyze(shared, defersLineageProblems: defersLineageProblems)
            }
            if let walk = session.brokenWalk(for: name, loader: self) {
                analysis.files = [walk.file]
                analysis.ancestry = ThemeLineage(walk.link)
                if defersLineageProblems {
                    analysis.lineageProblems = walk.problems
                } else {
                    analysis.diagnostics = walk.problems?.all ?? []
                }
                return analysis
            }
        }
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        var lineage: [String] = []
        var current = name
        var namedBy: (file: ThemeFile, entry: PropertyListEntry)?
        lineage: while true {
            let path = path(of: current)
            let file: ThemeFile
            switch read(path) {
            case .success(let read):
                file = read
            case .failure(let error):
                if FileManager.default.fileExists(atPath: path) || Self.isSymbolicLink(path) {
                    diagnostics += error.diagnostics
                } else if let namedBy {
                    diagnostics.append(Self.missingParent(current, namedIn: namedBy.file, at: namedBy.entry))
                } else {
                    diagnostics.append(themeNotFound(current, at: path))
                }
                break lineage
            }
            analysis.files.append(file)
            lineage.append(current)
            seen.insert(current)
            diagnostics += file.diagnostics
            guard let parentEntry = file[ThemeName.inheritanceKey] else { break }
            guard case .string(let parent) = parentEntry.value, ThemeName.isValid(parent) else {
                diagnostics.append(Self.invalidParent(in: file, at: parentEntry))
                break
            }
            if seen.contains(parent) {
                let start = lineage.firstIndex(of: parent) ?? 0
                let cycle = lineage[start...]
                diagnostics.append(
                    Self.inheritanceCycle(length: cycle.count, in: file, at: parentEntry) {
                        cycle[start + $0 % cycle.count]
                    })
                break
            }
            namedBy = (file, parentEntry)
            current = parent
        }
        let unreadable = diagnostics.contains { $0.code == .parseError || $0.code == .ioError }
        let brokenLineage = diagnostics.contains {
            [.missingParent, .inheritanceCycle, .themeNotFound].contains($0.code)
        }
        analysis.ancestry = ThemeLineage(names: lineage, paths: analysis.files.map(\.path))
        if !analysis.files.isEmpty, !unreadable, !brokenLineage {
            var resolver = ThemeResolver(
                name: name, lineage: analysis.ancestry, chain: analysis.files, options: options)
            let outcome = resolver.resolve()
            diagnostics += outcome.diagnostics
            analysis.resolution = outcome.resolved
        }
        diagnostics.sort()
        analysis.diagnostics = diagnostics
        return analysis
    }

    /// A reader that reads and parses each path once, for a tool that loads many themes of
    /// one folder: themes that share ancestors then share their files, instead of every
    /// theme of a long inheritance chain parsing the whole chain again.
    package func cachingReader() -> FileReader {
        let reader = PropertyListReader(limits: options.limits)
        let cache = Locked([String: Result<ThemeFile, ThemeError>]())
        return { path in
            if let known = cache.withLock({ $0[path] }) { return known }
            let read = Result { () throws(ThemeError) in try ThemeFile.read(path, reader: reader) }
            cache.withLock { $0[path] = read }
            return read
        }
    }

    /// The analysis of a theme whose lineage is whole and clean, from its shared link: the
    /// resolver is given the theme's file, its parent's, and those of the ancestors that
    /// still set a key of the merged theme, so that the work is that of the merged theme,
    /// however many ancestors it has. A theme resolved from its parent (`resolvesFromParent`) has no
    /// problem, and is resolved only when its theme or values are asked for.
    private func analyze(_ shared: Session.SharedLink, defersLineageProblems: Bool) -> ThemeAnalysis {
        let lineage = ThemeLineage(shared.link)
        if shared.addedKeys != nil || shared.changesCleanly, let parent = shared.parent {
            var analysis = ThemeAnalysis(name: shared.link.name, files: [shared.file, parent.file])
            analysis.ancestry = lineage
            analysis.parentLink = parent
            analysis.deferred = (shared, options)
            return analysis
        }
        let chain = shared.chain
        var resolver = ThemeResolver(name: shared.link.name, lineage: lineage, chain: chain, options: options)
        let outcome = resolver.resolve()
        var diagnostics = outcome.diagnostics
        if let problems = shared.problems, !defersLineageProblems {
            diagnostics = (problems.all + diagnostics).sorted()
        }
        var analysis = ThemeAnalysis(name: shared.link.name, diagnostics: diagnostics, files: chain)
        analysis.ancestry = lineage
        if defersLineageProblems { analysis.lineageProblems = shared.problems }
        analysis.resolution = outcome.resolved
        analysis.parentLink = shared.parent
        return analysis
    }

    /// `missing_parent`: `file`'s `INHERITED_THEME` (`entry`) names `parent`, which has no file.
    static func missingParent(_ parent: String, namedIn file: ThemeFile, at entry: PropertyListEntry) -> Diagnostic {
        file.document.diagnostic(
            .missingParent,
            "\(ThemeName.inheritanceKey) names '\(parent)', but there is no \(parent).plist beside this theme",
            at: entry.valueRange, key: ThemeName.inheritanceKey)
    }

    /// `missing_parent`: `file`'s `INHERITED_THEME` (`entry`) is not a theme name.
    static func invalidParent(in file: ThemeFile, at entry: PropertyListEntry) -> Diagnostic {
        file.document.diagnostic(
            .missingParent,
            "\(ThemeName.inheritanceKey) must be a theme name; \(ThemeResolver.describe(entry.value)) is not one",
            at: entry.valueRange, key: ThemeName.inheritanceKey)
    }

    /// The most theme names an `inheritance_cycle` message lists: a longer cycle is shown
    /// as its first names, how many more, and its last, so that the n themes of an n-theme
    /// cycle say it in n lines of bounded length, not n².
    static let listedCycleNames = 6

    /// `inheritance_cycle` at `file`'s `INHERITED_THEME` (`entry`), which closes a cycle of
    /// `length` themes; `name(k)` is the k-th theme of the cycle from where it starts
    /// (`name(length)` is the first again).
    static func inheritanceCycle(
        length: Int, in file: ThemeFile, at entry: PropertyListEntry, name: (Int) -> String
    ) -> Diagnostic {
        var names: [String]
        if length + 1 <= listedCycleNames {
            names = (0...length).map(name)
        } else {
            names = (0..<listedCycleNames - 3).map(name)
            names.append("… \(length + 1 - listedCycleNames + 1) more")
            names += [name(length - 1), name(length)]
        }
        return file.document.diagnostic(
            .inheritanceCycle, "inheritance cycle: \(names.joined(separator: " → "))", at: entry.valueRange,
            key: ThemeName.inheritanceKey)
    }

    /// The most theme names a `theme_not_found` note lists before "and N more".
    static let listedThemes = 10

    /// `theme_not_found` for `name`: the nearest theme's name in the message ("did you
    /// mean"), and a note on the folder listing its first themes in order. The folder is
    /// read once, and the work is linear in the number of its entries.
    private func themeNotFound(_ name: String, at path: String) -> Diagnostic {
        var message = "no theme named '\(name)' in \(directory)"
        let note: String
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .compactMap(ThemeName.of(fileName:))
            message += Suggestions.hint(Suggestions.closest(to: name, among: names))
            let first = Self.smallest(Self.listedThemes, of: names)
            if first.isEmpty {
                note = "no themes in this folder"
            } else {
                let more = names.count - first.count
                note = "available: " + first.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "")
            }
        } catch {
            var isFolder: ObjCBool = false
            note =
                !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder)
                ? "this folder does not exist"
                : isFolder.boolValue ? "this folder cannot be read" : "this is not a folder"
        }
        return Diagnostic(
            .themeNotFound, message, at: .wholeFile(path), notes: [Diagnostic.Note(note, at: .wholeFile(directory))])
    }

    /// The `count` smallest of `names`, sorted, in one pass of at most `count` steps each.
    private static func smallest(_ count: Int, of names: [String]) -> [String] {
        var first: [String] = []
        first.reserveCapacity(count + 1)
        for name in names {
            if first.count == count, let last = first.last, name >= last { continue }
            first.insert(name, at: first.firstIndex { name < $0 } ?? first.count)
            if first.count > count { first.removeLast() }
        }
        return first
    }

    /// The names of the themes in the folder, sorted; files that are not themes are skipped.
    public func availableThemes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap(ThemeName.of(fileName:)).sorted()
    }

    /// Whether `path` is a symbolic link, whether or not it leads anywhere (`fileExists`
    /// follows links, so it says no for a dangling one).
    package static func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}

extension ThemeLoader {
    /// What analyses of many themes share, for the tools and the linter that analyse every
    /// theme of a folder: each file is read once (through `reader`), and each theme whose
    /// lineage is whole and clean is remembered with what its merge keeps, so that its
    /// children are resolved from that rather than from the whole chain again. Analyses
    /// may run on several threads at once.
    package final class Session: Sendable {
        let reader: FileReader
        private let links = Locked([String: SharedLink]())

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
                    return Setters(storage: .table(table, setters))
                }
                var trie = shared()
                for index in 0..<store.count where !reserved.contains(index) && store.isFirstOfKey(index) {
                    let entry = store.packed[index]
                    trie.set(
                        Setter(file: box, depth: Int32(depth), entry: Int32(index)), hash: Int(entry.hash),
                        matching: { $0.store.sameKey($0.packed, entry, of: store) })
                }
                return Setters(storage: .trie(trie))
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
                if let parent, problems == nil, Self.onlyAddsKeys(file, to: parent),
                    parent.isClean(options: options)
                {
                    var resolver = ThemeResolver(
                        name: name, lineage: ThemeLineage(link), chain: [file], options: options)
                    let outcome = resolver.resolve()
                    addedKeys = outcome.diagnostics.isEmpty ? outcome.resolved : nil
                    changes = nil
                } else if let parent, problems == nil, parent.isClean(options: options) {
                    addedKeys = nil
                    var check = ChangeCheck(
                        file: file, setters: setters, namers: parent.hints().namers, alphaOrder: options.alphaOrder)
                    changes = check.changes()
                } else {
                    addedKeys = nil
                    changes = nil
                }
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
            private static func onlyAddsKeys(_ file: ThemeFile, to parent: SharedLink) -> Bool {
                let store = file.document.store
                let reserved = store.reservedEntries()
                for index in 0..<store.count where !reserved.contains(index) {
                    let entry = store.packed[index]
                    if let inherited = parent.setters.setter(of: entry, in: store),
                        !keepsKind(index, of: store, over: inherited, in: parent.setters)
                    {
                        return false
                    }
                    let sizesInheritedFont = store.withBytes(entry.key) { key in
                        ValueKind.isFontSizeKey(key) && key.count > 4
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
                for index in 0..<store.count where !reserved.contains(index) {
                    if namers.find(hash: Int(store.packed[index].hash), matching: { _ in true }) != nil {
                        return false
                    }
                }
                return true
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
                    guard entry.kind == .string, store.isFirstOfKey(index) else { continue }
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

extension DiagnosticCode {
    /// Every code loading a theme can report: what ThemeKit refuses to load, each typed
    /// kind's `invalid_…` included. (The linter declares the codes of its own checks, the
    /// tools theirs.)
    package static let loadCodes: [DiagnosticCode] =
        [
            .parseError, .notFlat, .duplicateKey, .ioError, .invalidThemeName, .themeNotFound, .unresolvedAlias,
            .aliasCycle, .missingFontSize, .missingParent, .inheritanceCycle,
        ] + ValueKind.typed.compactMap(\.code)
}

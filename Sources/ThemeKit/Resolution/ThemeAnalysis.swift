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
    /// Whether the theme is a DTCG theme (`ThemeLoader.analyze(_:in:)`): `files` are its
    /// sets, merged in order (the last first here), none of them an ancestor: the theme has
    /// no parent, and no key of it is an override.
    package internal(set) var isTokensTheme = false

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

    /// For a theme resolved from its parent (`resolvesFromParent`) whose lineage declares
    /// kinds, whether a key of its merged theme (not a declaration) is `prefix` or lies under
    /// it (any key, for the empty prefix): asked of the session's index of the lineage's dotted
    /// prefixes, without walking the merged theme. Nil for other analyses.
    package func hasMergedKeys(under prefix: String) -> Bool? {
        guard let link = deferred?.link, link.declaresOwn || link.declaringAncestor != nil else { return nil }
        var prefix = prefix
        let prefixes = link.prefixes()
        return prefix.withUTF8 { prefixes.holdsKeys(under: $0) }
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
        guard files.count > 1, !isTokensTheme else { return [] }
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

package import ThemeKit

/// Every theme of one folder, loaded whole, for the tools that look across themes (typed
/// keys, the preview page) or at one of them (show, export).
package struct ThemeCollection: Sendable {
    /// The folder the themes were read from.
    package var directory: String
    /// The themes that loaded, sorted by name.
    package var themes: [Theme]
    /// The themes that did not load, by name, each with its own problems (its file's, its
    /// `INHERITED_THEME`'s, its resolution's) and those of the nearest theme of its lineage
    /// that has any: enough to say why, without every theme of a long chain repeating all
    /// its ancestors' problems.
    package var failures: [String: ThemeError]

    /// Loads every theme in `directory` (files named `NAME.plist`), each with its ancestors.
    /// A theme that fails is kept in `failures`; the others still load.
    package init(directory: String, options: ThemeOptions = ThemeOptions()) {
        let loader = ThemeLoader(directory: directory, options: options)
        var themes: [Theme] = []
        var failures: [String: ThemeError] = [:]
        // Each file is read once, and each theme is resolved from what its parent's merge
        // keeps: the themes of a long inheritance chain share their ancestors.
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        for name in loader.availableThemes() {
            let analysis = loader.analyze(name, in: session, defersLineageProblems: true)
            if let theme = analysis.theme {
                themes.append(theme)
            } else {
                failures[name] = Self.failure(of: analysis)
            }
        }
        self.directory = directory
        self.themes = themes
        self.failures = failures
    }

    /// Why the theme of `analysis` did not load: its own problems and those of the nearest
    /// theme of its lineage that has any, or, when those hold no error, its lineage's errors.
    static func failure(of analysis: ThemeAnalysis) -> ThemeError {
        let nearest = analysis.lineageProblems?.own ?? []
        let problems = analysis.diagnostics.isEmpty ? nearest : (analysis.diagnostics + nearest).sorted()
        let errors = problems.filter { $0.severity == .error }
        // The error may lie further down the lineage than the nearest problem.
        return ThemeError(
            errors.isEmpty ? (analysis.lineageProblems?.all ?? []).filter { $0.severity == .error } : errors)
    }

    /// The theme named `name`, if it loaded.
    package func theme(named name: String) -> Theme? { themes.first { $0.name == name } }

    /// Every key of every theme, sorted, each with the kind of value it holds. A key whose
    /// themes disagree on the kind (a color in one, a string in another) gets `nil`.
    package var keyKinds: [(key: String, kind: ThemeValueKind?)] {
        Self.keyUses(of: themes).map { use in (use.key, use.kinds.count == 1 ? use.kinds[0].kind : nil) }
    }

    /// A key of a set of themes, where it was first written, and the kinds of value it holds.
    struct KeyUse {
        var key: String
        var location: SourceLocation
        /// One entry per distinct kind, in the order of the first theme (by name) holding it.
        var kinds: [(kind: ThemeValueKind, theme: String, location: SourceLocation)]
    }

    /// A key of one theme: the kind of its value, where it is written, and the theme named
    /// for it (the first by name of the themes that hold it so).
    struct KeyRecord: Sendable {
        var key: String
        var kind: ThemeValueKind
        var theme: String
        var location: SourceLocation
    }

    /// The records of every key of `theme`, naming `name` for them.
    static func records(of theme: Theme, as name: String) -> [KeyRecord] {
        theme.values.map { key, value in
            KeyRecord(
                key: key, kind: ValueKind.of(key: key, value: value), theme: name,
                location: theme.source(forKey: key)?.key ?? .wholeFile(theme.files.first ?? theme.name + ".plist"))
        }
    }

    /// Every key of `themes`, sorted, with where it is written and each kind it holds.
    static func keyUses(of themes: [Theme]) -> [KeyUse] {
        keyUses(of: themes.flatMap { records(of: $0, as: $0.name) })
    }

    /// Every key of `records`, sorted, with where the first record (by theme name) holding
    /// it says it is written, and each kind it holds with the first such record's theme.
    static func keyUses(of records: [KeyRecord]) -> [KeyUse] {
        // By theme name, keeping the given order among records of one name (a stable sort).
        let ordered = records.indices.sorted { (records[$0].theme, $0) < (records[$1].theme, $1) }
        var uses: [String: KeyUse] = [:]
        for index in ordered {
            let record = records[index]
            if var use = uses[record.key] {
                if !use.kinds.contains(where: { $0.kind == record.kind }) {
                    use.kinds.append((record.kind, record.theme, record.location))
                    uses[record.key] = use
                }
            } else {
                uses[record.key] = KeyUse(
                    key: record.key, location: record.location,
                    kinds: [(record.kind, record.theme, record.location)])
            }
        }
        return uses.values.sorted { $0.key < $1.key }
    }
}

/// The keys of every theme of one folder and the themes that did not load, for
/// `themekit keys`, which needs each key's kind and place, not every theme whole: a theme
/// that only adds keys to its lineage (`ThemeAnalysis.addsKeysOnly`) gives the keys it
/// adds, and holds its ancestors' as they hold them, so a chain of n themes that each add
/// a key gives n keys, not n²/2.
package struct KeySurvey: Sendable {
    /// The folder the themes were read from.
    package var directory: String
    /// The themes that did not load, as `ThemeCollection.failures` says.
    package var failures: [String: ThemeError]
    /// The names of the themes that loaded.
    var themeNames: [String]
    /// The keys of the themes that loaded: those of a theme that only adds keys are its
    /// own, the others whole; each named for the first theme by name that holds it so.
    var records: [ThemeCollection.KeyRecord]

    /// Whether the folder held no theme.
    package var isEmpty: Bool { themeNames.isEmpty && failures.isEmpty }

    /// The survey of the themes a collection loaded.
    init(_ collection: ThemeCollection) {
        directory = collection.directory
        failures = collection.failures
        themeNames = collection.themes.map(\.name)
        records = collection.themes.sorted { $0.name < $1.name }.flatMap {
            ThemeCollection.records(of: $0, as: $0.name)
        }
    }

    /// Reads every theme in `directory` (files named `NAME.plist`), as `ThemeCollection`
    /// does, keeping only what the keys need.
    package init(directory: String, options: ThemeOptions = ThemeOptions()) {
        let loader = ThemeLoader(directory: directory, options: options)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        var failures: [String: ThemeError] = [:]
        var loaded: [(name: String, records: [ThemeCollection.KeyRecord])] = []
        // The themes that only add keys, under their parents: each holds its parent's keys
        // as they are, so the theme named for those keys is the first by name among the
        // parent and every theme below it that only adds keys.
        var addingChildren: [String: [String]] = [:]
        for name in loader.availableThemes() {
            let analysis = loader.analyze(name, in: session, defersLineageProblems: true)
            let theme = analysis.addsKeysOnly ? analysis.addedTheme : analysis.theme
            guard let theme else {
                failures[name] = ThemeCollection.failure(of: analysis)
                continue
            }
            if analysis.addsKeysOnly, let parent = analysis.parentName {
                addingChildren[parent, default: []].append(name)
            }
            loaded.append((name, ThemeCollection.records(of: theme, as: name)))
        }
        // The first name of each subtree of themes that only add keys, leaves first: a
        // walk with a stack of its own, since a chain may be thousands of themes deep.
        var first: [String: String] = [:]
        var order: [String] = []
        var isChild = Set<String>()
        for children in addingChildren.values { isChild.formUnion(children) }
        var pending = loaded.map(\.name).filter { !isChild.contains($0) }
        while let name = pending.popLast() {
            order.append(name)
            pending += addingChildren[name] ?? []
        }
        for name in order.reversed() {
            first[name] = (addingChildren[name] ?? []).reduce(name) { min($0, first[$1] ?? $1) }
        }
        self.directory = directory
        self.failures = failures
        themeNames = loaded.map(\.name)
        records = loaded.flatMap { name, records in
            records.map { record in
                var record = record
                record.theme = first[name] ?? name
                return record
            }
        }
    }
}

extension Theme {
    /// The partner a manager following the system uses in place of this theme when the
    /// system is of the other appearance (`DARK_THEME` of a light theme, `LIGHT_THEME` of a
    /// dark one), if its file names one: the theme the tools show and export beside it.
    package var partnerName: String? {
        let name = themeName(for: appearance.opposite)
        return name == self.name ? nil : name
    }
}

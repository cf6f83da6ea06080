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
                key: key, kind: theme.kind(ofKey: key) ?? ValueKind.of(key: key, value: value), theme: name,
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
/// resolved from its parent (`ThemeAnalysis.resolvesFromParent`) gives the keys it adds or
/// sets and the inherited keys whose values it changes (`changedKeys`), and holds its
/// ancestors' others as they hold them, so a chain of n themes that each add a key and set
/// `primaryColor` gives a few keys each, not n²/2.
package struct KeySurvey: Sendable {
    /// The folder the themes were read from.
    package var directory: String
    /// The themes that did not load, as `ThemeCollection.failures` says.
    package var failures: [String: ThemeError]
    /// The names of the themes that loaded.
    var themeNames: [String]
    /// The keys of the themes that loaded: those a theme resolved from its parent gives
    /// (`ThemeAnalysis.changedKeys`, or the keys it adds), the others whole; each named for
    /// the first theme by name that holds it so.
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
        // The themes resolved from their parents, under their parents: each holds its
        // parent's keys as they are, but for the keys it gives records of its own (those it
        // adds or sets, and the inherited ones whose values it changes).
        var sharedChildren: [String: [String]] = [:]
        for name in loader.availableThemes() {
            let analysis = loader.analyze(name, in: session, defersLineageProblems: true)
            let records: [ThemeCollection.KeyRecord]
            if let changed = analysis.changedKeys {
                records = changed.map {
                    ThemeCollection.KeyRecord(key: $0.key, kind: $0.kind, theme: name, location: $0.location)
                }
            } else if let theme = analysis.addsKeysOnly ? analysis.addedTheme : analysis.theme {
                records = ThemeCollection.records(of: theme, as: name)
            } else {
                failures[name] = ThemeCollection.failure(of: analysis)
                continue
            }
            if analysis.resolvesFromParent, let parent = analysis.parentName {
                sharedChildren[parent, default: []].append(name)
            }
            loaded.append((name, records))
        }
        self.directory = directory
        self.failures = failures
        themeNames = loaded.map(\.name)
        records = Self.named(loaded, sharedChildren: sharedChildren)
    }

    /// The records of `loaded`, each named for the first theme by name that holds it: the
    /// theme that gives it and every theme below it, through `sharedChildren`, that gives no
    /// record of that key of its own.
    ///
    /// The themes are numbered in a walk of the trees of shared children (a stack of its own:
    /// a chain may be thousands of themes deep), so that a theme and those below it are a
    /// range of numbers; a record's themes are its giver's range less the ranges of the
    /// nearest themes below it that give the key again, and the first name over a range is a
    /// lookup in a sparse table. The work is the records' and the themes' (times a log), not
    /// the merged themes' (n²/2 records for a chain whose every theme changes a key).
    static func named(
        _ loaded: [(name: String, records: [ThemeCollection.KeyRecord])], sharedChildren: [String: [String]]
    ) -> [ThemeCollection.KeyRecord] {
        var isChild = Set<String>()
        for children in sharedChildren.values { isChild.formUnion(children) }
        let loadedNames = Set(loaded.map(\.name))
        var order: [String] = []
        var start: [String: Int] = [:]
        var pending = loaded.map(\.name).filter { !isChild.contains($0) }.reversed().map { $0 }
        while let name = pending.popLast() {
            start[name] = order.count
            order.append(name)
            pending += (sharedChildren[name] ?? []).filter(loadedNames.contains).reversed()
        }
        // Each theme's range ends where the themes below it end.
        var end = Array(repeating: 0, count: order.count)
        for position in order.indices.reversed() {
            let name = order[position]
            let below = (sharedChildren[name] ?? []).compactMap { child in start[child].map { end[$0] } }
            end[position] = below.max() ?? position + 1
        }
        let first = FirstName(order)
        // Each key's givers, by their place in the walk.
        var givers: [String: [(position: Int, theme: Int, record: Int)]] = [:]
        for (theme, entry) in loaded.enumerated() {
            guard let position = start[entry.name] else { continue }
            for (record, found) in entry.records.enumerated() {
                givers[found.key, default: []].append((position, theme, record))
            }
        }
        var named = loaded.map(\.records)
        for (_, list) in givers {
            let sorted = list.sorted { $0.position < $1.position }
            // The givers whose ranges are open, outermost first, each with where the part of
            // its range not yet looked at starts and the first name found so far.
            var open: [(giver: Int, cursor: Int, best: Int?)] = []
            func close() {
                guard let top = open.popLast() else { return }
                let giver = sorted[top.giver]
                let best = first.smaller(top.best, first.position(in: top.cursor..<end[giver.position]))
                if let best { named[giver.theme][giver.record].theme = order[best] }
            }
            for (index, giver) in sorted.enumerated() {
                while let top = open.last, giver.position >= end[sorted[top.giver].position] { close() }
                if let top = open.indices.last {
                    let found = first.position(in: open[top].cursor..<giver.position)
                    open[top].best = first.smaller(open[top].best, found)
                    open[top].cursor = end[giver.position]
                }
                open.append((index, giver.position, nil))
            }
            while !open.isEmpty { close() }
        }
        return named.flatMap { $0 }
    }

    /// The place of the first name over any range of places of `names`: a sparse table of the
    /// first over each range of a power of two.
    struct FirstName {
        private let names: [String]
        private var levels: [[Int]]

        init(_ names: [String]) {
            self.names = names
            levels = [Array(names.indices)]
            var width = 1
            while 2 * width <= names.count {
                let below = levels[levels.count - 1]
                var level: [Int] = []
                level.reserveCapacity(names.count - 2 * width + 1)
                for position in 0...(names.count - 2 * width) {
                    let (left, right) = (below[position], below[position + width])
                    level.append(names[right] < names[left] ? right : left)
                }
                levels.append(level)
                width *= 2
            }
        }

        /// The place of the first name in `range`; nil for an empty range.
        func position(in range: Range<Int>) -> Int? {
            guard !range.isEmpty else { return nil }
            var level = 0
            while 2 << level <= range.count { level += 1 }
            let left = levels[level][range.lowerBound]
            let right = levels[level][range.upperBound - (1 << level)]
            return names[right] < names[left] ? right : left
        }

        /// Of two places, the one whose name comes first.
        func smaller(_ one: Int?, _ other: Int?) -> Int? {
            guard let one else { return other }
            guard let other else { return one }
            return names[other] < names[one] ? other : one
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

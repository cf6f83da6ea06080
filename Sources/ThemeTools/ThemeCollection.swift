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
                let nearest = analysis.lineageProblems?.own ?? []
                let problems = analysis.diagnostics.isEmpty ? nearest : (analysis.diagnostics + nearest).sorted()
                let errors = problems.filter { $0.severity == .error }
                // The error may lie further down the lineage than the nearest problem.
                failures[name] = ThemeError(
                    errors.isEmpty ? (analysis.lineageProblems?.all ?? []).filter { $0.severity == .error } : errors)
            }
        }
        self.directory = directory
        self.themes = themes
        self.failures = failures
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

    /// Every key of `themes`, sorted, with where it is written and each kind it holds.
    static func keyUses(of themes: [Theme]) -> [KeyUse] {
        var uses: [String: KeyUse] = [:]
        for theme in themes.sorted(by: { $0.name < $1.name }) {
            for (key, value) in theme.values {
                let kind = ValueKind.of(key: key, value: value)
                let location =
                    theme.source(forKey: key)?.key ?? .wholeFile(theme.files.first ?? theme.name + ".plist")
                if var use = uses[key] {
                    if !use.kinds.contains(where: { $0.kind == kind }) {
                        use.kinds.append((kind, theme.name, location))
                        uses[key] = use
                    }
                } else {
                    uses[key] = KeyUse(key: key, location: location, kinds: [(kind, theme.name, location)])
                }
            }
        }
        return uses.values.sorted { $0.key < $1.key }
    }
}

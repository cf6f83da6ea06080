import Foundation
import ThemeKit
import ThemeSupport

extension ThemeLinter {
    /// The problems of the DTCG files found (SPEC §12), and the files read (for their
    /// suppressions): the resolver documents and tokens files are read as the loader reads
    /// them (`TokensFolder`), from the linter's buffers where it has them, and each theme
    /// they give is linted as a plist theme is: the problems of its files, what resolving it
    /// finds, and every rule, located in the JSON.
    ///
    /// Which themes: every theme of a resolver found; a tokens file that no resolver names
    /// (of those found, and those beside it), as its own theme; a tokens file that one names
    /// (a set, in the resolver's folder or below it), through that resolver's themes, since
    /// its references may name tokens of the other sets. A file is reported once, however
    /// many themes read it.
    func lintTokens(
        _ found: [ThemePath], discovery: ThemeDiscovery, contents: [String: [UInt8]], rules: [any Rule]
    ) -> (diagnostics: [Diagnostic], files: [TokensDocument]) {
        guard !found.isEmpty else { return ([], []) }
        // Files are named in reports as they are shown; each is read from its absolute path.
        let source: TokensFileSource = { path, limit in
            let absolute = discovery.absolute(path)
            if let bytes = contents[absolute] {
                return bytes.count <= limit ? .success(bytes) : .failure(.tooLarge(bytes.count))
            }
            return TokensReader.disk(absolute, limit)
        }
        // Every resolver found, and those beside a tokens file found: one may name it. A set
        // a resolver names is one of its sets wherever it lies (`tokens/color.json` below
        // the resolver's folder), not a theme of its own.
        let foundResolvers = Set(found.filter { TokensFolder.isResolver($0.path) }.map(\.display))
        let foundTokens = Set(found.filter { !TokensFolder.isResolver($0.path) }.map(\.display))
        var resolvers = foundResolvers
        let tokenFolders = Set(found.filter { !TokensFolder.isResolver($0.path) }.map { Self.folder(of: $0.path) })
        for folder in tokenFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder)) ?? []
            for name in names where TokensFolder.isResolver(name) {
                resolvers.insert(discovery.display(folder + "/" + name))
            }
        }
        let tokens = TokensFolder.read(
            resolvers.sorted(), tokensFiles: foundTokens.sorted(), options: options, source: source)
        var pending:
            [(
                source: ResolverDocument, facts: TokensSourceFacts, theme: TokensTheme, place: String,
                namedBy: [PartnerNaming]
            )] =
                []
        var diagnostics = tokens.failures
        var files: [TokensDocument] = []
        for document in tokens.sources {
            // A resolver found, a tokens file found alone, or a resolver naming a file found.
            guard
                foundResolvers.contains(document.file) || foundTokens.contains(document.file)
                    || document.documents.contains(where: { foundTokens.contains($0.file) })
            else { continue }
            diagnostics += document.diagnostics
            for read in document.documents {
                diagnostics += read.diagnostics
                files.append(read)
            }
            let place = Self.folder(of: discovery.absolute(document.file))
            let namings = configuration.contrastPairs.isEmpty ? [:] : Self.namings(in: document)
            let facts = TokensSourceFacts(document)
            pending += document.themes.map { (document, facts, $0, place, namings[$0.name] ?? []) }
        }
        let jobs = pending
        let results = Locked([[Diagnostic]](repeating: [], count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (source, facts, theme, place, namedBy) = jobs[index]
            let found = check(theme, of: source, facts: facts, place: place, namedBy: namedBy, rules: rules)
            results.withLock { $0[index] = found }
        }
        diagnostics += results.withLock { $0.flatMap { $0 } }
        return (diagnostics, files)
    }

    /// The problems of one DTCG theme: what resolving its files finds, and the rules; a rule
    /// that reads the whole merged theme runs once with all its files
    /// (`Rule.checksOwnFilesTogether`), the others once for each file, as a plist's own.
    private func check(
        _ theme: TokensTheme, of source: ResolverDocument, facts: TokensSourceFacts, place: String,
        namedBy: [PartnerNaming], rules: [any Rule]
    ) -> [Diagnostic] {
        let loader = ThemeLoader(directory: place, options: options)
        // The files' and the source's own problems are reported once, by `lintTokens`.
        let analysis = loader.analyze(theme, of: source, facts: facts, withFileProblems: false)
        var context = ThemeContext(analysis: analysis, configuration: configuration)
        context.folder = configuration.segments(ofFolder: place)
        context.appearanceOfTheme = { facts.appearances[$0] }
        context.namedAsPartnerBy = namedBy
        if configuration.needsResolvedTheme(
            named: theme.name, inFolder: context.folder, partnerOf: context.namedAsPartnerBy.map(\.name))
        {
            context.resolvedTheme = analysis.theme
        }
        var diagnostics = analysis.diagnostics
        for rule in rules {
            if type(of: rule).checksOwnFilesTogether {
                diagnostics += rule.check(context)
                continue
            }
            for file in analysis.files {
                var one = context
                one.analysis.files = [file]
                diagnostics += rule.check(one)
            }
        }
        return diagnostics
    }

    /// The folder of `path` (`""` for a file at the root).
    static func folder(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(path.dropLast(name.count + 1))
    }

    /// For each theme of `source`, the themes of it that name it as their partner (a
    /// resolver's light/dark pairs name each other), sorted by name: one pass over the themes.
    private static func namings(in source: ResolverDocument) -> [String: [PartnerNaming]] {
        var namings: [String: [PartnerNaming]] = [:]
        for other in source.themes {
            guard let first = other.files.first else { continue }
            for key in [ThemeName.partnerKey(for: .dark), ThemeName.partnerKey(for: .light)] {
                guard let entry = first[key], case .string(let name) = entry.value else { continue }
                namings[name, default: []].append(
                    PartnerNaming(
                        name: other.name, key: key, location: first.document.location(at: entry.valueRange.start)))
            }
        }
        return namings.mapValues { $0.sorted { $0.name < $1.name } }
    }
}

import Foundation
import ThemeSupport

/// The DTCG themes of one folder (SPEC §12), as the loader, the linter and the tools find
/// them: each `*.resolver.json` gives its themes (one per combination of its contexts, named
/// as the reader names them, light and dark partners as `APPEARANCE` pairs), and each
/// `*.tokens.json`/`*.tokens` file that no resolver of the folder names is one theme, named
/// after its stem. A tokens file a resolver names is one of that resolver's sets, not a
/// theme of its own.
///
/// A theme is an ordered list of files (`TokensTheme.files`), merged in order, the later
/// winning, each located in its own JSON: the loader resolves them as one theme with no
/// parent (`ThemeLoader.analyze(_:in:)`). Every file is read once, however many themes
/// share it.
package struct TokensFolder: Sendable {
    /// Each source of themes: the resolver documents, then the tokens files no resolver
    /// names, each sorted by path, with every file they read.
    package private(set) var sources: [ResolverDocument] = []
    /// The resolver documents and tokens files that could not be read at all (`io_error`).
    package private(set) var failures: [Diagnostic] = []
    /// Each theme's place in `sources`, by name: the first source (in `sources` order) that
    /// gives a name wins.
    private var places: [String: (source: Int, theme: Int)] = [:]

    /// An empty folder.
    package init() {}

    /// Whether a file named `name` is read as DTCG: a resolver document or a tokens file.
    package static func isTokensFile(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(".resolver.json") || name.hasSuffix(".tokens.json") || name.hasSuffix(".tokens")
    }

    /// Whether a file named `name` is a resolver document.
    package static func isResolver(_ name: some StringProtocol) -> Bool { name.hasSuffix(".resolver.json") }

    /// The names of the themes, sorted.
    package var themeNames: [String] { places.keys.sorted() }

    /// Whether the folder has no DTCG theme.
    package var isEmpty: Bool { places.isEmpty }

    /// The theme named `name`, if a source gives it.
    package func theme(named name: String) -> TokensTheme? {
        places[name].map { sources[$0.source].themes[$0.theme] }
    }

    /// The source (resolver document or tokens file) that gives the theme `name`.
    package func source(ofTheme name: String) -> ResolverDocument? {
        places[name].map { sources[$0.source] }
    }

    /// Reads the DTCG files of `directory` (not its subfolders). Nothing is read when the
    /// folder holds none: a folder of plists pays one listing.
    package static func read(
        directory: String, options: ThemeOptions = ThemeOptions(),
        source: @escaping TokensFileSource = TokensReader.disk
    ) -> TokensFolder {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let tokens = names.filter(isTokensFile).map { folder + $0 }
        guard !tokens.isEmpty else { return TokensFolder() }
        return read(
            tokens.filter(isResolver), tokensFiles: tokens.filter { !isResolver($0) }, options: options,
            source: source)
    }

    /// Reads `resolvers` with every file they name, then each of `tokensFiles` that none of
    /// them names (paths as located: a resolver's files are named relative to it).
    package static func read(
        _ resolvers: [String], tokensFiles: [String], options: ThemeOptions = ThemeOptions(),
        source: @escaping TokensFileSource = TokensReader.disk
    ) -> TokensFolder {
        let readOptions = TokensReadOptions(maximumFileSize: options.limits.maxFileSize)
        var folder = TokensFolder()
        var named: Set<String> = []
        for path in resolvers {
            do throws(ThemeError) {
                let document = try TokensReader.readResolver(contentsOf: path, options: readOptions, source: source)
                named.formUnion(document.documents.map { $0.file })
                folder.add(document)
            } catch {
                folder.failures += error.diagnostics
            }
        }
        for path in tokensFiles where !named.contains(path) {
            do throws(ThemeError) {
                folder.add(try TokensReader.themes(contentsOf: path, options: readOptions, source: source))
            } catch {
                folder.failures += error.diagnostics
            }
        }
        return folder
    }

    private mutating func add(_ document: ResolverDocument) {
        for (number, theme) in document.themes.enumerated() where places[theme.name] == nil {
            places[theme.name] = (sources.count, number)
        }
        sources.append(document)
    }

    /// The problems of the sources themselves, each once: what could not be read, each
    /// resolver document's own, and each tokens file's errors and notes (`token_…`), in no
    /// set order. What resolving a theme finds is its analysis's.
    package var fileProblems: [Diagnostic] {
        var problems = failures
        for source in sources {
            problems += source.diagnostics
            for document in source.documents { problems += document.diagnostics }
        }
        return problems
    }
}

/// What the themes of one DTCG source share, worked out once for all of them: a resolver
/// of n contexts would otherwise look at its n themes, or its files, for each (n²).
package struct TokensSourceFacts: Sendable {
    /// The names of the source's themes (a partner must be one).
    package let themeNames: Set<String>
    /// Each file's `token_note`s, by its path.
    let notes: [String: [Diagnostic]]
    /// Whether the source names a file or a set it cannot read.
    let isUnreadable: Bool
    /// Each theme's appearance, by name, as its files declare it.
    package let appearances: [String: ThemeAppearance]

    /// The facts of `source`.
    package init(_ source: ResolverDocument) {
        themeNames = Set(source.themes.map(\.name))
        var notes: [String: [Diagnostic]] = [:]
        for document in source.documents where notes[document.file] == nil { notes[document.file] = document.notes }
        self.notes = notes
        isUnreadable = source.diagnostics.contains {
            $0.severity == .error && [.parseError, .ioError, .tokenReference].contains($0.code)
        }
        var appearances: [String: ThemeAppearance] = [:]
        for theme in source.themes where appearances[theme.name] == nil {
            appearances[theme.name] =
                theme.files.reversed().lazy.compactMap(DeclaredAppearance.declared(in:)).first?.appearance ?? .light
        }
        self.appearances = appearances
    }
}

extension ThemeLoader {
    /// The DTCG theme `theme` of `source` (the resolver document or tokens file that gives
    /// it) analysed: its files merged in order (the later winning) and resolved as one theme
    /// with no parent, located in each file's JSON. Its partners are themes of `source`.
    /// `diagnostics` holds the problems of its files and of `source` as well as resolution's,
    /// as `analyze(_:)` holds those of a plist's lineage; `withFileProblems: false` leaves out
    /// the files' notes and the source's problems, for a caller that reports each file once
    /// (the linter).
    /// `facts` are the source's (`TokensSourceFacts`), made once for all its themes.
    ///
    /// A theme one of whose files did not parse, or whose resolver names a file or a set
    /// that cannot be read, is not resolved (its references would dangle by the hundred).
    package func analyze(
        _ theme: TokensTheme, of source: ResolverDocument, facts: TokensSourceFacts? = nil,
        withFileProblems: Bool = true
    ) -> ThemeAnalysis {
        let facts = facts ?? TokensSourceFacts(source)
        var analysis = ThemeAnalysis.merging(
            theme.files, name: theme.name, options: options, resolve: !facts.isUnreadable)
        let chain = analysis.files
        // The files' errors and resolution's, in every case: a theme with errors is not built
        // (as a plist's).
        var diagnostics = analysis.diagnostics
        if withFileProblems {
            diagnostics += source.diagnostics
            // The notes of the theme's own files (a file's errors are its `ThemeFile`'s).
            var seen: Set<String> = []
            for file in chain where seen.insert(file.path).inserted { diagnostics += facts.notes[file.path] ?? [] }
        }
        // The appearance: the nearest `APPEARANCE` of the files (the reader writes it in the
        // first, from the light/dark modifier's context), and the partners that file names,
        // which are themes of the same source.
        let declared = chain.lazy.compactMap(DeclaredAppearance.declared(in:)).first ?? DeclaredAppearance()
        var appearanceFacts = AppearanceFacts(appearance: declared.appearance)
        if let problem = declared.problem { diagnostics.append(problem) }
        for appearance in ThemeAppearance.allCases {
            let key = ThemeName.partnerKey(for: appearance)
            guard let file = chain.last(where: { $0[key] != nil }), let entry = file[key] else { continue }
            guard case .string(let name) = entry.value, facts.themeNames.contains(name) else {
                diagnostics.append(
                    file.document.diagnostic(
                        .missingPartner, "\(key) names \(ThemeResolver.describe(entry.value)), which is no theme here",
                        at: entry.valueRange, key: key))
                continue
            }
            switch appearance {
            case .dark: appearanceFacts.darkThemeName = name
            case .light: appearanceFacts.lightThemeName = name
            }
        }
        analysis.appearance = appearanceFacts
        analysis.diagnostics = diagnostics.sorted()
        return analysis
    }

    /// The DTCG themes of the folder, read now (`TokensFolder.read(directory:)`).
    package func tokensFolder() -> TokensFolder {
        TokensFolder.read(directory: directory, options: options, source: tokensSource)
    }
}

extension ThemeLoader.Session {
    /// The DTCG themes of `loader`'s folder, read at the first ask and kept: every theme of a
    /// resolver shares its files.
    func tokensFolder(of loader: ThemeLoader) -> TokensFolder {
        if let known = tokensFolders.withLock({ $0[loader.directory] }) { return known }
        let read = loader.tokensFolder()
        return tokensFolders.withLock { folders in
            if let known = folders[loader.directory] { return known }
            folders[loader.directory] = read
            return read
        }
    }
}

extension TokensDocument {
    /// The file's bytes as read (after a byte-order mark), for a second look at its JSON
    /// (the linter's `$extensions` directives).
    package var bytes: [UInt8] { document.text.bytes }
}

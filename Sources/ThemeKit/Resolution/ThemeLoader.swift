import Foundation
import ThemeSupport

/// Reads themes from one folder: a theme and its `INHERITED_THEME` ancestors, merged and
/// resolved.
package struct ThemeLoader: Sendable {
    /// Reads one theme file; the linter passes one that caches.
    package typealias FileReader = @Sendable (_ path: String) -> Result<ThemeFile, ThemeError>

    /// The folder holding `<name>.plist` files.
    package var directory: String
    /// How values are read.
    package var options: ThemeOptions
    /// Where the folder's DTCG files are read from: the disk (a test counts the reads).
    package var tokensSource: TokensFileSource = TokensReader.disk

    /// Creates a loader for a folder.
    package init(directory: String, options: ThemeOptions = ThemeOptions()) {
        self.directory = directory
        self.options = options
    }

    /// The path of a theme's file (the name is not checked).
    package func path(of name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".plist"
    }

    /// Loads a theme whole.
    ///
    /// With `allowingErrors`, a theme whose files can be read and whose lineage is whole
    /// loads even when some of its keys are broken: those keys are left out, and the
    /// theme's `problems` (and `isDegraded`) say what was wrong.
    /// - Throws: `ThemeError` with every error of the theme and its ancestors.
    ///
    /// `tokens` is the folder's DTCG themes when the caller has read them already
    /// (`startTheme()`); else they are read when no plist is named `name`.
    package func load(
        _ name: String, allowingErrors: Bool = false, tokens: TokensFolder? = nil
    ) throws(ThemeError) -> Theme {
        let analysis = analyze(name, tokens: tokens)
        if let theme = allowingErrors ? analysis.degradedTheme : analysis.theme { return theme }
        throw ThemeError(analysis.errors)
    }

    /// Reads and resolves a theme, collecting every problem rather than stopping. The
    /// theme itself is built only when asked for (`theme`).
    /// `tokens` is the folder's DTCG themes, when the caller has read them already.
    package func analyze(_ name: String, reader: FileReader? = nil, tokens: TokensFolder? = nil) -> ThemeAnalysis {
        var analysis = analyze(name, reader: reader, session: nil, tokens: tokens)
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
        _ name: String, reader: FileReader?, session: Session?, defersLineageProblems: Bool = false,
        tokens known: TokensFolder? = nil
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
                    let tokens = session?.tokensFolder(of: self) ?? known ?? tokensFolder()
                    if let theme = tokens.theme(named: current), let source = tokens.source(ofTheme: current) {
                        // No plist of that name: a DTCG theme of the folder (SPEC §12).
                        return analyze(theme, of: source)
                    }
                    // A resolver that cannot be read may be where the theme was (a half-written
                    // save): its located failure, beside the theme not found.
                    diagnostics += tokens.fileProblems.filter { [.parseError, .ioError].contains($0.code) }
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
    /// A folder's DTCG themes (its resolvers' context combinations, its stand-alone tokens
    /// files) are among them, unless a plist has the same name.
    package func availableThemes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let plists = names.compactMap(ThemeName.of(fileName:))
        guard names.contains(where: TokensFolder.isTokensFile) else { return plists.sorted() }
        let tokens = tokensFolder().themeNames.filter(ThemeName.isValid)
        return Array(Set(plists).union(tokens)).sorted()
    }

    /// The theme a manager starts with when nothing is saved: `default`, or in a folder of
    /// DTCG files with no theme of that name, the default theme of its first resolver
    /// document (every modifier's `default` context; SPEC §12), else of its first tokens file.
    /// A folder of plists pays one listing.
    package func startThemeName() -> String { startTheme().name }

    /// `startThemeName()`, with the folder's DTCG themes when finding it read them, for the
    /// loads of the start to take (`load(_:allowingErrors:tokens:)`): a manager's start reads
    /// a folder of DTCG files once.
    package func startTheme() -> (name: String, tokens: TokensFolder?) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard names.contains(where: TokensFolder.isTokensFile),
            !names.contains(where: { ThemeName.of(fileName: $0) == ThemeName.defaultTheme })
        else { return (ThemeName.defaultTheme, nil) }
        let folder = tokensFolder()
        guard folder.theme(named: ThemeName.defaultTheme) == nil,
            let start = folder.sources.lazy.compactMap(\.defaultTheme).first(where: { folder.theme(named: $0) != nil })
        else { return (ThemeName.defaultTheme, folder) }
        return (start, folder)
    }

    /// Whether `path` is a symbolic link, whether or not it leads anywhere (`fileExists`
    /// follows links, so it says no for a dangling one).
    package static func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
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

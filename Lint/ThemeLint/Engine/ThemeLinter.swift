import Foundation
public import ThemeKit
import ThemeOutput
import ThemeSupport

/// Finds the themes under some paths and checks each in the context of its ancestors,
/// with the same reader and resolver as `ThemeManager`, plus the linter's own rules.
public struct ThemeLinter: Sendable {
    /// The directory that relative paths in reports are relative to (by default the
    /// process's current directory).
    public var currentDirectory: String
    /// How themes are read.
    public var options: ThemeOptions
    /// Which opt-in rules run, and their settings (`.themelint.json`).
    public var configuration: LintConfiguration
    /// Contents to lint instead of what is on disk, by path (relative to
    /// `currentDirectory`, or absolute): `--stdin-path`'s buffer, linted as if it were that
    /// file, which need not exist. Its parents are still read from disk beside it.
    package var contents: [String: [UInt8]] = [:]

    /// Creates a linter whose reports are relative to `currentDirectory`.
    public init(
        currentDirectory: String? = nil, options: ThemeOptions = ThemeOptions(),
        configuration: LintConfiguration = LintConfiguration()
    ) {
        self.currentDirectory = currentDirectory ?? FileManager.default.currentDirectoryPath
        self.options = options
        self.configuration = configuration
    }

    /// Lints every theme under `paths`: folders are searched recursively for `*.plist` and
    /// DTCG files (`*.tokens.json`, `*.tokens`, `*.resolver.json`), files are linted whatever
    /// their name (a `*.json` file as DTCG, any other as a plist). The entry point of the
    /// language server too: a buffer in `contents` is linted by its path's extension. Files are read and themes checked in
    /// parallel; the report is sorted, so it does not depend on the order of work.
    ///
    /// - Throws: `LintFailure` when a path does not exist or a folder holds no theme.
    public func lint(paths: [String]) throws(LintFailure) -> LintReport {
        var discovery = ThemeDiscovery(currentDirectory: currentDirectory, configuration: configuration)
        let contents = Dictionary(self.contents.map { (discovery.absolute($0), $1) }) { $1 }
        discovery.givenFiles = Set(contents.keys)
        var discovered = try discovery.themeFiles(under: paths)
        // DTCG files (SPEC §12) are linted by their sources, with the same rules: those a
        // folder search finds, and any `*.json` file given by name (a set named `a.json`).
        let given = Set(paths.map(discovery.absolute))
        let isTokens = { (file: ThemePath) in
            TokensFolder.isTokensFile(file.path) || (file.path.hasSuffix(".json") && given.contains(file.path))
        }
        let tokensFiles = discovered.files.filter(isTokens)
        let fileCount = discovered.files.count
        if !tokensFiles.isEmpty { discovered.files.removeAll(where: isTokens) }
        let found = discovered
        let cache = FileCache(
            discovery: discovery, reader: PropertyListReader(limits: options.limits), contents: contents)
        DispatchQueue.concurrentPerform(iterations: found.files.count) { index in
            _ = cache.read(found.files[index].path)
        }
        let rules = RuleCatalog.rules.filter { configuration.enables($0.description) }.map { $0.init() }
        // Themes that inherit share their ancestors' files and merges.
        let session = ThemeLoader.Session { path in cache.read(path) }
        // Who names whom as a partner, for the contrast pairs that apply through one.
        let partners =
            configuration.contrastPairs.isEmpty
            ? PartnerIndex() : PartnerIndex(files: found.files.map(\.path)) { try? cache.read($0).get() }
        let results = Locked([[Diagnostic]](repeating: [], count: found.files.count))
        let lineages = Locked([ThemeLoader.Session.Problems?](repeating: nil, count: found.files.count))
        DispatchQueue.concurrentPerform(iterations: found.files.count) { index in
            let (diagnostics, lineage) = check(
                found.files[index], cache: cache, session: session, rules: rules, partners: partners)
            results.withLock { $0[index] = diagnostics }
            lineages.withLock { $0[index] = lineage }
        }
        // Each link of the lineages' shared problem chains once: themes that share ancestors
        // share the links, so a chain of n themes with a problem each costs n, not n².
        let lineageProblems = lineages.withLock { heads in
            var seen = Set<ObjectIdentifier>()
            var problems: [Diagnostic] = []
            for head in heads {
                for link in sequence(first: head, next: { $0?.next }) {
                    guard let link, seen.insert(ObjectIdentifier(link)).inserted else { break }
                    problems += link.own
                }
            }
            return problems
        }
        // The lists are moved out, not copied: with one file, its list is the report. A
        // large report is most of themelint's memory, so every step below works in place
        // (SARIF on 300,000 problems held five copies of them at once).
        var all: [Diagnostic] = results.withLock { lists in
            if lists.count == 1 { return lists.removeLast() }
            var all: [Diagnostic] = []
            all.reserveCapacity(lists.reduce(0) { $0 + $1.count })
            for index in lists.indices {
                all += lists[index]
                lists[index] = []
            }
            return all
        }
        all += lineageProblems
        for folder in found.folders {
            for rule in rules { all += rule.check(folder: folder) }
        }
        let tokens = lintTokens(tokensFiles, discovery: discovery, contents: contents, rules: rules)
        all += tokens.diagnostics
        Suppression.apply(to: &all, files: cache.files, tokensFiles: tokens.files)
        configuration.applyRuleSettings(to: &all)
        all.sort()
        // A problem in a parent is found again for each child that inherits it: once is enough.
        Self.removeRepeats(fromSorted: &all)
        return LintReport(sorted: all, fileCount: fileCount)
    }

    /// Removes the second and later copies of each diagnostic from `diagnostics`, which is
    /// sorted: copies sort side by side, among the few that share a location, code and
    /// message, so no set of the whole report is needed. Copies whose notes differ are one
    /// problem with the notes of both: a child's bad value found again for a grandchild
    /// that sets one of the parent's aliases that reach it has one note fewer there.
    static func removeRepeats(fromSorted diagnostics: inout [Diagnostic]) {
        var kept = 0
        var runStart = 0
        for index in diagnostics.indices {
            let diagnostic = diagnostics[index]
            if runStart < kept, diagnostics[runStart] < diagnostic { runStart = kept }
            guard let same = (runStart..<kept).first(where: { isCopy(diagnostics[$0], of: diagnostic) }) else {
                diagnostics[kept] = diagnostic
                kept += 1
                continue
            }
            if diagnostics[same].notes != diagnostic.notes {
                var known = Set(diagnostics[same].notes)
                for note in diagnostic.notes where known.insert(note).inserted { diagnostics[same].notes.append(note) }
                // In the order of their places, whichever copy the sort put first.
                diagnostics[same].notes.sort {
                    $0.location != $1.location ? $0.location < $1.location : $0.message < $1.message
                }
            }
        }
        diagnostics.removeSubrange(kept...)
    }

    /// Whether `copy` says what `diagnostic` says, at the same place, notes aside.
    private static func isCopy(_ copy: Diagnostic, of diagnostic: Diagnostic) -> Bool {
        copy.location == diagnostic.location && copy.code == diagnostic.code && copy.message == diagnostic.message
            && copy.severity == diagnostic.severity && copy.end == diagnostic.end && copy.key == diagnostic.key
            && copy.sourceLine == diagnostic.sourceLine
    }

    /// The problems of one theme file, in the context of its lineage.
    private func check(
        _ theme: ThemePath, cache: FileCache, session: ThemeLoader.Session, rules: [any Rule], partners: PartnerIndex
    ) -> (diagnostics: [Diagnostic], lineage: ThemeLoader.Session.Problems?) {
        let fileName = theme.path.split(separator: "/").last.map(String.init) ?? theme.path
        guard let name = ThemeName.of(fileName: fileName) else {
            var diagnostics = [
                Diagnostic(
                    .invalidThemeName, InvalidThemeNameRule.message(fileName: fileName),
                    at: .wholeFile(theme.display))
            ]
            switch cache.read(theme.path) {
            case .success(let file): diagnostics += file.diagnostics
            case .failure(let error): diagnostics += error.diagnostics
            }
            return (diagnostics, nil)
        }
        let folder = String(theme.path.dropLast(fileName.count + 1))
        let loader = ThemeLoader(directory: folder, options: options)
        let analysis = loader.analyze(name, in: session, defersLineageProblems: true)
        var context = ThemeContext(analysis: analysis, configuration: configuration)
        context.folder = configuration.segments(ofFolder: folder)
        context.appearanceOfTheme = { session.appearance(of: $0, loader: loader) }
        context.namedAsPartnerBy = partners.namings(of: name, inFolder: folder)
        // A theme is built only when an enabled rule reads its values: building one is not free.
        if configuration.needsResolvedTheme(
            named: name, inFolder: context.folder, partnerOf: context.namedAsPartnerBy.map(\.name))
        {
            context.resolvedTheme = analysis.theme
        }
        var diagnostics = rules.flatMap { $0.check(context) }
        diagnostics += analysis.diagnostics
        return (diagnostics, analysis.lineageProblems)
    }
}

/// Theme files read once each, shared by every theme that inherits from them.
final class FileCache: Sendable {
    private let discovery: ThemeDiscovery
    private let reader: PropertyListReader
    private let entries = Locked([String: Result<ThemeFile, ThemeError>]())
    /// Contents that stand in for the files at these absolute paths (standard input).
    private let contents: [String: [UInt8]]

    init(discovery: ThemeDiscovery, reader: PropertyListReader, contents: [String: [UInt8]] = [:]) {
        self.discovery = discovery
        self.reader = reader
        self.contents = contents
    }

    func read(_ path: String) -> Result<ThemeFile, ThemeError> {
        if let known = entries.withLock({ $0[path] }) { return known }
        let display = discovery.display(path)
        let result: Result<ThemeFile, ThemeError> =
            if let bytes = contents[path] {
                .success(ThemeFile(reader.parse(bytes, file: display)))
            } else {
                Result { () throws(ThemeError) in try ThemeFile.read(path, displayPath: display, reader: reader) }
            }
        entries.withLock { $0[path] = result }
        return result
    }

    /// Every file read successfully.
    var files: [ThemeFile] {
        entries.withLock { $0.values.compactMap { try? $0.get() } }.sorted { $0.path < $1.path }
    }
}

/// A theme file found on disk: where to open it, and how to name it in reports.
struct ThemePath: Sendable, Hashable, Comparable {
    /// The absolute path to open.
    var path: String
    /// The path as reported: relative to the current directory where it lies under it.
    var display: String

    static func < (lhs: ThemePath, rhs: ThemePath) -> Bool { lhs.display < rhs.display }
}

/// Turns the paths given on the command line into theme files and theme folders.
///
/// A folder is searched recursively for `*.plist`, skipping what holds no theme of the
/// project: hidden folders (`.build`, `.swiftpm`, `.git`, …), `node_modules`, `Pods`,
/// `Carthage` and `DerivedData`; bundle metadata files (`Info.plist`, `…-Info.plist`); and
/// what the configuration's `excluded` covers, or its `included` does not. A path given on
/// the command line is searched or linted whatever its name or `excluded` say:
/// `themelint .build/x/Themes` lints that folder, `themelint Info.plist` that file. A file
/// given is linted even outside `included`; a folder given is searched for what `included`
/// covers.
struct ThemeDiscovery: Sendable {
    var currentDirectory: String
    /// The configuration's folder (normalized) when it has patterns; `nil` otherwise.
    var patternFolder: String?
    /// The configuration's patterns, each list compiled into one matcher.
    var included = PathPatternSet([])
    var excluded = PathPatternSet([])

    /// Folder names skipped by default, besides every hidden folder. Four names: compared in
    /// place, with no string made for each entry of the walk.
    static let skippedFolders = ["node_modules", "Pods", "Carthage", "DerivedData"]

    init(currentDirectory: String, configuration: LintConfiguration = LintConfiguration()) {
        self.currentDirectory = currentDirectory
        if let folder = configuration.folder, !configuration.included.isEmpty || !configuration.excluded.isEmpty {
            patternFolder = PathPattern.normalized(folder)
            included = PathPatternSet(configuration.included)
            excluded = PathPatternSet(configuration.excluded)
        }
    }

    /// Whether a folder search skips the entry named `name` by its name alone; `isFolder`
    /// is asked only for the few names that could be either.
    static func skipsByName(_ name: Substring, isFolder: () -> Bool) -> Bool {
        if name == "Info.plist" || name.hasSuffix("-Info.plist") { return true }
        guard name.hasPrefix(".") || skippedFolders.contains(where: { name == $0 }) else { return false }
        // A hidden or vendored name that is not a plist cannot be a theme: skip it whatever
        // it is. A `.x.plist` file is still found (and reported as a bad theme name).
        return !name.hasSuffix(".plist") || isFolder()
    }

    /// Absolute paths linted from memory (`ThemeLinter.contents`): files, whether or not
    /// something is on disk there.
    var givenFiles: Set<String> = []

    struct Found {
        /// Every theme file, sorted by display path, each once.
        var files: [ThemePath]
        /// Every folder that holds themes, found by searching a folder given as a folder.
        var folders: [FolderContext]
    }

    func themeFiles(under paths: [String]) throws(LintFailure) -> Found {
        var files: [ThemePath] = []
        var folders: [String: [String]] = [:]
        let fileManager = FileManager.default
        for given in paths {
            let path = absolute(given)
            var isDirectory: ObjCBool = false
            if givenFiles.contains(path) {
                files.append(ThemePath(path: path, display: display(path)))
                continue
            }
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) || ThemeLoader.isSymbolicLink(path)
            else {
                throw LintFailure("no such file or directory: \(given)")
            }
            guard isDirectory.boolValue else {
                files.append(ThemePath(path: path, display: display(path)))
                continue
            }
            // The given folder's place below the configuration's folder, once: patterns match
            // paths relative to it, and do not apply outside it. `excluded` skips only what
            // lies below the given folder (naming an excluded folder lints it, as naming
            // `.build/…` does); `included` holds whatever folder was named.
            let base = patternFolder.flatMap { PathPattern.segments(of: PathPattern.normalized(path), below: $0) }
            var found: [ThemePath] = []
            // Links to folders are followed, the one given too, each folder once.
            let readable = FolderWalk().walk(path) { entry in
                let name = entry.name[...]
                if Self.skipsByName(name, isFolder: { entry.isFolder }) { return false }
                let relative = entry.relative
                let isPlist = name.hasSuffix(".plist")
                // A DTCG file is a theme file too (SPEC §12), when it is no folder.
                let isTheme = isPlist || (TokensFolder.isTokensFile(name) && !entry.isFolder)
                if let base, !excluded.isEmpty || (isTheme && !included.isEmpty) {
                    let segments = base + relative.split(separator: "/")
                    if excluded.matches(segments, shortest: base.count + 1) { return false }
                    if isTheme, !included.isEmpty, !included.matches(segments) { return true }
                }
                guard isTheme else { return true }
                let file = join(path, relative)
                let shown = display(file)
                found.append(ThemePath(path: file, display: shown))
                // The folder rules (`missing_default`) are about plist themes.
                guard isPlist else { return true }
                let folder = String(file.dropLast(name.count + 1))
                folders[folder, default: []].append(shown)
                return true
            }
            guard readable else {
                throw LintFailure("cannot read the folder \(given)")
            }
            guard !found.isEmpty else {
                throw LintFailure("no themes (*.plist, *.tokens.json, *.resolver.json) in \(given)")
            }
            files += found
        }
        var seen = Set<String>()
        let contexts = folders.map { folder, themes in
            FolderContext(
                displayPath: folder == currentDirectory ? "." : display(folder), themeFiles: Array(Set(themes)).sorted()
            )
        }
        return Found(
            files: files.sorted().filter { seen.insert($0.display).inserted },
            folders: contexts.sorted { $0.displayPath < $1.displayPath })
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether `path` has a `/./` in it, checked on the bytes.
    static func hasDotSegment(_ path: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in path.utf8 {
            if previous == (UInt8(ascii: "/"), UInt8(ascii: ".")), byte == UInt8(ascii: "/") { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// `path` made absolute against the current directory, with `.` components removed.
    func absolute(_ path: String) -> String {
        var path = path.hasPrefix("/") ? path : join(currentDirectory, path)
        while Self.hasDotSegment(path), let range = path.range(of: "/./") { path.replaceSubrange(range, with: "/") }
        if path.hasSuffix("/.") { path.removeLast(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `path` relative to the current directory when it lies inside it; as given otherwise
    /// (`DisplayPath`, shared with `themekit`).
    func display(_ path: String) -> String {
        DisplayPath.relative(path, to: currentDirectory)
    }
}

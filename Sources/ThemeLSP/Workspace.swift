import Foundation
import ThemeKit
import ThemeLint
import ThemeOutput
import ThemeSupport

/// A document the client has open: its unsaved text is what every answer reads.
struct OpenDocument {
    var uri: String
    var path: String
    var version: Int?
    var text: DocumentText
}

/// What the server knows of one open theme at one moment: its file parsed, the theme it
/// makes with its ancestors (open buffers first, then disk), loaded despite errors.
struct ThemeSnapshot: Sendable {
    var path: String
    var name: String
    var folder: String
    var text: DocumentText
    /// The document itself, checked on its own (entries with their byte ranges).
    var file: ThemeFile
    /// The merged theme, with the keys that resolve; nil when its lineage cannot be read.
    var theme: Theme?
    /// How other files are read: open buffers first, then disk.
    var reader: ThemeLoader.FileReader
    /// For a DTCG document, what the server knows of it beyond its entries.
    var tokens: TokensView? = nil
}

/// A file's modification time and size, to tell whether it changed since it was read.
struct DiskStamp: Equatable, Sendable {
    var path: String
    var modified: Date?
    var size: Int?

    init(_ path: String) {
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        modified = attributes?[.modificationDate] as? Date
        size = (attributes?[.size] as? NSNumber)?.intValue
    }
}

/// The open documents and everything worked out from them. Used from the server's one
/// thread only.
final class Workspace {
    /// The folders of the workspace (absolute); a file outside them gets empty answers.
    /// Empty: every file is in. Compared resolved: a root named through a symbolic link
    /// holds the files named by their real paths, and the reverse.
    var roots: [String] = [] {
        didSet { resolvedRoots = roots.map(resolved) }
    }
    private var resolvedRoots: [String] = []
    /// Folders with their symbolic links resolved, each resolved once.
    private var resolvedFolders: [String: String] = [:]
    /// The open documents, by path; changed through `set` and `remove`, which keep the
    /// dictionaries copied into each job up to date one document at a time (a job then
    /// costs nothing per open document).
    private(set) var documents: [String: OpenDocument] = [:]
    /// The open documents' texts and URIs, by path.
    private var texts: [String: DocumentText] = [:]
    private var uris: [String: String] = [:]
    /// The contents of the open documents that may differ from their files, by path: the
    /// overlay the linter and the loader read before the disk. A document opened with its
    /// file's own text is left out (`sameAsDisk`) until it changes: its file says the same.
    private(set) var overlay: [String: [UInt8]] = [:]

    /// Opens or changes a document.
    func set(_ document: OpenDocument) {
        documents[document.path] = document
        texts[document.path] = document.text
        uris[document.path] = document.uri
        overlay[document.path] = document.text.bytes
    }

    /// Closes the document at `path`.
    func remove(_ path: String) -> OpenDocument? {
        texts[path] = nil
        uris[path] = nil
        overlay[path] = nil
        return documents.removeValue(forKey: path)
    }

    /// The document at `path` was found to hold its file's text: the disk answers for it.
    func sameAsDisk(_ path: String) {
        overlay[path] = nil
    }
    var encoding = PositionEncoding.utf16
    var options = ThemeOptions()
    /// Bumped at every change of an open buffer or a file on disk: snapshots of an older
    /// generation are stale.
    private(set) var generation = 0
    private var snapshots: [String: (generation: Int, disk: [DiskStamp], snapshot: ThemeSnapshot)] = [:]
    /// How many snapshot builds were made (`SnapshotJob.serial`): a request that waits for a
    /// snapshot is answered by a build made after it came.
    private(set) var builds = 0
    /// The configuration of each folder (`.themelint.json` found upward, as themelint
    /// finds it), with the problem of one that cannot be used.
    private var configurations: [String: (LintConfiguration, String?)] = [:]

    /// Something changed (a buffer, a file on disk): every snapshot is stale.
    func invalidate(configurations configurationChanged: Bool = false) {
        generation += 1
        if configurationChanged {
            configurations = [:]
            shownConfigurationProblems = []
        }
    }

    // MARK: Paths

    /// The absolute path of a `file:` URI, normalised; nil for another scheme.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.isEmpty ? nil : path
    }

    /// The URI of a path: the client's own for an open document.
    func uri(ofPath path: String) -> String {
        documents[path]?.uri ?? URL(fileURLWithPath: path).absoluteString
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Whether `path` is a theme the server answers for: a theme file name, inside the
    /// workspace.
    func isTheme(_ path: String) -> Bool {
        let name = Self.fileName(of: path)
        guard ThemeName.of(fileName: name) != nil, name != "Info.plist", !name.hasSuffix("-Info.plist") else {
            return false
        }
        return isInWorkspace(path)
    }

    /// Whether `path` is a DTCG document the server answers for (`.tokens.json`, `.tokens`,
    /// `.resolver.json`, by name), inside the workspace.
    func isTokens(_ path: String) -> Bool {
        TokensFiles.isTokens(fileName: Self.fileName(of: path)) && isInWorkspace(path)
    }

    /// Whether the server answers for `path`: a theme or a DTCG document.
    func serves(_ path: String) -> Bool { isTheme(path) || isTokens(path) }

    /// Whether `path` lies in one of the workspace's folders (any path, with none).
    private func isInWorkspace(_ path: String) -> Bool {
        guard !roots.isEmpty else { return true }
        let folder = resolved(Self.folder(of: path))
        return resolvedRoots.contains { root in
            folder == root || folder.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
    }

    /// `folder` with its symbolic links resolved (as it is when it does not exist); asked of
    /// the file system once per folder.
    private func resolved(_ folder: String) -> String {
        if let known = resolvedFolders[folder] { return known }
        let real = realpath(folder, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let found = real ?? folder
        if resolvedFolders.count > 10_000 { resolvedFolders = [:] }
        resolvedFolders[folder] = found
        return found
    }

    // MARK: Reading

    /// What answering a request reads besides its theme's snapshot, as things are now.
    var answers: Answers {
        Answers(encoding: encoding, options: options, texts: texts, uris: uris)
    }

    /// A file reader that reads `overlay` (the open buffers) first, then the disk (each
    /// file at most once per reader: a snapshot's answers agree with one another).
    static func reader(overlay: [String: [UInt8]], options: ThemeOptions) -> ThemeLoader.FileReader {
        let plistReader = PropertyListReader(limits: options.limits)
        let disk = ThemeLoader(directory: "/", options: options).cachingReader()
        return { path in
            if let bytes = overlay[path] { return .success(ThemeFile(plistReader.parse(bytes, file: path))) }
            return disk(path)
        }
    }

    /// How many snapshots of themes that are not open are kept (the most recently used):
    /// hovering many files the client never opened must not keep them all.
    static let unopenedSnapshots = 8

    /// The paths of the kept snapshots of themes that are not open, least recently used first.
    private var unopenedOrder: [String] = []

    /// How many snapshots are kept (open themes' and at most `unopenedSnapshots` others).
    package var snapshotCount: Int { snapshots.count }

    /// The work of answering requests about the theme at `path` as things are now, to run on
    /// any thread: the snapshot kept is reused when nothing changed since it was built (the
    /// job checks the files it read, off the message thread), else built again. Nil for a
    /// file that is not a theme the server answers for.
    func snapshotJob(for path: String) -> SnapshotJob? {
        let name: String
        if isTokens(path) {
            name = Self.fileName(of: path)
        } else {
            guard isTheme(path), let themeName = ThemeName.of(fileName: Self.fileName(of: path)) else { return nil }
            name = themeName
        }
        builds += 1
        let known = snapshots[path]
        return SnapshotJob(
            serial: builds, generation: generation, path: path, name: name, folder: Self.folder(of: path),
            text: documents[path]?.text, overlay: overlay, options: options, previousTheme: known?.snapshot.theme,
            kept: known.flatMap { $0.generation == generation ? ($0.snapshot, $0.disk) : nil })
    }

    /// Keeps what `job` built, unless a snapshot of a newer generation is kept already;
    /// returns the snapshot built. Of the themes that are not open, only the most recently
    /// used are kept.
    @discardableResult
    func store(_ job: SnapshotJob, _ built: SnapshotJob.Built?) -> ThemeSnapshot? {
        guard let built else { return nil }
        if let known = snapshots[job.path], known.generation > job.generation { return built.snapshot }
        snapshots[job.path] = (job.generation, built.disk, built.snapshot)
        unopenedOrder.removeAll { $0 == job.path }
        if documents[job.path] == nil {
            unopenedOrder.append(job.path)
            if unopenedOrder.count > Self.unopenedSnapshots { snapshots[unopenedOrder.removeFirst()] = nil }
        }
        return built.snapshot
    }

    func forget(_ path: String) { snapshots[path] = nil }

    // MARK: Diagnostics

    /// The configuration for themes in `folder` and why one found there cannot be used (the
    /// defaults are used then), when a lint has read it (`LintJob` reads it, off the server's
    /// thread).
    func knownConfiguration(for folder: String) -> (LintConfiguration, String?)? { configurations[folder] }

    /// Keeps the configuration a lint read for `folder`.
    func remember(configuration: (LintConfiguration, String?), for folder: String) {
        configurations[folder] = configuration
    }

    /// Folders whose configuration problem has been shown to the user (once each, until the
    /// configurations are read again).
    private var shownConfigurationProblems: Set<String> = []

    /// The problem with the configuration for `folder`, the first time it is asked for: the
    /// server shows it (`window/showMessage`), and lints with the defaults.
    func newConfigurationProblem(for folder: String) -> String? {
        guard let problem = configurations[folder]?.1, shownConfigurationProblems.insert(folder).inserted else {
            return nil
        }
        return problem
    }

    /// The folders of the open themes, looked at once a second for changes made by other
    /// programs, on a thread of their own.
    let diskWatch = DiskWatch()
    /// How many open themes each folder holds.
    private var openThemes: [String: Int] = [:]

    /// A document was opened at `path`: its folder is watched while a theme of it is open.
    func opened(_ path: String) {
        guard serves(path) else { return }
        let folder = Self.folder(of: path)
        openThemes[folder, default: 0] += 1
        if openThemes[folder] == 1 { diskWatch.watch(folder) }
    }

    /// The document at `path` was closed.
    func closed(_ path: String) {
        let folder = Self.folder(of: path)
        guard let count = openThemes[folder] else { return }
        if count > 1 {
            openThemes[folder] = count - 1
        } else {
            openThemes[folder] = nil
            diskWatch.unwatch(folder)
        }
    }

    /// The stamps of `folder` and of its themes, sorted by path: its theme files by their
    /// modification times and sizes, and the folder's own (a file made or renamed there).
    static func stamps(of folder: String) -> [DiskStamp] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let paths = names.filter { $0.hasSuffix(".plist") || TokensFiles.isTokens(fileName: $0) }.map {
            folder + "/" + $0
        }
        return [DiskStamp(folder)] + paths.sorted().map(DiskStamp.init)
    }

    /// The work of linting the open document at `path` as things are now, to run on any
    /// thread; nil for a document that is not a theme the server answers for. With
    /// `comparingWithDisk` (a document just opened), the job also tells whether the buffer
    /// differs from the file on disk.
    func lintJob(for path: String, comparingWithDisk: Bool = false) -> LintJob? {
        guard serves(path), let document = documents[path] else { return nil }
        let folder = Self.folder(of: path)
        return LintJob(
            path: path, uri: document.uri, version: document.version, generation: generation, folder: folder,
            text: document.text, overlay: overlay.merging([path: document.text.bytes]) { own, _ in own }, uris: uris,
            configuration: knownConfiguration(for: folder)?.0, options: options, encoding: encoding,
            comparesWithDisk: comparingWithDisk, takesFolderStamps: !diskWatch.hasBaseline(folder))
    }
}

/// The folders of open themes, watched for changes made on disk by programs that do not tell
/// the client: a thread of its own looks at them once a second, so that the server's thread
/// never waits on the disk. The first look at a folder is taken by the first lint of a theme
/// of it (on the worker), so that a change made after its diagnostics came is seen.
final class DiskWatch: Sendable {
    private struct State {
        var folders: Set<String> = []
        var stamps: [String: [DiskStamp]] = [:]
    }
    private let state = Locked(State())

    func watch(_ folder: String) {
        state.withLock { _ = $0.folders.insert(folder) }
    }

    func unwatch(_ folder: String) {
        state.withLock {
            $0.folders.remove(folder)
            $0.stamps[folder] = nil
        }
    }

    /// Whether `folder` was looked at already.
    func hasBaseline(_ folder: String) -> Bool { state.withLock { $0.stamps[folder] != nil } }

    /// The first look at `folder`, taken by a lint (kept unless one was taken already).
    func baseline(_ folder: String, _ stamps: [DiskStamp]) {
        state.withLock { state in
            if state.folders.contains(folder), state.stamps[folder] == nil { state.stamps[folder] = stamps }
        }
    }

    /// Looks at every watched folder (no lock held while reading the disk): the folders
    /// whose themes changed since the last look.
    func look() -> [String] {
        let folders = state.withLock { $0.folders }
        var now: [String: [DiskStamp]] = [:]
        for folder in folders { now[folder] = Workspace.stamps(of: folder) }
        return state.withLock { state in
            var changed: [String] = []
            for (folder, stamps) in now where state.folders.contains(folder) {
                if let known = state.stamps[folder], known != stamps { changed.append(folder) }
                state.stamps[folder] = stamps
            }
            return changed.sorted()
        }
    }
}

/// Building the snapshot of one theme: everything it reads, copied, so that it runs on the
/// server's worker while the server goes on answering.
struct SnapshotJob: Sendable {
    /// Which build this is (`Workspace.builds`).
    var serial: Int
    /// The workspace's generation when the job was made.
    var generation: Int
    var path: String
    var name: String
    var folder: String
    /// The theme's open buffer; nil: the file is read from disk, by the job.
    var text: DocumentText?
    /// The open documents' contents, by path.
    var overlay: [String: [UInt8]]
    var options: ThemeOptions
    /// The theme of the last snapshot: it answers while the buffer does not resolve.
    var previousTheme: Theme?
    /// The snapshot kept, of this generation, and the files it read: reused when none of
    /// them changed on disk.
    var kept: (snapshot: ThemeSnapshot, disk: [DiskStamp])?

    /// A snapshot, and the files it read from disk as they were.
    struct Built: Sendable {
        var snapshot: ThemeSnapshot
        var disk: [DiskStamp]
    }

    /// The snapshot kept when nothing changed since, else one built now; nil when the
    /// theme's file cannot be read (a file that is too large, or not a regular file, is not
    /// read at all).
    func run() -> Built? {
        // Nothing changed: no buffer (the generation), and none of the files it read from
        // disk (nor its folder, where a missing parent may appear) by their times and sizes.
        if let kept, kept.disk.allSatisfy({ $0 == DiskStamp($0.path) }) {
            return Built(snapshot: kept.snapshot, disk: kept.disk)
        }
        let text: DocumentText
        if let open = self.text {
            text = open
        } else {
            guard let bytes = try? FileBytes.load(path, limit: options.limits.maxFileSize) else { return nil }
            text = DocumentText(bytes)
        }
        let reader = Workspace.reader(
            overlay: overlay.merging([path: text.bytes]) { open, _ in open }, options: options)
        if TokensFiles.isTokens(fileName: Workspace.fileName(of: path)) {
            let tokens = TokensView(path: path, text: text, options: options)
            let file = tokens.document?.themeFile ?? TokensReader.read(Array("{}".utf8), file: path).themeFile
            let snapshot = ThemeSnapshot(
                path: path, name: name, folder: folder, text: text, file: file,
                theme: tokens.theme ?? previousTheme, reader: reader, tokens: tokens)
            let read = [folder] + (tokens.analysis?.files.map(\.path) ?? []) + (tokens.resolver.map { [$0] } ?? [])
            return Built(snapshot: snapshot, disk: read.filter { overlay[$0] == nil && $0 != path }.map(DiskStamp.init))
        }
        let file: ThemeFile
        switch reader(path) {
        case .success(let read): file = read
        case .failure: return nil
        }
        let analysis = ThemeLoader(directory: folder, options: options).analyze(name, reader: reader)
        // A buffer being typed often does not parse (`<key>` not closed yet): its last theme
        // that resolved still answers hovers and completions meanwhile.
        let snapshot = ThemeSnapshot(
            path: path, name: name, folder: folder, text: text, file: file,
            theme: analysis.degradedTheme ?? previousTheme, reader: reader)
        let disk = ([folder] + analysis.files.map(\.path)).filter { overlay[$0] == nil }.map(DiskStamp.init)
        return Built(snapshot: snapshot, disk: disk)
    }
}

/// Linting one open document: everything it reads, copied, so that it runs on the server's
/// worker while the server goes on answering.
struct LintJob: Sendable {
    var path: String
    var uri: String
    var version: Int?
    /// The workspace's generation when the job was made: a result of an older one is stale.
    var generation: Int
    var folder: String
    var text: DocumentText
    /// The open documents' contents and URIs, by path.
    var overlay: [String: [UInt8]]
    var uris: [String: String]
    /// The folder's configuration; nil: not read yet, the job reads it.
    var configuration: LintConfiguration?
    var options: ThemeOptions
    var encoding: PositionEncoding
    /// Whether to tell if the buffer differs from the file on disk (a document just opened:
    /// the other themes read the file until then).
    var comparesWithDisk = false
    /// Whether to take the first look at the folder's files, for `DiskWatch`.
    var takesFolderStamps = false

    /// What a lint found, and what it read on the way.
    struct Outcome: Sendable {
        var diagnostics: [LSPDiagnostic]
        /// The buffer is not what the file on disk holds (or there is no such file): the
        /// themes that read the file read something else now. False unless asked.
        var differsFromDisk = false
        /// The folder's configuration, when the job read it, and why it cannot be used.
        var configuration: (LintConfiguration, String?)?
        /// The first look at the folder's files, when asked.
        var folderStamps: [DiskStamp]?
    }

    /// The diagnostics, with what was asked of the disk: all of it read here, on the
    /// worker.
    func outcome() -> Outcome {
        var outcome = Outcome(diagnostics: [])
        if takesFolderStamps { outcome.folderStamps = Workspace.stamps(of: folder) }
        if comparesWithDisk {
            outcome.differsFromDisk = (try? FileBytes.load(path, limit: options.limits.maxFileSize)) != text.bytes
        }
        var configuration = self.configuration
        if configuration == nil {
            let found: (LintConfiguration, String?)
            do {
                found = (try LintConfiguration.discover(in: folder) ?? LintConfiguration(), nil)
            } catch {
                found = (LintConfiguration(), error.message)
            }
            outcome.configuration = found
            configuration = found.0
        }
        outcome.diagnostics = run(configuration: configuration ?? LintConfiguration())
        return outcome
    }

    /// The linter's diagnostics of the document, on its unsaved text and its ancestors'
    /// (open buffers first): those located in this file, as `themelint` shows them for it.
    ///
    /// An inheritance cycle is reported where it closes: at the other theme of the cycle
    /// that names this one back, whose own lint reports the cycle here. Those themes are
    /// linted too, and what they place in this file is shown. (An ancestor's own problems,
    /// also placed in other files, need no such lint: an ancestor's lint reads no child.)
    func run(configuration: LintConfiguration) -> [LSPDiagnostic] {
        if TokensFiles.isTokens(fileName: Workspace.fileName(of: path)) {
            return tokensDiagnostics(configuration: configuration)
        }
        var linter = ThemeLinter(currentDirectory: folder, options: options, configuration: configuration)
        linter.contents = overlay
        guard var report = try? linter.lint(paths: [path]) else { return [] }
        let shown = DisplayPath.relative(path, to: folder)
        let cycle = Set(
            report.diagnostics.filter { $0.code == .inheritanceCycle && $0.location.file != shown }
                .map(\.location.file).filter { !$0.isEmpty }
        ).sorted()
        if !cycle.isEmpty,
            let wider = try? linter.lint(paths: [path] + cycle.map { $0.hasPrefix("/") ? $0 : folder + "/" + $0 })
        {
            report = wider
        }
        var seen: Set<Diagnostic> = []
        // The texts notes point into, each indexed once (a note per duplicate key points
        // into this very file).
        var texts: [String: DocumentText?] = [path: text]
        return report.diagnostics.compactMap { diagnostic in
            diagnostic.location.file == shown && seen.insert(diagnostic).inserted
                ? lspDiagnostic(diagnostic, texts: &texts) : nil
        }
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, texts: inout [String: DocumentText?]) -> LSPDiagnostic {
        let location = diagnostic.location
        let start = text.position(line: location.line, column: location.column, encoding: encoding)
        var end = start
        if let stop = diagnostic.end, location.line > 0 {
            end = text.position(line: stop.line, column: stop.column, encoding: encoding)
        }
        let related = diagnostic.notes.compactMap { note -> LSPDiagnostic.Related? in
            guard note.location.line > 0 else { return nil }
            let file = note.location.file
            let path = URL(fileURLWithPath: file.hasPrefix("/") ? file : folder + "/" + file).standardizedFileURL.path
            if texts[path] == nil {
                texts[path] =
                    overlay[path].map(DocumentText.init)
                    ?? (try? FileBytes.load(path, limit: options.limits.maxFileSize)).map(DocumentText.init)
            }
            guard let noteText = texts[path] ?? nil else { return nil }
            let position = noteText.position(
                line: note.location.line, column: note.location.column, encoding: encoding)
            return .init(
                location: Location(
                    uri: uris[path] ?? URL(fileURLWithPath: path).absoluteString,
                    range: LSPRange(start: position, end: position)),
                message: Escaping.visible(note.message))
        }
        return LSPDiagnostic(
            range: LSPRange(start: start, end: max(start, end)),
            severity: diagnostic.severity == .error ? .error : .warning,
            // Escaped as every text a person reads: a newline in a key cannot break the message.
            code: diagnostic.code.rawValue, message: Escaping.visible(diagnostic.message),
            relatedInformation: related.isEmpty ? nil : related)
    }
}

/// What answering a request reads besides its theme's snapshot: the agreed encoding, the
/// options, and the open documents, copied when the request came, so that the answer is
/// worked out on a worker while the server goes on reading messages.
struct Answers: Sendable {
    var encoding: PositionEncoding
    var options: ThemeOptions
    /// The open documents' texts, by path.
    var texts: [String: DocumentText]
    /// The open documents' URIs, by path (the client's own spelling).
    var uris: [String: String]

    /// The URI of a path: the client's own for an open document.
    func uri(ofPath path: String) -> String {
        uris[path] ?? URL(fileURLWithPath: path).absoluteString
    }

    /// The text of a file: its open buffer, else what is on disk, read with the limit every
    /// theme is read with (nil when it cannot be read).
    func text(ofPath path: String) -> DocumentText? {
        if let open = texts[path] { return open }
        return (try? FileBytes.load(path, limit: options.limits.maxFileSize)).map(DocumentText.init)
    }
}

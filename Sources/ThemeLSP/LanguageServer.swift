package import Foundation
import ThemeKit
import ThemeLint
import ThemeSupport

/// `themekit lsp`: a Language Server over theme files. Messages are handled one at a time on
/// one thread, in the order they came; diagnostics are worked out on a worker, one document
/// at a time, from a copy of the buffers (`LintJob`), and published unless a newer change
/// made them stale: a burst of edits is linted at most once under way and once at its end.
/// A request about a theme (hover, definition, colors, completion) whose theme changed since
/// it was last built waits while another worker builds it (`SnapshotJob`), the server
/// handling other messages meanwhile; a waiting request can be cancelled (`$/cancelRequest`).
package final class LanguageServer {
    private let writer: MessageWriter
    let workspace = Workspace()
    private var initialized = false
    private var shuttingDown = false
    /// Open documents whose diagnostics are out of date.
    private var stale: Set<String> = []
    private var nextRequest = 0
    private var watchesFiles = false
    /// Set by `exit`: the status the process leaves with (0 after `shutdown`, else 1).
    package private(set) var exitCode: Int32?

    package init(writer: MessageWriter) { self.writer = writer }

    /// How many theme snapshots the server keeps (for the tests: it is bounded).
    package var keptSnapshots: Int { workspace.snapshotCount }

    // MARK: The loop

    /// Reads messages from `input` until `exit` or the end of the input, answering on
    /// `output`; returns the process's exit status. Linting runs on a worker thread, one
    /// document at a time, while messages go on being answered; a result that a newer
    /// change made stale is dropped, and the document linted again at its newest version.
    package static func run(input: FileHandle, output: FileHandle) -> Int32 {
        // A client that goes away mid-answer makes a write fail, not a signal end the server.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(writer: MessageWriter(handle: output))
        let inbox = Inbox()
        let reading = Thread {
            var reader = MessageReader(handle: input)
            while true {
                let frame = reader.next()
                inbox.put(.frame(frame))
                if frame == .end { return }
            }
        }
        reading.stackSize = 1 << 20
        reading.start()
        // Once a second, a look at the folders of the open themes: a parent saved by another
        // program is linted again even when the client reports no changes on disk. On a
        // thread of its own: the server's never waits on the disk.
        let watch = server.workspace.diskWatch
        let ticking = Thread {
            while true {
                Thread.sleep(forTimeInterval: 1)
                let changed = watch.look()
                if !changed.isEmpty { inbox.put(.changedOnDisk(changed)) }
            }
        }
        ticking.stackSize = 1 << 18
        ticking.start()
        let worker = DispatchQueue(label: "themekit-lsp.lint")
        let builder = DispatchQueue(label: "themekit-lsp.build")
        while true {
            for item in inbox.takeAll() {
                switch item {
                case .frame(.end):
                    return server.exitCode ?? (server.shuttingDown ? 0 : 1)
                case .frame(let frame):
                    server.handle(frame)
                    if let code = server.exitCode { return code }
                case .linted(let job, let outcome):
                    server.finish(job, outcome)
                case .answered(let job, let done):
                    server.finishBuild(job, done)
                case .changedOnDisk(let folders):
                    server.filesChanged(in: folders)
                }
            }
            server.startLint { job in
                worker.async { inbox.put(.linted(job, job.outcome())) }
            }
            server.startBuild { job in
                builder.async { inbox.put(.answered(job, job.run())) }
            }
        }
    }

    /// Handles one frame of input.
    package func handle(_ frame: MessageReader.Frame) {
        switch frame {
        case .end: break
        case .malformed(let reason): sendError(id: nil, code: RPCErrorCode.invalidRequest, reason)
        case .body(let body): handle(body: body)
        }
    }

    /// The deepest a message may nest, as `JSONDecoder` allowed: an LSP message needs a few levels.
    static let maximumDepth = 512

    private func handle(body bytes: [UInt8]) {
        // The package's one JSON reader; of a key written twice, the last counts.
        guard let body = try? JSONReader.read(bytes, duplicateKeys: .keep, maximumDepth: Self.maximumDepth).plain,
            let envelope = try? JSONValueDecoder.decode(Envelope.self, from: body)
        else {
            sendError(id: nil, code: RPCErrorCode.parseError, "the message is not a JSON-RPC object")
            return
        }
        guard let method = envelope.method else {
            // A response to a request of the server's (registering the file watchers): a
            // response is never answered.
            if envelope.isResponse { return }
            sendError(id: envelope.id, code: RPCErrorCode.invalidRequest, "a message without a method")
            return
        }
        guard !envelope.hasInvalidID else {
            sendError(id: nil, code: RPCErrorCode.invalidRequest, "an id that is neither an integer nor a string")
            return
        }
        if let id = envelope.id {
            request(method, id: id, body: body)
        } else {
            notification(method, body: body)
        }
    }

    /// The parameters of a message, or nil after answering a request with an error.
    private func params<P: Decodable>(_ type: P.Type, _ body: JSONValue, id: RequestID?) -> P? {
        do {
            return try JSONValueDecoder.decode(ParamsOf<P>.self, from: body).params
        } catch {
            if let id {
                sendError(id: id, code: RPCErrorCode.invalidParams, "invalid params: \(Escaping.visible("\(error)"))")
            }
            return nil
        }
    }

    // MARK: Requests

    private func request(_ method: String, id: RequestID, body: JSONValue) {
        if method == "initialize" {
            initialize(id: id, body: body)
            return
        }
        guard initialized else {
            sendError(id: id, code: RPCErrorCode.serverNotInitialized, "initialize first")
            return
        }
        guard !shuttingDown else {
            sendError(id: id, code: RPCErrorCode.invalidRequest, "the server is shutting down")
            return
        }
        switch method {
        case "shutdown":
            shuttingDown = true
            // What still waits for a theme is answered first, the theme built here and now.
            building = false
            answerWaitingRequests()
            send(Response<Bool?>(id: id, result: nil))
        case "textDocument/hover":
            guard let params = params(TextDocumentPositionParams.self, body, id: id) else { return }
            answer(id, about: themePath(params.textDocument.uri)) {
                MessageWriter.encode(Response(id: id, result: $0.hover($1, position: params.position)))
            }
        case "textDocument/definition":
            guard let params = params(TextDocumentPositionParams.self, body, id: id) else { return }
            answer(id, about: themePath(params.textDocument.uri)) {
                MessageWriter.encode(Response(id: id, result: $0.definition($1, position: params.position)))
            }
        case "textDocument/documentColor":
            guard let params = params(TextDocumentParams.self, body, id: id) else { return }
            answer(id, about: themePath(params.textDocument.uri)) {
                MessageWriter.encode(Response(id: id, result: $0.documentColors($1)))
            }
        case "textDocument/colorPresentation":
            guard let params = params(ColorPresentationParams.self, body, id: id) else { return }
            answer(id, about: themePath(params.textDocument.uri)) {
                MessageWriter.encode(
                    Response(id: id, result: $0.colorPresentations($1, color: params.color, range: params.range)))
            }
        case "textDocument/completion":
            guard let params = params(TextDocumentPositionParams.self, body, id: id) else { return }
            answer(id, about: themePath(params.textDocument.uri)) {
                MessageWriter.encode(Response(id: id, result: $0.completion($1, position: params.position)))
            }
        default:
            sendError(
                id: id, code: RPCErrorCode.methodNotFound,
                "unknown method \(Escaping.visible(String(method.prefix(200))))")
        }
    }

    // MARK: Answers from a built theme

    /// How a request is answered from its theme's snapshot (nil: the theme cannot be read):
    /// the whole response, encoded. Run on the worker.
    typealias Respond = @Sendable (Answers, ThemeSnapshot?) -> [UInt8]

    /// A request that waits for its theme to be built on the worker.
    private struct Waiting {
        /// Which request this is, among all the server was asked.
        var ticket: Int
        var id: RequestID
        var path: String
        /// The open documents and settings as they were when the request came.
        var answers: Answers
        var respond: Respond
    }

    /// The requests waiting for a theme to be built, in the order they came.
    private var waiting: [Waiting] = []
    private var tickets = 0
    /// Whether a snapshot is being built on the worker.
    private var building = false

    /// Answers a request about the theme at `path` (nil: not one the server answers for):
    /// on the worker, from the snapshot kept when nothing changed, else from one it builds
    /// (in `finishBuild`), the server reading other messages meanwhile. Nothing is read from
    /// disk on the server's thread, not even the times of the files a snapshot read.
    private func answer(_ id: RequestID, about path: String?, _ respond: @escaping Respond) {
        guard let path else {
            // Not a theme: the empty answer, which reads nothing.
            writer.send(body: respond(workspace.answers, nil))
            return
        }
        tickets += 1
        waiting.append(Waiting(ticket: tickets, id: id, path: path, answers: workspace.answers, respond: respond))
    }

    /// Starts answering the requests about the theme the first waiting request is about,
    /// through `start`, unless a build is under way.
    func startBuild(_ start: (AnswerJob) -> Void) {
        guard !building else { return }
        while let path = waiting.first?.path {
            let requests = waiting.filter { $0.path == path }
            guard let job = workspace.snapshotJob(for: path) else {
                // Not a theme the server answers for: nothing to wait for.
                waiting.removeAll { $0.path == path }
                for request in requests { writer.send(body: request.respond(request.answers, nil)) }
                continue
            }
            building = true
            start(
                AnswerJob(
                    snapshot: job, requests: requests.map { ($0.ticket, $0.answers, $0.respond) }))
            return
        }
    }

    /// A build is done: the snapshot is kept (unless a newer one is), and the answers worked
    /// out from it are sent, but to requests cancelled meanwhile.
    func finishBuild(_ job: AnswerJob, _ done: AnswerJob.Done) {
        building = false
        workspace.store(job.snapshot, done.built)
        for (ticket, body) in done.answers {
            guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { continue }
            waiting.remove(at: index)
            writer.send(body: body)
        }
    }

    /// Builds here and now the themes that requests wait for, and answers them (what the
    /// worker does one theme at a time; for the benchmark, and at `shutdown`).
    package func answerWaitingRequests() {
        while !building, !waiting.isEmpty {
            var started: AnswerJob?
            startBuild { started = $0 }
            guard let job = started else { return }
            finishBuild(job, job.run())
        }
    }

    /// `$/cancelRequest`: a request still waiting for its theme is answered with
    /// `RequestCancelled` and not worked on; one already answered is left alone.
    private func cancel(_ id: RequestID) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        let request = waiting.remove(at: index)
        sendError(id: request.id, code: RPCErrorCode.requestCancelled, "the request was cancelled")
    }

    /// The path of a theme or DTCG document the server answers for; nil for another scheme,
    /// a file outside the workspace or one that is neither.
    private func themePath(_ uri: String) -> String? {
        Workspace.path(ofURI: uri).flatMap { workspace.serves($0) ? $0 : nil }
    }

    private struct InitializeParams: Decodable {
        struct Capabilities: Decodable {
            struct General: Decodable { var positionEncodings: [String]? }
            struct Workspace: Decodable {
                struct Watched: Decodable { var dynamicRegistration: Bool? }
                var didChangeWatchedFiles: Watched?
            }
            var general: General?
            var workspace: Workspace?
        }
        struct Folder: Decodable { var uri: String }
        struct Options: Decodable { var alphaOrder: String? }
        var capabilities: Capabilities?
        var rootUri: String?
        var rootPath: String?
        var workspaceFolders: [Folder]?
        var initializationOptions: Options?
    }

    private func initialize(id: RequestID, body: JSONValue) {
        let params = (try? JSONValueDecoder.decode(ParamsOf<InitializeParams>.self, from: body))?.params
        workspace.encoding = PositionEncoding.chosen(from: params?.capabilities?.general?.positionEncodings)
        var roots = (params?.workspaceFolders ?? []).compactMap { Workspace.path(ofURI: $0.uri) }
        if roots.isEmpty, let root = params?.rootUri.flatMap(Workspace.path(ofURI:)) ?? params?.rootPath {
            roots = [root]
        }
        workspace.roots = roots
        if params?.initializationOptions?.alphaOrder == "alphaFirst" { workspace.options.alphaOrder = .alphaFirst }
        watchesFiles = params?.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration == true
        initialized = true
        let result = InitializeResult(
            capabilities: ServerCapabilities(positionEncoding: workspace.encoding.rawValue),
            serverInfo: .init(name: "themekit", version: ThemeKitVersion.current))
        send(Response(id: id, result: result))
    }

    // MARK: Notifications

    private func notification(_ method: String, body: JSONValue) {
        if method == "exit" {
            exitCode = shuttingDown ? 0 : 1
            return
        }
        guard initialized else { return }
        switch method {
        case "initialized":
            if watchesFiles { registerWatchers() }
        case "textDocument/didOpen":
            guard let params = params(DidOpenParams.self, body, id: nil),
                let path = Workspace.path(ofURI: params.textDocument.uri)
            else { return }
            let reopened = workspace.documents[path] != nil
            workspace.set(
                OpenDocument(
                    uri: params.textDocument.uri, path: path, version: params.textDocument.version,
                    text: DocumentText(params.textDocument.text)))
            // Opening changes no file: only this theme is linted, and the others only when its
            // lint finds the buffer is not what the disk holds (`finish`).
            stale.insert(path)
            justOpened.insert(path)
            if !reopened { workspace.opened(path) }
        case "textDocument/didChange":
            guard let params = params(DidChangeParams.self, body, id: nil),
                let path = Workspace.path(ofURI: params.textDocument.uri),
                var document = workspace.documents[path]
            else { return }
            for change in params.contentChanges {
                if let range = change.range {
                    var bytes = document.text.bytes
                    let start = document.text.offset(of: range.start, encoding: workspace.encoding)
                    let end = max(start, document.text.offset(of: range.end, encoding: workspace.encoding))
                    bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
                    document.text = DocumentText(bytes)
                } else {
                    document.text = DocumentText(change.text)
                }
            }
            document.version = params.textDocument.version
            workspace.set(document)
            changed(path)
        case "textDocument/didClose":
            guard let params = params(DidCloseParams.self, body, id: nil),
                let path = Workspace.path(ofURI: params.textDocument.uri),
                let document = workspace.remove(path)
            else { return }
            workspace.forget(path)
            workspace.closed(path)
            stale.remove(path)
            justOpened.remove(path)
            send(
                Outgoing(
                    method: "textDocument/publishDiagnostics",
                    params: PublishDiagnosticsParams(uri: document.uri, version: nil, diagnostics: [])))
            changed(path)
        case "textDocument/didSave":
            changed(nil)
        case "$/cancelRequest":
            guard let params = params(CancelParams.self, body, id: nil) else { return }
            cancel(params.id)
        case "workspace/didChangeWatchedFiles":
            let params = params(DidChangeWatchedFilesParams.self, body, id: nil)
            let configuration = params?.changes.contains { $0.uri.hasSuffix("/.themelint.json") } ?? true
            workspace.invalidate(configurations: configuration)
            stale.formUnion(workspace.documents.keys)
        default:
            break
        }
    }

    /// A buffer or file at `path` changed (nil: any): every answer is worked out again, and
    /// the open themes of its folder (its children among them) are linted again.
    private func changed(_ path: String?) {
        workspace.invalidate()
        guard let path else {
            stale.formUnion(workspace.documents.keys)
            return
        }
        let folder = Workspace.folder(of: path)
        for open in workspace.documents.keys where Workspace.folder(of: open) == folder { stale.insert(open) }
    }

    private func registerWatchers() {
        nextRequest += 1
        let watchers = DidChangeWatchedFilesRegistrationOptions(
            watchers: [.init(globPattern: "**/*.plist"), .init(globPattern: "**/.themelint.json")])
        let registration = RegistrationParams.Registration(
            id: "themekit-watched-files", method: "workspace/didChangeWatchedFiles", registerOptions: watchers)
        send(
            Outgoing(
                id: .string("themekit-\(nextRequest)"), method: "client/registerCapability",
                params: RegistrationParams(registrations: [registration])))
    }

    // MARK: Diagnostics

    /// Lints again the open themes of the folders where a theme changed on disk.
    func filesChanged(in folders: [String]) {
        guard initialized, !shuttingDown, !folders.isEmpty else { return }
        workspace.invalidate()
        for open in workspace.documents.keys where folders.contains(Workspace.folder(of: open)) {
            stale.insert(open)
        }
    }

    /// The document being linted on the worker, if one is.
    private var linting: String?
    /// Documents opened and not yet linted: their lint tells whether the buffer is the file.
    private var justOpened: Set<String> = []

    /// Starts linting the first document whose diagnostics are out of date, through
    /// `start`, unless a lint is under way.
    func startLint(_ start: (LintJob) -> Void) {
        guard linting == nil else { return }
        while let path = stale.sorted().first {
            stale.remove(path)
            guard let job = workspace.lintJob(for: path, comparingWithDisk: justOpened.remove(path) != nil) else {
                if let document = workspace.documents[path] { publish(document.uri, document.version, []) }
                continue
            }
            linting = path
            start(job)
            return
        }
    }

    /// A lint is done: its diagnostics are published unless something changed since it
    /// started (the document is then linted again, as it is now). A document opened with
    /// text that is not its file's is a change for the themes that read the file.
    func finish(_ job: LintJob, _ outcome: LintJob.Outcome) {
        linting = nil
        if let stamps = outcome.folderStamps { workspace.diskWatch.baseline(job.folder, stamps) }
        if let configuration = outcome.configuration {
            workspace.remember(configuration: configuration, for: job.folder)
            if let problem = workspace.newConfigurationProblem(for: job.folder) {
                // The defaults are used meanwhile.
                send(
                    Outgoing(
                        method: "window/showMessage",
                        params: ShowMessageParams(
                            type: .error,
                            message: "themekit lsp: \(Escaping.visible(problem)); linting with the default rules")))
            }
        }
        guard workspace.documents[job.path] != nil else { return }
        let current = job.generation == workspace.generation
        if outcome.differsFromDisk {
            changed(job.path)
            // Its own diagnostics were of its buffer already.
            if current { stale.remove(job.path) }
        } else if job.comparesWithDisk, current {
            // Unchanged since it was opened with its file's text: the disk answers for it.
            workspace.sameAsDisk(job.path)
        }
        guard current else {
            stale.insert(job.path)
            return
        }
        publish(job.uri, job.version, outcome.diagnostics)
    }

    /// Lints every document whose diagnostics are out of date, here and now, and publishes
    /// their diagnostics (what the worker does one document at a time; for the benchmark).
    package func publishStaleDiagnostics() {
        while linting == nil, !stale.isEmpty {
            var started: LintJob?
            startLint { started = $0 }
            guard let job = started else { return }
            finish(job, job.outcome())
        }
    }

    private func publish(_ uri: String, _ version: Int?, _ diagnostics: [LSPDiagnostic]) {
        writer.send(
            body: JSONText.publishDiagnostics(
                PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics)))
    }

    // MARK: Writing

    private func send(_ message: some Encodable) { writer.send(message) }

    private func sendError(id: RequestID?, code: Int, _ message: String) {
        send(ErrorResponse(id: id, error: .init(code: code, message: message)))
    }
}

/// What the server's thread waits for: frames from the reading thread, results from the
/// workers.
private enum InboxItem: Sendable {
    case frame(MessageReader.Frame)
    case linted(LintJob, LintJob.Outcome)
    case answered(AnswerJob, AnswerJob.Done)
    /// Themes changed on disk in these folders.
    case changedOnDisk([String])
}

/// The items not yet handled, between the reading thread, the worker and the server's thread.
private final class Inbox: Sendable {
    private let items = Locked<[InboxItem]>([])
    private let signal = DispatchSemaphore(value: 0)

    func put(_ item: InboxItem) {
        items.withLock { $0.append(item) }
        signal.signal()
    }

    /// Waits for at least one item, then takes every item there is.
    func takeAll() -> [InboxItem] {
        while true {
            let taken = items.withLock { items in
                defer { items = [] }
                return items
            }
            if !taken.isEmpty { return taken }
            signal.wait()
        }
    }
}

/// Answering the requests about one theme: its snapshot reused or built, then each answer
/// worked out and encoded, on the worker.
struct AnswerJob: Sendable {
    var snapshot: SnapshotJob
    /// The requests: their tickets, what they read and how they are answered.
    var requests: [(ticket: Int, answers: Answers, respond: LanguageServer.Respond)]

    /// The snapshot built (nil: the theme cannot be read), and each request's response.
    struct Done: Sendable {
        var built: SnapshotJob.Built?
        var answers: [(ticket: Int, body: [UInt8])]
    }

    func run() -> Done {
        let built = snapshot.run()
        return Done(
            built: built,
            answers: requests.map { ($0.ticket, $0.respond($0.answers, built?.snapshot)) })
    }
}

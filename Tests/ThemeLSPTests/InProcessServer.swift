import Foundation
import TestSupport
import Testing
import ThemeLSP

/// The language server in process, as an editor drives it but with no process and no pipe:
/// each message is handed to `handle`, the worker's jobs (building a theme, linting a buffer)
/// run in line, and what the server wrote is read back as JSON.
final class InProcessServer {
    /// What the server wrote, whole frames, in order.
    final class Written: @unchecked Sendable {
        // @unchecked: every access to `frames` holds `lock`.
        private let lock = NSLock()
        private var frames: [[UInt8]] = []

        func append(_ frame: [UInt8]) {
            lock.lock()
            frames.append(frame)
            lock.unlock()
        }

        /// The frames written so far, emptied.
        func take() -> [[UInt8]] {
            lock.lock()
            defer {
                frames = []
                lock.unlock()
            }
            return frames
        }
    }

    let written = Written()
    let server: LanguageServer
    /// The messages the server wrote and no call took yet.
    private var unread: [[String: Any]] = []
    private var nextID = 0
    /// The `initialize` result.
    private(set) var initializeResult: [String: Any] = [:]

    /// A server initialized with `root` as its workspace (none: every theme file is one it
    /// answers for) and the position encodings the client offers.
    init(root: URL? = nil, encodings: [String]? = nil, options: [String: Any]? = nil) throws {
        let written = self.written
        server = LanguageServer(writer: MessageWriter { written.append($0) })
        var params: [String: Any] = [:]
        if let root { params["rootUri"] = root.absoluteString }
        if let encodings { params["capabilities"] = ["general": ["positionEncodings": encodings]] }
        if let options { params["initializationOptions"] = options }
        let answer = try request("initialize", params)
        initializeResult = try #require(answer["result"] as? [String: Any])
        notify("initialized", [:])
    }

    /// The body of each frame the server wrote since the last call, parsed.
    private func read() throws -> [[String: Any]] {
        var messages = unread
        unread = []
        for frame in written.take() {
            let text = String(decoding: frame, as: UTF8.self)
            let header = try #require(text.range(of: "\r\n\r\n"), "a frame without its header's end")
            #expect(text.hasPrefix("Content-Length: "))
            let body = Data(text[header.upperBound...].utf8)
            messages.append(try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
        }
        return messages
    }

    /// Hands one message to the server as a frame.
    func send(_ message: [String: Any]) throws {
        server.handle(.body(Array(try JSONSerialization.data(withJSONObject: message))))
    }

    func notify(_ method: String, _ params: [String: Any]) {
        try? send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request, runs the builds it waits for, and returns its response (the other
    /// messages are kept for later calls).
    func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        server.answerWaitingRequests()
        var messages = try read()
        let index = try #require(
            messages.firstIndex { ($0["id"] as? Int) == id && $0["method"] == nil }, "no answer to \(method)")
        let answer = messages.remove(at: index)
        unread = messages
        return answer
    }

    /// The messages the server wrote and no call took yet, taken.
    func messages() throws -> [[String: Any]] { try read() }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "xml", "version": version, "text": text]])
    }

    func change(_ uri: String, _ text: String, version: Int) {
        notify(
            "textDocument/didChange",
            ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
    }

    /// Lints what is stale and returns the diagnostics last published for `uri`.
    func diagnostics(for uri: String) throws -> [[String: Any]] {
        server.publishStaleDiagnostics()
        var messages = try read()
        let published = messages.filter {
            $0["method"] as? String == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }
        messages.removeAll {
            $0["method"] as? String == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }
        unread = messages
        let last = try #require(published.last?["params"] as? [String: Any], "no diagnostics for \(uri)")
        return try #require(last["diagnostics"] as? [[String: Any]])
    }

    /// The `result` of a request at a position.
    func result(_ method: String, _ uri: String, line: Int, character: Int) throws -> Any? {
        try request(
            method, ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])["result"]
    }
}

/// The 0-based line of `text` holding `needle`, and the UTF-16 column where `needle` starts.
func place(of needle: String, in text: String) throws -> (line: Int, character: Int) {
    let lines = text.components(separatedBy: "\n")
    let index = try #require(lines.firstIndex { $0.contains(needle) }, "no line holds \(needle)")
    let range = try #require(lines[index].range(of: needle))
    return (index, lines[index][..<range.lowerBound].utf16.count)
}

/// The start of an LSP range, as JSON holds it.
func start(_ range: Any?) -> (line: Int, character: Int)? {
    guard let range = range as? [String: Any], let start = range["start"] as? [String: Any],
        let line = start["line"] as? Int, let character = start["character"] as? Int
    else { return nil }
    return (line, character)
}

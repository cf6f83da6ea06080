import Foundation
import Synchronization
import TestSupport
import Testing

/// The built `themekit lsp`, driven over pipes as an editor drives it: messages framed with
/// `Content-Length`, answers read on a thread of their own so that a test waits with a
/// deadline, never forever.
final class LSPClient {
    private let process: Process
    private let input: FileHandle
    /// The bodies read, by the reading thread.
    private let inbox = Inbox()
    /// The messages parsed and not yet taken.
    private var received: [Message] = []
    private var nextID = 0
    /// The messages the last `waitFor` took before the one it waited for.
    private(set) var passedOver: [Message] = []
    /// The folder the server runs in (its workspace root).
    let root: URL
    /// What the server answered to `initialize`.
    private(set) var capabilities: Message = [:]

    /// A message as a dictionary, from the server's JSON.
    typealias Message = [String: Any]

    /// Starts the server and initializes it; `capabilities` are the client's, beside the
    /// position encodings offered.
    init(root: URL, encodings: [String]? = nil, capabilities: Message = [:], rootURI: String? = nil) throws {
        self.root = root
        process = Process()
        process.executableURL = try CLI.binary("themekit")
        process.arguments = ["lsp"]
        process.currentDirectoryURL = root
        let toServer = Pipe()
        let fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        input = toServer.fileHandleForWriting
        try process.run()
        let output = fromServer.fileHandleForReading
        let inbox = self.inbox
        let reader = Thread {
            var buffer = Data()
            while true {
                let chunk = output.availableData
                if chunk.isEmpty { return }
                buffer.append(chunk)
                while let body = Self.takeBody(from: &buffer) { inbox.put(body) }
            }
        }
        reader.start()
        var offered = capabilities
        if let encodings { offered["general"] = ["positionEncodings": encodings] }
        let answer = try request(
            "initialize", ["rootUri": rootURI ?? root.absoluteString, "capabilities": offered])
        self.capabilities = ((answer["result"] as? Message)?["capabilities"] as? Message) ?? [:]
        notify("initialized", [:])
    }

    /// One framed message's body from the front of `buffer`, if a whole one is there.
    private static func takeBody(from buffer: inout Data) -> Data? {
        guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length:") }),
            let length = Int(lengthLine.dropFirst("Content-Length:".count).trimmingCharacters(in: .whitespaces))
        else { return nil }
        guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { return nil }
        let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
        buffer = Data(buffer[(headerEnd.upperBound + length)...])
        return Data(body)
    }

    /// Writes raw bytes to the server.
    func write(_ bytes: Data) { try? input.write(contentsOf: bytes) }

    /// Writes one message, framed.
    func send(_ message: Message) {
        let body = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
        write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: Message) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its answer (the whole response: `result` or `error`).
    func request(_ method: String, _ params: Message = [:]) throws -> Message {
        nextID += 1
        let id = nextID
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try waitFor { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// Waits (at most `seconds`) for a message that `matches`, taking it and those before it.
    func waitFor(seconds: Double = 20, _ matches: (Message) -> Bool) throws -> Message {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            for body in inbox.takeAll() {
                received.append((try? JSONSerialization.jsonObject(with: body)) as? Message ?? ["unparsable": true])
            }
            if let index = received.firstIndex(where: matches) {
                let message = received[index]
                passedOver = Array(received[..<index])
                received.removeSubrange(...index)
                return message
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, inbox.wait(seconds: left) else { throw LSPClientError.timedOut }
        }
    }

    /// The next diagnostics published for `uri` (at `version`, when given) that `accept`.
    func diagnostics(
        for uri: String, version: Int? = nil, where accept: ([Message]) -> Bool = { _ in true }
    ) throws -> [Message] {
        let message = try waitFor { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                let params = message["params"] as? Message, params["uri"] as? String == uri
            else { return false }
            return (version == nil || params["version"] as? Int == version)
                && accept(params["diagnostics"] as? [Message] ?? [])
        }
        return ((message["params"] as? Message)?["diagnostics"] as? [Message]) ?? []
    }

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

    /// `shutdown`, then `exit`: the process's exit status.
    func shutDown() throws -> Int32 {
        _ = try request("shutdown")
        notify("exit", [:])
        return waitForExit()
    }

    /// Waits for the process to end (killing it after 20 s) and gives its status.
    func waitForExit() -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// The bodies the reading thread has read, for the test's thread to take.
private final class Inbox: Sendable {
    private let bodies = Mutex<[Data]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func put(_ body: Data) {
        bodies.withLock { $0.append(body) }
        arrived.signal()
    }

    func takeAll() -> [Data] {
        bodies.withLock { bodies in
            defer { bodies = [] }
            return bodies
        }
    }

    /// Waits for a body to arrive; false after `seconds` with none.
    func wait(seconds: Double) -> Bool { arrived.wait(timeout: .now() + seconds) == .success }
}

enum LSPClientError: Error {
    case timedOut
}

/// A position as LSP writes it.
func lspPosition(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }

/// `params` for a request at a place in a document.
func atPosition(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
    ["textDocument": ["uri": uri], "position": lspPosition(line, character)]
}

package import Foundation
import ThemeLint

/// JSON-RPC error codes the server answers with (LSP's own among them).
package enum RPCErrorCode {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
}

/// A message's envelope: what is read before its parameters are decoded by type.
struct Envelope: Decodable {
    var jsonrpc: String?
    var id: JSONValue?
    var method: String?
    /// Present on a response to a request the server made (`client/registerCapability`).
    var result: JSONValue?
    var error: JSONValue?
}

/// A message's `params`, decoded as `Params`.
struct ParamsOf<Params: Decodable>: Decodable {
    var params: Params
}

/// A JSON-RPC response.
struct Response<Result: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: JSONValue
    var result: Result

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, result }

    /// `result` always written: `null` for an empty answer (a nil hover), which a synthesized
    /// encoding would leave out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(result, forKey: .result)
    }
}

/// A JSON-RPC error response.
struct ErrorResponse: Encodable {
    struct Body: Encodable {
        var code: Int
        var message: String
    }
    var jsonrpc = "2.0"
    var id: JSONValue
    var error: Body
}

/// A notification or request the server sends.
struct Outgoing<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: JSONValue?
    var method: String
    var params: Params
}

/// Reads LSP's framing: header lines (`Content-Length: N`, others ignored) up to an empty
/// line, then N bytes of JSON.
package struct MessageReader {
    /// The largest body accepted (a theme is at most 64 MiB; its JSON escaping may double it).
    package static let maximumLength = 160 << 20

    /// What one frame held.
    package enum Frame: Equatable, Sendable {
        /// A body of JSON (not yet checked).
        case body([UInt8])
        /// A frame that could not be used: why (a JSON-RPC error is answered, and reading goes on).
        case malformed(String)
        /// The input ended.
        case end
    }

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    package init(handle: FileHandle) { self.handle = handle }

    /// Reads more input; false at its end.
    private mutating func fill() -> Bool {
        guard !atEnd else { return false }
        let data = handle.availableData
        if data.isEmpty {
            atEnd = true
            return false
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: data)
        return true
    }

    /// The next header line, without its line break; nil at the end of input.
    private mutating func line() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let text = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return text
            }
            // A header line is short: a very long one is no header, and is dropped.
            if buffer.count - start > 1 << 16 {
                start = buffer.count
            }
            guard fill() else { return nil }
        }
    }

    /// The next frame.
    package mutating func next() -> Frame {
        var length: Int?
        var sawHeader = false
        var problem: String?
        while true {
            guard let line = line() else { return .end }
            if line.isEmpty {
                // Blank lines between messages are skipped.
                if !sawHeader { continue }
                break
            }
            sawHeader = true
            guard let colon = line.firstIndex(of: ":") else {
                problem = "a header line without a ':'"
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                if let number = Int(value), number >= 0 {
                    length = number
                } else {
                    problem = "Content-Length is not a number: \(value.prefix(40))"
                }
            }
        }
        guard let length else { return .malformed(problem ?? "a message without a Content-Length header") }
        guard length <= Self.maximumLength else {
            skip(length)
            return .malformed("a message of \(length) bytes: more than \(Self.maximumLength)")
        }
        while buffer.count - start < length {
            guard fill() else { return .end }
        }
        let body = Array(buffer[start..<start + length])
        start += length
        return problem.map { .malformed($0) } ?? .body(body)
    }

    /// Reads and drops `count` bytes.
    private mutating func skip(_ count: Int) {
        var left = count
        while left > 0 {
            if start == buffer.count, !fill() { return }
            let taken = min(left, buffer.count - start)
            start += taken
            left -= taken
        }
    }
}

/// Writes messages with LSP's framing, one whole message at a time.
package final class MessageWriter: Sendable {
    private let write: @Sendable ([UInt8]) -> Void

    /// A writer that hands each framed message to `write`.
    package init(_ write: @escaping @Sendable ([UInt8]) -> Void) { self.write = write }

    /// A writer to a file handle (standard output).
    package convenience init(handle: FileHandle) {
        self.init { bytes in
            do { try handle.write(contentsOf: Data(bytes)) } catch {}
        }
    }

    /// Writes a body already encoded.
    func send(body: [UInt8]) {
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(contentsOf: body)
        write(frame)
    }

    func send(_ message: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let body = try? encoder.encode(message) else { return }
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(contentsOf: body)
        write(frame)
    }
}

/// JSON written by hand for the one large message the server sends often
/// (`publishDiagnostics`: thousands of diagnostics for a large theme), where `JSONEncoder`
/// took as long as the linting.
enum JSONText {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// the rest as its UTF-8.
    static func append(string text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                out.append(contentsOf: "\\u00".utf8)
                let digits = Array("0123456789abcdef".utf8)
                out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func append(position: Position, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"line\":\(position.line),\"character\":\(position.character)}".utf8)
    }

    static func append(range: Range, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"start\":".utf8)
        append(position: range.start, to: &out)
        out.append(contentsOf: ",\"end\":".utf8)
        append(position: range.end, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The whole `textDocument/publishDiagnostics` notification.
    static func publishDiagnostics(_ params: PublishDiagnosticsParams) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(200 + params.diagnostics.count * 240)
        out.append(
            contentsOf: "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":".utf8)
        append(string: params.uri, to: &out)
        if let version = params.version { out.append(contentsOf: ",\"version\":\(version)".utf8) }
        out.append(contentsOf: ",\"diagnostics\":[".utf8)
        for (index, diagnostic) in params.diagnostics.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "{\"range\":".utf8)
            append(range: diagnostic.range, to: &out)
            out.append(contentsOf: ",\"severity\":\(diagnostic.severity),\"code\":".utf8)
            append(string: diagnostic.code, to: &out)
            out.append(contentsOf: ",\"source\":".utf8)
            append(string: diagnostic.source, to: &out)
            out.append(contentsOf: ",\"message\":".utf8)
            append(string: diagnostic.message, to: &out)
            if let related = diagnostic.relatedInformation {
                out.append(contentsOf: ",\"relatedInformation\":[".utf8)
                for (number, information) in related.enumerated() {
                    if number > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(contentsOf: "{\"location\":{\"uri\":".utf8)
                    append(string: information.location.uri, to: &out)
                    out.append(contentsOf: ",\"range\":".utf8)
                    append(range: information.location.range, to: &out)
                    out.append(contentsOf: "},\"message\":".utf8)
                    append(string: information.message, to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}}".utf8)
        return out
    }
}

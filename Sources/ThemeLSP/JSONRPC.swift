package import Foundation
import ThemeKit
import ThemeLint
import ThemeSupport

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
    /// The request's id; nil for a notification (no id, or a null one), and for an id of
    /// another type (`hasInvalidID`).
    var id: RequestID?
    /// Whether the id is neither an integer nor a string, nor null: LSP 3.17 allows no other.
    var hasInvalidID = false
    var method: String?
    /// Whether the message is a response (to a request the server made,
    /// `client/registerCapability`): it has a `result` or an `error`. A `null` result counts:
    /// it is what a client answers a registration with, and an optional decoded from it is
    /// nil, as if there were none.
    var isResponse: Bool

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method, result, error }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try container.decodeIfPresent(String.self, forKey: .jsonrpc)
        if container.contains(.id), try !container.decodeNil(forKey: .id) {
            id = try? container.decode(RequestID.self, forKey: .id)
            hasInvalidID = id == nil
        }
        method = try container.decodeIfPresent(String.self, forKey: .method)
        isResponse = container.contains(.result) || container.contains(.error)
    }
}

/// A message's `params`, decoded as `Params`.
struct ParamsOf<Params: Decodable>: Decodable {
    var params: Params
}

/// A JSON-RPC response.
struct Response<Result: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID
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
    /// Null when the request's id could not be read.
    var id: RequestID?
    var error: Body

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

    /// `id` always written: `null` when it could not be read, as JSON-RPC says.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(error, forKey: .error)
    }
}

/// A notification or request the server sends.
struct Outgoing<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: RequestID?
    var method: String
    var params: Params
}

/// Reads LSP's framing: header lines (`Content-Length: N`, others ignored) up to an empty
/// line, then N bytes of JSON.
///
/// A frame that lies about its length must not make the server deaf: what follows a frame
/// that cannot be used is read as stray bytes up to the next `Content-Length:` header (the
/// reader resynchronises there), and a body is cut where a new frame plainly starts inside it
/// (a `Content-Length:` header with its line break: no JSON holds one, since a JSON string
/// cannot hold a raw line break). So a body shorter than its Content-Length (a client that
/// counts characters, not bytes), longer, a length that is not a number or none at all each
/// cost one error answer, and the next message is read as usual.
package struct MessageReader {
    /// The largest body accepted (a theme is at most 64 MiB; its JSON escaping may double it).
    package static let maximumLength = 160 << 20
    /// The longest header line: a longer run of bytes with no line break is no header.
    static let longestHeaderLine = 1 << 16

    /// What one frame held.
    package enum Frame: Equatable, Sendable {
        /// A body of JSON (not yet checked).
        case body([UInt8])
        /// A frame that could not be used: why (a JSON-RPC error is answered, and reading goes on).
        case malformed(String)
        /// The input ended.
        case end
    }

    private let read: () -> [UInt8]
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// How far the bytes from `start` were searched for a line break (or, in a body, for a
    /// frame inside it): each byte is searched once.
    private var searched = 0
    /// Whether stray bytes are being dropped: they are reported once per run, not per line.
    private var dropping = false

    /// A reader of `handle` (standard input).
    package init(handle: FileHandle) {
        self.init { [UInt8](handle.availableData) }
    }

    /// A reader of the chunks `read` gives, until it gives an empty one.
    package init(read: @escaping () -> [UInt8]) { self.read = read }

    /// Reads more input; false at its end.
    private mutating func fill() -> Bool {
        guard !atEnd else { return false }
        let data = read()
        if data.isEmpty {
            atEnd = true
            return false
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            searched -= start
            start = 0
        }
        buffer.append(contentsOf: data)
        return true
    }

    /// Moves the start of what is unread to `offset`.
    private mutating func advance(to offset: Int) {
        start = offset
        searched = offset
    }

    /// What the next line held.
    private enum Line {
        /// A line's bytes, without its line break (`\n` or `\r\n`).
        case line(Swift.Range<Int>)
        /// Bytes with no line break, more than a header line: dropped, up to a frame inside them.
        case stray
        case end
    }

    /// The next line.
    private mutating func line() -> Line {
        while true {
            searched = max(searched, start)
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = start..<end
                advance(to: newline + 1)
                return .line(line)
            }
            searched = buffer.count
            if buffer.count - start > Self.longestHeaderLine {
                if let frame = Self.frameStart(in: buffer, start + 1..<buffer.count, reachingEnd: false) {
                    advance(to: frame)
                } else {
                    // A header could straddle what is read next: its start is kept.
                    advance(to: buffer.count - 32)
                }
                return .stray
            }
            guard fill() else { return .end }
        }
    }

    /// Whether `bytes` is a header's name: letters, digits and `-`.
    private static func isHeaderName(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    private static let contentLength = Array("content-length:".utf8)

    /// Where the first frame inside `range` of `bytes` starts: `Content-Length:` (in any
    /// case), blanks, digits, blanks, and a line break, none of which a JSON body can hold.
    /// With `reachingEnd`, such a header cut by the end of `range` counts too (a body
    /// cannot end with one either).
    static func frameStart(in bytes: [UInt8], _ range: Swift.Range<Int>, reachingEnd: Bool) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = bytes[index] | 0x20
            if byte == UInt8(ascii: "c"), matchesFrame(bytes, at: index, end: end, reachingEnd: reachingEnd) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func matchesFrame(_ bytes: [UInt8], at index: Int, end: Int, reachingEnd: Bool) -> Bool {
        var offset = index
        for expected in contentLength {
            guard offset < end else { return reachingEnd }
            let byte = bytes[offset]
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard folded == expected else { return false }
            offset += 1
        }
        var digits = 0
        var blanksAfter = false
        while offset < end {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if digits > 0 { blanksAfter = true }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !blanksAfter else { return false }
                digits += 1
            case UInt8(ascii: "\r"):
                return digits > 0 && (offset + 1 >= end ? reachingEnd : bytes[offset + 1] == UInt8(ascii: "\n"))
            case UInt8(ascii: "\n"):
                return digits > 0
            default:
                return false
            }
            offset += 1
        }
        return reachingEnd
    }

    /// Text from the input quoted in an error: short, and escaped.
    private static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        Escaping.visible(String(decoding: bytes.prefix(40), as: UTF8.self))
    }

    /// The next frame.
    package mutating func next() -> Frame {
        var length: Int?
        var sawHeader = false
        var problem: String?
        while true {
            let range: Swift.Range<Int>
            switch line() {
            case .end: return .end
            case .stray:
                length = nil
                sawHeader = false
                problem = nil
                if !dropping {
                    dropping = true
                    return .malformed("bytes that are not a message: dropped up to the next Content-Length header")
                }
                continue
            case .line(let line): range = line
            }
            if range.isEmpty {
                // Blank lines between messages are skipped.
                if !sawHeader { continue }
                break
            }
            let bytes = buffer[range]
            let lineEnd = start
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
                Self.isHeaderName(buffer[range.lowerBound..<colon])
            else {
                // Not a header: left over from a frame whose length was wrong, or noise. A
                // frame that starts inside the line is read from there.
                let text = Self.quoted(bytes)
                if let frame = Self.frameStart(in: buffer, range.lowerBound..<lineEnd, reachingEnd: false),
                    frame > range.lowerBound
                {
                    advance(to: frame)
                }
                length = nil
                sawHeader = false
                problem = nil
                if !dropping {
                    dropping = true
                    return .malformed("bytes that are not a header: \(text)")
                }
                continue
            }
            dropping = false
            sawHeader = true
            let name = String(decoding: buffer[range.lowerBound..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: buffer[(colon + 1)..<range.upperBound], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                if let number = Int(value), number >= 0 {
                    length = number
                } else {
                    problem = "Content-Length is not a number: \(Self.quoted(ArraySlice(value.utf8)))"
                }
            }
        }
        if let problem { return .malformed(problem) }
        guard let length else { return .malformed("a message without a Content-Length header") }
        guard length <= Self.maximumLength else {
            // Its body is read as stray bytes, up to the next frame: skipping `length` bytes
            // that may never come would leave the server deaf.
            dropping = true
            return .malformed("a message of \(length) bytes: more than \(Self.maximumLength)")
        }
        // `start` is the body's first byte (`fill` may move the bytes, never past it).
        while true {
            let available = min(buffer.count, start + length)
            let whole = available == start + length
            if let frame = Self.frameStart(in: buffer, max(searched, start)..<available, reachingEnd: whole) {
                // A frame inside the body: the body was shorter than its Content-Length says.
                let cut = frame - start
                advance(to: frame)
                return .malformed(
                    "a message shorter than its Content-Length (\(length) bytes): the next one starts after \(cut)")
            }
            if whole { break }
            // A header cut by what was read so far is searched again with what comes next.
            searched = max(start, available - 40)
            guard fill() else { return .end }
        }
        let body = Array(buffer[start..<start + length])
        advance(to: start + length)
        return .body(body)
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

    /// Writes a body already encoded (none when it is empty).
    func send(body: [UInt8]) {
        guard !body.isEmpty else { return }
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(contentsOf: body)
        write(frame)
    }

    func send(_ message: some Encodable) {
        send(body: Self.encode(message))
    }

    /// A message's JSON (empty if it cannot be encoded: nothing is sent then).
    static func encode(_ message: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(message)).map { Array($0) } ?? []
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

    static func append(range: LSPRange, to out: inout [UInt8]) {
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
            out.append(contentsOf: ",\"severity\":\(diagnostic.severity.rawValue),\"code\":".utf8)
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

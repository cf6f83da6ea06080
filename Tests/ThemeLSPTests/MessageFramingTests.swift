import Testing

@testable import ThemeLSP

/// LSP's framing, read from chunks as a pipe hands them over: `Content-Length` headers, bodies
/// cut anywhere, and the frames a client gets wrong, each costing one error and no more.
@Suite("framing: Content-Length headers and bodies")
struct MessageFramingTests {
    /// Every frame `input` reads as, handed over in chunks of `chunk` bytes, up to the end.
    static func frames(_ input: String, chunk: Int = 1 << 16) -> [MessageReader.Frame] {
        frames(Array(input.utf8), chunk: chunk)
    }

    static func frames(_ bytes: [UInt8], chunk: Int = 1 << 16) -> [MessageReader.Frame] {
        var offset = 0
        var reader = MessageReader {
            let end = min(offset + chunk, bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
        var frames: [MessageReader.Frame] = []
        while true {
            let frame = reader.next()
            frames.append(frame)
            if frame == .end || frames.count > 100 { return frames }
        }
    }

    static func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

    static func body(_ text: String) -> MessageReader.Frame { .body(Array(text.utf8)) }

    static func isMalformed(_ frame: MessageReader.Frame, saying words: String) -> Bool {
        if case .malformed(let reason) = frame { return reason.contains(words) }
        return false
    }

    @Test("two frames in one read are two bodies, then the end")
    func readsFramesBackToBack() {
        let input = Self.framed(#"{"a":1}"#) + Self.framed(#"{"b":"é😀"}"#)
        #expect(Self.frames(input) == [Self.body(#"{"a":1}"#), Self.body(#"{"b":"é😀"}"#), .end])
    }

    @Test("a frame handed over one byte at a time, or cut inside its header or its body, reads the same")
    func readsPartialReads() {
        let input =
            Self.framed(#"{"jsonrpc":"2.0","method":"initialized","params":{"x":"é😀"}}"#)
            + Self.framed("{}")
        let whole = Self.frames(input)
        #expect(whole.count == 3)
        for chunk in [1, 2, 3, 7, 17, 20] {
            #expect(Self.frames(input, chunk: chunk) == whole, "chunks of \(chunk) bytes")
        }
    }

    @Test("header names in any case, other headers ignored, lines ended by LF alone, blank lines between frames")
    func readsLenientHeaders() {
        let input =
            "content-length: 2\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n{}\r\n\r\n"
            + "CONTENT-LENGTH:   3  \r\n\r\n[1]"
        #expect(Self.frames(input) == [Self.body("{}"), Self.body("[1]"), .end])
    }

    @Test("a frame without Content-Length is one error, and the next frame is read")
    func reportsMissingLength() {
        let frames = Self.frames("Content-Type: x\r\n\r\n" + Self.framed("{}"))
        #expect(frames.count == 3)
        #expect(Self.isMalformed(frames[0], saying: "without a Content-Length header"))
        #expect(frames.dropFirst() == [Self.body("{}"), .end])
    }

    @Test("a Content-Length that is not a number is one error, quoted escaped, and the next frame is read")
    func reportsLengthThatIsNoNumber() {
        let frames = Self.frames("Content-Length: 1\u{1B}2\r\n\r\n" + Self.framed("{}"))
        #expect(frames.count >= 3)
        #expect(Self.isMalformed(frames[0], saying: #"Content-Length is not a number: 1\u{1b}2"#))
        #expect(frames.suffix(2) == [Self.body("{}"), .end])
    }

    @Test("a body shorter than its Content-Length is cut where the next frame starts, which is read")
    func cutsShortBody() {
        // A client that counts characters, not bytes: "é" is 2 bytes.
        let frames = Self.frames("Content-Length: 12\r\n\r\n{\"é\":1}" + Self.framed("{}"))
        #expect(frames.count == 3)
        #expect(Self.isMalformed(frames[0], saying: "shorter than its Content-Length (12 bytes)"))
        #expect(frames.dropFirst() == [Self.body("{}"), .end])
    }

    @Test("a Content-Length past the largest body is one error, its body dropped up to the next frame")
    func refusesHugeLength() {
        let frames = Self.frames("Content-Length: 999999999999\r\n\r\n{\"x\":1}\r\n" + Self.framed("{}"))
        #expect(Self.isMalformed(frames[0], saying: "more than \(MessageReader.maximumLength)"))
        #expect(frames.suffix(2) == [Self.body("{}"), .end])
    }

    @Test("noise before a frame is one error for the whole run, and the frame after it is read")
    func dropsNoiseOnce() {
        let frames = Self.frames("hello\nworld\n" + Self.framed("{}"))
        #expect(frames.count == 3)
        #expect(Self.isMalformed(frames[0], saying: "bytes that are not a header: hello"))
        #expect(frames.dropFirst() == [Self.body("{}"), .end])
    }

    @Test("input that ends inside a body ends the reading, with no body")
    func endsInsideBody() {
        #expect(Self.frames("Content-Length: 10\r\n\r\n{}") == [.end])
    }

    @Test("the writer frames each body with its length in bytes, and writes nothing for an empty one")
    func writesFrames() {
        let written = InProcessServer.Written()
        let writer = MessageWriter { written.append($0) }
        writer.send(body: Array(#"{"é":1}"#.utf8))
        writer.send(body: [])
        let frames = written.take().map { String(decoding: $0, as: UTF8.self) }
        #expect(frames == ["Content-Length: 8\r\n\r\n{\"é\":1}"])
    }
}

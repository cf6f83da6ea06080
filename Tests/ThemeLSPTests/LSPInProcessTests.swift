import Foundation
import Synchronization
import TestSupport
import Testing
import ThemeLSP

/// `themekit lsp`'s server in process, fed frames as its reading thread feeds them, the
/// worker's jobs run in line: what it keeps, which pipes cannot show.
@Suite("themekit lsp, in process")
struct LSPInProcessTests {
    /// The bodies the server wrote.
    final class Written: Sendable {
        let bodies = Mutex<[String]>([])

        var writer: MessageWriter {
            MessageWriter { frame in self.append(frame) }
        }

        func append(_ frame: [UInt8]) {
            let text = String(decoding: frame, as: UTF8.self)
            let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? text
            bodies.withLock { $0.append(body) }
        }
    }

    static func frame(_ message: [String: Any]) throws -> MessageReader.Frame {
        .body(Array(try JSONSerialization.data(withJSONObject: message)))
    }

    @Test("hovering many themes that are not open keeps the snapshots of only the last few, each hover answered")
    func keepsFewSnapshotsOfUnopenedThemes() throws {
        let names = (0..<30).map { "t\($0)" }
        var files = ["Themes/base.plist": theme(["<key>primaryColor</key>", "<string>#35A2FB</string>"])]
        for name in names {
            files["Themes/\(name).plist"] = theme([
                "<key>INHERITED_THEME</key>", "<string>base</string>", "<key>primaryColor</key>",
                "<string>#123</string>",
            ])
        }
        let repo = try TemporaryRepository(files)
        let written = Written()
        let server = LanguageServer(writer: written.writer)
        server.handle(
            try Self.frame([
                "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["rootUri": repo.root.absoluteString],
            ]))
        for (number, name) in names.enumerated() {
            // On `primaryColor` in the key: line 4 (0-based) of the file `theme` writes.
            server.handle(
                try Self.frame([
                    "jsonrpc": "2.0", "id": number + 1, "method": "textDocument/hover",
                    "params": [
                        "textDocument": ["uri": repo.url("Themes/\(name).plist").absoluteString],
                        "position": ["line": 4, "character": 8],
                    ],
                ]))
            server.answerWaitingRequests()
        }
        let hovers = written.bodies.withLock { $0 }.filter { $0.contains("\"contents\"") }
        #expect(hovers.count == names.count)
        #expect(hovers.allSatisfy { $0.contains("#112233") })
        #expect(server.keptSnapshots <= 8)
    }
}

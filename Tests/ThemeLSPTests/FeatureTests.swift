import Foundation
import TestSupport
import Testing
import ThemeLSP

/// Hover, definition, colors, completion and diagnostics, answered from documents open in
/// the server's memory only: nothing of them is on disk, and no process runs.
@Suite("features on in-memory documents")
struct FeatureTests {
    /// A parent with a color, an alias of it and a size; a child that inherits from it.
    static let parent = theme([
        "<key>primaryColor</key>", "<string>#35A2FB</string>",
        "<key>buttonColor</key>", "<string>primaryColor</string>",
        "<key>titleSize</key>", "<integer>17</integer>",
    ])
    static let child = theme([
        "<key>INHERITED_THEME</key>", "<string>base</string>",
        "<key>linkColor</key>", "<string>@primaryColor</string>",
        "<!-- é😀 --><key>shadowColor</key>", "<string>butonColor</string>",
    ])
    /// Where the documents would be: a folder that holds no file.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themelsp-\(UUID().uuidString)")
    static let parentURI = folder.appendingPathComponent("base.plist").absoluteString
    static let childURI = folder.appendingPathComponent("child.plist").absoluteString

    /// A server with both themes open.
    static func server() throws -> InProcessServer {
        let server = try InProcessServer()
        server.open(parentURI, parent)
        server.open(childURI, child)
        return server
    }

    @Test("initialize answers the capabilities the server has, as LSP 3.17 names them, and its name and version")
    func answersCapabilities() throws {
        let server = try InProcessServer(encodings: ["utf-32", "utf-16"])
        let capabilities = try #require(server.initializeResult["capabilities"] as? NSDictionary)
        let expected: NSDictionary = [
            "positionEncoding": "utf-32",
            "textDocumentSync": ["openClose": true, "change": 1],
            "hoverProvider": true,
            "definitionProvider": true,
            "colorProvider": true,
            "completionProvider": ["triggerCharacters": ["@", ">"]],
        ]
        #expect(capabilities == expected)
        let info = try #require(server.initializeResult["serverInfo"] as? [String: Any])
        #expect(info["name"] as? String == "themekit")
        #expect((info["version"] as? String)?.isEmpty == false)
    }

    @Test("diagnostics of an unsaved buffer: code, severity and UTF-16 range past an accent and an emoji")
    func diagnosesUnsavedBuffer() throws {
        let server = try Self.server()
        let diagnostics = try server.diagnostics(for: Self.childURI)
        let dangling = try #require(diagnostics.first { $0["code"] as? String == "unresolved_alias" })
        #expect(dangling["severity"] as? Int == 1)
        #expect(dangling["source"] as? String == "themelint")
        #expect((dangling["message"] as? String)?.contains("did you mean 'buttonColor'?") == true)
        let value = try place(of: "<string>butonColor", in: Self.child)
        #expect(start(dangling["range"])?.line == value.line)
        #expect(start(dangling["range"])?.character == value.character)
        let key = try place(of: "<key>shadowColor", in: Self.child)
        let added = try #require(
            diagnostics.first { $0["code"] as? String == "unknown_override" && start($0["range"])?.line == key.line })
        #expect(added["severity"] as? Int == 2)
        // "\t<!-- é😀 -->": the emoji is two UTF-16 units.
        #expect(start(added["range"])?.character == key.character)
        #expect(key.character == 13)
    }

    @Test("hover on an alias value: kind, resolved hex, the chain, where each link is written in the open parent")
    func hoversAlias() throws {
        let server = try Self.server()
        let at = try place(of: "@primaryColor", in: Self.child)
        let result = try #require(
            try server.result("textDocument/hover", Self.childURI, line: at.line, character: at.character + 2)
                as? [String: Any])
        let value = try #require((result["contents"] as? [String: Any])?["value"] as? String)
        #expect((result["contents"] as? [String: Any])?["kind"] as? String == "markdown")
        #expect(value.hasPrefix("**`primaryColor`** — color"))
        #expect(value.contains("`#35A2FB`"))
        let key = try place(of: "<key>primaryColor", in: Self.parent)
        #expect(value.contains("`primaryColor` is written at `base.plist:\(key.line + 1):"))
        #expect(value.contains("(inherited)"))
        // The hover's range is the value's element.
        #expect(start(result["range"])?.line == at.line)
        // Between elements: no hover.
        #expect(try server.result("textDocument/hover", Self.childURI, line: 0, character: 0) is NSNull)
    }

    @Test("definition of an alias: the key in the parent's buffer; of INHERITED_THEME: the parent's file")
    func definesAcrossInheritance() throws {
        let server = try Self.server()
        let at = try place(of: "@primaryColor", in: Self.child)
        let locations = try #require(
            try server.result("textDocument/definition", Self.childURI, line: at.line, character: at.character + 3)
                as? [[String: Any]])
        #expect(locations.count == 1)
        #expect(locations.first?["uri"] as? String == Self.parentURI)
        let key = try place(of: "<key>primaryColor", in: Self.parent)
        #expect(start(locations.first?["range"])?.line == key.line)
        #expect(start(locations.first?["range"])?.character == key.character)
        let inherit = try place(of: "<string>base", in: Self.child)
        let parentFile = try #require(
            try server.result(
                "textDocument/definition", Self.childURI, line: inherit.line, character: inherit.character + 9)
                as? [[String: Any]])
        #expect(parentFile.first?["uri"] as? String == Self.parentURI)
    }

    @Test("document colors: each color key's value resolved through its aliases, at the value's text")
    func answersDocumentColors() throws {
        let server = try Self.server()
        let result = try server.request("textDocument/documentColor", ["textDocument": ["uri": Self.parentURI]])
        let colors = try #require(result["result"] as? [[String: Any]])
        #expect(colors.count == 2)
        let alias = try place(of: "<string>primaryColor", in: Self.parent)
        let button = try #require(colors.first { start($0["range"])?.line == alias.line })
        #expect(start(button["range"])?.character == alias.character + "<string>".count)
        let color = try #require(button["color"] as? [String: Double])
        #expect(abs((color["red"] ?? 0) - 0x35 / 255.0) < 1e-9)
        #expect(color["alpha"] == 1)
    }

    @Test("a color presentation is written as the document writes its colors: '#', upper case, alpha last")
    func presentsColorsInTheDocumentsNotation() throws {
        let server = try Self.server()
        let range: [String: Any] = [
            "start": ["line": 3, "character": 9], "end": ["line": 3, "character": 16],
        ]
        func label(red: Double, alpha: Double) throws -> [String: Any]? {
            let answer = try server.request(
                "textDocument/colorPresentation",
                [
                    "textDocument": ["uri": Self.parentURI], "range": range,
                    "color": ["red": red, "green": 0.5, "blue": 0.0, "alpha": alpha],
                ])
            return (answer["result"] as? [[String: Any]])?.first
        }
        let opaque = try #require(try label(red: 1, alpha: 1))
        #expect(opaque["label"] as? String == "#FF8000")
        let edit = try #require(opaque["textEdit"] as? [String: Any])
        #expect(edit["newText"] as? String == "#FF8000")
        #expect(start(edit["range"])?.line == 3)
        #expect(start(edit["range"])?.character == 9)
        #expect(try label(red: 0, alpha: 0.5)?["label"] as? String == "#00800080")
    }

    /// The items of a completion list: label and kind.
    static func items(_ result: Any?) throws -> [(label: String, kind: Int?)] {
        let list = try #require(result as? [String: Any])
        #expect(list["isIncomplete"] as? Bool == false)
        return try #require(list["items"] as? [[String: Any]]).map { item in
            (item["label"] as? String ?? "", item["kind"] as? Int)
        }
    }

    @Test("completion in a color value: the color keys, kind Color (16); in an untyped value any key, Constant (21)")
    func completesValuesWithKinds() throws {
        let server = try Self.server()
        // A theme built before the edit: it answers while the buffer being typed does not resolve.
        _ = try server.request("textDocument/documentColor", ["textDocument": ["uri": Self.childURI]])
        let typing = Self.child.replacingOccurrences(of: "<string>butonColor</string>", with: "<string>@</string>")
            .replacingOccurrences(
                of: "</dict>", with: "\t<key>note</key>\n\t<string>t</string>\n</dict>")
        server.change(Self.childURI, typing, version: 2)
        let at = try place(of: "<string>@</string>", in: typing)
        let colors = try Self.items(
            try server.result("textDocument/completion", Self.childURI, line: at.line, character: at.character + 9))
        #expect(colors.map(\.label) == ["@buttonColor", "@linkColor", "@primaryColor"])
        #expect(colors.allSatisfy { $0.kind == 16 })
        let note = try place(of: "<string>t</string>", in: typing)
        let any = try Self.items(
            try server.result("textDocument/completion", Self.childURI, line: note.line, character: note.character + 9))
        #expect(any.map(\.label) == ["titleSize"])
        #expect(any.map(\.kind) == [21])
    }

    @Test("completion in a key: the parent's keys the child does not set, kind Field (5)")
    func completesKeysWithKind() throws {
        let server = try Self.server()
        let at = try place(of: "<key>linkColor", in: Self.child)
        let keys = try Self.items(
            try server.result("textDocument/completion", Self.childURI, line: at.line, character: at.character + 5))
        #expect(keys.map(\.label) == ["buttonColor", "primaryColor", "titleSize"])
        #expect(keys.allSatisfy { $0.kind == 5 })
    }

    @Test("completion in INHERITED_THEME: the folder's other themes, kind File (17)")
    func completesThemeNamesWithKind() throws {
        let repo = try TemporaryRepository(["Themes/base.plist": Self.parent, "Themes/child.plist": Self.child])
        let server = try InProcessServer(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        server.open(uri, Self.child)
        let at = try place(of: "<string>base", in: Self.child)
        let names = try Self.items(
            try server.result("textDocument/completion", uri, line: at.line, character: at.character + 8))
        #expect(names.map(\.label) == ["base"])
        #expect(names.map(\.kind) == [17])
    }

    @Test("a request's id is answered as it came: a string as a string, an integer as an integer")
    func answersIdsAsTheyCame() throws {
        let server = try InProcessServer()
        try server.send(["jsonrpc": "2.0", "id": "seven", "method": "textDocument/unknownThing"])
        try server.send(["jsonrpc": "2.0", "id": 8, "method": "textDocument/unknownThing"])
        let answers = try server.messages()
        #expect(answers.count == 2)
        #expect(answers.first?["id"] as? String == "seven")
        #expect(answers.last?["id"] as? Int == 8)
        #expect(answers.allSatisfy { ($0["error"] as? [String: Any])?["code"] as? Int == -32601 })
    }

    @Test(
        "a request whose id is neither an integer nor a string (LSP 3.17) is an Invalid Request (-32600), answered with a null id",
        arguments: ["true", "1.5", "[1]", #"{"a":1}"#])
    func refusesIdOfOtherType(_ id: String) throws {
        let server = try InProcessServer()
        server.server.handle(.body(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#.utf8)))
        let answers = try server.messages()
        #expect(answers.count == 1)
        #expect((answers.first?["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect(answers.first?["id"] is NSNull)
        // Not shut down: a request is still answered.
        #expect(
            try server.request(
                "textDocument/hover",
                ["textDocument": ["uri": "file:///x.txt"], "position": ["line": 0, "character": 0]])["result"] is NSNull
        )
    }

    @Test("a client that registers watchers dynamically is asked to watch the themes and .themelint.json")
    func registersWatchers() throws {
        let written = InProcessServer.Written()
        let server = LanguageServer(writer: MessageWriter { written.append($0) })
        let initialize: [String: Any] = [
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": ["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]],
        ]
        server.handle(.body(Array(try JSONSerialization.data(withJSONObject: initialize))))
        server.handle(.body(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8)))
        let frames = written.take().map { String(decoding: $0, as: UTF8.self) }
        #expect(frames.count == 2)
        let body = try #require(frames.last?.split(separator: "\r\n\r\n", maxSplits: 1).last)
        let request = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? NSDictionary)
        let expected: NSDictionary = [
            "jsonrpc": "2.0", "id": "themekit-1", "method": "client/registerCapability",
            "params": [
                "registrations": [
                    [
                        "id": "themekit-watched-files", "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": [
                            "watchers": [["globPattern": "**/*.plist"], ["globPattern": "**/.themelint.json"]]
                        ],
                    ]
                ]
            ],
        ]
        #expect(request == expected)
    }
}

import Foundation
import TestSupport
import Testing
import ThemeLSP

/// The language server honours the kinds a `$type` declares (SPEC §2).
@Suite("features on declared kinds")
struct DeclaredKindFeatureTests {
    static let document = theme([
        "<key>color.$type</key>", "<string>color</string>",
        "<key>color.$description</key>", "<string>Brand colors</string>",
        "<key>color.bg.primary</key>", "<string>#35A2FB</string>",
        "<key>color.bg.hover</key>", "<string>@color.bg.primary</string>",
        "<key>motion.$type</key>", "<string>du</string>",
    ])
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themelsp-\(UUID().uuidString)")
    static let uri = folder.appendingPathComponent("default.plist").absoluteString

    static func server() throws -> InProcessServer {
        let server = try InProcessServer()
        server.open(uri, document)
        return server
    }

    @Test("hover on a declared key shows its kind, the declaration it comes from and its description")
    func hoverShowsDeclaredKind() throws {
        let server = try Self.server()
        let at = try place(of: "<key>color.bg.primary", in: Self.document)
        let result = try #require(
            try server.result("textDocument/hover", Self.uri, line: at.line, character: at.character + 6)
                as? [String: Any])
        let value = try #require((result["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**`color.bg.primary`** — color (declared by `color.$type`)"))
        #expect(value.contains("`Brand colors`"))
        #expect(value.contains("`#35A2FB`"))
    }

    @Test("document colors include the keys a $type declares colors")
    func documentColorsIncludeDeclaredColors() throws {
        let server = try Self.server()
        let result = try server.request("textDocument/documentColor", ["textDocument": ["uri": Self.uri]])
        let colors = try #require(result["result"] as? [[String: Any]])
        #expect(colors.count == 2)
    }

    @Test("completion after $type offers the kind names, kind EnumMember (20)")
    func completesKindNames() throws {
        let server = try Self.server()
        let at = try place(of: "<string>du</string>", in: Self.document)
        let list = try #require(
            try server.result("textDocument/completion", Self.uri, line: at.line, character: at.character + 10)
                as? [String: Any])
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["duration"])
        #expect(items.map { $0["kind"] as? Int } == [20])
    }

    @Test("completion of an alias offers the keys, never a declaration")
    func aliasCompletionLeavesDeclarationsOut() throws {
        let server = try Self.server()
        // A theme built before the edit answers while the buffer being typed does not resolve.
        _ = try server.request("textDocument/documentColor", ["textDocument": ["uri": Self.uri]])
        // An untyped key, whose alias may name a key of any kind.
        let typing = Self.document.replacingOccurrences(
            of: "</dict>", with: "<key>note</key><string>@color.</string>\n</dict>")
        server.change(Self.uri, typing, version: 2)
        let at = try place(of: "<string>@color.</string>", in: typing)
        let list = try #require(
            try server.result("textDocument/completion", Self.uri, line: at.line, character: at.character + 15)
                as? [String: Any])
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["@color.bg.hover", "@color.bg.primary"])
    }
}

import Foundation
import TestSupport
import Testing

/// `themekit lsp`, end to end over pipes: the built server, driven as an editor drives it.
@Suite("themekit lsp, over pipes", .serialized)
struct LSPTests {
    /// A parent with a color, an alias of it and a size; a child that inherits from it.
    static let parent = theme([
        "<key>primaryColor</key>", "<string>#35A2FB</string>",
        "<key>buttonColor</key>", "<string>primaryColor</string>",
        "<key>titleSize</key>", "<integer>17</integer>",
        "<key>borderColor</key>", "<string>#FF000080</string>",
    ])
    static let child = theme([
        "<key>INHERITED_THEME</key>", "<string>base</string>",
        "<key>buttonColor</key>", "<string>@primaryColor</string>",
        "<!-- é😀 --><key>linkColor</key>", "<string>buttonColor</string>",
    ])

    /// A repository with the two themes in `Themes/`.
    static func repository(_ extra: [String: String] = [:]) throws -> TemporaryRepository {
        try TemporaryRepository(
            ["Themes/base.plist": parent, "Themes/child.plist": child].merging(extra) { $1 })
    }

    /// The 0-based line of `text` holding `needle`, and the line's text.
    static func line(of needle: String, in text: String) throws -> (index: Int, text: String) {
        let lines = text.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(needle) }, "no line holds \(needle)")
        return (index, lines[index])
    }

    /// The UTF-16 column where `needle` starts in `line`.
    static func utf16Column(of needle: String, in line: String) throws -> Int {
        let range = try #require(line.range(of: needle))
        return line[..<range.lowerBound].utf16.count
    }

    static func start(_ range: Any?) -> (line: Int, character: Int)? {
        guard let range = range as? [String: Any], let start = range["start"] as? [String: Any],
            let line = start["line"] as? Int, let character = start["character"] as? Int
        else { return nil }
        return (line, character)
    }

    @Test("initialize answers the capabilities, in UTF-16 unless the client offers another encoding")
    func negotiatesPositionEncoding() throws {
        let repo = try Self.repository()
        let plain = try LSPClient(root: repo.root)
        #expect(plain.capabilities["positionEncoding"] as? String == "utf-16")
        #expect(plain.capabilities["hoverProvider"] as? Bool == true)
        #expect(plain.capabilities["definitionProvider"] as? Bool == true)
        #expect(plain.capabilities["colorProvider"] as? Bool == true)
        #expect(plain.capabilities["completionProvider"] is [String: Any])
        #expect(try plain.shutDown() == 0)
        let client = try LSPClient(root: repo.root, encodings: ["utf-32", "utf-16"])
        #expect(client.capabilities["positionEncoding"] as? String == "utf-32")
        let unknown = try LSPClient(root: repo.root, encodings: ["utf-7"])
        #expect(unknown.capabilities["positionEncoding"] as? String == "utf-16")
        #expect(try unknown.shutDown() == 0)
        let answer = try client.request("textDocument/hover", atPosition("file:///nowhere.plist", 0, 0))
        #expect(answer["result"] is NSNull)
        #expect(try client.shutDown() == 0)
    }

    @Test("diagnostics of the unsaved buffer on open and on change, at UTF-16 columns past accents and an emoji")
    func publishesDiagnosticsOfUnsavedBuffer() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        #expect(try client.diagnostics(for: uri, version: 1).filter { $0["severity"] as? Int == 1 }.isEmpty)
        // Typed, not saved: a dangling alias after the emoji line.
        let edited = Self.child.replacingOccurrences(of: "<key>linkColor</key>", with: "<key>linkColor</key> ")
            .replacingOccurrences(of: "<string>buttonColor</string>", with: "<string>butonColor</string>")
        client.change(uri, edited, version: 2)
        let diagnostics = try client.diagnostics(for: uri, version: 2)
        let dangling = try #require(diagnostics.first { $0["code"] as? String == "unresolved_alias" })
        #expect((dangling["message"] as? String)?.contains("did you mean 'buttonColor'?") == true)
        let (index, text) = try Self.line(of: "butonColor", in: edited)
        let start = try #require(Self.start(dangling["range"]))
        #expect(start.line == index)
        #expect(start.character == (try Self.utf16Column(of: "<string>", in: text)))
        // The emoji line's own warning (the child adds a key no ancestor has) starts past
        // the comment, counted in UTF-16 (the emoji is 2 units, é is 1).
        let added = try #require(diagnostics.first { $0["code"] as? String == "unknown_override" })
        let (keyIndex, keyText) = try Self.line(of: "<key>linkColor", in: edited)
        let keyStart = try #require(Self.start(added["range"]))
        #expect(keyStart.line == keyIndex)
        #expect(keyStart.character == (try Self.utf16Column(of: "<key>linkColor", in: keyText)))
        #expect(keyStart.character != keyText.unicodeScalars.prefix { $0 != "<" }.count + 10)
        // The file on disk never changed: undoing the edit clears the error.
        client.change(uri, Self.child, version: 3)
        #expect(try client.diagnostics(for: uri, version: 3).allSatisfy { $0["code"] as? String != "unresolved_alias" })
        #expect(try client.shutDown() == 0)
    }

    @Test("utf-8 or utf-32 positions when the client prefers them", arguments: ["utf-8", "utf-32"])
    func usesOfferedEncoding(_ encoding: String) throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root, encodings: [encoding, "utf-16"])
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        let added = try #require(
            try client.diagnostics(for: uri).first { $0["code"] as? String == "unknown_override" })
        let (_, text) = try Self.line(of: "<key>linkColor", in: Self.child)
        let prefix = text[..<(try #require(text.range(of: "<key>linkColor"))).lowerBound]
        let expected = encoding == "utf-8" ? prefix.utf8.count : prefix.unicodeScalars.count
        #expect(Self.start(added["range"])?.character == expected)
        #expect(expected != prefix.utf16.count)
        #expect(try client.shutDown() == 0)
    }

    @Test("an open child is linted again when its open parent changes, against the parent's buffer")
    func republishesChildWhenParentChanges() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let parentURI = repo.url("Themes/base.plist").absoluteString
        let childURI = repo.url("Themes/child.plist").absoluteString
        client.open(childURI, Self.child)
        _ = try client.diagnostics(for: childURI, version: 1)
        client.open(parentURI, Self.parent)
        _ = try client.diagnostics(for: parentURI, version: 1)
        // The parent's buffer loses primaryColor: the child's `@primaryColor` dangles.
        let edited = Self.parent.replacingOccurrences(of: "primaryColor", with: "brandColor")
        client.change(parentURI, edited, version: 2)
        // The child's own buffer did not change (still version 1); its diagnostics do.
        let child = try client.diagnostics(for: childURI, version: 1) { diagnostics in
            diagnostics.contains { $0["code"] as? String == "unresolved_alias" }
        }
        #expect(child.contains { ($0["message"] as? String)?.contains("primaryColor") == true })
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a parent that is not open is read from disk: a change there is seen by the next answer and re-lints on didChangeWatchedFiles"
    )
    func picksUpChangesOnDisk() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        _ = try client.diagnostics(for: uri)
        let (index, text) = try Self.line(of: "@primaryColor", in: Self.child)
        let position = atPosition(uri, index, try Self.utf16Column(of: "@primaryColor", in: text) + 2)
        func hover() throws -> String {
            let answer = try client.request("textDocument/hover", position)
            return ((answer["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        #expect(try hover().contains("#35A2FB"))
        // Saved by another program, with no notification: seen by its modification time.
        try repo.write(Self.parent.replacingOccurrences(of: "#35A2FB", with: "#0F0"), to: "Themes/base.plist")
        #expect(try hover().contains("#00FF00"))
        // The parent loses the key; the watcher's notification re-lints the open child.
        try repo.write(
            Self.parent.replacingOccurrences(of: "primaryColor", with: "brandColor"), to: "Themes/base.plist")
        client.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": repo.url("Themes/base.plist").absoluteString, "type": 2]]])
        let diagnostics = try client.diagnostics(for: uri) { diagnostics in
            diagnostics.contains { $0["code"] as? String == "unresolved_alias" }
        }
        #expect(diagnostics.contains { ($0["message"] as? String)?.contains("primaryColor") == true })
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a 1 MB theme edited in a burst: requests are answered, and the last version's diagnostics come last")
    func keepsUpWithBurstOfEditsToLargeTheme() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/large.plist").absoluteString
        let entries = (0..<20_000).flatMap { ["<key>key\($0)Color</key>", "<string>#35A2FB</string>"] }
        let large = theme(entries)
        #expect(large.utf8.count > 1_000_000)
        client.open(uri, large)
        let versions = 2...8
        for version in versions {
            let text = version == versions.upperBound ? large.replacingOccurrences(of: "#35A2FB", with: "nope") : large
            client.change(uri, text, version: version)
        }
        // Answered whatever linting is under way (on the server's worker). Whether the
        // answer comes before the large theme's diagnostics depends on how fast each side
        // is, so it is not asserted. In a folder of its own: opening it does not make the
        // large theme's diagnostics stale.
        try repo.write(Self.parent, to: "Other/base.plist")
        try repo.write(Self.child, to: "Other/child.plist")
        let small = repo.url("Other/child.plist").absoluteString
        client.open(small, Self.child)
        let (index, text) = try Self.line(of: "@primaryColor", in: Self.child)
        let hover = try client.request(
            "textDocument/hover", atPosition(small, index, try Self.utf16Column(of: "@primaryColor", in: text) + 2))
        #expect(hover["result"] is [String: Any])
        let last = try client.diagnostics(for: uri, version: versions.upperBound, where: { !$0.isEmpty })
        #expect(last.count == 20_000)
        // Nothing older is published after the newest: closing publishes the empty list next.
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        _ = try client.diagnostics(for: uri, where: { $0.isEmpty })
        #expect(
            !client.passedOver.contains {
                $0["method"] as? String == "textDocument/publishDiagnostics"
                    && ($0["params"] as? [String: Any])?["uri"] as? String == uri
            })
        #expect(try client.shutDown() == 0)
    }

    /// A theme of 20,000 colors, over 1 MB, whose `key5Color` is `value`.
    static func largeTheme(key5Color value: String) -> String {
        theme(
            (0..<20_000).flatMap {
                ["<key>key\($0)Color</key>", "<string>\($0 == 5 ? value : "#35A2FB")</string>"]
            })
    }

    /// The Markdown of a hover's answer ("" when there is none).
    static func hoverText(_ answer: LSPClient.Message) -> String {
        ((answer["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
    }

    @Test(
        "after a change to a 1 MB theme, a hover waits for the theme to be built on the worker and tells the new value; a hover on another theme sent after it is answered too"
    )
    func answersHoverAfterChangeToLargeTheme() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/large.plist").absoluteString
        let large = Self.largeTheme(key5Color: "#35A2FB")
        #expect(large.utf8.count > 1_000_000)
        client.open(uri, large)
        let index = try Self.line(of: "<key>key5Color</key>", in: large).index
        #expect(Self.hoverText(try client.request("textDocument/hover", atPosition(uri, index, 8))).contains("#35A2FB"))
        try repo.write(Self.parent, to: "Other/base.plist")
        try repo.write(Self.child, to: "Other/child.plist")
        let small = repo.url("Other/child.plist").absoluteString
        client.open(small, Self.child)
        // The hover on the changed theme waits for it to be built; the one on the small
        // theme, sent after it, is answered too (after that build or before it: every
        // snapshot is stale after a change, and which build ends first is not asserted).
        client.change(uri, Self.largeTheme(key5Color: "#00FF00"), version: 2)
        client.send([
            "jsonrpc": "2.0", "id": "large", "method": "textDocument/hover", "params": atPosition(uri, index, 8),
        ])
        let (smallIndex, smallText) = try Self.line(of: "@primaryColor", in: Self.child)
        let smallHover = try client.request(
            "textDocument/hover",
            atPosition(small, smallIndex, try Self.utf16Column(of: "@primaryColor", in: smallText) + 2))
        #expect(Self.hoverText(smallHover).contains("#35A2FB"))
        func isLargeHover(_ message: LSPClient.Message) -> Bool {
            message["id"] as? String == "large" && message["method"] == nil
        }
        let largeHover = try client.passedOver.first(where: isLargeHover) ?? client.waitFor(seconds: 60, isLargeHover)
        #expect(Self.hoverText(largeHover).contains("#00FF00"))
        #expect(try client.shutDown() == 0)
    }

    @Test("$/cancelRequest: a hover still waiting for its theme is answered with RequestCancelled (-32800)")
    func cancelsWaitingRequest() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/large.plist").absoluteString
        let large = Self.largeTheme(key5Color: "#35A2FB")
        client.open(uri, large)
        let index = try Self.line(of: "<key>key5Color</key>", in: large).index
        client.change(uri, Self.largeTheme(key5Color: "#00FF00"), version: 2)
        // The request and its cancellation in one write: the request waits for a 1 MB theme
        // to be built, which takes far longer than reading the next message.
        func framed(_ message: [String: Any]) throws -> Data {
            let body = try JSONSerialization.data(withJSONObject: message)
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        client.write(
            try framed([
                "jsonrpc": "2.0", "id": "cancelled", "method": "textDocument/hover",
                "params": atPosition(uri, index, 8),
            ])
                + framed(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "cancelled"]]))
        let cancelled = try client.waitFor { $0["id"] as? String == "cancelled" && $0["method"] == nil }
        if cancelled["error"] == nil {
            // The build beat the next message read from the same buffer (a stall of the
            // server's thread of tens of milliseconds, right there): the answer must then be
            // the changed theme's, and the cancellation arrived too late to matter.
            print("LSPTests: the build finished before $/cancelRequest was read; RequestCancelled not seen this run")
            #expect(Self.hoverText(cancelled).contains("#00FF00"))
        } else {
            #expect((cancelled["error"] as? [String: Any])?["code"] as? Int == -32800)
            #expect(cancelled["result"] == nil)
        }
        // The server goes on: the next hover is answered, from the changed theme.
        #expect(Self.hoverText(try client.request("textDocument/hover", atPosition(uri, index, 8))).contains("#00FF00"))
        // Cancelling what was answered already is no error, and answers nothing.
        client.notify("$/cancelRequest", ["id": "cancelled"])
        #expect(try client.shutDown() == 0)
        #expect(!client.passedOver.contains { $0["id"] as? String == "cancelled" })
    }

    @Test("a parent saved by another program, with no notification: the open child is linted again")
    func relintsWhenParentChangesOnDiskUnannounced() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        #expect(try client.diagnostics(for: uri).allSatisfy { $0["code"] as? String != "unresolved_alias" })
        try repo.write(
            Self.parent.replacingOccurrences(of: "primaryColor", with: "brandColor"), to: "Themes/base.plist")
        let diagnostics = try client.diagnostics(for: uri) { diagnostics in
            diagnostics.contains { $0["code"] as? String == "unresolved_alias" }
        }
        #expect(diagnostics.contains { ($0["message"] as? String)?.contains("primaryColor") == true })
        #expect(try client.shutDown() == 0)
    }

    @Test("the repository's .themelint.json applies: a disabled rule is not reported")
    func readsRepositoryConfiguration() throws {
        let repo = try Self.repository([".themelint.json": #"{"disabled_rules": ["unknown_override"]}"#])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        let edited = Self.child.replacingOccurrences(of: "<string>buttonColor</string>", with: "<string>nope</string>")
        client.open(uri, edited)
        let codes = try client.diagnostics(for: uri).compactMap { $0["code"] as? String }
        #expect(codes.contains("invalid_color") || codes.contains("unresolved_alias"))
        #expect(!codes.contains("unknown_override"))
        #expect(try client.shutDown() == 0)
    }

    @Test("a .themelint.json that cannot be used is shown to the user once, and the default rules run")
    func showsConfigurationProblem() throws {
        let repo = try Self.repository([".themelint.json": #"{"no_such_setting": true}"#])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        let shown = try client.waitFor { $0["method"] as? String == "window/showMessage" }
        let message = try #require((shown["params"] as? [String: Any])?["message"] as? String)
        #expect(message.contains(".themelint.json"))
        #expect(message.contains("no_such_setting"))
        #expect(try client.diagnostics(for: uri).contains { $0["code"] as? String == "unknown_override" })
        client.change(uri, Self.child, version: 2)
        _ = try client.diagnostics(for: uri, version: 2)
        #expect(!client.passedOver.contains { $0["method"] as? String == "window/showMessage" })
        #expect(try client.shutDown() == 0)
    }

    @Test("hover on an alias: kind, the resolved hex with a swatch, the alias chain and where each link is written")
    func hoversAlias() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        let (index, text) = try Self.line(of: "<string>buttonColor", in: Self.child)
        let column = try Self.utf16Column(of: "buttonColor", in: text) + 2
        let answer = try client.request("textDocument/hover", atPosition(uri, index, column))
        let result = try #require(answer["result"] as? [String: Any])
        let value = try #require((result["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.contains("color"))
        #expect(value.contains("#35A2FB"))
        #expect(value.contains("data:image/svg+xml;base64,"))
        #expect(value.contains("`buttonColor` → `primaryColor`"))
        let (childLine, _) = try Self.line(of: "<key>buttonColor", in: Self.child)
        #expect(value.contains("`buttonColor` is written at `child.plist:\(childLine + 1):"))
        let (parentLine, _) = try Self.line(of: "<key>primaryColor", in: Self.parent)
        #expect(value.contains("`primaryColor` is written at `base.plist:\(parentLine + 1):"))
        #expect(value.contains("(inherited)"))
        // Not on a key or a value: no hover.
        let nothing = try client.request("textDocument/hover", atPosition(uri, 0, 0))
        #expect(nothing["result"] is NSNull)
        #expect(try client.shutDown() == 0)
    }

    @Test("definition of an alias and of INHERITED_THEME: the key in the parent's file, the parent's file")
    func goesToDefinitionAcrossInheritance() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        let parentURI = repo.url("Themes/base.plist").absoluteString
        client.open(uri, Self.child)
        let (index, text) = try Self.line(of: "@primaryColor", in: Self.child)
        let column = try Self.utf16Column(of: "@primaryColor", in: text) + 3
        let answer = try client.request("textDocument/definition", atPosition(uri, index, column))
        let location = try #require((answer["result"] as? [[String: Any]])?.first)
        #expect(location["uri"] as? String == parentURI)
        let (parentLine, parentText) = try Self.line(of: "<key>primaryColor", in: Self.parent)
        let start = try #require(Self.start(location["range"]))
        #expect(start.line == parentLine)
        #expect(start.character == (try Self.utf16Column(of: "<key>", in: parentText)))
        // A bare alias the child sets itself: its own key.
        let (bareIndex, bareText) = try Self.line(of: "<string>buttonColor", in: Self.child)
        let bare = try client.request(
            "textDocument/definition",
            atPosition(uri, bareIndex, try Self.utf16Column(of: "buttonColor", in: bareText) + 1))
        let own = try #require((bare["result"] as? [[String: Any]])?.first)
        #expect(own["uri"] as? String == uri)
        #expect(Self.start(own["range"])?.line == (try Self.line(of: "<key>buttonColor", in: Self.child)).index)
        // INHERITED_THEME: the parent's file.
        let (inheritIndex, inheritText) = try Self.line(of: "<string>base", in: Self.child)
        let inherited = try client.request(
            "textDocument/definition",
            atPosition(uri, inheritIndex, try Self.utf16Column(of: "base", in: inheritText)))
        #expect((inherited["result"] as? [[String: Any]])?.first?["uri"] as? String == parentURI)
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "definition of DARK_THEME (the partner's file) and of an INHERITED_STYLE (the style's first key); hover on a key"
    )
    func goesToPartnerAndStyle() throws {
        let light = theme([
            "<key>INHERITED_THEME</key>", "<string>base</string>",
            "<key>DARK_THEME</key>", "<string>night</string>",
            "<key>BaseButton.textColor</key>", "<string>primaryColor</string>",
            "<key>Bar/BaseButton:disabled.textColor</key>", "<string>#777</string>",
            "<key>Button.INHERITED_STYLE</key>", "<string>BaseButton</string>",
        ])
        let night = theme([
            "<key>APPEARANCE</key>", "<string>dark</string>", "<key>LIGHT_THEME</key>", "<string>light</string>",
        ])
        let repo = try Self.repository(["Themes/light.plist": light, "Themes/night.plist": night])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/light.plist").absoluteString
        client.open(uri, light)
        let (darkIndex, darkText) = try Self.line(of: "<string>night", in: light)
        let dark = try client.request(
            "textDocument/definition", atPosition(uri, darkIndex, try Self.utf16Column(of: "night", in: darkText)))
        #expect(
            (dark["result"] as? [[String: Any]])?.first?["uri"] as? String
                == repo.url("Themes/night.plist").absoluteString)
        let (styleIndex, styleText) = try Self.line(of: "<string>BaseButton", in: light)
        let style = try client.request(
            "textDocument/definition",
            atPosition(uri, styleIndex, try Self.utf16Column(of: "BaseButton", in: styleText) + 1))
        let first = try #require((style["result"] as? [[String: Any]])?.first)
        #expect(first["uri"] as? String == uri)
        #expect(Self.start(first["range"])?.line == (try Self.line(of: "<key>BaseButton.textColor", in: light)).index)
        // Hover on a key the theme sets: its own place, not marked inherited.
        let (keyIndex, keyText) = try Self.line(of: "<key>BaseButton.textColor", in: light)
        let hover = try client.request(
            "textDocument/hover", atPosition(uri, keyIndex, try Self.utf16Column(of: "BaseButton", in: keyText)))
        let value = try #require(
            ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.contains("`BaseButton.textColor` is written at `light.plist:\(keyIndex + 1):"))
        #expect(value.contains("#35A2FB"))
        #expect(try client.shutDown() == 0)
    }

    @Test("document colors resolve aliases; a presentation is written in the file's own notation")
    func answersDocumentColors() throws {
        let bare = theme([
            "<key>primaryColor</key>", "<string>35a2fb</string>",
            "<key>shadowColor</key>", "<string>00000080</string>",
            "<key>buttonColor</key>", "<string>primaryColor</string>",
        ])
        let repo = try Self.repository(["Themes/bare.plist": bare])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/bare.plist").absoluteString
        client.open(uri, bare)
        let answer = try client.request("textDocument/documentColor", ["textDocument": ["uri": uri]])
        let colors = try #require(answer["result"] as? [[String: Any]])
        #expect(colors.count == 3)
        let (index, text) = try Self.line(of: "<string>primaryColor", in: bare)
        let button = try #require(colors.first { Self.start($0["range"])?.line == index })
        #expect(Self.start(button["range"])?.character == (try Self.utf16Column(of: "primaryColor", in: text)))
        let color = try #require(button["color"] as? [String: Double])
        #expect(abs((color["red"] ?? 0) - 0x35 / 255.0) < 1e-9)
        #expect(abs((color["blue"] ?? 0) - 0xFB / 255.0) < 1e-9)
        let presented = try client.request(
            "textDocument/colorPresentation",
            [
                "textDocument": ["uri": uri], "color": ["red": 1.0, "green": 0.5, "blue": 0.0, "alpha": 0.5],
                "range": button["range"] ?? [:],
            ])
        let label = try #require((presented["result"] as? [[String: Any]])?.first?["label"] as? String)
        #expect(label == "ff800080")
        // The child writes `#`, upper case: so does its presentation.
        let childURI = repo.url("Themes/child.plist").absoluteString
        client.open(childURI, Self.parent)
        let upper = try client.request(
            "textDocument/colorPresentation",
            [
                "textDocument": ["uri": childURI], "color": ["red": 1.0, "green": 0.5, "blue": 0.0, "alpha": 1.0],
                "range": button["range"] ?? [:],
            ])
        #expect((upper["result"] as? [[String: Any]])?.first?["label"] as? String == "#FF8000")
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "completion: keys of the fitting kind in a value, theme names for INHERITED_THEME, the parent's keys in a key")
    func completes() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        let typing = Self.child.replacingOccurrences(
            of: "<string>buttonColor</string>", with: "<string>b</string>")
        client.open(uri, typing)
        let (index, text) = try Self.line(of: "<string>b</string>", in: typing)
        let column = try Self.utf16Column(of: "b</string>", in: text) + 1
        let answer = try client.request("textDocument/completion", atPosition(uri, index, column))
        let labels = try #require(((answer["result"] as? [String: Any])?["items"] as? [[String: Any]]))
            .compactMap { $0["label"] as? String }
        #expect(labels.contains("buttonColor"))
        #expect(labels.contains("borderColor"))
        #expect(!labels.contains("titleSize"))
        #expect(labels.allSatisfy { $0.hasPrefix("b") })
        // Each replaces what was typed in the value, from just after `<string>` to the cursor.
        let items = try #require(((answer["result"] as? [String: Any])?["items"] as? [[String: Any]]))
        let edit = try #require(items.first?["textEdit"] as? [String: Any])
        #expect(Self.start(edit["range"])?.character == (try Self.utf16Column(of: "b</string>", in: text)))
        #expect(edit["newText"] as? String == items.first?["label"] as? String)
        // INHERITED_THEME: the folder's other themes.
        let (inheritIndex, inheritText) = try Self.line(of: "<string>base", in: typing)
        let names = try client.request(
            "textDocument/completion",
            atPosition(uri, inheritIndex, try Self.utf16Column(of: "base", in: inheritText)))
        let themes = ((names["result"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap {
            $0["label"] as? String
        }
        #expect(themes == ["base"])
        // In a key: the parent's keys the child does not set.
        let (keyIndex, keyText) = try Self.line(of: "<key>buttonColor", in: typing)
        let keys = try client.request(
            "textDocument/completion", atPosition(uri, keyIndex, try Self.utf16Column(of: "buttonColor", in: keyText)))
        let keyLabels = ((keys["result"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap {
            $0["label"] as? String
        }
        #expect(keyLabels == ["borderColor", "primaryColor", "titleSize"])
        #expect(try client.shutDown() == 0)
    }

    @Test("completion while the buffer does not parse: the last theme that resolved answers")
    func completesInBrokenBuffer() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        _ = try client.diagnostics(for: uri, version: 1)
        _ = try client.request("textDocument/hover", atPosition(uri, 3, 8))
        // A new key being typed, its value not closed: a parse error.
        let typing = Self.child.replacingOccurrences(
            of: "</dict>", with: "<key>shadowColor</key>\n<string>pr\n</dict>")
        client.change(uri, typing, version: 2)
        #expect(try client.diagnostics(for: uri, version: 2).contains { $0["code"] as? String == "parse_error" })
        let (index, text) = try Self.line(of: "<string>pr", in: typing)
        let answer = try client.request(
            "textDocument/completion", atPosition(uri, index, try Self.utf16Column(of: "pr", in: text) + 2))
        let labels = ((answer["result"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap {
            $0["label"] as? String
        }
        #expect(labels == ["primaryColor"])
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a key with a quote, a backslash and a newline: its diagnostic's message is JSON that parses, the newline escaped"
    )
    func escapesMessages() throws {
        let hostile = theme(["<key>a&quot;b\\c&#10;dColor</key>", "<string>nope</string>"])
        let repo = try Self.repository(["Themes/hostile.plist": hostile])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/hostile.plist").absoluteString
        client.open(uri, hostile)
        let message = try #require(try client.diagnostics(for: uri).first?["message"] as? String)
        #expect(message.contains("a\"b\\c\\nd"))
        #expect(!message.contains("\n"))
        #expect(try client.shutDown() == 0)
    }

    @Test("malformed input gets JSON-RPC errors, and the server goes on answering")
    func answersMalformedInputWithErrors() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        client.write(Data("Content-Length: 7\r\n\r\n{oops!}".utf8))
        let parse = try client.waitFor { $0["error"] != nil }
        #expect((parse["error"] as? [String: Any])?["code"] as? Int == -32700)
        client.write(Data("X-Nothing: 1\r\n\r\n".utf8))
        let framing = try client.waitFor { $0["error"] != nil }
        #expect((framing["error"] as? [String: Any])?["code"] as? Int == -32600)
        // Nested deeper than any decoder should follow: refused, not a stack overflow.
        let deep =
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"x\",\"params\":"
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        client.write(Data("Content-Length: \(deep.utf8.count)\r\n\r\n\(deep)".utf8))
        let nested = try client.waitFor { $0["error"] != nil }
        #expect((nested["error"] as? [String: Any])?["code"] as? Int == -32700)
        let unknown = try client.request("textDocument/unknownThing")
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        let badParams = try client.request("textDocument/hover", ["textDocument": 3])
        #expect((badParams["error"] as? [String: Any])?["code"] as? Int == -32602)
        client.send(["jsonrpc": "2.0", "id": 99, "params": [:]])
        let noMethod = try client.waitFor { $0["id"] as? Int == 99 }
        #expect((noMethod["error"] as? [String: Any])?["code"] as? Int == -32600)
        // Still alive.
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        _ = try client.diagnostics(for: uri)
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a client with dynamic registration answers client/registerCapability with a null result: the server answers nothing back"
    )
    func answersNothingToResponses() throws {
        let repo = try Self.repository()
        let client = try LSPClient(
            root: repo.root, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try client.waitFor { $0["method"] as? String == "client/registerCapability" }
        let id = try #require(registration["id"] as? String)
        // As VS Code answers it; then an error answer and a response without an id.
        client.send(["jsonrpc": "2.0", "id": id, "result": NSNull()])
        client.send(["jsonrpc": "2.0", "id": id, "error": ["code": -32601, "message": "no"]])
        client.send(["jsonrpc": "2.0", "result": NSNull()])
        let answer = try client.request("shutdown")
        #expect(answer["result"] is NSNull)
        let replies = client.passedOver.filter { $0["method"] == nil }
        #expect(replies.isEmpty, "answered a response: \(replies)")
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
    }

    /// A frame whose header lies, as a client may write it, before a hover.
    enum BadFrame: String, CaseIterable, CustomTestStringConvertible {
        case shorter, longer, notANumber, missing, huge

        var testDescription: String { rawValue }

        func bytes(_ body: String) -> Data {
            let header: String
            switch self {
            // A client counting characters: the body holds an é, one character, two bytes.
            case .shorter: header = "Content-Length: \(body.count)\r\n\r\n"
            case .longer: header = "Content-Length: \(body.utf8.count + 10)\r\n\r\n"
            case .notANumber: header = "Content-Length: ten\r\n\r\n"
            case .missing: header = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"
            case .huge: header = "Content-Length: 999999999999\r\n\r\n"
            }
            return Data((header + body).utf8)
        }
    }

    @Test(
        "after a frame whose Content-Length is wrong, the server answers an error and reads the next frame",
        arguments: BadFrame.allCases)
    func resynchronisesAfterBadFrame(_ bad: BadFrame) throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, Self.child)
        _ = try client.diagnostics(for: uri)
        let body =
            #"{"jsonrpc":"2.0","id":"bad","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///caf\#u{E9}.plist"},"position":{"line":0,"character":0}}}"#
        client.write(bad.bytes(body))
        let (index, text) = try Self.line(of: "@primaryColor", in: Self.child)
        let hover = try client.request(
            "textDocument/hover", atPosition(uri, index, try Self.utf16Column(of: "@primaryColor", in: text) + 2))
        #expect(Self.hoverText(hover).contains("#35A2FB"))
        let errors = client.passedOver.compactMap { $0["error"] as? [String: Any] }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { [-32600, -32700].contains($0["code"] as? Int) })
        #expect(try client.shutDown() == 0)
    }

    @Test("an inheritance cycle, both themes open: each is diagnosed at its own INHERITED_THEME, as themelint does")
    func diagnosesInheritanceCycleInBothFiles() throws {
        let a = theme([
            "<key>INHERITED_THEME</key>", "<string>b</string>", "<key>aColor</key>", "<string>#111</string>",
        ])
        let b = theme([
            "<key>INHERITED_THEME</key>", "<string>a</string>", "<key>bColor</key>", "<string>#222</string>",
        ])
        let repo = try Self.repository(["Themes/a.plist": a, "Themes/b.plist": b])
        let client = try LSPClient(root: repo.root)
        for (name, text, parent) in [("a", a, "b"), ("b", b, "a")] {
            let uri = repo.url("Themes/\(name).plist").absoluteString
            client.open(uri, text)
            let cycle = try #require(
                try client.diagnostics(for: uri) { $0.contains { $0["code"] as? String == "inheritance_cycle" } }
                    .first { $0["code"] as? String == "inheritance_cycle" })
            let (index, line) = try Self.line(of: "<string>\(parent)</string>", in: text)
            let start = try #require(Self.start(cycle["range"]))
            #expect(start.line == index)
            #expect(start.character == (try Self.utf16Column(of: "<string>", in: line)))
            #expect(
                (cycle["message"] as? String)?.contains("inheritance cycle: \(parent) → \(name) → \(parent)") == true)
        }
        #expect(try client.shutDown() == 0)
    }

    @Test("a file whose lines end with a lone CR: diagnostics, hover and document colors on the right lines")
    func countsLoneCarriageReturnsAsLineBreaks() throws {
        let lines = theme([
            "<key>INHERITED_THEME</key>", "<string>base</string>",
            "<key>linkColor</key>", "<string>butonColor</string>",
            "<key>accentColor</key>", "<string>@primaryColor</string>",
        ]).components(separatedBy: "\n")
        let text = lines.joined(separator: "\r")
        let repo = try Self.repository(["Themes/cr.plist": text])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/cr.plist").absoluteString
        client.open(uri, text)
        let dangling = try #require(
            try client.diagnostics(for: uri).first { $0["code"] as? String == "unresolved_alias" })
        let danglingLine = try #require(lines.firstIndex { $0.contains("butonColor") })
        #expect(Self.start(dangling["range"])?.line == danglingLine)
        #expect(
            Self.start(dangling["range"])?.character == (try Self.utf16Column(of: "<string>", in: lines[danglingLine])))
        let accentLine = try #require(lines.firstIndex { $0.contains("@primaryColor") })
        let column = try Self.utf16Column(of: "@primaryColor", in: lines[accentLine]) + 2
        let hover = try client.request("textDocument/hover", atPosition(uri, accentLine, column))
        #expect(Self.hoverText(hover).contains("#35A2FB"))
        #expect(Self.start((hover["result"] as? [String: Any])?["range"])?.line == accentLine)
        let colors = try client.request("textDocument/documentColor", ["textDocument": ["uri": uri]])
        let lineNumbers = ((colors["result"] as? [[String: Any]]) ?? []).compactMap { Self.start($0["range"])?.line }
        #expect(lineNumbers.contains(accentLine))
        #expect(try client.shutDown() == 0)
    }

    /// Whether `message` publishes diagnostics for another document than `uri`.
    static func publishes(_ message: LSPClient.Message, otherThan uri: String) -> Bool {
        message["method"] as? String == "textDocument/publishDiagnostics"
            && (message["params"] as? [String: Any])?["uri"] as? String != uri
    }

    @Test("opening themes one by one lints each once: opening changes no file, so the open ones are not linted again")
    func opensWithoutRelintingOthers() throws {
        let names = (0..<12).map { "t\($0)" }
        let texts = Dictionary(
            uniqueKeysWithValues: names.map {
                (
                    $0,
                    theme([
                        "<key>INHERITED_THEME</key>", "<string>base</string>", "<key>\($0)Color</key>",
                        "<string>#123</string>",
                    ])
                )
            })
        let repo = try Self.repository(Dictionary(uniqueKeysWithValues: texts.map { ("Themes/\($0).plist", $1) }))
        let client = try LSPClient(root: repo.root)
        var relinted: [String] = []
        for name in names {
            let uri = repo.url("Themes/\(name).plist").absoluteString
            client.open(uri, try #require(texts[name]))
            #expect(try client.diagnostics(for: uri).contains { $0["code"] as? String == "unknown_override" })
            relinted += client.passedOver.filter { Self.publishes($0, otherThan: uri) }.map { "\($0)" }
        }
        // Answered after whatever the last open set going.
        _ = try client.request("shutdown")
        relinted += client.passedOver.filter { Self.publishes($0, otherThan: "") }.map { "\($0)" }
        #expect(relinted.isEmpty)
        client.notify("exit", [:])
        #expect(client.waitForExit() == 0)
    }

    @Test("a theme opened with text that is not its file's: the open themes that inherit it are linted again")
    func relintsChildrenWhenOpenedTextDiffersFromDisk() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        let childURI = repo.url("Themes/child.plist").absoluteString
        client.open(childURI, Self.child)
        #expect(try client.diagnostics(for: childURI).allSatisfy { $0["code"] as? String != "unresolved_alias" })
        // An editor restoring an unsaved buffer: the parent's buffer has no primaryColor.
        let parentURI = repo.url("Themes/base.plist").absoluteString
        client.open(parentURI, Self.parent.replacingOccurrences(of: "primaryColor", with: "brandColor"))
        let child = try client.diagnostics(for: childURI) { diagnostics in
            diagnostics.contains { $0["code"] as? String == "unresolved_alias" }
        }
        #expect(child.contains { ($0["message"] as? String)?.contains("primaryColor") == true })
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a request about a theme that is not open reads no file on the message thread: a FIFO named like a theme is refused, and the server goes on"
    )
    func refusesFIFONamedLikeTheme() throws {
        let repo = try Self.repository()
        let fifo = repo.url("Themes/fifo.plist")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let client = try LSPClient(root: repo.root)
        let answer = try client.request("textDocument/hover", atPosition(fifo.absoluteString, 3, 8))
        #expect(answer["result"] is NSNull)
        let colors = try client.request("textDocument/documentColor", ["textDocument": ["uri": fifo.absoluteString]])
        #expect((colors["result"] as? [Any])?.isEmpty == true)
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a workspace root named through a symbolic link holds the themes named by their real paths, and the reverse",
        arguments: [true, false])
    func comparesResolvedRoots(rootThroughLink: Bool) throws {
        let repo = try Self.repository()
        let link = repo.root.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: repo.root)
        defer { try? FileManager.default.removeItem(at: link) }
        let linked = link.appendingPathComponent("Themes/child.plist").absoluteString
        let real = repo.url("Themes/child.plist").absoluteString
        let client = try LSPClient(
            root: repo.root, rootURI: rootThroughLink ? link.absoluteString : repo.root.absoluteString)
        let uri = rootThroughLink ? real : linked
        client.open(uri, Self.child)
        #expect(try client.diagnostics(for: uri).contains { $0["code"] as? String == "unknown_override" })
        let (index, text) = try Self.line(of: "@primaryColor", in: Self.child)
        let hover = try client.request(
            "textDocument/hover", atPosition(uri, index, try Self.utf16Column(of: "@primaryColor", in: text) + 2))
        #expect(Self.hoverText(hover).contains("#35A2FB"))
        #expect(try client.shutDown() == 0)
    }

    /// Whether `text` holds a bidi override or isolate (U+202A–U+202E, U+2066–U+2069).
    static func holdsBidiControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    @Test(
        "bidi controls in keys are escaped in what a person reads: a note of a diagnostic, a completion's label and detail"
    )
    func escapesBidiControls() throws {
        // An alias cycle through a key holding U+202E (the note names it), and a parent key
        // holding U+2066 (completion offers it).
        let parent = theme([
            "<key>primaryColor</key>", "<string>#35A2FB</string>",
            "<key>evil\u{2066}Title</key>", "<string>x\u{202E}y</string>",
        ])
        let child = theme([
            "<key>INHERITED_THEME</key>", "<string>base</string>",
            "<key>aColor</key>", "<string>@b\u{202E}Color</string>",
            "<key>b\u{202E}Color</key>", "<string>@aColor</string>",
            "<key></key>", "<string>#000</string>",
        ])
        let repo = try Self.repository(["Themes/base.plist": parent])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/child.plist").absoluteString
        client.open(uri, child)
        let cycle = try #require(try client.diagnostics(for: uri).first { $0["code"] as? String == "alias_cycle" })
        let notes = try #require(cycle["relatedInformation"] as? [[String: Any]])
        let noteMessages = notes.compactMap { $0["message"] as? String }
        #expect(!noteMessages.isEmpty)
        #expect(noteMessages.allSatisfy { !Self.holdsBidiControl($0) })
        #expect(noteMessages.contains { $0.contains("\\u{202e}") })
        let index = try Self.line(of: "<key></key>", in: child).index
        let answer = try client.request("textDocument/completion", atPosition(uri, index, 6))
        let items = try #require((answer["result"] as? [String: Any])?["items"] as? [[String: Any]])
        let evil = try #require(items.first { ($0["label"] as? String)?.hasPrefix("evil") == true })
        #expect(!Self.holdsBidiControl(evil["label"] as? String ?? ""))
        #expect(!Self.holdsBidiControl(evil["detail"] as? String ?? ""))
        #expect((evil["label"] as? String)?.contains("\\u{2066}") == true)
        // What is inserted is the key itself.
        #expect((evil["textEdit"] as? [String: Any])?["newText"] as? String == "evil\u{2066}Title")
        #expect(try client.shutDown() == 0)
    }

    @Test(
        "a one-line theme of many kilobytes: a problem far into the line, past accents and emoji, at its UTF-16 column")
    func placesProblemsFarIntoLongLine() throws {
        let keys = (0..<200).map { "<key>é😀k\($0)Color</key><string>#123</string>" }.joined()
        let text =
            "<plist version=\"1.0\"><dict>\(keys)<key>zColor</key><string>@nope</string><key>a</key><true/><key>a</key><true/></dict></plist>\n"
        #expect(text.utf8.count > 8_000)
        let repo = try Self.repository(["Themes/line.plist": text])
        let client = try LSPClient(root: repo.root)
        let uri = repo.url("Themes/line.plist").absoluteString
        client.open(uri, text)
        let diagnostics = try client.diagnostics(for: uri)
        let dangling = try #require(diagnostics.first { $0["code"] as? String == "unresolved_alias" })
        #expect(Self.start(dangling["range"])?.line == 0)
        #expect(Self.start(dangling["range"])?.character == (try Self.utf16Column(of: "<string>@nope", in: text)))
        let duplicate = try #require(diagnostics.first { $0["code"] as? String == "duplicate_key" })
        let second = try #require(text.range(of: "<key>a</key>", options: .backwards))
        #expect(Self.start(duplicate["range"])?.character == text[..<second.lowerBound].utf16.count)
        let note = try #require((duplicate["relatedInformation"] as? [[String: Any]])?.first)
        let first = try #require(text.range(of: "<key>a</key>"))
        #expect(
            Self.start((note["location"] as? [String: Any])?["range"])?.character
                == text[..<first.lowerBound].utf16.count)
        #expect(try client.shutDown() == 0)
    }

    @Test("a file outside the workspace or not a theme gets empty answers")
    func answersEmptyOutsideWorkspace() throws {
        let repo = try Self.repository()
        let outside = try TemporaryRepository(["Themes/base.plist": Self.parent, "Themes/Info.plist": Self.parent])
        let client = try LSPClient(root: repo.root)
        for uri in [
            outside.url("Themes/base.plist").absoluteString, repo.url("Themes/notes.txt").absoluteString,
            repo.url("Themes/Info.plist").absoluteString, "untitled:Untitled-1",
        ] {
            client.open(uri, Self.parent)
            if uri.hasPrefix("file:") { #expect(try client.diagnostics(for: uri).isEmpty) }
            let hover = try client.request("textDocument/hover", atPosition(uri, 3, 8))
            #expect(hover["result"] is NSNull)
            let colors = try client.request("textDocument/documentColor", ["textDocument": ["uri": uri]])
            #expect((colors["result"] as? [Any])?.isEmpty == true)
        }
        #expect(try client.shutDown() == 0)
    }

    @Test("exit without shutdown ends the process with 1; the end of input ends it too")
    func exitWithoutShutdownFails() throws {
        let repo = try Self.repository()
        let client = try LSPClient(root: repo.root)
        client.notify("exit", [:])
        #expect(client.waitForExit() == 1)
    }
}

import Foundation
import Testing

@testable import ThemeKit

/// SPEC §2's declared kinds: `P.$type` gives P and every key under it a kind.
@Suite("Declared kinds")
struct DeclaredKindTests {
    @Test("a declared color is looked up as a color, and the declaration is no value")
    func declaredColorIsAColor() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "color.$type": "color", "color.$description": "Brand colors", "color.bg.primary": "#35a2fb",
                "color.bg.secondary": "@color.bg.primary", "label": "Hello",
            ])
        let theme = try folder.loader.load("default")
        #expect(theme.color(forKey: "color.bg.primary")?.hexString == "#35A2FB")
        #expect(theme.color(forKey: "color.bg.secondary")?.hexString == "#35A2FB")
        #expect(theme.kind(ofKey: "color.bg.primary") == .color)
        #expect(theme.declaredKind(ofKey: "color.bg.primary")?.declaredBy == "color.$type")
        #expect(theme.string(forKey: "label") == "Hello")
        #expect(theme.values["color.$type"] == nil)
        #expect(theme.values["color.$description"] == nil)
        #expect(theme.values.count == 3)
        #expect(theme.description(ofKey: "color.bg.secondary") == "Brand colors")
        #expect(theme.description(ofKey: "label") == nil)
    }

    @Test("the nearest declaration wins, and a declaration wins over the key's suffix")
    func nearestDeclarationWins() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "$type": "color", "space.$type": "dimension", "space.gapWidth": "<integer>8</integer>",
                "space.fade.$type": "duration", "space.fade.inDuration": "<real>0.25</real>",
                "space.fade.outColor": "<real>0.5</real>", "accent": "ff0000",
            ])
        let theme = try folder.loader.load("default")
        #expect(theme.color(forKey: "accent")?.hexString == "#FF0000")
        #expect(theme.kind(ofKey: "space.gapWidth") == .length)
        #expect(theme.duration(forKey: "space.fade.outColor") == .milliseconds(500))
        #expect(theme.kind(ofKey: "space.fade.outColor") == .duration)
    }

    @Test("a value that does not fit its declared kind is an error at the value, saying where it was declared")
    func wrongValueForDeclaredKind() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["color.$type": "color", "color.bg": "<integer>3</integer>"])
        let analysis = folder.loader.analyze("default")
        let problem = try #require(analysis.diagnostics.first)
        #expect(analysis.diagnostics.map(\.code) == [.invalidColor])
        #expect(problem.location == SourceLocation(file: folder.path + "/default.plist", line: 4, column: 21))
        #expect(problem.message.contains("declared by 'color.$type'"))
        #expect(problem.notes.map(\.location.line) == [3])
    }

    @Test(
        "a font's size key declared a dimension or a number sizes the font; declared a string, it is an error at the size"
    )
    func declaredFontSizeKinds() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "titleFont": "Helvetica", "titleFontSize": "12", "titleFontSize.$type": "dimension",
                "bodyFont": "Inter", "bodyFontSize": "<real>15.5</real>", "bodyFontSize.$type": "number",
            ])
        let theme = try folder.loader.load("default")
        #expect(theme.font(forKey: "titleFont") == ThemeFont(name: "Helvetica", size: 12))
        #expect(theme.font(forKey: "bodyFont") == ThemeFont(name: "Inter", size: 15.5))
        try folder.theme(
            "default", ["titleFont": "Helvetica", "titleFontSize": "12", "titleFontSize.$type": "string"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.code) == [.invalidSize])
        #expect(analysis.diagnostics.first?.location.line == 4)
        #expect(analysis.diagnostics.first?.message.contains("'titleFontSize' sizes 'titleFont'") == true)
    }

    @Test(
        "a declared dimension may be negative, as DTCG's may; a suffix length may not, and a child changing it checks the same"
    )
    func declaredDimensionIsSigned() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "text.$type": "dimension", "text.tracking": "-0.5", "text.gap": "12 pt",
                "borderWidth": "-1",
            ])
        try folder.theme("child", ["INHERITED_THEME": "default", "text.tracking": "-2"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.code) == [.invalidLength, .invalidLength])
        #expect(analysis.diagnostics.map(\.location.line) == [5, 6])
        #expect(analysis.diagnostics.first?.message.contains("which is not a length (a number)") == true)
        #expect(analysis.diagnostics.last?.message.contains("which is not a length of 0 or more") == true)
        #expect(analysis.degradedTheme?.number(forKey: "text.tracking") == -0.5)
        // In one session the child is checked from its own keys (ChangeCheck), as whole.
        let loader = folder.loader
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        _ = loader.analyze("default", in: session)
        let child = loader.analyze("child", in: session)
        #expect(child.degradedTheme?.number(forKey: "text.tracking") == -2)
        #expect(child.diagnostics == loader.analyze("child").diagnostics)
    }

    @Test("a child theme inherits its ancestors' declarations, and its own are nearer")
    func declarationsAreInherited() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("base", ["color.$type": "color", "color.bg": "#111111", "size.$type": "dimension"])
        try folder.theme("middle", ["INHERITED_THEME": "base", "color.fg": "#222222"])
        try folder.theme(
            "leaf", ["INHERITED_THEME": "middle", "color.text.$type": "string", "color.text.title": "Title"])
        for session in [nil, ThemeLoader.Session(reader: folder.loader.cachingReader())] {
            let analysis = session.map { folder.loader.analyze("leaf", in: $0) } ?? folder.loader.analyze("leaf")
            let theme = try #require(analysis.theme)
            #expect(theme.color(forKey: "color.fg")?.hexString == "#222222")
            #expect(theme.color(forKey: "color.bg")?.hexString == "#111111")
            #expect(theme.string(forKey: "color.text.title") == "Title")
        }
    }

    @Test("a declaration a child adds re-checks the inherited keys under it, in a session and on reload")
    func addedDeclarationRechecksInheritedKeys() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("base", ["color.bg": "#111111", "color.label": "Hello world"])
        try folder.theme("default", ["INHERITED_THEME": "base", "extra": "x"])
        let manager = ThemeManager(directory: folder.path)
        try manager.changeTheme("default")
        try folder.theme("default", ["INHERITED_THEME": "base", "color.$type": "color"])
        let session = ThemeLoader.Session(reader: folder.loader.cachingReader())
        _ = folder.loader.analyze("base", in: session)
        #expect(folder.loader.analyze("default", in: session).diagnostics.map(\.code) == [.invalidColor])
        #expect(throws: ThemeError.self) { try manager.reloadTheme() }
        #expect(manager.currentTheme.string(forKey: "color.label") == "Hello world")
    }

    /// Declares `prefix` (its UTF-8 bytes) in `trie` as declaration `id`, in `slot`.
    static func declare(_ trie: inout DeclarationTrie, _ prefix: String, _ id: Int, slot: Int = 0) {
        Array(prefix.utf8).withUnsafeBufferPointer { trie.declare($0, declaration: id, slot: slot) }
    }

    @Test("a walk from the last key's segments finds what a walk from the root finds, key after key")
    func cursorWalkFindsAsRootWalk() {
        var trie = DeclarationTrie()
        Self.declare(&trie, "color", 1, slot: 0)
        Self.declare(&trie, "color.bg", 2, slot: 0)
        Self.declare(&trie, "color.bg.x", 3, slot: 1)
        Self.declare(&trie, "colors", 4, slot: 0)
        Self.declare(&trie, "", 5, slot: 2)
        Self.declare(&trie, "a..b", 6, slot: 0)
        Self.declare(&trie, "é.ü", 7, slot: 0)
        let keys = [
            "color.bg.x", "color.bg.y", "color.bgz", "color.bg", "colors.a", "color", "col", "color.bg.x.y",
            "color.fg.a", "color.fg.b", "color.fg", "colors", "", "a..b", "a..c", "a.", "a..b.c", "x.y", "x.y.z",
            "x", "color.bg.x", "é.ü.a", "é.ü", "é.u", "color.bg.x",
        ]
        var cursor = DeclarationTrie.Cursor()
        for key in keys {
            let bytes = Array(key.utf8)
            let fromRoot = bytes.withUnsafeBufferPointer { trie.declarations(for: $0) }
            let fromLast = bytes.withUnsafeBufferPointer { trie.declarations(for: $0, from: &cursor) }
            #expect(fromLast == fromRoot, "\(key)")
        }
    }

    @Test("a trie keeps its three slots of declarations apart, each key finding its nearest in each")
    func declarationSlotsStayApart() {
        var trie = DeclarationTrie()
        Self.declare(&trie, "a", 1, slot: 0)
        Self.declare(&trie, "a.b", 2, slot: 1)
        Self.declare(&trie, "", 3, slot: 2)
        Self.declare(&trie, "a.b", 4, slot: 0)
        Self.declare(&trie, "a.b", 5, slot: 0)
        let find = { (key: String) in Array(key.utf8).withUnsafeBufferPointer { trie.declarations(for: $0) } }
        #expect(find("a.b.c") == (4, 2, 3))
        #expect(find("a.c") == (1, -1, 3))
        #expect(find("x") == (-1, -1, 3))
        #expect(trie.hasDeclarations(inSlot: 1))
        #expect(Array("a.b".utf8).withUnsafeBufferPointer { trie.declaration(for: $0) } == 4)
        var many = DeclarationTrie()
        // Past the chains' first table: every prefix is still found after it grows.
        for index in 0..<500 { Self.declare(&many, "g\(index % 7).t\(index)", index) }
        let found = (0..<500).map { index in
            Array("g\(index % 7).t\(index).x".utf8).withUnsafeBufferPointer { many.declaration(for: $0) }
        }
        #expect(found == Array(0..<500))
        #expect(!many.hasDeclarations(inSlot: 2))
    }

    @Test("the nearest declaration of a key of d segments is found by one walk of its segments")
    func declarationLookupWalksSegments() {
        var trie = DeclarationTrie()
        Self.declare(&trie, "", 1)
        Self.declare(&trie, "a.b", 2)
        Self.declare(&trie, "a.b.c.d", 3)
        let find = { (key: String) in Array(key.utf8).withUnsafeBufferPointer { trie.declaration(for: $0) } }
        #expect(find("x") == 1)
        #expect(find("a.b") == 2)
        #expect(find("a.bc") == 1)
        #expect(find("a.b.c") == 2)
        #expect(find("a.b.c.d.e") == 3)
        #expect(find("") == 1)
        #expect(find("a.b.c.d.e") == 3)
        #expect(DeclarationKind.of(key: "a.$type") == .type)
        #expect(DeclarationKind.of(key: "$type") == .type)
        #expect(DeclarationKind.of(key: "a$type") == nil)
        #expect(DeclarationKind.of(key: "a.$deprecated") == .deprecated)
        #expect(DeclarationKind.prefix(ofDeclaration: "a.b.$type") == "a.b")
        #expect(DeclarationKind.prefix(ofDeclaration: "$type") == "")
    }
}

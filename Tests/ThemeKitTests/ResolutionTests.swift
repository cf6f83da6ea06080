import Foundation
import Testing

@testable import ThemeKit

@Suite("Resolving themes")
struct ResolutionTests {
    @Test("a 3-level chain merges child over parent over grandparent")
    func threeLevelInheritance() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "base", ["primaryColor": "111111", "textColor": "222222", "spacingSize": "<integer>4</integer>"])
        try folder.theme("middle", ["INHERITED_THEME": "base", "textColor": "333333", "titleText": "Middle"])
        try folder.theme("leaf", ["INHERITED_THEME": "middle", "primaryColor": "444444"])
        let theme = try folder.loader.load("leaf")
        #expect(theme.lineage == ["leaf", "middle", "base"])
        #expect(theme.color(forKey: "primaryColor")?.hexString == "#444444")
        #expect(theme.color(forKey: "textColor")?.hexString == "#333333")
        #expect(theme.number(forKey: "spacingSize") == 4)
        #expect(theme.string(forKey: "titleText") == "Middle")
        #expect(theme.values["INHERITED_THEME"] == nil)
        #expect(theme.values.count == 4)
        #expect(
            theme.sources["textColor"]?.key == SourceLocation(file: folder.path + "/middle.plist", line: 4, column: 2))
    }

    @Test("the keys a child adds are found on request, alone and in a session")
    func introducedKeysOnRequest() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "base", ["primaryColor": "111111", "textColor": "222222", "lineColor": "333333", "inkColor": "444444"])
        // The merge numbers the largest file first: the parent for "small", the child for
        // "large", so both ways of finding the added keys are met.
        try folder.theme("small", ["INHERITED_THEME": "base", "textColor": "555555", "extraColor": "666666"])
        try folder.theme(
            "large",
            [
                "INHERITED_THEME": "base", "textColor": "000005", "aColor": "000006", "bColor": "000007",
                "cColor": "000008",
            ])
        // INHERITED_THEME is not a key the child adds; the root theme adds nothing.
        for (name, added) in [("small", ["extraColor"]), ("large", ["aColor", "bColor", "cColor"])] {
            let alone = folder.loader.analyze(name)
            #expect(alone.theme != nil)
            #expect(alone.introducedKeys?.sorted() == added)
            let session = ThemeLoader.Session(reader: folder.loader.cachingReader())
            let shared = folder.loader.analyze(name, in: session)
            #expect(shared.introducedKeys?.sorted() == added)
        }
        #expect(folder.loader.analyze("base").introducedKeys == [])
        #expect(folder.loader.analyze("missing").introducedKeys == nil, "no resolution, no keys")
    }

    @Test("aliasChain lists the keys a value was resolved through, in order")
    func aliasChainInOrder() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default", ["brandColor": "35a2fb", "primaryColor": "brandColor", "buttonColor": "@primaryColor"])
        let theme = try folder.loader.load("default")
        #expect(theme.aliasChain(forKey: "buttonColor") == ["primaryColor", "brandColor"])
        #expect(theme.aliasChain(forKey: "brandColor").isEmpty)
        #expect(theme.aliasChain(forKey: "noSuchColor").isEmpty)
    }

    @Test("aliases bind late: a parent's alias uses the child's value")
    func lateBoundAliasesAcrossParentAndChild() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default", ["primaryColor": "35a2fb", "buttonColor": "primaryColor", "headerColor": "@buttonColor"])
        try folder.theme("mapping", ["INHERITED_THEME": "default", "primaryColor": "ff0000"])
        let parent = try folder.loader.load("default")
        let child = try folder.loader.load("mapping")
        #expect(parent.color(forKey: "headerColor")?.hexString == "#35A2FB")
        #expect(child.color(forKey: "buttonColor")?.hexString == "#FF0000")
        #expect(child.color(forKey: "headerColor")?.hexString == "#FF0000")
        #expect(child.sources["headerColor"]?.aliasOf == "buttonColor")
        #expect(child.sources["headerColor"]?.value.file.hasSuffix("mapping.plist") == true)
    }

    @Test("a cycle is an error naming the whole chain, reported once at its first alias")
    func aliasCycleNamesTheChain() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["aColor": "bColor", "bColor": "cColor", "cColor": "aColor", "okColor": "fff"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.theme == nil)
        #expect(analysis.diagnostics.map(\.code) == [.aliasCycle])
        let cycle = try #require(analysis.diagnostics.first)
        #expect(cycle.message == "alias cycle: aColor → bColor → cColor → aColor")
        #expect(cycle.location.line == 3)
        #expect(cycle.location.column == 2 + "<key>aColor</key>".count)
        #expect(cycle.notes.map(\.location.line) == [4, 5])
    }

    @Test("a key naming itself is a cycle of one")
    func selfAliasIsACycle() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["loopColor": "loopColor"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.message) == ["alias cycle: loopColor → loopColor"])
    }

    @Test("a dangling bare alias in a …Color key is unresolved, with a suggestion")
    func danglingBareAlias() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["primaryColor": "35a2fb", "headerColor": "primaryColour"])
        let analysis = folder.loader.analyze("default")
        #expect(
            analysis.diagnostics.map(\.summary) == [
                "\(folder.path)/default.plist:4:24: error: 'headerColor' is 'primaryColour', which is neither a color nor a key; did you mean 'primaryColor'? [unresolved_alias]"
            ])
    }

    @Test("a dangling @alias is unresolved, with a suggestion")
    func danglingExplicitAlias() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["bodyText": "Hello", "titleText": "@bodyTxt", "other": "@zzz"])
        let analysis = folder.loader.analyze("default")
        #expect(
            analysis.diagnostics.map(\.message) == [
                "'@bodyTxt' names no key; did you mean 'bodyText'?", "'@zzz' names no key",
            ])
        #expect(analysis.diagnostics.allSatisfy { $0.code == .unresolvedAlias })
    }

    @Test("a dangling alias is never told to name the key that holds it: the next closest key, or none")
    func suggestionIsNeverTheAliasOwnKey() throws {
        let folder = try TemporaryDirectory()
        // aColor is as close to bColor as cColor is, and sorts first: it was the suggestion.
        try folder.theme("default", ["aColor": "@bColor", "cColor": "fff", "textTitle": "@textTitel"])
        let analysis = folder.loader.analyze("default")
        #expect(
            analysis.diagnostics.map(\.message) == [
                "'@bColor' names no key; did you mean 'cColor'?", "'@textTitel' names no key",
            ])
        #expect(analysis.diagnostics.allSatisfy { $0.code == .unresolvedAlias })
        // A typed value that reads as a key name: the same.
        try folder.theme("other", ["bgColor": "bgColr"])
        #expect(
            folder.loader.analyze("other").diagnostics.map(\.message) == [
                "'bgColor' is 'bgColr', which is neither a color nor a key"
            ])
    }

    @Test("a font alias with no size of its own takes its target's size")
    func fontAliasTakesTargetSize() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "headerFont": "Helvetica-Bold", "headerFontSize": "<integer>20</integer>",
                "buttonFont": "headerFont", "linkFont": "buttonFont", "linkFontSize": "<string>11</string>",
                "captionFont": "@linkFont",
            ])
        let theme = try folder.loader.load("default")
        #expect(theme.font(forKey: "buttonFont") == ThemeFont(name: "Helvetica-Bold", size: 20))
        #expect(theme.font(forKey: "linkFont") == ThemeFont(name: "Helvetica-Bold", size: 11))
        #expect(theme.font(forKey: "captionFont") == ThemeFont(name: "Helvetica-Bold", size: 11))
        #expect(theme.sources["captionFont"]?.sizeKey == "linkFontSize")
        #expect(theme.number(forKey: "headerFontSize") == 20)
    }

    @Test("a font with no size anywhere is an error at its key")
    func missingFontSize() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["bodyFont": "Helvetica", "aliasFont": "bodyFont"])
        let analysis = folder.loader.analyze("default")
        #expect(
            analysis.diagnostics.map(\.summary) == [
                "\(folder.path)/default.plist:3:2: error: 'bodyFont' has no size: add 'bodyFontSize' [missing_font_size]",
                "\(folder.path)/default.plist:4:2: error: 'aliasFont' has no size: add 'aliasFontSize' [missing_font_size]",
            ])
    }

    @Test(
        "sizes must be numbers greater than zero",
        arguments: ["<integer>0</integer>", "<real>-1.5</real>", "12px", "<true/>"])
    func invalidSizes(_ value: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write("default.plist", plist(["gapSize": value]))
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.code) == [.invalidSize])
        #expect(analysis.diagnostics.first?.message.hasSuffix("which is not a number greater than 0") == true)
    }

    @Test("a typed alias that resolves to the wrong type is reported at the alias")
    func aliasToWrongType() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default", ["bodyFont": "Helvetica", "bodyFontSize": "<integer>12</integer>", "tintColor": "bodyFont"])
        let analysis = folder.loader.analyze("default")
        #expect(
            analysis.diagnostics.map(\.message) == [
                "'tintColor' resolves through 'bodyFont' to 'Helvetica', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)"
            ])
    }

    @Test("untyped keys keep their type; a string naming a key is an alias")
    func untypedValues() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "title": "Hello", "count": "<integer>3</integer>", "ratio": "<real>0.5</real>", "on": "<true/>",
                "copy": "title",
            ])
        let theme = try folder.loader.load("default")
        #expect(theme.string(forKey: "title") == "Hello")
        #expect(theme.number(forKey: "count") == 3)
        #expect(theme.number(forKey: "ratio") == 0.5)
        #expect(theme.bool(forKey: "on") == true)
        #expect(theme.string(forKey: "copy") == "Hello")
        #expect(theme.color(forKey: "title") == nil)
        #expect(theme.string(forKey: "missing") == nil)
    }

    @Test("every problem is reported at once")
    func reportsEverything() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            ["aColor": "nope", "bSize": "-1", "cFont": "X", "dColor": "@e", "fImage": "<integer>1</integer>"])
        let analysis = folder.loader.analyze("default")
        #expect(
            analysis.diagnostics.map(\.code) == [
                .unresolvedAlias, .invalidSize, .missingFontSize, .unresolvedAlias, .invalidImage,
            ])
        do {
            _ = try folder.loader.load("default")
            Issue.record("loading succeeded")
        } catch {
            #expect(error.diagnostics.count == 5)
        }
    }

    @Test("a missing parent, an inheritance cycle and a bad parent name are errors at INHERITED_THEME")
    func lineageErrors() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("orphan", ["INHERITED_THEME": "ghost"])
        try folder.theme("a", ["INHERITED_THEME": "b"])
        try folder.theme("b", ["INHERITED_THEME": "a"])
        try folder.theme("sneaky", ["INHERITED_THEME": "../../etc/passwd"])
        #expect(
            folder.loader.analyze("orphan").diagnostics.map(\.summary) == [
                "\(folder.path)/orphan.plist:3:28: error: INHERITED_THEME names 'ghost', but there is no ghost.plist beside this theme [missing_parent]"
            ])
        #expect(folder.loader.analyze("a").diagnostics.map(\.message) == ["inheritance cycle: a → b → a"])
        #expect(
            folder.loader.analyze("sneaky").diagnostics.map(\.message) == [
                "INHERITED_THEME must be a theme name; '../../etc/passwd' is not one"
            ])
    }

    @Test(
        "names that could leave the folder are refused before any file is read",
        arguments: ["../default", "a/b", "", ".hidden", "x y"])
    func invalidNamesAreRefused(_ name: String) throws {
        let analysis = ThemeLoader(directory: "/nonexistent").analyze(name)
        #expect(analysis.diagnostics.map(\.code) == [.invalidThemeName])
        #expect(analysis.files.isEmpty)
    }

    @Test("a theme that does not exist is theme_not_found")
    func themeNotFound() throws {
        let folder = try TemporaryDirectory()
        let analysis = folder.loader.analyze("nope")
        #expect(analysis.diagnostics.map(\.code) == [.themeNotFound])
        #expect(analysis.diagnostics.first?.location.description == folder.path + "/nope.plist")
    }

    @Test("theme_not_found suggests the nearest theme and lists the folder's themes in a note")
    func themeNotFoundSuggestsAndLists() throws {
        let folder = try TemporaryDirectory()
        for name in ["light", "default", "dark"] { try folder.theme(name, ["textColor": "000000"]) }
        try folder.write("notes.txt", "")
        let analysis = folder.loader.analyze("defualt")
        #expect(
            analysis.diagnostics.map(\.rendered) == [
                """
                \(folder.path)/defualt.plist: error: no theme named 'defualt' in \(folder.path); \
                did you mean 'default'? [theme_not_found]
                \(folder.path): note: available: dark, default, light
                """
            ])
        #expect(
            folder.loader.analyze("ocean").diagnostics.map(\.message) == ["no theme named 'ocean' in \(folder.path)"])
    }

    @Test("theme_not_found lists the first 10 themes in order, then how many more")
    func themeNotFoundCutsTheList() throws {
        let folder = try TemporaryDirectory()
        for number in (1...15).reversed() { try folder.theme("t" + (number < 10 ? "0" : "") + "\(number)", [:]) }
        let diagnostic = try #require(folder.loader.analyze("missing").diagnostics.first)
        #expect(diagnostic.message == "no theme named 'missing' in \(folder.path)")
        #expect(
            diagnostic.notes == [
                Diagnostic.Note(
                    "available: t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, and 5 more",
                    at: .wholeFile(folder.path))
            ])
    }

    @Test("theme_not_found in an empty or missing folder says there are no themes")
    func themeNotFoundWithoutThemes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("README.md", "")
        let empty = try #require(folder.loader.analyze("default").diagnostics.first)
        #expect(
            empty.rendered == """
                \(folder.path)/default.plist: error: no theme named 'default' in \(folder.path) [theme_not_found]
                \(folder.path): note: no themes in this folder
                """)
        let missing = try #require(ThemeLoader(directory: folder.path + "/gone").analyze("default").diagnostics.first)
        #expect(missing.notes.map(\.message) == ["this folder does not exist"])
        let file = try #require(ThemeLoader(directory: folder.path + "/README.md").analyze("default").diagnostics.first)
        #expect(file.notes.map(\.message) == ["this is not a folder"])
    }

    @Test("available themes are the valid .plist names, sorted")
    func availableThemes() throws {
        let folder = try TemporaryDirectory()
        for name in ["b.plist", "a.plist", "notes.txt", ".x.plist"] { try folder.write(name, "") }
        #expect(folder.loader.availableThemes() == ["a", "b"])
    }

    @Test("the shipped themes load without error")
    func shippedThemesLoad() throws {
        let themes = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes")
        let loader = ThemeLoader(directory: themes.path)
        #expect(loader.availableThemes().count >= 2)
        for name in loader.availableThemes() {
            let theme = try loader.load(name)
            #expect(theme.string(forKey: "themeName") == name)
        }
        // The mapping themes re-skin every role through the palette's late-bound aliases.
        let dark = try loader.load("dark")
        #expect(loader.availableThemes() == ["dark", "default", "highcontrast", "lowcontrast"])
        #expect(dark.color(forKey: "backgroundColor") == dark.color(forKey: "canvasColor"))
        #expect(dark.color(forKey: "buttonColor")?.hexString == "#0A84FF")
        #expect(dark.color(forKey: "headerTextColor")?.hexString == "#F2F2F7")
        #expect(try loader.load("highcontrast").color(forKey: "textColor")?.hexString == "#000000")
    }
}

import Foundation
import TestSupport
import Testing

/// The two SwiftPM plugins cannot share a target, so each holds a copy of the code that
/// finds a package's folders of themes, `ThemeFolders.swift`. The copies must stay the same
/// text: copies that differ (one skipping `node_modules`, `Pods`, …, the other not) make the
/// two plugins find different folders. This target compiles the lint plugin's copy through a
/// symbolic link (`Tests/PackageTests/ThemeFolders.swift`), so the tests below run the code
/// the plugins run.
@Suite("The plugins' ThemeFolders")
struct PluginTests {
    static let copies = [
        "Plugins/ThemeLintPlugin/ThemeFolders.swift", "Plugins/ThemeKeysPlugin/ThemeFolders.swift",
    ]

    @Test("both plugins hold the same ThemeFolders, byte for byte, and the tests compile the lint plugin's")
    func copiesAreIdentical() throws {
        let texts = try Self.copies.map {
            try String(contentsOf: CLI.packageRoot.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(texts[0].contains("enum ThemeFolders"))
        #expect(texts[0] == texts[1], "the plugins' ThemeFolders differ: change both together")
        let link = CLI.packageRoot.appendingPathComponent("Tests/PackageTests/ThemeFolders.swift").path
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link)
                == "../../Plugins/ThemeLintPlugin/ThemeFolders.swift")
    }

    /// A package with a folder of each kind, and folders that are none or are skipped.
    static func package() throws -> Scratch {
        let scratch = try Scratch()
        let design =
            ##"{ "version": "2025.10", "sets": { "base": { "sources": [{ "$ref": "tokens/base.tokens.json" }, { "$ref": "../Shared/brand.tokens.json#/color" }] } }, "resolutionOrder": [{ "$ref": "#/sets/base" }] }"##
        try scratch.write("Sources/App/Themes/default.plist", "<plist/>")
        try scratch.write("Sources/Designed/Design/app.resolver.json", design)
        try scratch.write(
            "Sources/Designed/Design/tokens/base.tokens.json", #"{ "$extends": { "$ref": "more.tokens" } }"#)
        try scratch.write("Sources/Designed/Design/tokens/more.tokens", "{}")
        try scratch.write("Sources/Designed/Design/tokens/unnamed.tokens.json", "{}")
        try scratch.write("Sources/Designed/Shared/brand.tokens.json", "{}")
        try scratch.write("Sources/Tokens/Themes/brand.tokens.json", "{}")
        // A folder named Themes with neither plists nor DTCG files; a resolver in a skipped
        // folder and in a hidden one.
        try scratch.write("Sources/Other/Themes/README.md", "")
        try scratch.write("node_modules/kit/Themes/kit.resolver.json", "{}")
        try scratch.write(".build/checkouts/dep/design.resolver.json", "{}")
        return scratch
    }

    @Test(
        "find: Themes folders of plists or DTCG files, and any folder holding a resolver document; none hidden or skipped"
    )
    func findsPlistAndDTCGFolders() throws {
        let scratch = try Self.package()
        let found = ThemeFolders.find(under: scratch.url).map { ThemeFolders.relative($0, to: scratch.url) }
        #expect(found == ["Sources/App/Themes", "Sources/Designed/Design", "Sources/Tokens/Themes"])
    }

    @Test("themeFiles: a folder's plists and DTCG files, and every file its resolver names by $ref, in turn")
    func themeFilesFollowTheResolversReferences() throws {
        let scratch = try Self.package()
        let design = scratch.url.appendingPathComponent("Sources/Designed/Design")
        let files = ThemeFolders.themeFiles(in: design).map { ThemeFolders.relative($0, to: scratch.url) }
        // Not tokens/unnamed.tokens.json, which no file names; the Shared file outside the
        // folder, without its pointer; more.tokens through base's $extends.
        #expect(
            files == [
                "Sources/Designed/Design/app.resolver.json", "Sources/Designed/Design/tokens/base.tokens.json",
                "Sources/Designed/Design/tokens/more.tokens", "Sources/Designed/Shared/brand.tokens.json",
            ])
        let plists = ThemeFolders.themeFiles(in: scratch.url.appendingPathComponent("Sources/App/Themes"))
        #expect(plists.map(\.lastPathComponent) == ["default.plist"])
    }

    @Test("fileReferences: the file part of each $ref, none for a pointer within the document, nested arrays too")
    func fileReferencesOfADocument() throws {
        let json = try JSONSerialization.jsonObject(
            with: Data(
                ##"{ "a": [{ "$ref": "x.tokens.json#/b" }, [{ "$ref": "#/c" }]], "d": { "$ref": "../y.tokens" } }"##
                    .utf8))
        #expect(ThemeFolders.fileReferences(in: json).sorted() == ["../y.tokens", "x.tokens.json"])
    }
}

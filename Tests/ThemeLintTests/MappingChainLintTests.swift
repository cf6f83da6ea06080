import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// Mapping themes (SPEC §3): a root whose aliases read `primaryColor`, and themes below it
/// that set `primaryColor` (a key inherited values read) or set an inherited key with a value
/// of another kind. What the linter reports on them, each problem once and at its place,
/// must be what resolving every theme whole says.
@Suite("themelint on chains and children of mapping themes")
struct MappingChainLintTests {
    /// A folder of themes, each written from its entries.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapping-\(UUID().uuidString)")
        var path: String { url.path }

        init(_ themes: [String: [(String, String)]]) throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, entries) in themes {
                let body = entries.map { "\t<key>\($0.0)</key>\($0.1)\n" }.joined()
                try ("<plist version=\"1.0\">\n<dict>\n" + body + "</dict>\n</plist>\n")
                    .write(to: url.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// The root: `primaryColor` and the keys that read it, a font sized through an alias,
    /// and an untyped `brand` that a color reads.
    static let root: [(String, String)] = [
        ("primaryColor", "<string>#336699</string>"),
        ("buttonColor", "<string>primaryColor</string>"),
        ("linkColor", "<string>@primaryColor</string>"),
        ("borderColor", "<string>buttonColor</string>"),
        ("titleFont", "<string>Helvetica</string>"),
        ("titleFontSize", "<string>@baseSize</string>"),
        ("baseSize", "<integer>17</integer>"),
        ("brand", "<string>#112233</string>"),
        ("accentColor", "<string>brand</string>"),
        ("revision", "<string>first</string>"),
    ]

    /// `default` and a chain `t0` … `t<count-1>` below it, each setting `primaryColor` and
    /// `revision` (with another kind than its parent's) and adding a key; `more` is merged in
    /// (a theme's entries replaced, or themes added).
    static func chain(_ count: Int, _ more: [String: [(String, String)]] = [:]) -> [String: [(String, String)]] {
        var themes = ["default": root]
        for index in 0..<count {
            let revision = index % 2 == 0 ? "<integer>\(index)</integer>" : "<true/>"
            themes["t\(index)"] = [
                ("INHERITED_THEME", "<string>\(index == 0 ? "default" : "t\(index - 1)")</string>"),
                ("primaryColor", "<string>#0000\(index % 10)\(index % 10)</string>"),
                ("revision", revision),
                ("k\(index)Color", "<string>linkColor</string>"),
            ]
        }
        return themes.merging(more) { $1 }
    }

    /// Each diagnostic as a line, with its notes below it.
    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.flatMap { diagnostic in
            [diagnostic.summary] + diagnostic.notes.map { "  note: \($0.location): \($0.message)" }
        }
    }

    /// What resolving each theme of `folder` whole, on its own, says: every problem once,
    /// as a (location, code, message) line.
    static func wholeThemeProblems(in folder: String) -> Set<String> {
        let loader = ThemeLoader(directory: folder)
        var found = Set<String>()
        for name in loader.availableThemes() {
            for diagnostic in loader.analyze(name).diagnostics {
                found.insert("\(diagnostic.location): \(diagnostic.code): \(diagnostic.message)")
            }
        }
        return found
    }

    /// Lints `folder` and checks that the loader's problems it reports are those of every
    /// theme resolved whole, each once.
    static func lint(_ folder: Folder, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        let loadCodes = Set(DiagnosticCode.loadCodes)
        let loaded = report.diagnostics.filter { loadCodes.contains($0.code) }
        let said = loaded.map { "\($0.location): \($0.code): \($0.message)" }
        #expect(Set(said).count == said.count, "each problem once", sourceLocation: sourceLocation)
        // The linter names files relative to the folder, the loader by their paths.
        let whole = Set(
            wholeThemeProblems(in: folder.path).map { $0.replacingOccurrences(of: folder.path + "/", with: "") })
        #expect(Set(said) == whole, sourceLocation: sourceLocation)
        return lines(report.diagnostics)
    }

    @Test("a chain that sets primaryColor and retypes revision at every link reports only its new keys")
    func cleanMappingChain() throws {
        let folder = try Folder(Self.chain(4))
        #expect(
            try Self.lint(folder) == [
                "t0.plist:6:2: warning: 'k0Color' overrides nothing: no ancestor of this theme ('default' and up) has it [unknown_override]",
                "t1.plist:6:2: warning: 'k1Color' overrides nothing: no ancestor of this theme ('t0' and up) has it; did you mean 'k0Color'? [unknown_override]",
                "t2.plist:6:2: warning: 'k2Color' overrides nothing: no ancestor of this theme ('t1' and up) has it; did you mean 'k0Color'? [unknown_override]",
                "t3.plist:6:2: warning: 'k3Color' overrides nothing: no ancestor of this theme ('t2' and up) has it; did you mean 'k0Color'? [unknown_override]",
            ])
    }

    @Test("an override that breaks inherited aliases is reported once, at the override, with the aliases as notes")
    func overrideBreaksInheritedAliases() throws {
        // t1 sets brand (read by the root's accentColor) to a number, and primaryColor to
        // a name that is no key; t2 inherits both and reports nothing again; t3 sets
        // primaryColor right again.
        var t1 = Self.chain(4)["t1"] ?? []
        t1[1] = ("primaryColor", "<string>navy</string>")
        t1.append(("brand", "<integer>7</integer>"))
        let folder = try Folder(Self.chain(4, ["t1": t1]))
        #expect(
            try Self.lint(folder) == [
                "t0.plist:6:2: warning: 'k0Color' overrides nothing: no ancestor of this theme ('default' and up) has it [unknown_override]",
                "t1.plist:4:25: error: 'primaryColor' is 'navy', which is neither a color nor a key [unresolved_alias]",
                "  note: t0.plist:6:20: 'k0Color' is an alias that reaches this value",
                "  note: default.plist:4:24: 'buttonColor' is an alias that reaches this value",
                "  note: default.plist:5:22: 'linkColor' is an alias that reaches this value",
                "  note: default.plist:6:24: 'borderColor' is an alias that reaches this value",
                "t1.plist:6:2: warning: 'k1Color' overrides nothing: no ancestor of this theme ('t0' and up) has it; did you mean 'k0Color'? [unknown_override]",
                "t1.plist:6:20: error: 'k1Color' resolves through 'primaryColor' to 'navy', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]",
                "t1.plist:7:18: error: 'accentColor' resolves through 'brand' to the integer 7, which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]",
                "  note: default.plist:11:24: 'accentColor' is an alias that reaches this value",
                "t2.plist:6:2: warning: 'k2Color' overrides nothing: no ancestor of this theme ('t1' and up) has it; did you mean 'k0Color'? [unknown_override]",
                "t3.plist:6:2: warning: 'k3Color' overrides nothing: no ancestor of this theme ('t2' and up) has it; did you mean 'k0Color'? [unknown_override]",
            ])
    }

    @Test("an override that closes an alias cycle is reported at the override, with the parent's members as notes")
    func overrideClosesACycle() throws {
        var t2 = Self.chain(3)["t2"] ?? []
        t2[1] = ("primaryColor", "<string>borderColor</string>")
        let folder = try Folder(Self.chain(3, ["t2": t2]))
        #expect(
            try Self.lint(folder) == [
                "t0.plist:6:2: warning: 'k0Color' overrides nothing: no ancestor of this theme ('default' and up) has it [unknown_override]",
                "t1.plist:6:2: warning: 'k1Color' overrides nothing: no ancestor of this theme ('t0' and up) has it; did you mean 'k0Color'? [unknown_override]",
                "t2.plist:4:25: error: alias cycle: primaryColor → borderColor → buttonColor → primaryColor [alias_cycle]",
                "  note: default.plist:6:24: 'borderColor' is part of this cycle",
                "  note: default.plist:4:24: 'buttonColor' is part of this cycle",
                "t2.plist:6:2: warning: 'k2Color' overrides nothing: no ancestor of this theme ('t1' and up) has it; did you mean 'k0Color'? [unknown_override]",
            ])
    }

    @Test("children of one parent that size its font wrongly, or set primaryColor, each report their own")
    func childrenOfOneMappingParent() throws {
        var themes = ["default": Self.root]
        for index in 0..<4 {
            themes["c\(index)"] = [
                ("INHERITED_THEME", "<string>default</string>"), ("primaryColor", "<string>#00000\(index)</string>"),
            ]
        }
        themes["c1"]?.append(("baseSize", "<integer>0</integer>"))
        themes["c2"]?.append(("titleFontSize", "<string>big</string>"))
        themes["c3"]?.append(("revision", "<real>2.5</real>"))
        let folder = try Folder(themes)
        #expect(
            try Self.lint(folder) == [
                "c1.plist:5:21: error: 'baseSize' is the integer 0, which is not a number greater than 0 [invalid_size]",
                "  note: default.plist:8:26: 'titleFontSize' is an alias that reaches this value",
                "c2.plist:5:26: error: 'titleFontSize' is 'big', which is neither a number greater than 0 nor a key [unresolved_alias]",
            ])
    }
}

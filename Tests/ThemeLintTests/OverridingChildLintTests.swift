import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// A child that sets inherited keys again, which no inherited value reads, is linted from
/// its own keys (its merged theme is not resolved again): what it reports must be what the
/// whole merged theme says.
@Suite("themelint on children that set inherited keys again")
struct OverridingChildLintTests {
    @Test("setting an inherited key again is no case collision; a spelling the lineage also has is one")
    func caseCollisionOfAnOverride() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("override-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ entries: [(String, String)]) throws {
            let body = entries.map { "\t<key>\($0.0)</key><string>\($0.1)</string>\n" }.joined()
            try ("<plist version=\"1.0\">\n<dict>\n" + body + "</dict>\n</plist>\n")
                .write(to: folder.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
        }
        try write("default", [("descriptiveName", "Default"), ("Zeta", "a"), ("primaryColor", "#ffffff")])
        // Sets two inherited keys again (nothing to report) and adds one (an unknown override).
        try write(
            "dark",
            [
                ("INHERITED_THEME", "default"), ("descriptiveName", "Dark"), ("primaryColor", "#000000"),
                ("darkTitle", "d"),
            ])
        // Adds a spelling of Zeta, then a child sets Zeta again: the grandchild's Zeta
        // differs from its parent's zeta only in letter case.
        try write("odd", [("INHERITED_THEME", "default"), ("zeta", "b")])
        try write("odder", [("INHERITED_THEME", "odd"), ("Zeta", "c")])
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        #expect(
            report.diagnostics.map(\.summary) == [
                "dark.plist:6:2: warning: 'darkTitle' overrides nothing: no ancestor of this theme ('default' and up) has it [unknown_override]",
                "odd.plist:4:2: warning: 'zeta' differs from 'Zeta' only in letter case [case_collision]",
                "odd.plist:4:2: warning: 'zeta' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'Zeta'? [unknown_override]",
                "odder.plist:4:2: warning: 'Zeta' differs from 'zeta' only in letter case [case_collision]",
            ])
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        #expect(loader.analyze("dark", in: session).addsKeysOnly)
        #expect(loader.analyze("odder", in: session).addsKeysOnly)
    }
}

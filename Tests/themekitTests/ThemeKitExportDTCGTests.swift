import Foundation
import TestSupport
import Testing

/// `themekit export --format dtcg|dtcg-resolver`, end to end (issue 38).
@Suite("themekit export --format dtcg, end to end", .serialized)
struct ThemeKitExportDTCGTests {
    @Test("export dark --format dtcg: the shipped theme, whole, as a tokens file")
    func exportsShippedThemeAsTokens() throws {
        let result = try CLI.run(["export", "dark", "--themes", "Themes", "--format", "dtcg"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "export-dark.tokens.json")
    }

    @Test("-o writes the export to a file, the same bytes as standard output, and nothing on standard output")
    func outputFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-dtcg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let themes = CLI.packageRoot.appendingPathComponent("Themes").path
        for format in ["dtcg", "dtcg-resolver", "css", "json"] {
            let file = folder.appendingPathComponent("out.\(format)").path
            let written = try CLI.run(
                ["export", "default", "--themes", themes, "--format", format, "-o", file], tool: "themekit", in: folder)
            #expect(written.status == 0)
            #expect(written.stdout == "")
            let printed = try CLI.run(
                ["export", "default", "--themes", themes, "--format", format], tool: "themekit", in: folder)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
        }
        let resolver = try String(contentsOf: folder.appendingPathComponent("out.dtcg-resolver"), encoding: .utf8)
        #expect(resolver.contains(#""version": "2025.10""#))
        let missing = try CLI.run(
            ["export", "default", "--themes", themes, "--format", "dtcg", "-o", "no/such/folder/t.tokens.json"],
            tool: "themekit", in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("themekit: error: cannot write the export to no/such/folder/t.tokens.json: "))
    }

    @Test("NaN and a key DTCG cannot name: exit 1 naming each, and the -o file left as it was")
    func unwritableThemeLeavesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-dtcg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "<plist version=\"1.0\"><dict><key>ratio</key><real>nan</real>\n<key>a..b</key><integer>1</integer></dict></plist>\n"
            .write(to: folder.appendingPathComponent("t.plist"), atomically: true, encoding: .utf8)
        try "before\n".write(to: folder.appendingPathComponent("t.tokens.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["export", "t", "--themes", ".", "--format", "dtcg", "-o", "t.tokens.json"], tool: "themekit", in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                themekit: error: t.plist:2: key 'a..b' has an empty segment in its name, which DTCG cannot express: change the value or the key
                themekit: error: t.plist:1: key 'ratio' has NaN, which DTCG cannot express: change the value or the key

                """)
        #expect(try String(contentsOf: folder.appendingPathComponent("t.tokens.json"), encoding: .utf8) == "before\n")
    }
}

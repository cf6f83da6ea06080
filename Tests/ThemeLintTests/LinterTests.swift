import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

@Suite("ThemeLint library")
struct LinterTests {
    @Test("the text reporter prints one line per diagnostic and a pluralised summary")
    func textReporterFormat() {
        let report = LintReport(
            diagnostics: [
                Diagnostic(.duplicateKey, "b", at: .init(file: "b.plist", line: 2, column: 1)),
                Diagnostic(.parseError, "a", at: .init(file: "a.plist", line: 9, column: 3)),
                Diagnostic(.notFlat, severity: .warning, "w", at: .init(file: "a.plist", line: 1, column: 1)),
            ], fileCount: 1)
        #expect(
            TextReporter.report(report) == """
                a.plist:1:1: warning: w [not_flat]
                a.plist:9:3: error: a [parse_error]
                b.plist:2:1: error: b [duplicate_key]
                2 errors, 1 warning in 1 file

                """)
        #expect(report.errorCount == 2)
        #expect(report.warningCount == 1)
        #expect(!report.hasIOErrors)
    }

    @Test("orphan_font_size and case_collision read keys as bytes, with the keys Swift calls equal as one")
    func keyRulesOnBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = [
            // `FontSize` alone sizes no `…Font` key and is no orphan; `caf\u{E9}Font` and a
            // decomposed `cafe\u{301}FontSize` are one font and its size.
            "<key>FontSize</key><integer>3</integer>", "<key>caf\u{E9}Font</key><string>Futura</string>",
            "<key>cafe\u{301}FontSize</key><integer>4</integer>", "<key>lostFontSize</key><integer>5</integer>",
            "<key>lostFontSize</key><integer>6</integer>", "<key>primaryColor</key><string>fff</string>",
            "<key>PRIMARYColor</key><string>000</string>",
        ]
        try Data(("<plist version=\"1.0\"><dict>\n" + entries.joined(separator: "\n") + "\n</dict></plist>\n").utf8)
            .write(to: folder.appendingPathComponent("default.plist"))
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        let found = report.diagnostics.filter { [.orphanFontSize, .caseCollision].contains($0.code) }
        #expect(
            found.map { "\($0.location.line) \($0.code.rawValue): \($0.message)" } == [
                "5 orphan_font_size: 'lostFontSize' sizes no font: there is no 'lostFont'",
                "8 case_collision: 'PRIMARYColor' differs from 'primaryColor' only in letter case",
            ])
    }

    @Test("paths are shown relative to the current directory when inside it")
    func displayPaths() {
        let discovery = ThemeDiscovery(currentDirectory: "/work/app")
        #expect(discovery.display("/work/app/Themes/a.plist") == "Themes/a.plist")
        #expect(discovery.display("./Themes/a.plist") == "Themes/a.plist")
        #expect(discovery.display("/elsewhere/a.plist") == "/elsewhere/a.plist")
        #expect(discovery.display("/work/application/a.plist") == "/work/application/a.plist")
        // The rule themekit shows paths by (DisplayPath): doubled slashes and `/./` go.
        #expect(discovery.display("/work/app/Themes//./a.plist") == "Themes/a.plist")
    }

    @Test("folders are searched recursively, files are sorted and listed once")
    func discoversThemes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["b.plist", "default.plist", "sub/c.plist", "sub/default.plist", "notes.txt"] {
            try Data("<plist><dict/></plist>".utf8).write(to: root.appendingPathComponent(name))
        }
        let discovery = ThemeDiscovery(currentDirectory: root.path)
        let files = try discovery.themeFiles(under: [root.path, root.appendingPathComponent("b.plist").path])
        #expect(files.files.map(\.display) == ["b.plist", "default.plist", "sub/c.plist", "sub/default.plist"])
        #expect(files.folders.map(\.displayPath) == [".", "sub"])
        let report = try ThemeLinter(currentDirectory: root.path).lint(paths: [root.path])
        #expect(report.fileCount == 4)
        #expect(report.diagnostics == [])
    }
}

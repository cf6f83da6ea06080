import Foundation
import TestSupport
import Testing

@Suite("themekit import, end to end", .serialized)
struct ThemeKitImportTests {
    /// A small nested plist with one lossy value, written into a scratch folder.
    static let source = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>Lists</key>
        \t<dict>
        \t\t<key>listTextColor</key>
        \t\t<string>#0a0</string>
        \t\t<key>iconColor</key>
        \t\t<string>gear</string>
        \t</dict>
        \t<key>titleFont</key>
        \t<string>Avenir</string>
        \t<key>titleFontSize</key>
        \t<string>18</string>
        </dict>
        </plist>

        """

    func run(_ arguments: [String], in scratch: Scratch) throws -> CLI.Result {
        try CLI.run(["import"] + arguments, tool: "themekit", in: scratch.url)
    }

    @Test("import writes one flat theme per source, notes the lossy steps, and a JSON report")
    func importsAPlist() throws {
        let scratch = try Scratch()
        try scratch.write("App Look.plist", Self.source)
        let result = try run(["App Look.plist", "-o", "Themes", "--report", "report.json"], in: scratch)
        #expect(result.status == 0)
        try CLI.golden.expect(result.stdout, "import/plist.stdout")
        try CLI.golden.expect(result.stderr, "import/plist.stderr")
        try CLI.golden.expect(
            try String(contentsOf: scratch.url.appendingPathComponent("Themes/app-look.plist"), encoding: .utf8),
            "import/app-look.plist")
        try CLI.golden.expect(
            try String(contentsOf: scratch.url.appendingPathComponent("report.json"), encoding: .utf8),
            "import/plist-report.json")
        let lint = try CLI.run(["Themes/app-look.plist"], tool: "themelint", in: scratch.url)
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test("a problem of the source is said once each, at the source, exit 1, nothing written")
    func sourceProblemsAreTheSources() throws {
        let scratch = try Scratch()
        // A Motif theme whose constants and classes name each other in a circle.
        try scratch.write(
            "Controls.yaml",
            "$A: $B\n$B: $A\n.Button:\n  _superclass: .Warning\n  tintColor: $A\n.Warning:\n  _superclass: .Button\n")
        let result = try run(["Controls.yaml", "-o", "Themes"], in: scratch)
        #expect(result.status == 1)
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                "Controls.yaml:1:5: error: '$A' (written as 'A'): alias cycle: A → B → A [alias_cycle]",
                "Controls.yaml:4:16: error: '.Button._superclass' (written as 'Button.INHERITED_STYLE'): 'Button.INHERITED_STYLE' makes a cycle of styles: Button → Warning → Button (a lookup stops at the first repeat) [style_cycle]",
            ])
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Themes").path))
    }

    @Test("importing twice into two folders gives byte-identical files")
    func importIsDeterministic() throws {
        let scratch = try Scratch()
        try scratch.write("App Look.plist", Self.source)
        #expect(try run(["App Look.plist", "-o", "one"], in: scratch).status == 0)
        #expect(try run(["App Look.plist", "-o", "two"], in: scratch).status == 0)
        let one = try Data(contentsOf: scratch.url.appendingPathComponent("one/app-look.plist"))
        let two = try Data(contentsOf: scratch.url.appendingPathComponent("two/app-look.plist"))
        #expect(one == two)
    }

    @Test("an existing file is replaced only with --force, and nothing else is written without it")
    func existingFileNeedsForce() throws {
        let scratch = try Scratch()
        try scratch.write("App Look.plist", Self.source)
        try scratch.write("Other.plist", "<plist><dict><key>aColor</key><string>fff</string></dict></plist>")
        try scratch.write("Themes/app-look.plist", "mine")
        let refused = try run(["Other.plist", "App Look.plist", "-o", "Themes"], in: scratch)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("themekit: error: not overwriting Themes/app-look.plist: --force"))
        #expect(
            try String(contentsOf: scratch.url.appendingPathComponent("Themes/app-look.plist"), encoding: .utf8)
                == "mine")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("Themes").path) == [
                "app-look.plist"
            ])
        let forced = try run(["Other.plist", "App Look.plist", "-o", "Themes", "--force"], in: scratch)
        #expect(forced.status == 0)
        #expect(
            try String(contentsOf: scratch.url.appendingPathComponent("Themes/app-look.plist"), encoding: .utf8)
                != "mine")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("Themes").path)
                .sorted() == ["app-look.plist", "other.plist"])
    }

    @Test(
        "an input that cannot be imported exits 1 at its location and writes nothing",
        arguments: [
            ("<plist><array/></plist>", "bad.plist:1:8: error: the root is <array>, not a <dict>"),
            ("<plist>\n<dict><key>a</key>\n<string>x</dict></plist>", "bad.plist:3:"),
        ])
    func refusesBrokenInput(text: String, message: String) throws {
        let scratch = try Scratch()
        try scratch.write("App Look.plist", Self.source)
        try scratch.write("bad.plist", text)
        let result = try run(["App Look.plist", "bad.plist", "-o", "Themes"], in: scratch)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Themes").path))
        let existing = try run(["App Look.plist", "-o", "kept"], in: scratch)
        #expect(existing.status == 0)
        #expect(try run(["bad.plist", "-o", "kept", "--force"], in: scratch).status == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("kept").path) == [
                "app-look.plist"
            ])
    }

    @Test("usage errors exit 2: an unknown format, no output folder, an unreadable input")
    func usageErrors() throws {
        let scratch = try Scratch()
        try scratch.write("App Look.plist", Self.source)
        let unknown = try run(["--from", "css", "App Look.plist", "-o", "out"], in: scratch)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown format 'css'"))
        #expect(try run(["App Look.plist"], in: scratch).status == 2)
        let missing = try run(["nothing.plist", "-o", "out"], in: scratch)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("themekit: error: cannot read nothing.plist"))
    }

    @Test(
        "each format's fixture imports, recognised by its shape, into themes themelint passes",
        arguments: [
            "db5/DB5.plist", "swifttheme/Night.plist", "awful/Themes.plist", "brstyle/Styles.json", "motif/Colors.yaml",
            "plist/Settings Screen.plist",
        ])
    func importsEachFormat(fixture: String) throws {
        let scratch = try Scratch()
        let source = CLI.packageRoot.appendingPathComponent("Tests/ThemeToolsTests/Fixtures/Import/" + fixture)
        let result = try CLI.run(["import", source.path, "-o", "out"], tool: "themekit", in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(": note: ") }, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(
            atPath: scratch.url.appendingPathComponent("out").path)
        #expect(written.count == result.stdout.split(separator: "\n").count)
        // A folder with no default theme is said to have none (themelint's missing_default).
        #expect(result.stderr.contains("out has no default.plist") == !written.contains("default.plist"))
        let lint = try CLI.run(written.map { "out/" + $0 }, tool: "themelint", in: scratch.url)
        #expect(lint.status == 0, "\(lint.stdout)")
    }
}

import Foundation
import TestSupport
import Testing

extension CLI {
    /// Runs themelint in `directory` with `input` on its standard input.
    static func run(_ arguments: [String], in directory: URL, input: String) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        environment["GITHUB_STEP_SUMMARY"] = nil
        return try run(executable: binary(), arguments, in: directory, environment: environment, input: input)
    }
}

@Suite("themelint in an existing app: baselines", .serialized)
struct BaselineTests {
    static let problems = [
        "<key>primaryColor</key><string>35a2fb</string>",
        "<key>primaryColor</key><string>ff0000</string>",
        "<key>linkColor</key><string>@primaryColr</string>",
    ]

    @Test("--write-baseline records every problem, sorted and stable, and reports and exits as usual")
    func writeBaselineRecordsAndReports() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme(Self.problems), "Themes/bad name.plist": theme([]),
        ])
        let plain = try CLI.run(["Themes"], in: app.root)
        let written = try CLI.run(["--write-baseline", "themelint-baseline.json", "Themes"], in: app.root)
        #expect(written.status == 1)
        #expect(written.stdout == plain.stdout)
        let baseline = try app.read("themelint-baseline.json")
        try CLI.golden.expect(baseline, "adoption-baseline.json")
        // Stable: the same problems give the same bytes.
        _ = try CLI.run(["--write-baseline", "themelint-baseline.json", "Themes"], in: app.root)
        #expect(try app.read("themelint-baseline.json") == baseline)
    }

    @Test("--baseline reports only new problems; moved lines stay matched; counts matter; fixed ones are gone")
    func baselineReportsNewProblemsOnly() throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme(Self.problems)])
        _ = try CLI.run(["--write-baseline", "base.json", "Themes"], in: app.root)
        let same = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(same.status == 0)
        #expect(same.stdout == "0 errors, 0 warnings in 1 file (2 problems in the baseline)\n")
        let json = try CLI.run(["--baseline", "base.json", "--format", "json", "Themes"], in: app.root)
        #expect(json.stdout.contains("\"baselined\" : 2,"))

        // Lines move: two entries above, the problems further down.
        try app.write(
            theme(["<key>aColor</key><string>fff</string>", "<key>bColor</key><string>000</string>"] + Self.problems),
            to: "Themes/default.plist")
        let moved = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(moved.status == 0)
        #expect(moved.stdout == "0 errors, 0 warnings in 1 file (2 problems in the baseline)\n")

        // A third primaryColor: the baseline absorbs one duplicate_key, not two.
        try app.write(
            theme(Self.problems + ["<key>primaryColor</key><string>000</string>"]), to: "Themes/default.plist")
        let more = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(more.status == 1)
        #expect(
            more.stdout == """
                Themes/default.plist:6:2: error: duplicate key 'primaryColor': it is first defined on line 3 [duplicate_key]
                1 error, 0 warnings in 1 file (2 problems in the baseline)

                """)

        // Both problems fixed: nothing reported, and the stale baseline is no error.
        try app.write(theme(["<key>primaryColor</key><string>35a2fb</string>"]), to: "Themes/default.plist")
        let fixed = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(fixed.status == 0)
        #expect(fixed.stdout == "0 errors, 0 warnings in 1 file\n")
    }

    @Test("files in the baseline are relative to its folder: it matches from a subfolder too")
    func baselineMatchesFromASubfolder() throws {
        let app = try TemporaryRepository(["App/Themes/default.plist": theme(Self.problems)])
        _ = try CLI.run(["--write-baseline", "base.json", "App/Themes"], in: app.root)
        #expect(try app.read("base.json").contains("\"file\" : \"App/Themes/default.plist\""))
        let inside = try CLI.run(["--baseline", "../../base.json", "."], in: app.url("App/Themes"))
        #expect(inside.status == 0)
        #expect(inside.stdout == "0 errors, 0 warnings in 1 file (2 problems in the baseline)\n")
        // Written from the subfolder, it names the same files.
        _ = try CLI.run(["--write-baseline", "../base2.json", "Themes"], in: app.url("App"))
        #expect(try app.read("base2.json") == app.read("base.json"))
    }

    @Test("a problem of the baseline's own folder is recorded under '.', not an absolute path")
    func folderProblemIsRelative() throws {
        let app = try TemporaryRepository(["Themes/dark.plist": theme([])])
        _ = try CLI.run(["--write-baseline", "base.json", "."], in: app.url("Themes"))
        #expect(try app.read("Themes/base.json").contains("\"file\" : \".\","))
        _ = try CLI.run(["--write-baseline", "base.json", "Themes"], in: app.root)
        #expect(try app.read("base.json").contains("\"file\" : \"Themes\","))
        let inside = try CLI.run(["--baseline", "../base.json", "."], in: app.url("Themes"))
        #expect(inside.stdout == "0 errors, 0 warnings in 1 file (1 problem in the baseline)\n")
    }

    @Test("a problem with no key is matched by rule, file and message, its line numbers left out")
    func keylessProblemsMatchByMessage() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme([]),
            "Themes/broken.plist": "<plist><dict>\n\t<key>a</key><string>x</dict></plist>",
        ])
        _ = try CLI.run(["--write-baseline", "base.json", "Themes"], in: app.root)
        #expect(try app.read("base.json").contains("\"message\" : \"malformed XML: opening and ending tag mismatch"))
        // The same mistake two lines further down: its message names another line.
        try app.write("<plist><dict>\n\n\n\t<key>a</key><string>x</dict></plist>", to: "Themes/broken.plist")
        let moved = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(moved.stdout == "0 errors, 0 warnings in 2 files (1 problem in the baseline)\n")
        #expect(moved.status == 0)
    }

    @Test("an unreadable or invalid baseline is exit 2 with a clear message")
    func badBaselineIsExit2() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme([]), "broken.json": "{", "wrong.json": #"{"problems": [{"rule": "x"}]}"#,
            "other.json": #"{"problems": [], "tool": "swiftlint", "version": 1}"#,
        ])
        let cases: [(String, String)] = [
            ("missing.json", "cannot read the baseline missing.json: no such file"),
            (
                "broken.json",
                "broken.json:1:2: the baseline is not valid JSON: expected a key in double quotes, found the end of the file"
            ),
            ("wrong.json", "wrong.json:1:1: .tool: is required"),
            (
                "other.json",
                "other.json:1:26: .: not a themelint baseline: expected \"tool\" : \"themelint\" and \"version\" : 1"
            ),
            ("Themes", "cannot read the baseline Themes: it is a directory, not a file"),
        ]
        for (file, message) in cases {
            let result = try CLI.run(["--baseline", file, "Themes"], in: app.root)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "themelint: error: \(message)\n")
        }
    }

    /// A baseline of one problem of `default.plist`, `extra` added to its first problem's
    /// fields or to the document.
    static func tampered(problems: String = Self.oneProblem, document extra: String = "") -> String {
        #"{"problems": ["# + problems + #"], "tool": "themelint", "version": 1"# + extra + "}"
    }
    static let oneProblem =
        #"{"count": 1, "file": "Themes/default.plist", "key": "primaryColor", "rule": "duplicate_key"}"#

    @Test(
        "a tampered baseline (counts that overflow, a key written twice, an unknown key or rule) is exit 2 with where")
    func tamperedBaselineIsExit2() throws {
        let entry = { (count: String) in
            #"{"count": \#(count), "file": "Themes/default.plist", "key": "primaryColor", "rule": "duplicate_key"}"#
        }
        // 1,024 of the largest count add up past Int.max: the sum is checked, not trapped on.
        let many = Array(repeating: entry("9007199254740992"), count: 1_024).joined(separator: ", ")
        let cases: [(String, String)] = [
            (
                Self.tampered(problems: entry("9223372036854775807") + ", " + entry("1")),
                "base.json:1:25: .problems[0].count: must be a whole number from 1 to 9007199254740992"
            ),
            (
                Self.tampered(problems: many),
                "base.json:1:111532: .problems[1023].count: with the counts of the same problem before it, it adds up past 9223372036854775807"
            ),
            (
                // jq and Python read the last list (empty), a lenient reader the first.
                Self.tampered(document: #", "problems": []"#),
                "base.json:1:145: the baseline is not valid JSON: the key 'problems' is written twice in one object"
            ),
            (
                Self.tampered(problems: entry("1").replacingOccurrences(of: #""key""#, with: #""kye""#)),
                "base.json:1:60: .problems[0].kye: unknown key 'kye'; did you mean 'key'?; the keys here are 'count', 'file', 'key', 'message', 'rule'"
            ),
            (
                Self.tampered(problems: entry("1").replacingOccurrences(of: "duplicate_key", with: "duplicate_kye")),
                "base.json:1:91: .problems[0].rule: unknown rule 'duplicate_kye'; did you mean 'duplicate_key'?; themelint --list-rules lists the rules"
            ),
            (
                Self.tampered(document: #", "comment": "x""#),
                "base.json:1:145: .comment: unknown key 'comment'; the keys here are 'problems', 'tool', 'version'"
            ),
        ]
        for (text, message) in cases {
            let app = try TemporaryRepository([
                "Themes/default.plist": theme(Self.problems), "base.json": text,
            ])
            let result = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "themelint: error: \(message)\n")
        }
    }

    @Test("--baseline on a FIFO or a device says it is not a regular file, and never waits on it")
    func baselineThatIsNoFileIsNamed() throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme([])])
        #expect(mkfifo(app.url("fifo").path, 0o600) == 0)
        for path in [app.url("fifo").path, "/dev/null"] {
            let result = try CLI.run(["--baseline", path, "Themes"], in: app.root)
            #expect(result.status == 2)
            #expect(result.stderr == "themelint: error: cannot read the baseline \(path): it is not a regular file\n")
        }
    }

    @Test("a baseline in another folder names the themes with '..', so it still matches after the checkout moves")
    func baselineOutsideItsFolderIsRelative() throws {
        let app = try TemporaryRepository(["T/default.plist": theme(Self.problems)])
        try FileManager.default.createDirectory(at: app.url("ci"), withIntermediateDirectories: true)
        _ = try CLI.run(["--write-baseline", "ci/baseline.json", "T"], in: app.root)
        let written = try app.read("ci/baseline.json")
        #expect(written.contains("\"file\" : \"../T/default.plist\""))
        #expect(!written.contains(app.root.path))
        // The checkout moves: the same baseline holds the same problems there.
        let moved = try TemporaryRepository([
            "T/default.plist": theme(Self.problems), "ci/baseline.json": written,
        ])
        let result = try CLI.run(["--baseline", "ci/baseline.json", "T"], in: moved.root)
        #expect(result.stdout == "0 errors, 0 warnings in 1 file (2 problems in the baseline)\n")
        #expect(result.status == 0)
        let inside = try CLI.run(["--baseline", "baseline.json", "../T"], in: moved.url("ci"))
        #expect(inside.stdout == "0 errors, 0 warnings in 1 file (2 problems in the baseline)\n")
        // A baseline of the first version named such a file by its absolute path: still read.
        try moved.write(
            written.replacingOccurrences(of: "../T/default.plist", with: moved.url("T/default.plist").path),
            to: "ci/old.json")
        let old = try CLI.run(["--baseline", "ci/old.json", "T"], in: moved.root)
        #expect(old.stdout == "0 errors, 0 warnings in 1 file (2 problems in the baseline)\n")
    }

    @Test("a problem with no key is matched by what it names: a baselined 'unknown1' does not hide 'unknown2'")
    func keylessProblemsMatchByWhatTheyName() throws {
        let directive = { (rule: String) in
            theme(["<!-- themelint:disable-next-line \(rule) -->", "<key>aColor</key><string>fff</string>"])
        }
        let app = try TemporaryRepository(["Themes/default.plist": directive("unknown1")])
        _ = try CLI.run(["--write-baseline", "base.json", "Themes"], in: app.root)
        // Moved down a line: the same problem.
        try app.write("<!-- moved -->\n" + directive("unknown1"), to: "Themes/default.plist")
        let moved = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(moved.stdout == "0 errors, 0 warnings in 1 file (1 problem in the baseline)\n")
        try app.write(directive("unknown2"), to: "Themes/default.plist")
        let other = try CLI.run(["--baseline", "base.json", "Themes"], in: app.root)
        #expect(other.status == 1)
        #expect(
            other.stdout == """
                Themes/default.plist:3:2: error: 'unknown2' is not a themelint rule [invalid_disable]
                1 error, 0 warnings in 1 file

                """)
    }
}

@Suite("themelint in an existing app: --explain, directives, standard input", .serialized)
struct ExplainDirectiveStdinTests {
    @Test("--explain prints the rule's words and examples with their marks and messages: exit 0")
    func explainPrintsTheRule() throws {
        let result = try CLI.run(["--explain", "duplicate_key"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "explain-duplicate_key.txt")
        let disable = try CLI.run(["--explain", "invalid_disable"])
        #expect(disable.status == 0)
        #expect(disable.stdout.contains("    \t↓<!-- themelint:disable-next-lin duplicate_key -->\n"))
        #expect(
            disable.stdout.contains(
                "  says: 'themelint:disable-next-lin' is not a directive; did you mean 'themelint:disable-next-line'?\n"
            ))
    }

    @Test("--explain of an unknown rule: exit 2 with the closest rule")
    func explainUnknownRuleIsExit2() throws {
        let result = try CLI.run(["--explain", "duplicat_key"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "themelint: error: unknown rule 'duplicat_key'; did you mean 'duplicate_key'? (themelint --list-rules lists them)\n"
        )
    }

    @Test("disable-file silences a rule in the whole file; misspelt directives are invalid_disable")
    func directivesEndToEnd() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme([
                "<!-- themelint:disable-file duplicate_key -->",
                "<!--themelint:disable-file case_collision-->",
                "<key>aColor</key><string>fff</string>", "<key>aColor</key><string>000</string>",
                "<key>bColor</key><string>fff</string>", "<key>bColor</key><string>000</string>",
            ]),
            "Themes/dark.plist": theme([
                "<key>INHERITED_THEME</key><string>default</string>",
                "<!-- themelint:disable-file unknown_override -->",
                "<!-- themelint:disable x -->",
                "<!-- themelint:disable-next-lin invalid_color -->",
                "<key>cColor</key><string>#zz</string>",
                "<!-- themelint:disable-next-lineinvalid_color -->",
                "<key>dColor</key><string>#zz</string>",
            ]),
        ])
        let result = try CLI.run(["Themes"], in: app.root)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Themes/dark.plist:5:2: error: 'themelint:disable' is not a directive (use themelint:disable-next-line or themelint:disable-file, then the rules) [invalid_disable]
                Themes/dark.plist:6:2: error: 'themelint:disable-next-lin' is not a directive; did you mean 'themelint:disable-next-line'? [invalid_disable]
                Themes/dark.plist:7:19: error: 'cColor' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]
                Themes/dark.plist:8:2: error: put a space between 'themelint:disable-next-line' and the rule it names [invalid_disable]
                Themes/dark.plist:9:19: error: 'dColor' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]
                Themes/default.plist:4:2: warning: this comment silences nothing: no case_collision in this file [superfluous_disable]
                5 errors, 1 warning in 2 files

                """)
    }

    @Test("--stdin-path PATH -: standard input linted as PATH, its parent read beside it")
    func standardInputIsLintedAsThePath() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme(["<key>primaryColor</key><string>35a2fb</string>"])
        ])
        let buffer = theme([
            "<key>INHERITED_THEME</key><string>default</string>",
            "<key>primaryColor</key><string>@primaryColr</string>",
        ])
        // dark.plist is not on disk: an editor's unsaved buffer.
        let result = try CLI.run(["--stdin-path", "Themes/dark.plist", "-"], in: app.root, input: buffer)
        #expect(result.status == 1)
        // No "did you mean 'primaryColor'": that is the key holding the alias, whose own
        // '@primaryColor' would be a cycle.
        #expect(
            result.stdout == """
                Themes/dark.plist:4:25: error: '@primaryColr' names no key [unresolved_alias]
                1 error, 0 warnings in 1 file

                """)
        // On disk or not, the buffer wins over the file.
        let clean = try CLI.run(
            ["--stdin-path", "Themes/default.plist", "-"], in: app.root,
            input: theme(["<key>aColor</key><string>fff</string>"]))
        #expect(clean.status == 0)
        #expect(clean.stdout == "0 errors, 0 warnings in 1 file\n")
        let missingParent = try CLI.run(
            ["--stdin-path", "Other/dark.plist", "-"], in: app.root, input: buffer)
        #expect(missingParent.status == 1)
        #expect(missingParent.stdout.contains("Other/dark.plist:3:28: error: INHERITED_THEME names 'default'"))
    }

    @Test("- without --stdin-path, or --stdin-path without -: usage errors, exit 2")
    func standardInputUsageErrors() throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme([])])
        let dash = try CLI.run(["-"], in: app.root, input: "")
        #expect(dash.status == 2)
        #expect(dash.stderr == "themelint: error: - reads standard input: give --stdin-path PATH too\n")
        let noDash = try CLI.run(["--stdin-path", "Themes/default.plist", "Themes"], in: app.root, input: "")
        #expect(noDash.status == 2)
        #expect(noDash.stderr == "themelint: error: --stdin-path lints standard input: give - once among the paths\n")
    }
}

@Suite("themelint in an existing app: GitHub Actions", .serialized)
struct GitHubActionsTests {
    /// 12 errors and 11 warnings in one file, more than GitHub shows of either.
    static let crowded = theme(
        (0..<12).map { "<key>c\($0)Color</key><string>#zz</string>" }
            + (0..<11).map {
                "<!-- themelint:disable-next-line duplicate_key -->\n\t<key>k\($0)</key><string>x</string>"
            })

    @Test("over 10 of a kind: one ::notice with the totals, pointing to the SARIF file when one is written")
    func noticeBeyondTenAnnotations() throws {
        let app = try TemporaryRepository(["Themes/default.plist": Self.crowded, "Themes/dark.plist": theme([])])
        let pointer = try CLI.run(
            ["--format", "github", "--format", "sarif=themelint.sarif", "Themes"], in: app.root)
        #expect(pointer.status == 1)
        let lines = pointer.stdout.split(separator: "\n")
        #expect(lines.count == 24)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 12)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 11)
        #expect(
            lines.last
                == "::notice title=themelint::themelint found 12 errors and 11 warnings; GitHub shows only 10 of the 12 errors and 10 of the 11 warnings as annotations. The full report is themelint.sarif."
        )
        #expect(FileManager.default.fileExists(atPath: app.url("themelint.sarif").path))
        let suggestion = try CLI.run(["Themes"], in: app.root, environment: ["GITHUB_ACTIONS": "true"])
        #expect(
            suggestion.stdout.hasSuffix(
                "as annotations. Write the full report with --format sarif=themelint.sarif (or json=FILE) and upload it.\n"
            ))
        // Ten of each: GitHub shows them all, no notice.
        try app.write(theme((0..<10).map { "<key>c\($0)Color</key><string>#zz</string>" }), to: "Themes/default.plist")
        let ten = try CLI.run(["--format", "github", "Themes"], in: app.root)
        #expect(!ten.stdout.contains("::notice"))
    }

    @Test("GITHUB_STEP_SUMMARY: a Markdown summary (totals, by rule, by file) is appended to it")
    func stepSummaryIsAppended() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": Self.crowded,
            "Themes/a|b.plist": theme(["<key>INHERITED_THEME</key><string>default</string>"]),
            "summary.md": "Earlier step\n\n",
        ])
        let result = try CLI.run(
            ["--format", "json=report.json", "Themes"], in: app.root,
            environment: ["GITHUB_STEP_SUMMARY": app.url("summary.md").path])
        #expect(result.status == 1)
        let summary = try app.read("summary.md")
        #expect(summary.hasPrefix("Earlier step\n\n### themelint\n"))
        try CLI.golden.expect(summary, "github-step-summary.md")
        // The most problems first; at most 100 files, however many have problems.
        var many = ["Themes/default.plist": theme([]), "summary.md": ""]
        for index in 0..<102 {
            many["Themes/t\(index).plist"] = theme(
                ["<key>INHERITED_THEME</key><string>default</string>"]
                    + (0...(index == 7 ? 1 : 0)).map { "<key>x\($0)Color</key><string>fff</string>" })
        }
        let crowded = try TemporaryRepository(many)
        _ = try CLI.run(
            ["Themes"], in: crowded.root, environment: ["GITHUB_STEP_SUMMARY": crowded.url("summary.md").path])
        let rows = try crowded.read("summary.md").split(separator: "\n").filter { $0.hasPrefix("| Themes/") }
        #expect(rows.count == 100)
        #expect(rows.first == "| Themes/t7.plist | 0 | 2 |")
        #expect(try crowded.read("summary.md").hasSuffix("\n… and 2 more files with problems.\n\n"))
        let clean = try TemporaryRepository(["Themes/default.plist": theme([]), "summary.md": ""])
        _ = try CLI.run(["Themes"], in: clean.root, environment: ["GITHUB_STEP_SUMMARY": clean.url("summary.md").path])
        #expect(try clean.read("summary.md") == "### themelint\n\nNo problems in 1 file.\n\n")
    }
}

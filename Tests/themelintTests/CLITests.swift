import Foundation
import TestSupport
import Testing

@Suite("themelint, end to end", .serialized)
struct CLITests {
    @Test("the shipped themes lint clean: exit 0")
    func shippedThemesAreClean() throws {
        let result = try CLI.run(["Themes/"])
        #expect(result.status == 0)
        #expect(result.stdout == "0 errors, 0 warnings in 4 files\n")
        #expect(result.stderr == "")
    }

    @Test("the bad fixtures: every problem, sorted, relative paths, exit 1")
    func badFixturesReportEveryProblem() throws {
        let result = try CLI.run(["Tests/ThemeKitTests/Fixtures/bad"])
        #expect(result.status == 1)
        try CLI.golden.expect(result.stdout, "bad-fixtures.txt")
        #expect(result.stdout.hasSuffix("33 errors, 0 warnings in 25 files\n"))
    }

    @Test("absolute paths under the current directory are reported relative to it")
    func absolutePathsBecomeRelative() throws {
        let absolute = CLI.packageRoot.appendingPathComponent("Tests/ThemeKitTests/Fixtures/bad/duplicate-key.plist")
            .path
        let result = try CLI.run([absolute])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "Tests/ThemeKitTests/Fixtures/bad/duplicate-key.plist:9:2: error: duplicate key 'primaryColor': it is first defined on line 5 [duplicate_key]\n"
            ))
    }

    @Test("a path that does not exist: exit 2 and a message on stderr")
    func missingPathIsExit2() throws {
        let result = try CLI.run(["Nowhere/"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "themelint: error: no such file or directory: Nowhere/\n")
    }

    @Test("a folder with no theme: exit 2")
    func emptyFolderIsExit2() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "themelint-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["."], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "themelint: error: no themes (*.plist, *.tokens.json, *.resolver.json) in .\n")
    }

    @Test("a theme that cannot be read (a folder named .plist, a dangling link): exit 2")
    func unreadableThemeIsExit2() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themelint-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("odd.plist"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("gone.plist").path, withDestinationPath: "/nonexistent/x.plist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["."], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                .: error: no default.plist in this folder: a manager starts with 'default' [missing_default]
                gone.plist: error: no such file [io_error]
                odd.plist: error: is a directory, not a theme file [io_error]
                3 errors, 0 warnings in 2 files

                """)
    }

    @Test("no arguments and unknown options are usage errors: exit 2")
    func usageErrorsAreExit2() throws {
        let none = try CLI.run([])
        #expect(none.status == 2)
        #expect(none.stderr == "themelint: error: give at least one theme file or folder\n")
        let unknown = try CLI.run(["--frobnicate", "Themes/"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Unknown option '--frobnicate'"))
    }

    @Test("--help prints usage and exits 0")
    func helpExits0() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: themelint"))
    }
}

@Suite("themelint formats and options, end to end", .serialized)
struct CLIFormatTests {
    static let mixed = "Tests/themelintTests/Fixtures/mixed"

    @Test(
        "every format on a folder with every kind of problem matches its golden file",
        arguments: ["text", "json", "sarif", "github"])
    func formatsMatchGolden(_ format: String) throws {
        let result = try CLI.run(["--format", format, Self.mixed])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        try CLI.golden.expect(result.stdout, "mixed.\(format == "text" ? "txt" : format)")
    }

    @Test("FORMAT=PATH writes a file, and several formats go out at once")
    func formatToFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarif = folder.appendingPathComponent("out.sarif").path
        let json = folder.appendingPathComponent("out.json").path
        let result = try CLI.run([
            "--format", "text", "--format", "sarif=\(sarif)", "--format", "json=\(json)", Self.mixed,
        ])
        #expect(result.status == 1)
        #expect(result.stdout == (try CLI.run([Self.mixed]).stdout))
        #expect(
            try String(contentsOfFile: sarif, encoding: .utf8)
                == (try CLI.run(["--format", "sarif", Self.mixed]).stdout))
        #expect(
            try String(contentsOfFile: json, encoding: .utf8) == (try CLI.run(["--format", "json", Self.mixed]).stdout))
    }

    @Test("FORMAT=PATH writes through a symlink and into a device; an empty PATH is a usage error")
    func formatToLinkDeviceAndEmptyPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fmt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report.sarif").path
        let link = folder.appendingPathComponent("latest.sarif").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "report.sarif")
        let expected = try CLI.run(["--format", "sarif", Self.mixed]).stdout
        let linked = try CLI.run(["--format", "sarif=\(link)", Self.mixed])
        #expect(linked.status == 1)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "report.sarif", "still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected, "its target rewritten")
        let device = try CLI.run(["--format", "text", "--format", "sarif=/dev/stdout", Self.mixed])
        #expect(device.status == 1)
        #expect(device.stdout == (try CLI.run([Self.mixed]).stdout) + expected, "written into the pipe, in order")
        for argument in ["sarif=", "json="] {
            let empty = try CLI.run(["--format", argument, Self.mixed])
            #expect(empty.status == 2, "\(argument)")
            #expect(empty.stdout == "")
            #expect(empty.stderr == "themelint: error: --format \(argument): give a file after '='\n")
        }
    }

    @Test("SARIF: a colon in the first path segment is percent-encoded, not read as a URI scheme")
    func sarifURIWithColonInFirstSegment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uri-\(UUID().uuidString)")
        let themes = folder.appendingPathComponent("themes:v2")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<plist><dict>\n<key>a:b</key><integer>1</integer>\n<key>a:b</key><integer>2</integer>\n</dict></plist>\n"
            .write(to: themes.appendingPathComponent("default.plist"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["--format", "sarif", "themes:v2"], in: folder)
        #expect(result.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let uris = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
        }
        #expect(!uris.isEmpty)
        #expect(uris.allSatisfy { $0 == "themes%3Av2/default.plist" }, "\(uris)")
        #expect(URL(string: "themes%3Av2/default.plist")?.scheme == nil)
    }

    @Test("GITHUB_ACTIONS=true picks the github format when none is given")
    func githubByDefaultInActions() throws {
        let result = try CLI.run([Self.mixed], environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.stdout == (try CLI.run(["--format", "github", Self.mixed]).stdout))
        let explicit = try CLI.run(["--format", "text", Self.mixed], environment: ["GITHUB_ACTIONS": "true"])
        #expect(explicit.stdout.hasSuffix("6 errors, 5 warnings in 5 files\n"))
    }

    @Test("--quiet shows errors only; the exit status still counts everything, and the summary says so")
    func quiet() throws {
        let result = try CLI.run(["--quiet", Self.mixed])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("warning:"))
        #expect(result.stdout.hasSuffix("6 errors, 0 warnings in 5 files (5 warnings not shown: --quiet)\n"))
        let json = try CLI.run(["--quiet", "--format", "json", Self.mixed])
        #expect(json.stdout.contains("\"quieted\" : 5,"))
        #expect(!(try CLI.run(["--format", "json", Self.mixed]).stdout.contains("quieted")))
    }

    @Test("warnings alone exit 0, and 1 with --strict")
    func strict() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<plist><dict>\n<key>orphanFontSize</key><integer>3</integer>\n</dict></plist>".utf8)
            .write(to: folder.appendingPathComponent("default.plist"))
        let plain = try CLI.run(["."], in: folder)
        #expect(plain.status == 0)
        #expect(plain.stdout.hasSuffix("0 errors, 1 warning in 1 file\n"))
        #expect(try CLI.run(["--strict", "."], in: folder).status == 1)
        // Quiet and strict: the run fails on a warning it does not show, and every summary
        // says there is one (they said "0 warnings" and "No problems").
        let summary = folder.appendingPathComponent("summary.md")
        let quiet = try CLI.run(
            ["--quiet", "--strict", "."], in: folder, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(quiet.status == 1)
        #expect(quiet.stdout == "0 errors, 0 warnings in 1 file (1 warning not shown: --quiet)\n")
        #expect(
            try String(contentsOf: summary, encoding: .utf8).contains(
                "No problems shown in 1 file (1 warning not shown: --quiet)."))
    }

    @Test("bad --format values are usage errors: exit 2")
    func badFormats() throws {
        let unknown = try CLI.run(["--format", "xml", "Themes/"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown format 'xml'"))
        let twice = try CLI.run(["--format", "json", "--format", "text", "Themes/"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("only one --format can go to standard output"))
    }

    @Test("--list-rules and --version exit 0")
    func listRulesAndVersion() throws {
        let rules = try CLI.run(["--list-rules"])
        #expect(rules.status == 0)
        #expect(rules.stdout.split(separator: "\n").count == 39)
        #expect(rules.stdout.hasPrefix("parse_error "))
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
    }

    @Test("a theme written for RNThemeManager lints clean; one misspelt alias is caught with a suggestion")
    func rnThemeManagerThemes() throws {
        let clean = try CLI.run(["Tests/ThemeKitTests/Fixtures/rnthememanager"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "0 errors, 0 warnings in 2 files\n")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = CLI.packageRoot.appendingPathComponent("Tests/ThemeKitTests/Fixtures/rnthememanager")
        for name in ["default.plist", "locontrast.plist"] {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(
                of: "<string>backgroundColor</string>", with: "<string>backgroundColr</string>")
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let misspelt = try CLI.run(["."], in: folder)
        #expect(misspelt.status == 1)
        #expect(
            misspelt.stdout == """
                default.plist:18:2: error: 'headerColor' is 'backgroundColr', which is neither a color nor a key; did you mean 'backgroundColor'? [unresolved_alias]
                1 error, 0 warnings in 2 files

                """)
    }
}

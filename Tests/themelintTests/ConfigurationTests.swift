import Foundation
import TestSupport
import Testing

/// Whether `python3` with `jsonschema` is there to run the schema and SARIF checks (CI
/// installs it; the tests that need it say so when it is missing).
let hasJSONSchema = Python.has("jsonschema")

/// A folder that is removed when the test ends.
struct ScratchFolder: ~Copyable {
    let url: URL

    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A configuration that is wrong in one place, and the JSON path themelint must name.
struct BadConfiguration: Sendable, CustomStringConvertible {
    var json: String
    var path: String
    var description: String { path }

    static func pair(_ fields: String) -> String {
        #"{"rules": {"min_contrast": {"pairs": [\#(fields)]}}}"#
    }

    static let good = #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 4.5}"#

    static let all: [BadConfiguration] = [
        .init(json: "[]", path: "."),
        .init(json: #"{"rule": {}}"#, path: ".rule"),
        .init(json: #"{"$schema": 3}"#, path: #".["$schema"]"#),
        .init(json: #"{"rules": []}"#, path: ".rules"),
        .init(json: #"{"states": "pressed"}"#, path: ".states"),
        .init(json: #"{"states": ["a:b"]}"#, path: ".states[0]"),
        .init(json: #"{"states": [""]}"#, path: ".states[0]"),
        .init(json: #"{"states": ["hovered"]}"#, path: ".states[0]"),
        .init(json: #"{"states": ["pressed", "pressed"]}"#, path: ".states[1]"),
        .init(json: #"{"rules": {"max_contrast": {}}}"#, path: ".rules.max_contrast"),
        .init(json: #"{"rules": {"min_contrast": {}}}"#, path: ".rules.min_contrast.pairs"),
        .init(json: #"{"rules": {"min_contrast": {"pairs": []}}}"#, path: ".rules.min_contrast.pairs"),
        .init(json: #"{"rules": {"min_contrast": {"pairs": {}}}}"#, path: ".rules.min_contrast.pairs"),
        .init(json: pair("3"), path: ".rules.min_contrast.pairs[0]"),
        .init(
            json: pair(#"{"foreground": "textColor", "backgrund": "backgroundColor", "minimum": 4.5}"#),
            path: ".rules.min_contrast.pairs[0].backgrund"),
        .init(
            json: pair(#"{"background": "backgroundColor", "minimum": 4.5}"#),
            path: ".rules.min_contrast.pairs[0].foreground"),
        .init(
            json: pair(#"{"foreground": "textFont", "background": "backgroundColor", "minimum": 4.5}"#),
            path: ".rules.min_contrast.pairs[0].foreground"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": 7, "minimum": 4.5}"#),
            path: ".rules.min_contrast.pairs[0].background"),
        .init(
            json: pair(good + #", {"foreground": "textColor", "background": "backgroundColor", "minimum": 0.5}"#),
            path: ".rules.min_contrast.pairs[1].minimum"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": 21.5}"#),
            path: ".rules.min_contrast.pairs[0].minimum"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": "4.5"}"#),
            path: ".rules.min_contrast.pairs[0].minimum"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": true}"#),
            path: ".rules.min_contrast.pairs[0].minimum"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "themes": []}"#),
            path: ".rules.min_contrast.pairs[0].themes"),
        .init(
            json: pair(
                #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "themes": ["../x"]}"#),
            path: ".rules.min_contrast.pairs[0].themes[0]"),
        .init(
            json: pair(
                #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "themes": ["a", "a"]}"#
            ),
            path: ".rules.min_contrast.pairs[0].themes[1]"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "folders": []}"#),
            path: ".rules.min_contrast.pairs[0].folders"),
        .init(
            json: pair(
                #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "folders": ["../App"]}"#),
            path: ".rules.min_contrast.pairs[0].folders[0]"),
        .init(
            json: pair(
                #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "folders": ["A", "A"]}"#),
            path: ".rules.min_contrast.pairs[0].folders[1]"),
        .init(
            json: pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "folders": "A"}"#),
            path: ".rules.min_contrast.pairs[0].folders"),
        .init(json: #"{"excluded": ["Vendor", "."]}"#, path: ".excluded[1]"),
        .init(json: #"{"excluded": ["./"]}"#, path: ".excluded[0]"),
        .init(json: #"{"disabled_rules": "duplicate_key"}"#, path: ".disabled_rules"),
        .init(json: #"{"disabled_rules": ["duplicate_keys"]}"#, path: ".disabled_rules[0]"),
        .init(json: #"{"disabled_rules": [3]}"#, path: ".disabled_rules[0]"),
        .init(json: #"{"disabled_rules": ["parse_error"]}"#, path: ".disabled_rules[0]"),
        .init(json: #"{"disabled_rules": ["case_collision", "not_flat"]}"#, path: ".disabled_rules[1]"),
        .init(json: #"{"disabled_rules": ["case_collision", "case_collision"]}"#, path: ".disabled_rules[1]"),
        .init(json: #"{"included": "Themes"}"#, path: ".included"),
        .init(json: #"{"included": [""]}"#, path: ".included[0]"),
        .init(json: #"{"excluded": ["Vendor", "/abs"]}"#, path: ".excluded[1]"),
        .init(json: #"{"excluded": ["a/../../b"]}"#, path: ".excluded[0]"),
        .init(json: #"{"rules": {"duplicate_key": []}}"#, path: ".rules.duplicate_key"),
        .init(json: #"{"rules": {"duplicate_key": {"level": "warning"}}}"#, path: ".rules.duplicate_key.level"),
        .init(json: #"{"rules": {"duplicate_key": {"severity": "fatal"}}}"#, path: ".rules.duplicate_key.severity"),
        .init(json: #"{"rules": {"duplicate_key": {"severity": 1}}}"#, path: ".rules.duplicate_key.severity"),
        .init(json: #"{"rules": {"min_contrast": {"severity": "warning"}}}"#, path: ".rules.min_contrast.pairs"),
    ]

    /// Configurations both themelint and the schema accept.
    static let valid: [String] = [
        "{}",
        #"{"states": ["pressed", "loading"]}"#,
        "\u{FEFF}{}",
        #"{"rules": {}}"#,
        pair(#"{"foreground": "Color", "background": "backgroundColor", "minimum": 21, "themes": ["a.b-c_1"]}"#),
        pair(#"{"foreground": "textColor", "background": "backgroundColor", "minimum": 1}"#),
        pair(
            #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "themes": ["default"], "folders": ["Themes", "Features/*/Themes", "."]}"#
        ),
        #"{"included": ["."], "excluded": ["./Vendor", "..x", ".hidden"]}"#,
        #"{"included": ["./"]}"#,
        #"{"disabled_rules": [], "included": [], "excluded": []}"#,
        #"{"disabled_rules": ["case_collision", "min_contrast"], "included": ["**/Themes", "./App/*/Theme?"], "excluded": ["Vendor/", "**/*-old.plist"]}"#,
        #"{"rules": {"unknown_override": {"severity": "error"}, "parse_error": {"severity": "warning"}, "duplicate_key": {}}}"#,
        #"{"rules": {"min_contrast": {"severity": "warning", "pairs": [{"foreground": "textColor", "background": "backgroundColor", "minimum": 3}]}}}"#,
    ]
}

@Suite("themelint configuration and min_contrast, end to end", .serialized)
struct ConfigurationTests {
    static let example = "Lint/examples/wcag-aa.themelint.json"

    @Test("the repository's own .themelint.json is found, and the shipped themes pass it: exit 0")
    func shippedThemesPassTheRootConfiguration() throws {
        let root = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".themelint.json"), encoding: .utf8)
        #expect(root.contains(#""minimum": 7, "themes": ["highcontrast"]"#))
        let discovered = try CLI.run(["Themes/"])
        #expect(discovered.status == 0)
        #expect(discovered.stdout == "0 errors, 0 warnings in 4 files\n")
        let named = try CLI.run(["--config", ".themelint.json", "Themes/highcontrast.plist"])
        #expect(named.status == 0)
        #expect(named.stdout == "0 errors, 0 warnings in 1 file\n")
    }

    @Test("the WCAG AA example: lowcontrast fails a 4.5 pair, highcontrast passes at 7:1; every format is golden")
    func exampleConfigurationOnShippedThemes() throws {
        for (format, golden) in [("text", "txt"), ("json", "json"), ("sarif", "sarif"), ("github", "github")] {
            let result = try CLI.run(["--config", Self.example, "--format", format, "Themes/"])
            #expect(result.status == 1, "\(format)")
            #expect(result.stderr == "")
            try CLI.golden.expect(result.stdout, "contrast-aa.\(golden)")
        }
        let text = try CLI.run(["--config", Self.example, "Themes/"])
        let failing = text.stdout.split(separator: "\n").filter { $0.contains("[min_contrast]") }
        #expect(failing.count == 1)
        #expect(failing.first?.hasPrefix("Themes/lowcontrast.plist:") == true)
        #expect(failing.first?.contains("contrast 2.91:1 is below the minimum 4.5:1") == true)
    }

    @Test("the Configuration article shows the example's command and its real output")
    func articleShowsTheOutput() throws {
        let article = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("Lint/ThemeLint/ThemeLint.docc/Configuration.md"),
            encoding: .utf8)
        let result = try CLI.run(["--config", Self.example, "Themes/"])
        #expect(article.contains("$ swift run themelint --config \(Self.example) Themes/\n" + result.stdout + "```\n"))
    }

    @Test("highcontrast clears 7:1 but not 7.6:1; .themelint.json is read from the current directory")
    func discoveryInTheCurrentDirectory() throws {
        let scratch = try ScratchFolder("config")
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Themes"), to: scratch.url.appendingPathComponent("Themes"))
        _ = try scratch.write(
            BadConfiguration.pair(
                #"{"foreground": "headerTextColor", "background": "headerColor", "minimum": 7.6, "themes": ["highcontrast"]}"#
            ), to: ".themelint.json")
        let strict = try CLI.run(["Themes"], in: scratch.url)
        #expect(strict.status == 1)
        #expect(
            strict.stdout == """
                Themes/highcontrast.plist:17:2: error: 'headerTextColor' #FFFFFF (from 'canvasColor') on 'headerColor' #0040DD (from 'brandColor'): contrast 7.56:1 is below the minimum 7.6:1 of .rules.min_contrast.pairs[0] in .themelint.json [min_contrast]
                1 error, 0 warnings in 4 files

                """)
        let ignored = try CLI.run(["--no-config", "Themes"], in: scratch.url)
        #expect(ignored.status == 0)
        let root = try CLI.run(
            ["--config", CLI.packageRoot.appendingPathComponent(".themelint.json").path, "Themes"], in: scratch.url)
        #expect(root.status == 0)
    }

    @Test("a bad configuration is exit 2 naming its line, column and JSON path", arguments: BadConfiguration.all)
    func badConfigurationIsExit2(_ bad: BadConfiguration) throws {
        let scratch = try ScratchFolder("badconfig")
        let file = try scratch.write(bad.json, to: "bad.json")
        let result = try CLI.run(["--config", file, "Themes/"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        // `FILE:LINE:COLUMN: PATH: message`, as themelint's other problems start.
        let prefix = "themelint: error: \(file):"
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        let place = result.stderr.dropFirst(prefix.count).split(separator: " ", maxSplits: 1)
        let lineAndColumn = place.first?.dropLast().split(separator: ":", omittingEmptySubsequences: false) ?? []
        #expect(lineAndColumn.count == 2 && lineAndColumn.allSatisfy { Int($0) != nil }, "\(result.stderr)")
        #expect(place.last?.hasPrefix("\(bad.path): ") == true, "\(result.stderr)")
    }

    @Test(
        "the schema accepts the shipped configurations and rejects each bad one at the path themelint names",
        .enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func schemaAgreesWithTheParser() throws {
        let shipped = try Python.run("Scripts/validate-config.py", [".themelint.json", Self.example])
        #expect(shipped.status == 0, "\(shipped.stdout)")
        let scratch = try ScratchFolder("schema")
        for (index, json) in BadConfiguration.valid.enumerated() {
            let file = try scratch.write(json, to: "good\(index).json")
            #expect(try Python.run("Scripts/validate-config.py", [file]).status == 0, "\(json)")
            #expect(try CLI.run(["--config", file, "Themes/"]).status == 0, "\(json)")
        }
        for (index, bad) in BadConfiguration.all.enumerated() {
            let file = try scratch.write(bad.json, to: "bad\(index).json")
            let result = try Python.run("Scripts/validate-config.py", [file])
            #expect(result.status == 1, "the schema accepts \(bad.json)")
            let paths = result.stdout.split(separator: "\n").compactMap { line -> String? in
                let prefix = "\(file): "
                guard line.hasPrefix(prefix) else { return nil }
                return line.dropFirst(prefix.count).components(separatedBy: ": ").first
            }
            #expect(
                paths.contains { bad.path == $0 || bad.path.hasPrefix($0 + "[") },
                "themelint names \(bad.path); the schema \(paths)")
        }
        let unknownKey = try Python.run(
            "Scripts/validate-config.py", [try scratch.write(#"{"colour": 1}"#, to: "unknown.json")])
        #expect(unknownKey.stdout.contains(".colour: Additional properties are not allowed"))
    }

    @Test("a key written twice and a syntax error are refused with a line and column, by both checks")
    func syntaxErrors() throws {
        let scratch = try ScratchFolder("syntax")
        let twice = try scratch.write("{\n  \"rules\": {},\n  \"rules\": {}\n}\n", to: "twice.json")
        let result = try CLI.run(["--config", twice, "Themes/"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "themelint: error: \(twice):3:3: not valid JSON: the key 'rules' is written twice in one object\n")
        let broken = try scratch.write("{\"rules\": {,}}", to: "broken.json")
        let syntax = try CLI.run(["--config", broken, "Themes/"])
        #expect(
            syntax.stderr
                == "themelint: error: \(broken):1:12: not valid JSON: expected a key in double quotes, found ','\n")
        if hasJSONSchema {
            #expect(try Python.run("Scripts/validate-config.py", [twice]).status == 1)
        }
    }

    @Test("a .themelint.json starting with a UTF-8 byte-order mark is read; a hostile key is printed escaped")
    func byteOrderMarkAndHostileKey() throws {
        let scratch = try ScratchFolder("bom")
        _ = try scratch.write("\u{FEFF}{\"rules\": {}}\n", to: ".themelint.json")
        _ = try scratch.write(#"<plist><dict/></plist>"#, to: "default.plist")
        let bom = try CLI.run(["."], in: scratch.url)
        #expect(bom.status == 0, "\(bom.stderr)")
        _ = try scratch.write("{\"\\u001b[31mrules\\n\": {}}", to: ".themelint.json")
        let hostile = try CLI.run(["."], in: scratch.url)
        #expect(hostile.status == 2)
        #expect(
            hostile.stderr
                == #"themelint: error: .themelint.json:1:2: .["\u001B[31mrules\n"]: unknown key '\u001B[31mrules\n'; the keys here are '$schema', 'disabled_rules', 'excluded', 'included', 'rules', 'states'"#
                + "\n")
    }

    @Test("--config that does not exist, a broken ./.themelint.json, and --config with --no-config: exit 2")
    func configurationUsageErrors() throws {
        let missing = try CLI.run(["--config", "nope.json", "Themes/"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "themelint: error: no such configuration file: nope.json\n")
        let both = try CLI.run(["--config", ".themelint.json", "--no-config", "Themes/"])
        #expect(both.status == 2)
        #expect(both.stderr == "themelint: error: give --config or --no-config, not both\n")
        let scratch = try ScratchFolder("broken")
        _ = try scratch.write(#"{"rules": {"min_contrast": {"pairs": []}}}"#, to: ".themelint.json")
        _ = try scratch.write(#"<plist><dict/></plist>"#, to: "default.plist")
        let broken = try CLI.run(["."], in: scratch.url)
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("themelint: error: .themelint.json:1:38: .rules.min_contrast.pairs: "))
        #expect(try CLI.run(["--no-config", "."], in: scratch.url).status == 0)
    }

    @Test("--list-rules marks min_contrast opt-in")
    func listRulesMarksOptIn() throws {
        let rules = try CLI.run(["--list-rules"])
        let line = rules.stdout.split(separator: "\n").first { $0.hasPrefix("min_contrast ") }
        #expect(line?.contains("error    (opt-in) ") == true)
        #expect(rules.stdout.split(separator: "\n").filter { $0.contains("(opt-in)") }.count == 1)
    }

    @Test(
        "the SARIF output with min_contrast results is valid SARIF 2.1.0",
        .enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func sarifStaysValid() throws {
        let result = try Python.run(
            "Tests/themelintTests/validate_sarif.py", ["Tests/themelintTests/Fixtures/contrast-aa.sarif"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("ok (1 results)"))
    }
}

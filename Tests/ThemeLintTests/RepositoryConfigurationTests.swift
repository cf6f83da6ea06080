import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

@Suite("Glob patterns of included and excluded")
struct PathPatternTests {
    private func matches(_ pattern: String, _ path: String) -> Bool {
        PathPattern(pattern)?.matches(path.split(separator: "/")) ?? false
    }

    @Test(
        "a pattern matches the whole path or a folder above it",
        arguments: [
            ("Vendor", "Vendor/a/b.plist", true), ("Vendor", "Vendor", true), ("Vendor", "App/Vendor/a.plist", false),
            ("Vendor/", "Vendor/a.plist", true), ("./Vendor", "Vendor/a.plist", true),
            ("Vend", "Vendor/a.plist", false), ("*.plist", "a.plist", true), ("*.plist", "Themes/a.plist", false),
            ("Themes/*.plist", "Themes/a.plist", true), ("Themes/*", "Themes/sub/a.plist", true),
            ("Themes/?.plist", "Themes/a.plist", true), ("Themes/?.plist", "Themes/ab.plist", false),
            ("Themes/?.plist", "Themes/é.plist", true), ("**/Themes", "Themes/a.plist", true),
            ("**/Themes", "App/UI/Themes/a.plist", true), ("**/Themes", "App/Themesx/a.plist", false),
            ("App/**/legacy-*.plist", "App/legacy-a.plist", true),
            ("App/**/legacy-*.plist", "App/x/y/legacy-a.plist", true),
            ("App/**/legacy-*.plist", "Other/legacy-a.plist", false), ("**", "anything/at/all", true),
            ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY", false), ("*", ".hidden", true),
            ("**/**/x", "x", true), ("a/**/b/**/c", "a/1/b/2/3/c/d.plist", true),
        ])
    func matching(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(matches(pattern, path) == expected)
    }

    @Test("with a shortest length, a match above it does not count: a folder named on the command line is searched")
    func shortestMatch() throws {
        let vendor = try #require(PathPattern("App/Vendor"))
        #expect(vendor.matches(["App", "Vendor", "a.plist"], shortest: 1))
        #expect(!vendor.matches(["App", "Vendor", "a.plist"], shortest: 3))
        #expect(vendor.matches(["App", "Vendor", "x", "Vendor"], shortest: 3) == false)
        let anywhere = try #require(PathPattern("**/Vendor"))
        #expect(anywhere.matches(["App", "Vendor", "x", "Vendor", "a.plist"], shortest: 3))
    }

    /// Patterns that share starts, literal and wildcard segments, `**` and `.`.
    static let setPatterns = [
        "Vendor", "Vendor/a", "App/Vendor", "*.plist", "Themes/*.plist", "Themes/*", "Themes/?.plist", "**/Themes",
        "App/**/legacy-*.plist", "App/**/*-old.plist", "**", "a*b*c", "**/**/x", "a/**/b/**/c", "legacy-*",
        "*-old.plist", "Themes/é.plist", "*x*", "?", "App/**", "App/*/Themes/*",
    ]
    static let setPaths = [
        "Vendor/a/b.plist", "Vendor", "App/Vendor/a.plist", "a.plist", "Themes/a.plist", "Themes/sub/a.plist",
        "Themes/ab.plist", "Themes/é.plist", "App/UI/Themes/a.plist", "App/Themesx/a.plist", "App/legacy-a.plist",
        "App/x/y/legacy-a.plist", "Other/legacy-a.plist", "aXbYc", "aXbY", ".hidden", "x", "a/1/b/2/3/c/d.plist",
        "App/x/dark-old.plist", "legacy-b", "z", "App/One/Themes/dark.plist", "Themes/e\u{301}.plist",
    ]

    @Test("the compiled set says what its patterns say one by one, at every shortest length")
    func setMatchesAsEachPattern() throws {
        let patterns = try Self.setPatterns.map { try #require(PathPattern($0)) }
        let all = PathPatternSet(patterns)
        for path in Self.setPaths.map({ $0.split(separator: "/") }) {
            for shortest in 0...path.count + 1 {
                for pattern in patterns {
                    #expect(
                        PathPatternSet([pattern]).matches(path, shortest: shortest)
                            == pattern.matches(path, shortest: shortest),
                        "\(pattern) \(path) \(shortest)")
                }
                #expect(
                    all.matches(path, shortest: shortest)
                        == patterns.contains { $0.matches(path, shortest: shortest) }, "\(path) \(shortest)")
            }
        }
        #expect(!PathPatternSet([]).matches(["a.plist"]))
    }

    @Test("a pattern must stay inside the configuration's folder")
    func refusedPatterns() {
        #expect(PathPattern("/abs") == nil)
        #expect(PathPattern("../x") == nil)
        #expect(PathPattern("a/../../x") == nil)
        #expect(PathPattern("") == nil)
        #expect(PathPattern("a..b") != nil)
    }

    @Test("'.' and './' are the configuration's folder itself: every path below it", arguments: [".", "./", "./."])
    func wholeFolder(_ text: String) throws {
        let pattern = try #require(PathPattern(text))
        #expect(pattern.isWholeFolder)
        #expect(pattern.matches(["Themes", "a.plist"]))
        #expect(PathPattern("./Vendor")?.isWholeFolder == false)
    }

    @Test("in included, '.' and './' take every file; in excluded, they are an error that says why")
    func wholeFolderInTheConfiguration() throws {
        for text in [".", "./"] {
            let included = try LintConfiguration.parse(Data(#"{"included": ["\#(text)"]}"#.utf8), file: "c.json")
            #expect(included.included.map(\.description) == [text])
            #expect(
                throws: ConfigurationError(
                    file: "c.json", jsonPath: ".excluded[0]", position: SourcePosition(line: 1, column: 15),
                    message:
                        "'\(text)' is the configuration's folder itself, which a folder search never skips (a folder "
                        + "named is searched): name the folders or files below it to skip")
            ) {
                try LintConfiguration.parse(Data(#"{"excluded": ["\#(text)"]}"#.utf8), file: "c.json")
            }
        }
    }

    @Test("paths are normalized on their text, and placed below a folder")
    func normalizedAndSegments() {
        #expect(PathPattern.normalized("/repo/app/../.themelint.json/..") == "/repo")
        #expect(PathPattern.normalized("//a/./b/") == "/a/b")
        #expect(PathPattern.segments(of: "/repo/App/x", below: "/repo") == ["App", "x"])
        #expect(PathPattern.segments(of: "/repo", below: "/repo") == [])
        #expect(PathPattern.segments(of: "/repository/x", below: "/repo") == nil)
        #expect(PathPattern.segments(of: "/a", below: "/") == ["a"])
    }
}

@Suite("Repository configuration: rule settings and discovery")
struct RepositoryConfigurationTests {
    private func parse(_ text: String) throws(ConfigurationError) -> LintConfiguration {
        try LintConfiguration.parse(Data(text.utf8), file: "c.json")
    }

    @Test("disabled_rules, rules.<id>.severity, included and excluded are read")
    func readsTheNewKeys() throws {
        let configuration = try parse(
            #"""
            {"disabled_rules": ["case_collision"], "included": ["**/Themes"], "excluded": ["Vendor", "**/old-*"],
             "rules": {"unknown_override": {"severity": "error"}, "invalid_color": {"severity": "warning"}}}
            """#)
        #expect(configuration.disabledRules == [.caseCollision])
        #expect(configuration.severities == [.unknownOverride: .error, .invalidColor: .warning])
        #expect(configuration.included.map(\.description) == ["**/Themes"])
        #expect(configuration.excluded.map(\.description) == ["Vendor", "**/old-*"])
    }

    @Test("a rule no comment can silence cannot be disabled; an unknown rule id gets a suggestion")
    func refusedRuleIDs() {
        #expect(throws: ConfigurationError.self) { try parse(#"{"disabled_rules": ["not_flat"]}"#) }
        do {
            _ = try parse(#"{"disabled_rules": ["parse_error"]}"#)
        } catch {
            #expect(error.jsonPath == ".disabled_rules[0]")
            #expect(
                error.message
                    == "'parse_error' cannot be disabled, as no comment can silence it: fix the file, or leave it out with 'excluded'"
            )
        }
        do {
            _ = try parse(#"{"rules": {"unknown_overide": {"severity": "warning"}}}"#)
        } catch {
            #expect(error.jsonPath == ".rules.unknown_overide")
            #expect(
                error.message
                    == "unknown rule 'unknown_overide'; did you mean 'unknown_override'?; themelint --list-rules lists the rules"
            )
        }
    }

    @Test("a disabled rule's problems go, a re-graded one's change severity, the rest stay")
    func ruleSettingsApply() {
        var diagnostics = [
            Diagnostic(.caseCollision, severity: .warning, "a", at: .init(file: "a.plist", line: 1, column: 1)),
            Diagnostic(.invalidColor, "b", at: .init(file: "a.plist", line: 2, column: 1)),
            Diagnostic(.duplicateKey, "c", at: .init(file: "a.plist", line: 3, column: 1)),
        ]
        let configuration = LintConfiguration(
            disabledRules: [.caseCollision], severities: [.invalidColor: .warning])
        configuration.applyRuleSettings(to: &diagnostics)
        #expect(diagnostics.map(\.code) == [.invalidColor, .duplicateKey])
        #expect(diagnostics.map(\.severity) == [.warning, .error])
    }

    @Test(
        "the search goes up to the folder holding .git, and no further; outside a repository, the current folder only")
    func discoveryStopsAtTheRepositoryRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let repository = root.appendingPathComponent("repo")
        let deep = repository.appendingPathComponent("App/UI")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent(".themelint.json"))
        // No .git yet: the file two folders above the repository is not taken.
        #expect(try LintConfiguration.discover(in: deep.path) == nil)
        #expect(try LintConfiguration.discover(in: root.path)?.file == ".themelint.json")
        // A worktree's .git is a file: it marks the root as well as a folder does.
        try Data("gitdir: elsewhere".utf8).write(to: repository.appendingPathComponent(".git"))
        #expect(try LintConfiguration.discover(in: deep.path) == nil)
        try Data("{}".utf8).write(to: repository.appendingPathComponent(".themelint.json"))
        let found = try #require(try LintConfiguration.discover(in: deep.path + "/"))
        #expect(found.file == "../../.themelint.json")
        #expect(found.folder == PathPattern.normalized(repository.path))
        try Data("{}".utf8).write(to: deep.appendingPathComponent(".themelint.json"))
        #expect(try LintConfiguration.discover(in: deep.path)?.file == ".themelint.json")
    }

    @Test("the schema names every rule under rules, and exactly the rules that can be disabled in disabled_rules")
    func schemaFollowsTheCatalog() throws {
        let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Lint/themelint.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let rules = try #require((properties["rules"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(rules.keys) == Set(RuleCatalog.descriptions.map(\.id.rawValue)))
        let disabled = try #require((properties["disabled_rules"] as? [String: Any])?["items"] as? [String: Any])
        #expect(
            disabled["enum"] as? [String]
                == RuleCatalog.descriptions.filter(\.isSuppressible).map(\.id.rawValue))
    }
}

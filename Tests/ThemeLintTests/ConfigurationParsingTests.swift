import Foundation
import Synchronization
import Testing
import ThemeKit

@testable import ThemeLint

private func parse(_ text: String) throws(ConfigurationError) -> LintConfiguration {
    try LintConfiguration.parse(Data(text.utf8), file: "c.json")
}

private func failure(_ text: String) -> ConfigurationError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

@Suite("Configuration parsing")
struct ConfigurationParsingTests {
    @Test("a full configuration reads into pairs, in order, with their themes")
    func readsPairs() throws {
        let configuration = try parse(
            #"""
            {"$schema": "x", "rules": {"min_contrast": {"pairs": [
              {"foreground": "textColor", "background": "backgroundColor", "minimum": 4.5},
              {"foreground": "t\u0065xtColor", "background": "headerColor", "minimum": 7, "themes": ["highcontrast"]}
            ]}}}
            """#)
        #expect(
            configuration.contrastPairs == [
                ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 4.5),
                ContrastPair(foreground: "textColor", background: "headerColor", minimum: 7, themes: ["highcontrast"]),
            ])
        #expect(configuration.file == "c.json")
        #expect(configuration.enables(MinContrastRule.description))
        #expect(!(try parse("{}")).enables(MinContrastRule.description))
        #expect(try parse("{}").enables(UnknownOverrideRule.description))
    }

    @Test("states: the project's own, after the built-in ones in the order written")
    func readsStates() throws {
        let configuration = try parse(#"{"states": ["pressed", "loading"]}"#)
        #expect(configuration.states == ["pressed", "loading"])
        #expect(
            configuration.knownStates.map(\.rawValue) == ThemeState.builtIn.map(\.rawValue) + ["pressed", "loading"])
        let pressed = try #require(configuration.knownStates.first { $0.rawValue == "pressed" })
        let loading = try #require(configuration.knownStates.first { $0.rawValue == "loading" })
        #expect(ThemeState.hovered < pressed && pressed < loading)
        #expect(try parse("{}").knownStates == ThemeState.builtIn)
    }

    @Test(
        "states: an array of new names, each one that a key can hold after ':'",
        arguments: [
            (#"{"states": "pressed"}"#, ".states", "must be an array of state names, not a string"),
            (#"{"states": [1]}"#, ".states[0]", "must be a string, not a number"),
            (
                #"{"states": ["a.b"]}"#, ".states[0]",
                "'a.b' is not a state name: a state is written after ':' in a key, and holds no '.', ':', '/' or space"
            ),
            (#"{"states": [""]}"#, ".states[0]", "must not be empty"),
            (#"{"states": ["hovered"]}"#, ".states[0]", "'hovered' is a built-in state already"),
            (#"{"states": ["pressed", "pressed"]}"#, ".states[1]", "'pressed' is listed twice"),
        ])
    func refusesBadStates(_ text: String, _ path: String, _ message: String) {
        let error = failure(text)
        #expect(error?.jsonPath == path)
        #expect(error?.message == message)
    }

    @Test("unknown keys name their own path, with a suggestion")
    func unknownKeys() {
        let error = failure(#"{"rules": {"min_contrast": {"pair": []}}}"#)
        #expect(error?.jsonPath == ".rules.min_contrast.pair")
        #expect(error?.message == "unknown key 'pair'; did you mean 'pairs'?; the keys here are 'pairs', 'severity'")
        #expect(failure(#"{"a b": 1}"#)?.jsonPath == #".["a b"]"#)
    }

    @Test(
        "syntax errors carry line and column; nothing malformed is accepted",
        arguments: [
            ("{\"a\": 01}", 1, 7), ("{\"a\": 1.}", 1, 9), ("{\"a\": -}", 1, 7), ("{\"a\": 1e}", 1, 9),
            ("{\"a\": 1e999}", 1, 7), ("{\"a\": \"x\ty\"}", 1, 9), ("{\"a\": \"\\x\"}", 1, 8), ("{\"a\": tru}", 1, 7),
            ("{\"a\": 1,}", 1, 9), ("[1 2]", 1, 4), ("{}\n{}", 2, 1), ("{}\u{FEFF}", 1, 3),
            ("{\n  \"é\": \"\\ud800\"}", 2, 9),
        ])
    func syntaxErrors(_ text: String, _ line: Int, _ column: Int) {
        let error = failure(text)
        #expect(error?.position == SourcePosition(line: line, column: column), "\(error?.description ?? "accepted")")
        #expect(error?.message.hasPrefix("not valid JSON: ") == true)
    }

    @Test("a leading UTF-8 byte-order mark is skipped; positions count from the character after it")
    func leadingByteOrderMarkIsSkipped() throws {
        #expect(try parse("\u{FEFF}{}") == LintConfiguration(file: "c.json"))
        let error = failure("\u{FEFF}{\n  \"rules\": {,}}")
        #expect(error?.position == SourcePosition(line: 2, column: 13))
        // Anywhere else it is no white space, and is shown escaped, not as nothing.
        #expect(failure("{}\u{FEFF}")?.message == "not valid JSON: unexpected text after the JSON value")
        #expect(
            failure("{\"a\": \u{FEFF}1}")?.message
                == #"not valid JSON: unexpected '\uFEFF': a value must be an object, array, string, number, true, false or null"#
        )
    }

    @Test(
        "user text in a message has its control characters escaped, as the file had to write them",
        arguments: [
            (
                #"{"\u001b[31mred": 1}"#, #".["\u001B[31mred"]"#,
                #"unknown key '\u001B[31mred'; the keys here are '$schema', 'disabled_rules', 'excluded', 'included', 'rules', 'states'"#
            ),
            (
                #"{"ru\nles": 1}"#, #".["ru\nles"]"#,
                #"unknown key 'ru\nles'; did you mean 'rules'?; the keys here are '$schema', 'disabled_rules', 'excluded', 'included', 'rules', 'states'"#
            ),
            (
                #"{"a\tb\\\"": 1}"#, #".["a\tb\\\""]"#,
                #"unknown key 'a\tb\\"'; the keys here are '$schema', 'disabled_rules', 'excluded', 'included', 'rules', 'states'"#
            ),
            (
                #"{"rules": {"min_contrast": {"pairs": [{"foreground": "x\u0007\u202ecolor", "background": "bColor", "minimum": 2}]}}}"#,
                ".rules.min_contrast.pairs[0].foreground",
                #"'x\u0007\u202Ecolor' is not a color key: a color key's name ends in 'Color'"#
            ),
            (
                #"{"rules": {"min_contrast": {"pairs": [{"foreground": "aColor", "background": "bColor", "minimum": 2, "themes": ["a\rb"]}]}}}"#,
                ".rules.min_contrast.pairs[0].themes[0]",
                #"'a\rb' is not a theme name: a theme's file name without .plist, of letters, digits, '.', '_' and '-'"#
            ),
        ])
    func controlCharactersAreEscaped(json: String, path: String, message: String) {
        let error = failure(json)
        #expect(error?.jsonPath == path)
        #expect(error?.message == message)
        #expect(error?.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" } == false)
    }

    @Test(
        "every configuration error is at the line and column of what it is about, as themelint's problems are",
        arguments: [
            // A syntax error: where the reader stopped.
            ("{\n  \"rules\": {\n    \"min_contrast\": {\"pairs\": [}\n}}", "", 3, 32),
            // A key written twice: the second key.
            ("{\"states\": [],\n  \"states\": []}", "", 2, 3),
            // A wrong type for a known option: the value.
            ("{\n  \"disabled_rules\": \"case_collision\"\n}", ".disabled_rules", 2, 21),
            ("{\"rules\": {\"case_collision\": {\"severity\": 2}}}", ".rules.case_collision.severity", 1, 43),
            (
                "{\"rules\": {\"min_contrast\": {\"pairs\": [\n  {\"foreground\": \"aColor\", \"background\": \"bColor\", \"minimum\": \"7\"}]}}}",
                ".rules.min_contrast.pairs[0].minimum", 2, 63
            ),
            // An unknown rule id: the key that names it, or the item of disabled_rules.
            ("{\"rules\": {\n    \"case_colision\": {}}}", ".rules.case_colision", 2, 5),
            ("{\"disabled_rules\": [\"é\", \"case_colision\"]}", ".disabled_rules[0]", 1, 21),
            // An unknown key: the key; a missing one: the object it is missing from.
            ("{\"rule\": {}}", ".rule", 1, 2),
            ("{\"rules\": {\"min_contrast\":\n {\"severity\": \"error\"}}}", ".rules.min_contrast.pairs", 2, 2),
        ])
    func errorsAreLocated(json: String, path: String, line: Int, column: Int) {
        let error = failure(json)
        #expect(error?.jsonPath == path, "\(error?.description ?? "accepted")")
        #expect(error?.position == SourcePosition(line: line, column: column), "\(error?.description ?? "accepted")")
        #expect(error?.description.hasPrefix("c.json:\(line):\(column): ") == true)
    }

    @Test("a key written twice is quoted escaped too")
    func duplicateKeyIsEscaped() {
        #expect(
            failure(#"{"\u001b": 1, "\u001b": 2}"#)?.message
                == #"not valid JSON: the key '\u001B' is written twice in one object"#)
    }

    @Test("escapes, surrogate pairs and exponents read as JSON says")
    func escapesAndNumbers() throws {
        let configuration = try parse(
            #"{"rules": {"min_contrast": {"pairs": [{"foreground": "\ud83c\udfa8\/\"Color", "background": "xColor", "minimum": 45e-1}]}}}"#
        )
        #expect(configuration.contrastPairs.first?.foreground == "🎨/\"Color")
        #expect(configuration.contrastPairs.first?.minimum == 4.5)
    }

    @Test("nesting is bounded: a deep document is an error, not a crash")
    func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep)?.message == "not valid JSON: nested more than 64 levels deep")
        #expect(failure(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))?.jsonPath == ".")
    }

    @Test("the file is not UTF-8: an error")
    func invalidUTF8() throws {
        #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Data([0x7B, 0xFF, 0x7D]), file: "c.json")
        }
    }
}

@Suite("Reading the configuration file")
struct ConfigurationFileTests {
    @Test("a FIFO named .themelint.json is refused at once, not waited on")
    func fifoIsRefusedWithoutBlocking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent(LintConfiguration.fileName).path, 0o644) == 0)
        let outcome = Mutex<String?>(nil)
        let path = folder.path
        Thread.detachNewThread {
            let message: String
            do {
                _ = try LintConfiguration.discover(in: path)
                message = "read"
            } catch {
                message = (error as? LintFailure)?.message ?? "\(error)"
            }
            outcome.withLock { $0 = message }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(outcome.withLock { $0 } == "cannot read the configuration .themelint.json: is not a regular file")
    }

    @Test("a .themelint.json that is a loop of symbolic links, or a link to nothing, says so")
    func brokenLinksSayWhatTheyAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(LintConfiguration.fileName).path
        #expect(symlink(LintConfiguration.fileName, file) == 0)
        #expect(throws: LintFailure("the configuration .themelint.json is a loop of symbolic links")) {
            try LintConfiguration.discover(in: folder.path)
        }
        #expect(unlink(file) == 0)
        #expect(symlink("missing.json", file) == 0)
        #expect(
            throws: LintFailure("the configuration .themelint.json is a symbolic link to a file that does not exist")
        ) {
            try LintConfiguration.discover(in: folder.path)
        }
        #expect(throws: LintFailure("no such configuration file: other.json")) {
            try LintConfiguration.load(path: "other.json", currentDirectory: folder.path)
        }
    }

    @Test("a configuration over the size limit is refused")
    func oversizedFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(LintConfiguration.fileName)
        try Data(repeating: 0x20, count: LintConfiguration.maximumFileSize + 1).write(to: file)
        #expect(
            throws: LintFailure(
                "\(LintConfiguration.fileName): larger than 1048576 bytes; a configuration is a few lines")
        ) {
            try LintConfiguration.discover(in: folder.path)
        }
    }
}

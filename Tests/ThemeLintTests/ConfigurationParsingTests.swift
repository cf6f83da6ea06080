import Foundation
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

    @Test("unknown keys name their own path, with a suggestion")
    func unknownKeys() {
        let error = failure(#"{"rules": {"min_contrast": {"pair": []}}}"#)
        #expect(error?.jsonPath == ".rules.min_contrast.pair")
        #expect(error?.message == "unknown key 'pair' (did you mean 'pairs'?); the only key here is 'pairs'")
        #expect(failure(#"{"a b": 1}"#)?.jsonPath == #".["a b"]"#)
    }

    @Test(
        "syntax errors carry line and column; nothing malformed is accepted",
        arguments: [
            ("{\"a\": 01}", 1, 7), ("{\"a\": 1.}", 1, 9), ("{\"a\": -}", 1, 7), ("{\"a\": 1e}", 1, 9),
            ("{\"a\": 1e999}", 1, 7), ("{\"a\": \"x\ty\"}", 1, 9), ("{\"a\": \"\\x\"}", 1, 8), ("{\"a\": tru}", 1, 7),
            ("{\"a\": 1,}", 1, 9), ("[1 2]", 1, 4), ("{}\n{}", 2, 1), ("\u{FEFF}{}", 1, 1),
            ("{\n  \"é\": \"\\ud800\"}", 2, 15),
        ])
    func syntaxErrors(_ text: String, _ line: Int, _ column: Int) {
        let error = failure(text)
        #expect(error?.position == SourcePosition(line: line, column: column), "\(error?.description ?? "accepted")")
        #expect(error?.message.hasPrefix("not valid JSON: ") == true)
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

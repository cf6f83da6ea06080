import Foundation
import TestSupport
import Testing

/// A key, value or path holding `&#10;` or `&#13;` must not forge a problem line or rewrite a
/// terminal line in any output a person reads. themelint's human-readable outputs are checked
/// with such a theme: they stay one line a problem, with the controls written as `\n`, `\r`,
/// `\u{…}`.
@Suite("Control characters in themelint's human-readable output, end to end", .serialized)
struct EscapedOutputTests {
    @Test("themelint's text format writes a key's line breaks as \\n: no forged problem line")
    func textFormatEscapesKeys() throws {
        let app = try TemporaryRepository(["Themes/default.plist": ForgedProblemLine.theme])
        let result = try CLI.run(["--no-config", "Themes"], in: app.root)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "Themes/default.plist:4:2: error: duplicate key '\(ForgedProblemLine.shown)': it is first defined on line 3 [duplicate_key]\n"
                + "1 error, 0 warnings in 1 file\n")
        #expect(!result.stdout.contains("\nThemes/secret.plist"))
    }

    @Test("the step summary writes a path's controls as the text format does, not raw")
    func stepSummaryEscapesPaths() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme([]),
            "Themes/x\r\u{1B}[2Kok.plist": theme(["<key>aColor</key><string>#zz</string>"]),
            "summary.md": "",
        ])
        _ = try CLI.run(
            ["--no-config", "Themes"], in: app.root, environment: ["GITHUB_STEP_SUMMARY": app.url("summary.md").path])
        let summary = try app.read("summary.md")
        #expect(summary.contains(#"| Themes/x\r\u{1b}\[2Kok.plist | 1 | 0 |"#))
        #expect(!summary.contains("\r") && !summary.contains("\u{1B}"))
    }

    @Test("themelint's usage errors quote a path with its controls escaped")
    func usageErrorsEscapePaths() throws {
        let result = try CLI.run(["--no-config", "no\nThemes/x.plist:1:1: error: forged [x]"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == #"themelint: error: no such file or directory: no\nThemes/x.plist:1:1: error: forged [x]"# + "\n")
    }
}

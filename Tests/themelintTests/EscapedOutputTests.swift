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

    @Test("the github format writes a key's bidi controls as the text format does, not raw")
    func githubFormatEscapesBidiControls() throws {
        let key = "a&#x202E;b&#x2066;c&#x200F;d&#x061C;e"
        let app = try TemporaryRepository([
            "Themes/default.plist": theme(["<key>\(key)</key><true/>", "<key>\(key)</key><true/>"])
        ])
        let shown = #"a\u{202e}b\u{2066}c\u{200f}d\u{61c}e"#
        let github = try CLI.run(["--no-config", "--format", "github", "Themes"], in: app.root)
        #expect(github.status == 1)
        #expect(github.stdout.hasPrefix("::error file=Themes/default.plist,line=4,col=2,"), "\(github.stdout)")
        #expect(
            github.stdout.hasSuffix(
                ",title=duplicate_key::duplicate key '\(shown)': it is first defined on line 3\n"), "\(github.stdout)")
        let text = try CLI.run(["--no-config", "Themes"], in: app.root)
        #expect(text.stdout.contains("duplicate key '\(shown)'"))
        let path = try TemporaryRepository([
            "Themes/default.plist": theme([]),
            "Themes/x\u{202E}y.plist": theme(["<key>aColor</key><string>#zz</string>"]), "summary.md": "",
        ])
        let file = try CLI.run(
            ["--no-config", "--format", "github", "Themes"], in: path.root,
            environment: ["GITHUB_STEP_SUMMARY": path.url("summary.md").path])
        #expect(file.stdout.contains(#"::error file=Themes/x\u{202e}y.plist,"#), "\(file.stdout)")
        #expect(!file.stdout.contains("\u{202E}"))
        let summary = try path.read("summary.md")
        #expect(summary.contains(#"| Themes/x\u{202e}y.plist |"#), "\(summary)")
        #expect(!summary.contains("\u{202E}"))
        for scalar in ["\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}"] {
            #expect(!github.stdout.contains(scalar) && !text.stdout.contains(scalar))
        }
    }
}

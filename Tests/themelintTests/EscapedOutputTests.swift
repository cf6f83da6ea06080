import Foundation
import Testing

/// Issue 26's attacker: a key, value or path holding `&#10;` or `&#13;` must not forge a
/// problem line or rewrite a terminal line in any output a person reads. Each tool's
/// human-readable output is checked with such a theme: it stays one line a problem, with the
/// controls written as `\n`, `\r`, `\u{…}`.
@Suite("Control characters in human-readable output, end to end", .serialized)
struct EscapedOutputTests {
    /// A key that would print a forged problem line, written twice so that `duplicate_key`
    /// quotes it.
    static let forgedKey = "&#10;Themes/secret.plist:9:9: error: forged problem [duplicate_key]&#10;"
    static let forgedShown = #"\nThemes/secret.plist:9:9: error: forged problem [duplicate_key]\n"#

    static let forging = theme([
        "<key>\(forgedKey)</key><string>a</string>",
        "<key>\(forgedKey)</key><string>b</string>",
    ])

    @Test("themelint's text format writes a key's line breaks as \\n: no forged problem line")
    func textFormatEscapesKeys() throws {
        let app = try TemporaryRepository(["Themes/default.plist": Self.forging])
        let result = try CLI.run(["--no-config", "Themes"], in: app.root)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "Themes/default.plist:4:2: error: duplicate key '\(Self.forgedShown)': it is first defined on line 3 [duplicate_key]\n"
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

    @Test("themekit's messages (a theme's problems, a usage error) escape keys and paths")
    func themekitEscapes() throws {
        let app = try TemporaryRepository(["Themes/default.plist": Self.forging])
        let show = try CLI.run(["show", "default"], tool: "themekit", in: app.root)
        #expect(show.status == 1)
        #expect(show.stderr.hasPrefix("Themes/default.plist:4:2: error: duplicate key '\(Self.forgedShown)'"))
        #expect(!show.stderr.contains("\nThemes/secret.plist"))
        let folder = try CLI.run(["show", "default", "--themes", "a\rb"], tool: "themekit", in: app.root)
        #expect(folder.status == 2)
        #expect(folder.stderr == #"themekit: error: no such folder: a\rb"# + "\n")
    }

    @Test("themekit-demo prints a font name holding a carriage return as \\r")
    func demoEscapesValues() throws {
        let app = try TemporaryRepository([
            "Themes/default.plist": theme([
                "<key>textColor</key><string>#000000</string>",
                "<key>headerFont</key><string>Arial&#13;FORGED</string>",
                "<key>headerFontSize</key><integer>17</integer>",
            ])
        ])
        let result = try CLI.run(executable: CLI.binary("themekit-demo"), ["Themes"], in: app.root)
        #expect(result.stdout.contains(#"headerFont Arial\rFORGED 17"#))
        #expect(!result.stdout.contains("\r"))
    }
}

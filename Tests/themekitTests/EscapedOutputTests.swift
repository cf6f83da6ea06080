import Foundation
import TestSupport
import Testing

/// A key, value or path holding `&#10;` or `&#13;` must not forge a problem line or rewrite a
/// terminal line in any output a person reads. themekit's and themekit-demo's outputs are
/// checked with such a theme: they stay one line a problem, with the controls written as
/// `\n`, `\r`, `\u{…}`.
@Suite("Control characters in themekit's and themekit-demo's output, end to end", .serialized)
struct EscapedOutputTests {
    @Test("themekit's messages (a theme's problems, a usage error) escape keys and paths")
    func themekitEscapes() throws {
        let app = try TemporaryRepository(["Themes/default.plist": ForgedProblemLine.theme])
        let show = try CLI.run(["show", "default"], tool: "themekit", in: app.root)
        #expect(show.status == 1)
        #expect(show.stderr.hasPrefix("Themes/default.plist:4:2: error: duplicate key '\(ForgedProblemLine.shown)'"))
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

import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// Writes `files` to a fresh folder and lints it with `configuration`.
private func lint(_ files: [String: String], _ configuration: LintConfiguration) throws -> [Diagnostic] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contrast-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return try ThemeLinter(currentDirectory: folder.path, configuration: configuration).lint(paths: ["."]).diagnostics
}

private func pairs(_ pairs: ContrastPair...) -> LintConfiguration {
    LintConfiguration(contrastPairs: pairs, file: "test.json")
}

private let textOnBackground = ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 4.5)

@Suite("min_contrast")
struct ContrastRuleTests {
    @Test(
        "an opt-in rule reports nothing without a configuration that enables it",
        arguments: RuleCatalog.descriptions.filter(\.isOptIn))
    func optInRulesAreOffByDefault(_ rule: RuleDescription) throws {
        for example in rule.triggeringExamples {
            let outcome = try run(example, rule: rule.id, variant: .plain, configuration: LintConfiguration())
            #expect(outcome.reported == [], "\(rule.id) ran without being enabled")
        }
    }

    @Test("a failing pair names both keys, both values, the ratio and the minimum, at the theme's own key")
    func reportsBothValuesAndRatio() throws {
        let diagnostics = try lint(
            [
                "default.plist": RuleExample.plist([
                    "<key>greyColor</key><string>777777</string>",
                    "<key>textColor</key><string>greyColor</string>",
                    "<key>backgroundColor</key><string>#fff</string>",
                ])
            ], pairs(textOnBackground))
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(
            diagnostic.summary
                == "default.plist:4:2: error: 'textColor' #777777 (from 'greyColor') on 'backgroundColor' #FFFFFF: contrast 4.47:1 is below the minimum 4.5:1 of .rules.min_contrast.pairs[0] in test.json [min_contrast]"
        )
        #expect(diagnostic.key == "textColor")
        #expect(diagnostic.notes.map(\.location.description) == ["default.plist:3:22", "default.plist:5:28"])
    }

    @Test("a translucent foreground is painted over the background before the ratio is taken")
    func translucentForegroundIsComposited() throws {
        let files = [
            "default.plist": RuleExample.plist([
                "<key>textColor</key><string>00000080</string>",
                "<key>backgroundColor</key><string>FFFFFF</string>",
            ])
        ]
        // Half-transparent black on white shows as #7F7F7F (4.00:1): AA fails, 3:1 passes.
        let failing = try lint(files, pairs(textOnBackground))
        #expect(
            failing.map(\.message) == [
                "'textColor' #00000080 on 'backgroundColor' #FFFFFF: contrast 4.00:1 is below the minimum 4.5:1 of .rules.min_contrast.pairs[0] in test.json"
            ])
        let lenient = ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 3)
        #expect(try lint(files, pairs(lenient)) == [])
    }

    @Test("a child that inherits both colors unchanged is reported as a whole file; its parent at the key")
    func inheritedColorsAreReportedAtTheChildFile() throws {
        let diagnostics = try lint(
            [
                "default.plist": RuleExample.plist([
                    "<key>textColor</key><string>999999</string>",
                    "<key>backgroundColor</key><string>FFFFFF</string>",
                ]),
                "copy.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
            ], pairs(textOnBackground))
        #expect(diagnostics.map(\.location.description) == ["copy.plist", "default.plist:3:2"])
        #expect(Set(diagnostics.map(\.code)) == [.minContrast])
    }

    @Test("a pair with themes is checked in those themes only")
    func themesScopeAPair() throws {
        let files = [
            "default.plist": RuleExample.plist([
                "<key>textColor</key><string>777777</string>",
                "<key>backgroundColor</key><string>FFFFFF</string>",
            ]),
            "strict.plist": RuleExample.plist([
                "<key>INHERITED_THEME</key><string>default</string>",
                "<key>textColor</key><string>666666</string>",
            ]),
        ]
        let aaa = ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 7, themes: ["strict"])
        let diagnostics = try lint(files, pairs(aaa))
        #expect(diagnostics.map(\.location.description) == ["strict.plist:4:2"])
        #expect(
            diagnostics.map(\.message) == [
                "'textColor' #666666 on 'backgroundColor' #FFFFFF: contrast 5.74:1 is below the minimum 7:1 of .rules.min_contrast.pairs[0] in test.json"
            ])
    }

    @Test("a pair with folders is checked in the themes of those folders only, named as the configuration names it")
    func foldersScopeAPair() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contrast-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let grey = RuleExample.plist([
            "<key>textColor</key><string>777777</string>", "<key>backgroundColor</key><string>FFFFFF</string>",
        ])
        let files = [
            "Themes/default.plist": grey,
            // Another feature's own themes, with other keys: no pair names its folder.
            "Features/Onboarding/Themes/default.plist": RuleExample.plist([
                "<key>accentColor</key><string>777777</string>"
            ]),
            "Features/Store/Themes/default.plist": grey,
            "Other/default.plist": grey,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let pairs = [
            #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 3, "themes": ["default"]}"#,
            #"{"foreground": "textColor", "background": "backgroundColor", "minimum": 4.5, "themes": ["default"], "folders": ["Themes", "Features/Store"]}"#,
        ]
        try Data(#"{"rules": {"min_contrast": {"pairs": [\#(pairs.joined(separator: ", "))]}}}"#.utf8)
            .write(to: folder.appendingPathComponent(".themelint.json"))
        let configuration = try LintConfiguration.load(path: ".themelint.json", currentDirectory: folder.path)
        let diagnostics = try ThemeLinter(currentDirectory: folder.path, configuration: configuration)
            .lint(paths: ["."]).diagnostics
        let below = "'textColor' #777777 on 'backgroundColor' #FFFFFF: contrast 4.47:1 is below the minimum 4.5:1"
        #expect(
            diagnostics.map(\.summary) == [
                // The first pair names the theme in any folder: it has no textColor.
                "Features/Onboarding/Themes/default.plist: error: contrast cannot be checked: this theme has no key "
                    + "'textColor'; it is named by .rules.min_contrast.pairs[0].foreground in .themelint.json [min_contrast]",
                "Features/Store/Themes/default.plist:3:2: error: \(below) of .rules.min_contrast.pairs[1] in .themelint.json [min_contrast]",
                "Themes/default.plist:3:2: error: \(below) of .rules.min_contrast.pairs[1] in .themelint.json [min_contrast]",
            ])
        // Built in code, with no configuration file, folders match no theme.
        let inCode = ContrastPair(
            foreground: "textColor", background: "backgroundColor", minimum: 4.5, folders: ["Themes"])
        #expect(!inCode.applies(toTheme: "default"))
        #expect(inCode.applies(toTheme: "default", inFolder: ["Themes"]))
        #expect(inCode.applies(toTheme: "default", inFolder: ["Themes", "Sub"]))
        #expect(!inCode.applies(toTheme: "default", inFolder: ["Features", "Themes"]))
        #expect(!inCode.applies(toTheme: "default", inFolder: nil))
    }

    @Test("a key a theme does not have is an error on that theme, with a suggestion and the config path")
    func missingKeyIsAnError() throws {
        let typo = ContrastPair(foreground: "textColour", background: "backgroundColor", minimum: 4.5)
        var configuration = pairs(textOnBackground, typo)
        configuration.file = ".themelint.json"
        let diagnostics = try lint(
            [
                "default.plist": RuleExample.plist([
                    "<key>textColor</key><string>000</string>",
                    "<key>backgroundColor</key><string>FFF</string>",
                ])
            ], configuration)
        #expect(
            diagnostics.map(\.summary) == [
                "default.plist: error: contrast cannot be checked: this theme has no key 'textColour'; did you mean 'textColor'?; it is named by .rules.min_contrast.pairs[1].foreground in .themelint.json [min_contrast]"
            ])
    }

    @Test("a key that is not a color (possible from code, where the suffix is not checked) is an error")
    func nonColorKeyIsAnError() throws {
        let pair = ContrastPair(foreground: "title", background: "backgroundColor", minimum: 4.5)
        let diagnostics = try lint(
            [
                "default.plist": RuleExample.plist([
                    "<key>title</key><string>Hello</string>",
                    "<key>backgroundColor</key><string>FFF</string>",
                ])
            ], pairs(pair))
        #expect(
            diagnostics.map(\.message) == [
                "contrast cannot be checked: 'title' is Hello, not a color; it is named by .rules.min_contrast.pairs[0].foreground in test.json"
            ])
        #expect(diagnostics.map(\.severity) == [.error])
    }

    @Test("a theme with errors is not checked for contrast: only its errors are reported")
    func brokenThemesAreNotChecked() throws {
        let diagnostics = try lint(
            [
                "default.plist": RuleExample.plist([
                    "<key>textColor</key><string>EEEEEE</string>",
                    "<key>backgroundColor</key><string>FFFFFF</string>",
                    "<key>borderColor</key><string>nonsense</string>",
                ])
            ], pairs(textOnBackground))
        #expect(diagnostics.map(\.code) == [.unresolvedAlias])
    }

    @Test("enabling min_contrast changes nothing the other rules report")
    func otherRulesAreUnchanged() throws {
        let files = [
            "default.plist": RuleExample.plist([
                "<key>textColor</key><string>000000</string>",
                "<key>backgroundColor</key><string>FFFFFF</string>",
            ]),
            "dark.plist": RuleExample.plist([
                "<key>INHERITED_THEME</key><string>default</string>",
                "<key>textColour</key><string>FFFFFF</string>",
                "<key>backgroundColor</key><string>000000</string>",
            ]),
        ]
        let without = try lint(files, LintConfiguration())
        #expect(without.map(\.code) == [.unknownOverride])
        let with = try lint(files, pairs(textOnBackground))
        #expect(with.filter { $0.code != .minContrast } == without)
        #expect(with.map(\.location.description) == ["dark.plist:4:2", "dark.plist:5:2"])
    }

    @Test("a disable-next-line comment above the reported key silences min_contrast")
    func canBeSilenced() throws {
        let diagnostics = try lint(
            [
                "default.plist": RuleExample.plist([
                    "<!-- themelint:disable-next-line min_contrast -->",
                    "<key>textColor</key><string>EEEEEE</string>",
                    "<key>backgroundColor</key><string>FFFFFF</string>",
                ])
            ], pairs(textOnBackground))
        #expect(diagnostics == [])
    }
}

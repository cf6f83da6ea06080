import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// `min_contrast` in both themes of a light and dark pair (issue 28).
@Suite("min_contrast through a theme's partner")
struct ContrastPartnerTests {
    /// Writes `files` to a fresh folder and lints `paths` in it with `pairs`.
    static func lint(_ files: [String: [String]], _ pairs: [ContrastPair], paths: [String] = ["."]) throws
        -> [Diagnostic]
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("partner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, entries) in files {
            try Data(RuleExample.plist(entries).utf8).write(to: folder.appendingPathComponent(name + ".plist"))
        }
        let configuration = LintConfiguration(contrastPairs: pairs, file: "test.json")
        return try ThemeLinter(currentDirectory: folder.path, configuration: configuration).lint(paths: paths)
            .diagnostics.filter { $0.code == .minContrast }
    }

    static func pair(themes: [String]?) -> ContrastPair {
        ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 4.5, themes: themes)
    }

    /// `day`, light and readable, naming `night`, dark and unreadable, which names it back.
    static let pair: [String: [String]] = [
        "day": [
            "<key>textColor</key><string>000000</string>", "<key>backgroundColor</key><string>FFFFFF</string>",
            "<key>DARK_THEME</key><string>night</string>",
        ],
        "night": [
            "<key>INHERITED_THEME</key><string>day</string>", "<key>APPEARANCE</key><string>dark</string>",
            "<key>LIGHT_THEME</key><string>day</string>", "<key>backgroundColor</key><string>111111</string>",
        ],
    ]

    static let through =
        "'textColor' #000000 on 'backgroundColor' #111111: contrast 1.11:1 is below the minimum 4.5:1 of "
        + ".rules.min_contrast.pairs[0] in test.json, which applies here through the partner: 'day' names this "
        + "theme as its DARK_THEME"

    @Test("a pair naming only the light theme reports its failing dark partner, saying through which theme")
    func aPairAppliesToThePartnerTheThemeNames() throws {
        let diagnostics = try Self.lint(Self.pair, [Self.pair(themes: ["day"])])
        #expect(diagnostics.map(\.location.description) == ["night.plist:6:2"])
        #expect(diagnostics.map(\.message) == [Self.through])
        #expect(diagnostics.first?.notes.map(\.message).last == "'day' names this theme here")
        #expect(diagnostics.first?.notes.last?.location.description == "day.plist:5:23")
    }

    @Test("a pair that applies to the partner itself reports it once, as its own")
    func aPairThatAppliesDirectlyIsNotRepeatedThroughThePartner() throws {
        for themes in [nil, ["day", "night"]] {
            let diagnostics = try Self.lint(Self.pair, [Self.pair(themes: themes)])
            #expect(diagnostics.count == 1, "\(String(describing: themes))")
            #expect(diagnostics.first?.message.hasSuffix("pairs[0] in test.json") == true)
        }
    }

    @Test("a partner several themes name is reported once, through the first of them by name")
    func aPartnerNamedTwiceIsReportedOnce() throws {
        var files = Self.pair
        files["dawn"] = Self.pair["day"]
        let diagnostics = try Self.lint(files, [Self.pair(themes: ["day", "dawn"])])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasSuffix("'dawn' names this theme as its DARK_THEME") == true)
    }

    @Test("a dark theme's pair applies to its light partner; a theme no pair reaches is not checked")
    func aDarkThemesPairAppliesToItsLightPartner() throws {
        let files: [String: [String]] = [
            "paper": [
                "<key>textColor</key><string>EEEEEE</string>", "<key>backgroundColor</key><string>FFFFFF</string>",
            ],
            "ink": [
                "<key>APPEARANCE</key><string>dark</string>", "<key>LIGHT_THEME</key><string>paper</string>",
                "<key>textColor</key><string>FFFFFF</string>", "<key>backgroundColor</key><string>000000</string>",
            ],
            "other": [
                "<key>textColor</key><string>EEEEEE</string>", "<key>backgroundColor</key><string>FFFFFF</string>",
            ],
        ]
        let diagnostics = try Self.lint(files, [Self.pair(themes: ["ink"])])
        #expect(diagnostics.map(\.location.description) == ["paper.plist:3:2"])
        #expect(diagnostics.first?.message.hasSuffix("'ink' names this theme as its LIGHT_THEME") == true)
    }

    @Test("linting the partner alone finds the theme that names it, through the partner it names back")
    func aPartnerLintedAloneIsChecked() throws {
        let diagnostics = try Self.lint(Self.pair, [Self.pair(themes: ["day"])], paths: ["night.plist"])
        #expect(diagnostics.map(\.message) == [Self.through])
        let light = try Self.lint(Self.pair, [Self.pair(themes: ["day"])], paths: ["day.plist"])
        #expect(light == [], "the problem is the partner's, reported where the partner is linted")
    }

    @Test("a key the partner lacks is reported through the partner too")
    func aMissingKeyInThePartnerIsReportedThroughIt() throws {
        let missing = ContrastPair(foreground: "inkColor", background: "backgroundColor", minimum: 4.5, themes: ["day"])
        let diagnostics = try Self.lint(Self.pair, [missing])
        #expect(diagnostics.map(\.location.file) == ["day.plist", "night.plist"])
        #expect(
            diagnostics.last?.message.hasSuffix(
                "which applies here through the partner: 'day' names this theme as its DARK_THEME") == true)
        #expect(diagnostics.last?.notes.map(\.location.description) == ["day.plist:5:23"])
    }
}

import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools

/// `themekit import` on the shapes of real theme files of other projects (issue 35): each
/// source below is a short excerpt written in the shape of a file named in its comment.
@Suite struct ImportRealFileTests {
    static func run(_ file: String, _ text: String, format: ImportFormat? = nil) throws -> ThemeImporter.Output {
        try ThemeImporter.run([.init(file: file, bytes: Array(text.utf8))], format: format)
    }

    /// The failure `body` throws, if it throws one.
    static func failure(_ body: () throws -> Void) -> ImportFailure? {
        do { try body() } catch let failure as ImportFailure { return failure } catch { return nil }
        return nil
    }

    // The shape of SwiftTheme's JsonDemo/Json/Night.json: fonts as "Name,size", colors under
    // keys that end in a state rather than in `Color`.
    static let swiftThemeNight = """
        {
          "ChangeThemeCell": {
            "buttonTitleColorHighlighted": "#AAA",
            "buttonTitleColorNormal": "#000"
          },
          "UIStatusBarStyle": "LightContent",
          "Global": {
            "textFont": "PingFangSC-Regular,30",
            "tintColor": "$ChangeThemeCell.buttonTitleColorNormal",
            "textColor": "#ECF0F1"
          }
        }
        """

    @Test func swiftThemeFontsWrittenNameCommaSizeBecomeANameAndASize() throws {
        let output = try Self.run("Night.json", Self.swiftThemeNight)
        #expect(output.formats["Night.json"] == .swifttheme)
        let theme = try #require(output.themes.first)
        #expect(theme.values["Global.textFont"] == .string("PingFangSC-Regular"))
        #expect(theme.values["Global.textFontSize"] == .integer(30))
        #expect(!output.notes.contains { $0.message.contains("has no size") })
        let (_, loaded) = try ImportFixtures.load(output)
        #expect(loaded["night"]?.font(forKey: "Global.textFont") == ThemeFont(name: "PingFangSC-Regular", size: 30))
    }

    @Test func aSwiftThemeFontThatIsANumberIsTheSystemFontsSize() throws {
        let output = try Self.run("Night.json", #"{"UIStatusBarStyle": 1, "Global": {"captionFont": "12"}}"#)
        let theme = try #require(output.themes.first)
        #expect(theme.values["Global.captionFont"] == nil)
        #expect(theme.values["Global.captionFontSize"] == .integer(12))
        #expect(
            output.notes.contains {
                $0.message
                    == "'Global.captionFont' is '12', SwiftTheme's system font at that size, which ThemeKit has no name for: only its size is written"
            })
    }

    @Test func colorsUnderKeysWithNoColorSuffixAreStillColors() throws {
        let output = try Self.run("Night.json", Self.swiftThemeNight)
        let theme = try #require(output.themes.first)
        #expect(theme.values["ChangeThemeCell.buttonTitleColorHighlighted"] == .string("#AAAAAA"))
        #expect(theme.values["ChangeThemeCell.buttonTitleColorHighlighted.$type"] == .string("color"))
        #expect(theme.values["ChangeThemeCell.buttonTitleColorHighlightedColor"] == nil)
        #expect(theme.values["Global.tintColor"] == .string("@ChangeThemeCell.buttonTitleColorNormal"))
        #expect(
            output.notes.contains {
                $0.location == SourceLocation(file: "Night.json", line: 3, column: 36)
                    && $0.message.contains("declared a color ('ChangeThemeCell.buttonTitleColorHighlighted.$type')")
            })
        let (_, loaded) = try ImportFixtures.load(output)
        let night = try #require(loaded["night"])
        #expect(night.color(forKey: "ChangeThemeCell.buttonTitleColorHighlighted") == ThemeColor(hex: "AAA"))
        #expect(night.color(forKey: "Global.tintColor") == ThemeColor(hex: "000"))
    }

    // Motif's DynamicThemingExample splits a theme over a colors file, a mappings file that
    // names its constants, and component files; a broken source is said at the source.
    @Test func aMotifConstantCycleIsReportedAtItsSourceNotAsAnImporterBug() throws {
        let text = "{\n\"$A\": \"$B\",\n\"$B\": \"$A\",\n\".Label\": {\"textColor\": \"$A\"}\n}\n"
        let failure = try #require(Self.failure { _ = try Self.run("Theme.json", text, format: .motif) })
        #expect(failure.location.file == "Theme.json")
        #expect(failure.location.line == 2 || failure.location.line == 3)
        #expect(failure.rendered().contains("[alias_cycle]"))
        #expect(!failure.rendered().contains("importer bug"))
    }

    @Test func aMotifSuperclassCycleIsReportedAtItsSource() throws {
        let text = """
            .Button:
              _superclass: .Warning
              cornerRadius: 4
            .Warning:
              _superclass: .Button
              tintColor: '#f00'
            """
        let failure = try #require(Self.failure { _ = try Self.run("Controls.yaml", text) })
        #expect(failure.location.file == "Controls.yaml")
        #expect([2, 5].contains(failure.location.line))
        #expect(failure.rendered().contains("[style_cycle]"))
    }

    @Test func aMotifConstantDefinedInNoFileGivenIsReportedWhereItIsNamed() throws {
        // DarkMappingsTheme.yaml given without ColorsTheme.yaml.
        let text = "$TextColor: $GrayColor\n.Label:\n  textColor: $TextColor\n"
        let failure = try #require(Self.failure { _ = try Self.run("DarkMappingsTheme.yaml", text) })
        #expect(failure.location == SourceLocation(file: "DarkMappingsTheme.yaml", line: 1, column: 13))
        #expect(
            failure.message
                == "the constant '$GrayColor' is defined in no file of this import: give the file that defines it too")
        #expect(failure.others.isEmpty)
    }

    @Test func aStateThemeKitDoesNotKnowIsReportedAtTheSource() throws {
        let text = #"{".Button:pressed": {"cornerRadius": 4}}"#
        let failure = try #require(Self.failure { _ = try Self.run("Buttons.json", text, format: .motif) })
        #expect(failure.location == SourceLocation(file: "Buttons.json", line: 1, column: 38))
        #expect(failure.rendered().contains("[unknown_state]"))
        #expect(!failure.rendered().contains("importer bug"))
    }

    @Test func aThemeOverTheSizeLimitIsReportedAtItsSourceTheme() throws {
        let output = try Self.run("Night.json", Self.swiftThemeNight)
        let small = ThemeLimits(maxFileSize: 200)
        let failure = try #require(Self.failure { try ThemeImporter.check(output.themes, limits: small) })
        #expect(failure.location == SourceLocation(file: "Night.json", line: 1, column: 1))
        #expect(failure.message.hasPrefix("the theme 'Night', written as night.plist: the file is "))
        #expect(failure.message.hasSuffix("over the limit of 200 bytes [parse_error]"))
    }

    @Test func aFileWithNoKeyAnyImporterReadsIsRefusedNotWrittenEmpty() throws {
        // The shape of an Alacritty color scheme: YAML, so taken for Motif, with no constant
        // and no class.
        let text = "colors:\n  primary:\n    background: '#1d1f21'\n"
        let failure = try #require(Self.failure { _ = try Self.run("tomorrow.yaml", text) })
        #expect(failure.location == SourceLocation(file: "tomorrow.yaml", line: 1, column: 1))
        #expect(failure.message.contains("none of this file's keys is one that Motif reads: nothing to import"))
    }

    @Test func motifFilesOfOneBaseNameInTwoFoldersStillLink() throws {
        let sources: [ThemeImporter.Source] = [
            .init(file: "light/Theme.yaml", bytes: Array("$BackgroundColor: '#ffffff'\n".utf8)),
            .init(file: "dark/Theme.yaml", bytes: Array("$TextColor: $BackgroundColor\n".utf8)),
        ]
        let output = try ThemeImporter.run(sources)
        let dark = try #require(output.themes.first { $0.file == "dark/Theme.yaml" })
        #expect(dark.values["TextColor"] == .string("@BackgroundColor"))
        #expect(dark.text.contains("<key>INHERITED_THEME</key>\n\t<string>theme</string>"))
    }

    @Test func motifFilesGivenInNameOrderResolveAcrossOneNamespace() throws {
        // Motif's DynamicThemingExample, as `Themes/*.yaml` lists it: the content file names
        // the mapping's constants, which name the colors file's.
        let sources: [ThemeImporter.Source] = [
            .init(file: "Themes/ColorsTheme.yaml", bytes: Array("$GrayColor: '#333333'\n".utf8)),
            .init(
                file: "Themes/ContentTheme.yaml",
                bytes: Array(".Content:\n  backgroundColor: $ContentBackgroundColor\n".utf8)),
            .init(
                file: "Themes/DarkMappingsTheme.yaml",
                bytes: Array("$ContentBackgroundColor: $GrayColor\n".utf8)),
        ]
        let output = try ThemeImporter.run(sources)
        let content = try #require(output.themes.first { $0.name == "content-theme" })
        #expect(content.text.contains("<key>INHERITED_THEME</key>\n\t<string>dark-mappings-theme</string>"))
        let (_, loaded) = try ImportFixtures.load(output)
        #expect(loaded["content-theme"]?.color(forKey: "Content.backgroundColor") == ThemeColor(hex: "333333"))
    }

    @Test func yamlMergeKeysAreMerged() throws {
        let text = """
            .Button: &button
              cornerRadius: 4
              tintColor: '#ffffff'
            .WarningButton:
              <<: *button
              tintColor: '#ff0000'
            """
        let output = try Self.run("Buttons.yaml", text)
        let theme = try #require(output.themes.first)
        #expect(theme.values["WarningButton.cornerRadius"] == .integer(4))
        #expect(theme.values["WarningButton.tintColor"] == .string("#FF0000"))
        #expect(!theme.values.keys.contains { $0.contains("<<") })
    }

    @Test func aDuplicateYAMLKeyIsANoteAsInJSON() throws {
        let output = try Self.run("Colors.yaml", "$RedColor: '#ff0000'\n$RedColor: '#cc0000'\n")
        let theme = try #require(output.themes.first)
        #expect(theme.values["RedColor"] == .string("#CC0000"))
        #expect(
            output.notes.contains {
                $0.location == SourceLocation(file: "Colors.yaml", line: 2, column: 12)
                    && $0.message.contains("sets key 'RedColor' again")
            })
    }

    @Test func yamlNestedTooDeepIsSaidInTheImportersWords() throws {
        let text = "$A: " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000) + "\n"
        let failure = try #require(Self.failure { _ = try Self.run("Deep.yaml", text) })
        #expect(failure.location.line == 1)
        #expect(!failure.message.contains("yaml_set_max_nest_level"))
        #expect(failure.message.contains("nested more than"))
    }

    @Test func aYAMLAliasBombIsRefusedAtAnAlias() throws {
        var lines = ["$A: &a [x, x, x, x, x, x, x, x, x, x]"]
        for (index, name) in ["b", "c", "d", "e", "f"].enumerated() {
            let previous = index == 0 ? "a" : ["b", "c", "d", "e"][index - 1]
            lines.append(
                "$\(name.uppercased()): &\(name) ["
                    + Array(repeating: "*" + previous, count: 10).joined(separator: ", ") + "]")
        }
        let failure = try #require(Self.failure { _ = try Self.run("Bomb.yaml", lines.joined(separator: "\n") + "\n") })
        #expect(failure.location.file == "Bomb.yaml")
        #expect(failure.location.line > 1)
        #expect(failure.message.contains("alias"))
    }

    @Test func aNestedSourceWhoseFlatKeysOutgrowItsSizeIsRefusedBeforeFlattening() throws {
        // 50 levels of 1,000-character keys, then 200 leaves: each leaf's flat key is 50 KB.
        let name = String(repeating: "k", count: 1_000)
        var text = "<plist><dict>" + String(repeating: "<key>\(name)</key><dict>", count: 50)
        for leaf in 0..<200 { text += "<key>leaf\(leaf)</key><string>v</string>" }
        text += String(repeating: "</dict>", count: 50) + "</dict></plist>"
        let failure = try #require(Self.failure { _ = try Self.run("Deep.plist", text, format: .plist) })
        #expect(failure.location.file == "Deep.plist")
        #expect(failure.message.contains("over 16 times the source's size: refused before flattening"))
    }

    @Test func brStyleReadsHexOnlyInItsColorSettings() throws {
        let text = ##"{"colors": {"primaryColor": "#ff0000ff"}, "fonts": {"heading": "Avenir"}}"##
        let output = try Self.run("Style.json", text, format: .brstyle)
        let theme = try #require(output.themes.first)
        #expect(theme.values["heading"] == .string("Avenir"))
    }

    @Test func brStyleNormalIsTheBaseState() throws {
        let text = """
            {"default": {"colors": {"primaryColor": "#000000ff"}},
             "bar-controls-normal": {"colors": {"primaryColor": "#00ff00ff"}},
             "bar-controls-highlighted": {"colors": {"primaryColor": "#0000ffff"}}}
            """
        let output = try Self.run("Styles.json", text, format: .brstyle)
        let theme = try #require(output.themes.first)
        #expect(theme.values["bar-controls.primaryColor"] == .string("#00FF00"))
        #expect(theme.values["bar-controls:highlighted.primaryColor"] == .string("#0000FF"))
    }

    @Test func aUTF16BigEndianPlistWithNoByteOrderMarkIsRead() throws {
        let text = "<plist><dict><key>tintColor</key><string>#ff0000</string></dict></plist>"
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let output = try ThemeImporter.run([.init(file: "Theme.plist", bytes: bytes)], format: .plist)
        #expect(output.themes.first?.values["tintColor"] == .string("#FF0000"))
    }
}

import Foundation
import TestSupport
import Testing
import ThemeKit

@testable import ThemeTools

/// Golden files for generated keys.
let keyGolden = Golden(folder: Paths.fixtures.appendingPathComponent("Keys"))

/// A scratch folder of themes, removed when released.
final class ScratchThemes {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("keygen-\(UUID().uuidString)")
    var path: String { url.path }

    init(_ themes: [String: String]) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, body) in themes {
            try "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
                .write(to: url.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite struct KeyGeneratorTests {
    static let awkward = keyGolden.folder.appendingPathComponent("awkward").path
    static let collision = keyGolden.folder.appendingPathComponent("collision").path

    static func generate(_ directories: String..., access: KeyGenerator.AccessLevel = .internal) -> GeneratedKeys {
        KeyGenerator(accessLevel: access).generate(from: directories.map { ThemeCollection(directory: $0) })
    }

    /// A chain of `count` themes below `default`, each adding a key of its own, and two
    /// themes below `zeta` (which sets `modeTitle` again, as a flag) that add keys: one
    /// named before every other theme, so that it is the one named for `zeta`'s flag.
    static func addingThemes(_ count: Int) throws -> ScratchThemes {
        var themes = [
            "default": "<key>modeTitle</key><string>light</string><key>rootColor</key><string>#123456</string>",
            "zeta": "<key>INHERITED_THEME</key><string>default</string><key>modeTitle</key><true/>",
            "alpha": "<key>INHERITED_THEME</key><string>zeta</string><key>alphaSize</key><integer>3</integer>",
            "omega": "<key>INHERITED_THEME</key><string>zeta</string><key>omegaImage</key><string>o</string>",
        ]
        for index in 0..<count {
            let parent = index == 0 ? "default" : "t\(index)"
            themes["t\(index + 1)"] =
                "<key>INHERITED_THEME</key><string>\(parent)</string><key>k\(index)Color</key><string>#00000\(index % 10)</string>"
        }
        return try ScratchThemes(themes)
    }

    @Test(
        "themekit keys reads a theme that only adds keys as those keys: the output of every theme whole, from n records"
    )
    func themesThatOnlyAddKeys() throws {
        let themes = try Self.addingThemes(30)
        let survey = KeySurvey(directory: themes.path)
        // default's 2 keys and zeta's 1 (it sets one again with another kind: the key it
        // changes), then one key for each theme that only adds one; every theme whole was
        // 2 + 2 + 3 + 3 + (3 + … + 32) = 535 records.
        #expect(survey.records.count == 2 + 1 + 1 + 1 + 30)
        #expect(survey.failures.isEmpty)
        let whole = KeyGenerator().generate(from: [ThemeCollection(directory: themes.path)])
        let surveyed = KeyGenerator().generate(from: [survey])
        #expect(surveyed.source == whole.source)
        #expect(surveyed.diagnostics == whole.diagnostics)
        // The flag `zeta` sets is held by `alpha` too, which comes first by name.
        let mixed = try #require(surveyed.diagnostics.first { $0.code == .mixedKeyKind })
        #expect(mixed.notes.map(\.message) == ["a bool in 'alpha'", "a string in 'default'"])
    }

    @Test("themekit keys reads a theme that sets inherited keys no inherited value reads as its own keys")
    func themesThatSetInheritedKeysAgain() throws {
        var themes: [String: String] = [
            "default":
                "<key>descriptiveName</key><string>Default</string><key>rootColor</key><string>#123456</string>"
        ]
        for index in 0..<30 {
            let parent = index == 0 ? "default" : "t\(index)"
            themes["t\(index + 1)"] =
                "<key>INHERITED_THEME</key><string>\(parent)</string><key>descriptiveName</key><string>T\(index)</string>"
                + "<key>rootColor</key><string>#00000\(index % 10)</string>"
                + "<key>k\(index)Color</key><string>#00000\(index % 10)</string>"
        }
        let folder = try ScratchThemes(themes)
        let survey = KeySurvey(directory: folder.path)
        // default's 2 keys, then 3 for each theme: every theme whole was 2 + (3 + … + 32).
        #expect(survey.records.count == 2 + 3 * 30)
        let whole = KeyGenerator().generate(from: [ThemeCollection(directory: folder.path)])
        let surveyed = KeyGenerator().generate(from: [survey])
        #expect(surveyed.source == whole.source)
        #expect(surveyed.diagnostics == whole.diagnostics)
    }

    @Test("themekit keys reads a mapping theme as the keys it changes: its own and the inherited ones that read them")
    func mappingThemesAsTheKeysTheyChange() throws {
        var themes: [String: String] = [
            "default":
                "<key>primaryColor</key><string>#123456</string><key>buttonColor</key><string>primaryColor</string>"
                + "<key>linkColor</key><string>@buttonColor</string><key>label</key><string>name</string>"
                + "<key>name</key><string>Default</string><key>paddingWidth</key><integer>4</integer>"
        ]
        for index in 0..<30 {
            let parent = index == 0 ? "default" : "t\(index)"
            // Every third theme makes `name` a number, so `label`, which reads it, is one too.
            let name = index % 3 == 0 ? "<integer>\(index)</integer>" : "<string>T\(index)</string>"
            themes["t\(index + 1)"] =
                "<key>INHERITED_THEME</key><string>\(parent)</string><key>primaryColor</key><string>#00000\(index % 10)</string>"
                + "<key>name</key>\(name)<key>k\(index)Color</key><string>#00000\(index % 10)</string>"
        }
        // A theme named before the others, below t5, that sets nothing its parent's aliases read.
        themes["a"] = "<key>INHERITED_THEME</key><string>t5</string><key>paddingWidth</key><integer>5</integer>"
        let folder = try ScratchThemes(themes)
        let survey = KeySurvey(directory: folder.path)
        // default's 6 keys, then for each theme the 5 it changes (primaryColor, buttonColor,
        // linkColor, name, label) and its own; `a` its own key.
        #expect(survey.records.count == 6 + 6 * 30 + 1)
        let whole = KeyGenerator().generate(from: [ThemeCollection(directory: folder.path)])
        let surveyed = KeyGenerator().generate(from: [survey])
        #expect(surveyed.source == whole.source)
        #expect(surveyed.diagnostics == whole.diagnostics)
        #expect(whole.diagnostics.map(\.code) == [.mixedKeyKind, .mixedKeyKind])
    }

    @Test func shippedThemesMatchTheGolden() throws {
        let generated = Self.generate(Paths.themes)
        #expect(generated.diagnostics.isEmpty)
        try keyGolden.expect(try #require(generated.source), "Themes.golden")
    }

    @Test func everyKeyOfEveryThemeIsDeclaredOnceUnderItsValueType() throws {
        let collection = ThemeCollection(directory: Paths.themes)
        let source = try #require(Self.generate(Paths.themes).source)
        let expected = Set(collection.themes.flatMap(\.values.keys))
        #expect(expected.count > 20)
        for key in expected {
            #expect(source.components(separatedBy: "ThemeKey(\"\(key)\")").count == 2, "\(key) once")
        }
        #expect(!source.contains("INHERITED_THEME"), "the reserved key is not a key")
        #expect(source.contains("static var primaryColor: ThemeKey<ThemeColor> { ThemeKey(\"primaryColor\") }"))
        #expect(source.contains("static var headerFont: ThemeKey<ThemeFont>"))
        #expect(source.contains("static var cornerRadiusSize: ThemeKey<Double>"))
        #expect(source.contains("static var logoImage: ThemeKey<String>"))
        #expect(source.contains("static var animationsEnabled: ThemeKey<Bool>"))
    }

    @Test func outputIsTheSameFromAnotherPathAndAnotherRun() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("keygen-copy-\(UUID())")
            .appendingPathComponent("Themes")
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        try FileManager.default.copyItem(atPath: Paths.themes, toPath: copy.path)
        let here = try #require(Self.generate(Paths.themes).source)
        let there = try #require(Self.generate(copy.path + "/").source)
        #expect(here == there)
        #expect(here == Self.generate(Paths.themes).source)
        #expect(!here.contains(Paths.packageRoot.path), "no absolute paths")
        #expect(here.hasPrefix("// Generated by `themekit keys` from Themes. Do not edit"))
    }

    @Test func awkwardKeysAreEscapedOrBacktickedAndMatchTheGolden() throws {
        let generated = Self.generate(Self.awkward)
        try keyGolden.expect(try #require(generated.source), "awkward.golden")
        let source = try #require(generated.source)
        #expect(source.contains("static var `default`: ThemeKey<String> { ThemeKey(\"default\") }"))
        #expect(source.contains("static var tabBarColor: ThemeKey<ThemeColor> { ThemeKey(\"tab-barColor\") }"))
        #expect(source.contains("static var _2xlSpacingSize: ThemeKey<Double> { ThemeKey(\"2xlSpacingSize\") }"))
        #expect(source.contains("ThemeKey(\"quote\\\"and\\\\backslash\")"))
    }

    @Test func keyWhoseKindDiffersBetweenThemesIsAThemeValueKeyWithAWarning() throws {
        let generated = Self.generate(Self.awkward)
        let warning = try #require(generated.diagnostics.first)
        #expect(generated.diagnostics.count == 1)
        #expect(warning.code == .mixedKeyKind)
        #expect(warning.severity == .warning)
        #expect(warning.key == "label")
        #expect(warning.notes.map(\.message) == ["a bool in 'child'", "a string in 'default'"])
        #expect(generated.source?.contains("static var label: ThemeKey<ThemeValue>") == true)
    }

    @Test func aKeyOfNonASCIILettersOnlyIsUnnamedAndTheMessageSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themekit-umlaut-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let theme = "<plist><dict><key>ÄÖÜ</key><string>x</string></dict></plist>"
        try Data(theme.utf8).write(to: folder.appendingPathComponent("default.plist"))
        let generated = Self.generate(folder.path)
        #expect(generated.source == nil)
        #expect(generated.diagnostics.map(\.code) == [.unnamedKey])
        #expect(
            generated.diagnostics.first?.message
                == "key \"ÄÖÜ\" has no ASCII letter or digit to make a Swift name of: rename it")
    }

    @Test("styles and the states beyond the built-in ones are declared, states in the order the keys write them")
    func stylesAndStatesAreDeclared() throws {
        let themes = try ScratchThemes([
            "default": """
            <key>tintColor</key><string>#000000</string>
            <key>MyCustomButton.tintColor</key><string>#111111</string>
            <key>Popover/my-card:selected:zooming:loading.borderColor</key><string>#222222</string>
            <key>MyCustomButton:highlighted:pressed:loading.tintColor</key><string>#333333</string>
            <key>Sub.INHERITED_STYLE</key><string>MyCustomButton</string>
            """
        ])
        let generated = Self.generate(themes.path)
        let source = try #require(generated.source)
        #expect(generated.diagnostics.isEmpty)
        #expect(
            source.hasSuffix(
                """

                // MARK: - Styles

                extension ThemeStyleName {
                    /// The style "MyCustomButton".
                    static var myCustomButton: ThemeStyleName { ThemeStyleName("MyCustomButton") }
                    /// The style "Sub".
                    static var sub: ThemeStyleName { ThemeStyleName("Sub") }
                    /// The style "my-card".
                    static var myCard: ThemeStyleName { ThemeStyleName("my-card") }
                }

                // MARK: - States beyond the built-in ones, in their priority order

                extension ThemeState {
                    static var pressed: ThemeState { ThemeState("pressed", priority: 6) }
                    static var zooming: ThemeState { ThemeState("zooming", priority: 7) }
                    static var loading: ThemeState { ThemeState("loading", priority: 8) }
                }

                """))
        // Themes without styled keys keep the output they had: no Styles section.
        let plain = try ScratchThemes(["default": "<key>tintColor</key><string>#000000</string>"])
        let plainSource = try #require(Self.generate(plain.path).source)
        #expect(!plainSource.contains("ThemeStyleName"))
        #expect(!plainSource.contains("extension ThemeState"))
    }

    @Test("states written in no agreed order go by name; a state named like a built-in one is a collision")
    func stateOrderAndCollisions() throws {
        #expect(KeyGenerator.ordered(["b", "a", "c"], after: ["c": ["a"]]) == ["b", "c", "a"])
        #expect(KeyGenerator.ordered(["b", "a"], after: ["a": ["b"], "b": ["a"]]) == ["a", "b"])
        let themes = try ScratchThemes([
            "default": """
            <key>Button:Disabled.tintColor</key><string>#000000</string>
            <key>my-card.tintColor</key><string>#000000</string>
            <key>MyCard.tintColor</key><string>#000000</string>
            """
        ])
        let generated = Self.generate(themes.path)
        #expect(generated.source == nil)
        #expect(
            Set(generated.diagnostics.map(\.message)) == [
                "state \"Disabled\" would be named 'disabled' in Swift, which ThemeState has already: rename it",
                "styles \"MyCard\" and \"my-card\" would both be named 'myCard' in Swift: rename one of them",
            ])
    }

    @Test func twoKeysWithOneSwiftNameAreAnErrorAndNothingIsGenerated() throws {
        let generated = Self.generate(Self.collision)
        #expect(generated.source == nil)
        #expect(generated.diagnostics.map(\.code) == [.keyNameCollision, .unnamedKey])
        let collision = try #require(generated.diagnostics.first)
        #expect(collision.key == "button-color", "reported on the escaped key, not the one written as the name")
        #expect(collision.location.line == 6)
        #expect(collision.message.contains("'buttonColor'"))
        #expect(collision.notes.first?.location.line == 4)
    }

    @Test func keyNamedLikeTheKeyTypeIsACollisionWithTheType() throws {
        let themes = try ScratchThemes([
            "default": """
            <key>ThemeKey</key><string>a</string>
            <key>theme-key</key><string>b</string>
            <key>Theme-key</key><string>c</string>
            <key>ThemeKeys</key><string>d</string>
            """
        ])
        let generated = Self.generate(themes.path)
        #expect(generated.source == nil, "a member named ThemeKey hides the type the declarations call")
        #expect(generated.diagnostics.map(\.code) == [.keyNameCollision, .keyNameCollision])
        #expect(generated.diagnostics.map(\.key) == ["ThemeKey", "Theme-key"])
        #expect(
            generated.diagnostics.first?.message
                == "key \"ThemeKey\" would be named 'ThemeKey' in Swift, the name of the key type its declaration "
                + "uses: rename it")
        let near = try ScratchThemes([
            "default": "<key>theme-key</key><string>b</string><key>ThemeKeys</key><string>d</string>"
        ])
        #expect(Self.generate(near.path).diagnostics.isEmpty, "themeKey and ThemeKeys hide nothing")
    }

    @Test func collisionAcrossFoldersIsAnErrorToo() throws {
        let first = try ScratchThemes(["default": "<key>tab-bar</key><string>x</string>"])
        let second = try ScratchThemes([
            "other": "<key>tab_bar</key><string>y</string><key>tabBar</key><string>z</string>"
        ])
        let generated = Self.generate(first.path, second.path)
        #expect(generated.source == nil)
        #expect(generated.diagnostics.map(\.key) == ["tab-bar"])
    }

    @Test func themeThatFailsToLoadStopsGenerationWithItsDiagnostics() throws {
        let folder = try ScratchThemes([
            "default": "<key>textColor</key><string>#000</string>",
            "broken": "<key>linkColor</key><string>@nowhereColor</string>",
        ])
        let generated = Self.generate(folder.path)
        #expect(generated.source == nil)
        #expect(generated.diagnostics.map(\.code) == [.unresolvedAlias])
        #expect(generated.diagnostics.first?.location.file.hasSuffix("broken.plist") == true)
    }

    @Test func publicAccessLevelMakesKeysAndTheImportPublic() throws {
        let source = try #require(Self.generate(Paths.themes, access: .public).source)
        #expect(source.contains("\npublic import ThemeKit\n"))
        #expect(source.contains("    public static var primaryColor: ThemeKey<ThemeColor>"))
        #expect(source.hasPrefix("// Generated by `themekit keys --access-level public` from Themes."))
        #expect(!source.contains("\n    static var"))
    }

    @Test(arguments: [
        ("primaryColor", "primaryColor"), ("button-color", "buttonColor"), ("header.title", "headerTitle"),
        ("2xl", "_2xl"), ("with  two spaces", "withTwoSpaces"), ("-leading", "leading"), ("trailing-", "trailing"),
        ("_private", "_private"), ("naïve", "naVe"), ("a$b", "aB"), ("x-1", "x1"),
    ])
    func escapesKeysThatAreNotIdentifiers(key: String, name: String) {
        #expect(SwiftName(key: key)?.identifier == name)
    }

    @Test func keywordsAreDeclaredWithBackticks() {
        #expect(SwiftName(key: "default")?.declared == "`default`")
        #expect(SwiftName(key: "self")?.declared == "`self`")
        #expect(SwiftName(key: "Type")?.declared == "`Type`")
        #expect(SwiftName(key: "defaultColor")?.declared == "defaultColor")
    }

    @Test func keysWithNothingToNameAreNil() {
        #expect(SwiftName(key: "") == nil)
        #expect(SwiftName(key: "---") == nil)
        #expect(SwiftName(key: "日本") == nil)
    }

    @Test func literalsEscapeQuotesBackslashesAndLineBreaks() {
        #expect(KeyGenerator.literal("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(KeyGenerator.literal("x\ny\u{2028}z\u{7}") == "\"x\\ny\\u{2028}z\\u{7}\"")
        // Bidi overrides and isolates, C1 controls: the literal reads in the order it runs.
        #expect(KeyGenerator.literal("a\u{202E}b\u{2066}c\u{9B}d") == "\"a\\u{202E}b\\u{2066}c\\u{9B}d\"")
        #expect(KeyGenerator.folderLabel("/abs/path/Themes//") == "Themes")
        #expect(KeyGenerator.folderLabel("odd\nname") == "odd?name")
    }

    @Test("the header names the folder a path leads to, wherever the command ran")
    func folderLabelResolvesDots() {
        #expect(KeyGenerator.folderLabel("/abs/Themes/.") == "Themes")
        #expect(KeyGenerator.folderLabel("/abs/Themes/sub/..") == "Themes")
        #expect(KeyGenerator.folderLabel("Themes/../Themes/") == "Themes")
        // `themekit keys .` names the folder itself, not "from .." (the folder as typed, then the period).
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).lastPathComponent
        #expect(KeyGenerator.folderLabel(".") == here)
        #expect(KeyGenerator.folderLabel("./") == here)
        #expect(KeyGenerator.folderLabel("/") == "/")
    }
}

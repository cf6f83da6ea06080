import Foundation
import TestSupport
import Testing

/// The golden files of ThemeToolsTests: the CLI must print exactly what the library generates.
/// ThemeToolsTests owns them, so these tests only read them (`rewrite: false`).
private let keyGoldens = Golden(
    folder: CLI.packageRoot.appendingPathComponent("Tests/ThemeToolsTests/Fixtures/Keys"))

@Suite("themekit keys, end to end", .serialized)
struct ThemeKitKeysTests {
    @Test func shippedThemesPrintTheGoldenKeysOnStdout() throws {
        let result = try CLI.run(["keys", "Themes/"], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try keyGoldens.expect(result.stdout, "Themes.golden", rewrite: false)
    }

    @Test func outputOptionWritesTheFileAndPrintsNothing() throws {
        let scratch = try Scratch()
        let file = scratch.url.appendingPathComponent("ThemeKeys.swift")
        let result = try CLI.run(["keys", "Themes", "-o", file.path], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == (try CLI.run(["keys", "Themes"], tool: "themekit").stdout))
        #expect(written.contains("static var primaryColor: ThemeKey<ThemeColor>"))
    }

    @Test func awkwardKeysPrintTheGoldenAndTheMixedKindWarning() throws {
        let result = try CLI.run(["keys", "Tests/ThemeToolsTests/Fixtures/Keys/awkward"], tool: "themekit")
        #expect(result.status == 0)
        try keyGoldens.expect(result.stdout, "awkward.golden", rewrite: false)
        try CLI.golden.expect(result.stderr, "keys-awkward.stderr")
    }

    @Test func collidingAndUnnamableKeysExit1AndWriteNothing() throws {
        let scratch = try Scratch()
        let file = scratch.url.appendingPathComponent("ThemeKeys.swift")
        let result = try CLI.run(
            ["keys", "Tests/ThemeToolsTests/Fixtures/Keys/collision", "-o", file.path], tool: "themekit")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        try CLI.golden.expect(result.stderr, "keys-collision.stderr")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func themeThatFailsToLoadExits1WithItsDiagnosticsAndLeavesTheOldFile() throws {
        let scratch = try Scratch()
        try scratch.write(
            "Themes/default.plist",
            """
            <plist version="1.0">
            <dict>
            \t<key>textColor</key>
            \t<string>@inkColour</string>
            \t<key>inkColor</key>
            \t<string>#000</string>
            </dict>
            </plist>

            """)
        let old = try scratch.write("ThemeKeys.swift", "// the last good keys\n")
        let result = try CLI.run(["keys", "Themes", "-o", "ThemeKeys.swift"], tool: "themekit", in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                Themes/default.plist:4:2: error: '@inkColour' names no key; did you mean 'inkColor'? [unresolved_alias]
                \t<string>@inkColour</string>
                \t^~~~~~~~~~~~~~~~~~~~~~~~~~~
                themekit: error: no keys written: 1 error

                """)
        #expect(try String(contentsOf: old, encoding: .utf8) == "// the last good keys\n")
    }

    @Test func usageAndIOErrorsExit2() throws {
        let missing = try CLI.run(["keys", "Nowhere/"], tool: "themekit")
        #expect(missing.status == 2)
        #expect(missing.stderr == "themekit: error: no such folder: Nowhere/\n")
        let none = try CLI.run(["keys"], tool: "themekit")
        #expect(none.status == 2)
        #expect(none.stderr == "themekit: error: give at least one folder of themes\n")
        let level = try CLI.run(["keys", "Themes", "--access-level", "open"], tool: "themekit")
        #expect(level.status == 2)
        #expect(level.stderr == "themekit: error: unknown access level 'open': use internal or public\n")
        let scratch = try Scratch()
        let empty = try CLI.run(["keys", "."], tool: "themekit", in: scratch.url)
        #expect(empty.status == 2)
        #expect(empty.stderr == "themekit: error: no themes (*.plist) in .\n")
        let unwritable = try CLI.run(
            ["keys", "Themes", "-o", scratch.url.appendingPathComponent("no/such/dir/Keys.swift").path],
            tool: "themekit")
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("themekit: error: cannot write "))
    }
}

@Suite("generated keys compile against ThemeKit", .serialized)
struct ThemeKitKeysCompileTests {
    /// Generates the keys of `folder` with the built `themekit` into `scratch`.
    private func generate(_ folder: String, into scratch: Scratch, _ options: [String] = []) throws -> URL {
        let file = scratch.url.appendingPathComponent("ThemeKeys.swift")
        let result = try CLI.run(["keys", folder, "-o", file.path] + options, tool: "themekit")
        try #require(result.status == 0, "\(result.stderr)")
        return file
    }

    @Test func generatedKeysOfTheShippedThemesCompileAndHandBackTheirTypes() throws {
        let scratch = try Scratch()
        let keys = try generate("Themes", into: scratch)
        let use = try scratch.write(
            "Use.swift",
            """
            import ThemeKit

            func restyle(_ theme: Theme, _ manager: ThemeManager) {
                let tint: ThemeColor? = theme[.primaryColor]
                let title: ThemeFont? = manager[.headerFont]
                let radius: Double? = theme[.cornerRadiusSize]
                let logo: String? = theme[.logoImage]
                let animated: Bool? = manager[.animationsEnabled]
                _ = (tint, title, radius, logo, animated, ThemeManager.shared[.textColor]?.hexString)
            }

            """)
        let result = try SwiftCompiler.typecheck([keys, use])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func escapedAndKeywordKeysCompile() throws {
        let scratch = try Scratch()
        let keys = try generate("Tests/ThemeToolsTests/Fixtures/Keys/awkward", into: scratch)
        let use = try scratch.write(
            "Use.swift",
            """
            import ThemeKit

            func read(_ theme: Theme) {
                let tab: ThemeColor? = theme[.tabBarColor]
                let header: ThemeFont? = theme[.headerTitleFont]
                let spacing: Double? = theme[._2xlSpacingSize]
                let fallback: String? = theme[.default]
                let kind: String? = theme[.class]
                let label: ThemeValue? = theme[.label]
                _ = (tab, header, spacing, fallback, kind, label, theme[.quoteAndBackslash], theme[.`self`])
            }

            """)
        let result = try SwiftCompiler.typecheck([keys, use])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func keysNamedNearTheKeyTypeCompileAndTheTypesOwnNameIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write(
            "near/default.plist",
            """
            <plist version="1.0"><dict><key>theme-key</key><string>a</string><key>ThemeKeys</key><string>b</string>\
            <key>ThemeValue</key><string>c</string><key>Value</key><integer>1</integer></dict></plist>
            """)
        let keys = try generate(scratch.url.appendingPathComponent("near").path, into: scratch)
        let use = try scratch.write(
            "Use.swift",
            """
            import ThemeKit

            func read(_ theme: Theme) -> (String?, String?, String?, Double?) {
                (theme[.themeKey], theme[.ThemeKeys], theme[.ThemeValue], theme[.Value])
            }

            """)
        let compiled = try SwiftCompiler.typecheck([keys, use])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        // A key named ThemeKey (or escaped to it) would hide the type inside the extension
        // (`ThemeKey("…")` would call the member): refused, and no file is written.
        try scratch.write(
            "exact/default.plist",
            "<plist version=\"1.0\"><dict><key>Theme-key</key><string>a</string></dict></plist>\n")
        let file = scratch.url.appendingPathComponent("Refused.swift")
        let refused = try CLI.run(
            ["keys", scratch.url.appendingPathComponent("exact").path, "-o", file.path], tool: "themekit")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("would be named 'ThemeKey' in Swift"))
        #expect(refused.stderr.contains("[key_name_collision]"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func publicKeysCompileAsALibrarysAPI() throws {
        let scratch = try Scratch()
        let keys = try generate("Themes", into: scratch, ["--access-level", "public"])
        let use = try scratch.write(
            "Use.swift",
            "public import ThemeKit\n\npublic func tint(_ theme: Theme) -> ThemeColor? { theme[.primaryColor] }\n")
        let result = try SwiftCompiler.typecheck([keys, use])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func misspeltKeyIsACompileErrorNamingTheMissingMember() throws {
        let scratch = try Scratch()
        let keys = try generate("Themes", into: scratch)
        let use = try scratch.write(
            "Use.swift",
            """
            import ThemeKit

            func restyle(_ theme: Theme) {
                let tint: ThemeColor? = theme[.primaryColour]
                _ = tint
            }

            """)
        let result = try SwiftCompiler.typecheck([keys, use])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("Use.swift:4:36: error: type 'ThemeKey<ThemeColor>' has no member 'primaryColour'"))
    }

    @Test func keyOfTheWrongTypeIsACompileError() throws {
        let scratch = try Scratch()
        let keys = try generate("Themes", into: scratch)
        let use = try scratch.write(
            "Use.swift",
            """
            import ThemeKit

            func restyle(_ theme: Theme) {
                let font: ThemeFont? = theme[.primaryColor]
                _ = font
            }

            """)
        let result = try SwiftCompiler.typecheck([keys, use])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Use.swift:4:"))
        #expect(result.stderr.contains("primaryColor"))
    }

    @Test("generated style names and states compile into style lookups; a misspelt style or state does not")
    func styleNamesAndStatesCompile() throws {
        let scratch = try Scratch()
        let keys = try generate("Tests/themekitTests/Fixtures/styles", into: scratch)
        let use = try scratch.write(
            "Use.swift",
            """
            import ThemeKit

            func restyle(_ theme: Theme, _ manager: ThemeManager) {
                let button = theme.style(.myCustomButton, states: [.highlighted, .pressed], in: ["UIPopoverController"])
                let tint: ThemeColor? = button[.tintColor]
                let danger = manager.style(.myDangerButton, states: [.disabled])
                _ = (tint, danger.color(forKey: "tintColor"), ThemeState.pressed > ThemeState.hovered)
            }

            """)
        let result = try SwiftCompiler.typecheck([keys, use])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")

        let misspelt = try scratch.write(
            "Misspelt.swift",
            """
            import ThemeKit

            func restyle(_ theme: Theme) {
                _ = theme.style(.myCustomButon)
                _ = theme.style(.myCustomButton, states: [.presed])
            }

            """)
        let failed = try SwiftCompiler.typecheck([keys, misspelt])
        #expect(failed.status != 0)
        // `style` takes a String too, so the compiler names no type for the misspelt style.
        #expect(failed.stderr.contains("Misspelt.swift:4:22: error: reference to member 'myCustomButon'"))
        #expect(failed.stderr.contains("Misspelt.swift:5:48: error: type 'ThemeState' has no member 'presed'"))
    }
}

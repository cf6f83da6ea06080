import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// The style rules (`unknown_state`, `unknown_style`, `style_cycle`, `state_order`,
/// `state_without_base`) beyond their examples: across inheritance, once per cycle, with a
/// project's own states, and at the places they report.
@Suite("Style rules")
struct StyleRuleTests {
    static let styleRules: Set<DiagnosticCode> = [
        .unknownState, .unknownStyle, .styleCycle, .stateOrder, .stateWithoutBase,
    ]

    /// Lints `themes` (name → entries, one a line: line 3 holds the first) and renders the
    /// style rules' problems as `file:line:column [code] message`, sorted.
    static func lint(_ themes: [String: [String]], states: [String] = []) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("styles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, entries) in themes {
            try Data(RuleExample.plist(entries).utf8).write(to: folder.appendingPathComponent(name + ".plist"))
        }
        var configuration = LintConfiguration()
        configuration.states = states
        let report = try ThemeLinter(currentDirectory: folder.path, configuration: configuration).lint(paths: ["."])
        return report.diagnostics.filter { styleRules.contains($0.code) }.map {
            "\($0.location.file):\($0.location.line):\($0.location.column) [\($0.code)] \($0.message)"
        }
    }

    @Test("a cycle is reported once, at its first key in the file, however many styles lead into it")
    func cycleOnce() throws {
        let found = try Self.lint([
            "default": [
                "<key>Lead.INHERITED_STYLE</key><string>B</string>",
                "<key>C.INHERITED_STYLE</key><string>A</string>",
                "<key>A.INHERITED_STYLE</key><string>B</string>",
                "<key>B.INHERITED_STYLE</key><string>C</string>",
                "<key>Other.INHERITED_STYLE</key><string>A</string>",
            ]
        ])
        #expect(
            found == [
                "default.plist:4:30 [style_cycle] 'C.INHERITED_STYLE' makes a cycle of styles: C → A → B → C "
                    + "(a lookup stops at the first repeat)"
            ])
    }

    @Test("a cycle written in a parent theme is the parent's: a child that only inherits it reports nothing")
    func cycleInParentOnly() throws {
        let found = try Self.lint([
            "default": [
                "<key>A.INHERITED_STYLE</key><string>B</string>", "<key>B.INHERITED_STYLE</key><string>A</string>",
            ],
            "child": [
                "<key>INHERITED_THEME</key><string>default</string>",
                "<key>Sub.INHERITED_STYLE</key><string>A</string>",
            ],
        ])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("default.plist:3:30 [style_cycle] 'A.INHERITED_STYLE'") == true)
        // A child that overrides a link to close a cycle of its own reports it; one that
        // breaks the parent's cycle reports nothing of its own.
        let broken = try Self.lint([
            "default": [
                "<key>A.INHERITED_STYLE</key><string>B</string>", "<key>B.tintColor</key><string>000</string>",
            ],
            "child": [
                "<key>INHERITED_THEME</key><string>default</string>",
                "<key>B.INHERITED_STYLE</key><string>A</string>",
            ],
        ])
        #expect(
            broken == [
                "child.plist:4:30 [style_cycle] 'B.INHERITED_STYLE' makes a cycle of styles: B → A → B "
                    + "(a lookup stops at the first repeat)"
            ])
    }

    @Test(
        "a base may come from a parent style written in an ancestor theme, in fewer containers; not from the global key"
    )
    func basesAcrossInheritance() throws {
        let found = try Self.lint([
            "default": [
                "<key>tintColor</key><string>fff</string>", "<key>Base.tintColor</key><string>000</string>",
                "<key>Outer/Card.borderColor</key><string>000</string>",
            ],
            "child": [
                "<key>INHERITED_THEME</key><string>default</string>",
                "<key>Button.INHERITED_STYLE</key><string>Base</string>",
                "<key>Button:selected.tintColor</key><string>111</string>",
                "<key>Outer/Inner/Card:selected.borderColor</key><string>111</string>",
                "<key>Inner/Card:selected.borderColor</key><string>111</string>",
                "<key>Lone:hovered.tintColor</key><string>111</string>",
            ],
        ])
        #expect(
            found == [
                "child.plist:7:2 [state_without_base] 'Inner/Card:selected.borderColor' has no base: no key sets it "
                    + "without a state (such as 'Inner/Card.borderColor'), so out of that state the style reads the "
                    + "global 'borderColor'",
                "child.plist:8:2 [state_without_base] 'Lone:hovered.tintColor' has no base: no key sets it without a "
                    + "state (such as 'Lone.tintColor'), so out of that state the style reads the global 'tintColor'",
            ])
    }

    @Test("a project's states are known, ordered after the built-in ones; a key with an unknown state has no order")
    func projectStates() throws {
        let entries = [
            "<key>Button.tintColor</key><string>000</string>",
            "<key>Button:loading:pressed.tintColor</key><string>111</string>",
            "<key>Button:pressed:disabled.tintColor</key><string>111</string>",
            "<key>Button:presed:disabled.tintColor</key><string>111</string>",
        ]
        let found = try Self.lint(["default": entries], states: ["pressed", "loading"])
        #expect(
            found == [
                "default.plist:4:2 [state_order] 'Button:loading:pressed.tintColor' writes its states out of priority "
                    + "order, so no style's lookup reads it: write 'Button:pressed:loading.tintColor'",
                "default.plist:5:2 [state_order] 'Button:pressed:disabled.tintColor' writes its states out of "
                    + "priority order, so no style's lookup reads it: write 'Button:disabled:pressed.tintColor'",
                "default.plist:6:2 [unknown_state] 'Button:presed:disabled.tintColor' names the unknown state "
                    + "'presed'; did you mean 'pressed'?",
            ])
        // Without them, both are unknown, and no order is asked for.
        let plain = try Self.lint(["default": entries])
        #expect(plain.allSatisfy { $0.contains("[unknown_state]") })
        #expect(plain.count == 4)
    }

    @Test("unknown_style looks the name up in every ancestor, and an empty value names no parent")
    func unknownStyleAcrossInheritance() throws {
        var themes: [String: [String]] = ["default": ["<key>Far/Button:hovered.tintColor</key><string>000</string>"]]
        for index in 0..<5 {
            themes["t\(index)"] = [
                "<key>INHERITED_THEME</key><string>\(index == 0 ? "default" : "t\(index - 1)")</string>",
                "<key>S\(index).INHERITED_STYLE</key><string>\(index == 4 ? "Buton" : "Button")</string>",
                "<key>E\(index).INHERITED_STYLE</key><string></string>",
            ]
        }
        let found = try Self.lint(themes).filter { $0.contains("[unknown_style]") }
        #expect(
            found == [
                "t4.plist:4:31 [unknown_style] 'S4.INHERITED_STYLE' names the style 'Buton', but no key of this theme "
                    + "or its ancestors is written for it; did you mean 'Button'?"
            ])
    }
}

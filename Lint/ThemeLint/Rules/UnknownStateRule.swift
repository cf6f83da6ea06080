public import ThemeKit

/// `unknown_state`: A styled key names a state that is neither built in nor one of the
/// project's own (`.themelint.json`'s `states`).
package struct UnknownStateRule: Rule {
    package init() {}

    /// What the rule says of `state` in `key`.
    static func message(_ state: String, in key: String, suggestion: String?) -> String {
        "'\(key)' names the unknown state '\(state)'"
            + (suggestion == nil
                ? "; a project's own states are listed in .themelint.json's states" : Suggestions.hint(suggestion))
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let lineage = StyleLineage(theme)
        let keys = lineage.ownKeys(where: StyleLineage.mayHaveStates)
        guard !keys.isEmpty else { return [] }
        let known = lineage.knownStates
        let names = theme.configuration.knownStates.map(\.rawValue)
        var found: [Diagnostic] = []
        for key in keys {
            for state in key.styled.states where known[state] == nil {
                found.append(
                    file.document.diagnostic(
                        Self.description.id,
                        Self.message(state, in: key.text, suggestion: Suggestions.closest(to: state, among: names)),
                        at: key.entry.keyRange, key: key.text))
            }
        }
        return found
    }

    package static let description = RuleDescription(
        id: .unknownState,
        summary: "A styled key names a state that is neither built in nor one of `.themelint.json`'s `states`.",
        rationale:
            "A style is asked for in known states only, so a key with a misspelt state is never read. The built-in "
            + "states are disabled, dangerous, highlighted, selected, focused and hovered; a project adds its own with "
            + "`states` in `.themelint.json`.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>Button.tintColor</key><string>35a2fb</string>",
                "<key>Button:highlighted:selected.tintColor</key><string>1d6fb8</string>",
                "<key>Popover/Button:disabled.tintColor</key><string>888</string>",
                "<key>com.example.title</key><string>Title</string>",
            ]),
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "<key>Button:pressed.tintColor</key><string>1d6fb8</string>",
                ], configuration: RuleExample.withStates(["pressed"])),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "↓<key>Button:hilighted.tintColor</key><string>1d6fb8</string>",
                    "↓<key>Button:pressed.tintColor</key><string>1d6fb8</string>",
                ],
                messages: [
                    "'Button:hilighted.tintColor' names the unknown state 'hilighted'; did you mean 'highlighted'?",
                    "'Button:pressed.tintColor' names the unknown state 'pressed'; "
                        + "a project's own states are listed in .themelint.json's states",
                ])
        ]
    )
}

extension RuleExample {
    /// A configuration that adds the project's own `states`, for the style rules' examples.
    static func withStates(_ states: [String]) -> LintConfiguration {
        var configuration = LintConfiguration()
        configuration.states = states
        return configuration
    }
}

extension DiagnosticCode {
    /// themelint: A styled key names a state nobody declared (error).
    public static let unknownState: DiagnosticCode = "unknown_state"
}

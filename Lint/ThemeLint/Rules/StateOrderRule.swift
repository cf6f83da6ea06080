public import ThemeKit

/// `state_order`: A styled key writes its states out of priority order, or one twice.
package struct StateOrderRule: Rule {
    package init() {}

    /// What the rule says of `key`, which is written `fixed` in order; `repeats` when it
    /// writes a state twice.
    static func message(_ key: String, fixed: String, repeats: Bool) -> String {
        "'\(key)' \(repeats ? "writes a state twice" : "writes its states out of priority order"), so no style's "
            + "lookup reads it: write '\(fixed)'"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let lineage = StyleLineage(theme)
        let keys = lineage.ownKeys(where: StyleLineage.mayHaveStates)
        guard !keys.isEmpty else { return [] }
        let known = lineage.knownStates
        var found: [Diagnostic] = []
        for key in keys where key.styled.states.count > 1 {
            // A key with an unknown state is `unknown_state`'s: its place in the order is not known.
            let states = key.styled.states.compactMap { known[$0] }
            guard states.count == key.styled.states.count else { continue }
            let ordered = Array(Set(states)).sorted()
            guard ordered != states else { continue }
            let fixed = key.styled.with(states: ordered.map(\.rawValue)).key
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning,
                    Self.message(key.text, fixed: fixed, repeats: ordered.count < states.count),
                    at: key.entry.keyRange, key: key.text))
        }
        return found
    }

    package static let description = RuleDescription(
        id: .stateOrder,
        severity: .warning,
        summary: "A styled key writes its states out of priority order, or one state twice.",
        rationale:
            "A style's lookup writes the states of a key in their priority order (disabled, dangerous, highlighted, "
            + "selected, focused, hovered, then `.themelint.json`'s `states` as listed), so a key that writes them in "
            + "another order is never read.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>Button.tintColor</key><string>35a2fb</string>",
                "<key>Button:highlighted:selected.tintColor</key><string>1d6fb8</string>",
            ]),
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "<key>Button:hovered:pressed:loading.tintColor</key><string>1d6fb8</string>",
                ], configuration: RuleExample.withStates(["pressed", "loading"])),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "↓<key>Popover/Button:selected:highlighted.tintColor</key><string>1d6fb8</string>",
                    "↓<key>Button:focused:focused.tintColor</key><string>1d6fb8</string>",
                ],
                messages: [
                    "'Popover/Button:selected:highlighted.tintColor' writes its states out of priority order, so no "
                        + "style's lookup reads it: write 'Popover/Button:highlighted:selected.tintColor'",
                    "'Button:focused:focused.tintColor' writes a state twice, so no style's lookup reads it: "
                        + "write 'Button:focused.tintColor'",
                ]),
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "↓<key>Button:pressed:disabled.tintColor</key><string>1d6fb8</string>",
                ], configuration: RuleExample.withStates(["pressed"]),
                messages: [
                    "'Button:pressed:disabled.tintColor' writes its states out of priority order, so no style's "
                        + "lookup reads it: write 'Button:disabled:pressed.tintColor'"
                ]),
        ]
    )
}

extension DiagnosticCode {
    /// themelint: States written out of priority order (warning).
    public static let stateOrder: DiagnosticCode = "state_order"
}

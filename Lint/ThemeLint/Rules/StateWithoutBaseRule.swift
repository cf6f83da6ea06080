public import ThemeKit

/// `state_without_base`: A key sets a property of a style in a state, but nothing sets it
/// for the style out of every state.
package struct StateWithoutBaseRule: Rule {
    /// Parents found up each file's lineage, shared by the themes that inherit from it.
    private let parents = LineageMemo()

    package init() {}

    /// What the rule says of `key`, whose base would be `base`.
    static func message(_ key: String, base: String, global: String) -> String {
        "'\(key)' has no base: no key sets it without a state (such as '\(base)'), so out of "
            + "that state the style reads the global '\(global)'"
    }

    /// The most containers whose subsequences are tried as bases (2^n of them): beyond, only
    /// the key's own containers and none.
    static let maximumContainers = 6

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let lineage = StyleLineage(theme, memo: parents)
        let keys = lineage.ownKeys(where: StyleLineage.mayHaveStates)
        guard !keys.isEmpty else { return [] }
        var bases: [String: Bool] = [:]
        var found: [Diagnostic] = []
        for key in keys where !key.styled.states.isEmpty && !key.styled.isInheritedStyle {
            let styled = key.styled
            let hasBase = Self.hasBase(styled, lineage: lineage, known: &bases)
            guard !hasBase else { continue }
            let base = StyledKey(containers: styled.containers, style: styled.style, property: styled.property).key
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning,
                    Self.message(key.text, base: base, global: styled.property), at: key.entry.keyRange,
                    key: key.text))
        }
        return found
    }

    /// Whether a key without a state sets `styled`'s property for its style or a style of
    /// its `INHERITED_STYLE` chain, in its containers or fewer. Each style's answer (for the
    /// property and containers) is kept in `known`: styles met on one walk share the answer
    /// of the first that has a base (those before it have none, and reach it), or, when none
    /// has, `false`; so keys of many styles of one long chain walk each link once.
    static func hasBase(_ styled: StyledKey, lineage: StyleLineage, known: inout [String: Bool]) -> Bool {
        let containers = containerSets(styled.containers)
        let question = "\u{0}" + styled.property + "\u{0}" + styled.containers.joined(separator: "/")
        var met: [String] = []
        var seen = Set<String>()
        var answer = false
        var style: String? = styled.style
        while let current = style, seen.insert(current).inserted {
            if let remembered = known[current + question] {
                answer = remembered
                break
            }
            met.append(current)
            if containers.contains(where: { lineage.contains($0 + current + "." + styled.property) }) {
                answer = true
                break
            }
            style = lineage.parent(of: current)
        }
        for style in met { known[style + question] = answer }
        return answer
    }

    /// The container prefixes a base may be written with (`Outer/Inner/`): every
    /// order-preserving subsequence of `containers`, as a lookup in those containers tries
    /// them, the empty one last.
    static func containerSets(_ containers: [String]) -> [String] {
        guard !containers.isEmpty else { return [""] }
        guard containers.count <= maximumContainers else { return [containers.map { $0 + "/" }.joined(), ""] }
        return (0..<(1 << containers.count)).reversed().map { mask in
            containers.indices.filter { mask & (1 << $0) != 0 }.map { containers[$0] + "/" }.joined()
        }
    }

    package static let description = RuleDescription(
        id: .stateWithoutBase,
        severity: .warning,
        summary:
            "A key sets a style's property in a state, but no key sets it for the style (or a parent style) without one.",
        rationale:
            "Out of that state the style then reads the global key, which was not written for it: a control that "
            + "changes in a state changes from a look of its own. A base is a key of the style or of one of its "
            + "`INHERITED_STYLE` parents, with no state, in the key's containers or in fewer of them (what the same "
            + "lookup without the state reads first); the global key is not one.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>tintColor</key><string>fff</string>",
                "<key>Button.tintColor</key><string>35a2fb</string>",
                "<key>Button:highlighted.tintColor</key><string>1d6fb8</string>",
                "<key>DangerButton.INHERITED_STYLE</key><string>Button</string>",
                "<key>DangerButton:disabled.tintColor</key><string>888</string>",
                "<key>Popover/Card.borderColor</key><string>000</string>",
                "<key>Window/Popover/Card:selected.borderColor</key><string>111</string>",
            ]),
            RuleExample([
                "default.plist": RuleExample.plist(["<key>Button.tintColor</key><string>35a2fb</string>"]),
                "dark.plist": RuleExample.plist([
                    "<key>INHERITED_THEME</key><string>default</string>",
                    "<key>Button:selected.tintColor</key><string>000</string>",
                ]),
            ]),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>tintColor</key><string>fff</string>",
                    "<key>Card.borderColor</key><string>35a2fb</string>",
                    "↓<key>Button:highlighted.tintColor</key><string>1d6fb8</string>",
                    "<key>Popover/Card.titleColor</key><string>000</string>",
                    "↓<key>Card:selected.titleColor</key><string>111</string>",
                ],
                messages: [
                    "'Button:highlighted.tintColor' has no base: no key sets it without a state (such as "
                        + "'Button.tintColor'), so out of that state the style reads the global 'tintColor'",
                    "'Card:selected.titleColor' has no base: no key sets it without a state (such as "
                        + "'Card.titleColor'), so out of that state the style reads the global 'titleColor'",
                ])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A state key with nothing to fall back on but the global key (warning).
    public static let stateWithoutBase: DiagnosticCode = "state_without_base"
}

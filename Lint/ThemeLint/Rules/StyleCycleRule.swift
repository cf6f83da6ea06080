public import ThemeKit

/// `style_cycle`: `INHERITED_STYLE` values lead from a style back to itself.
package struct StyleCycleRule: Rule {
    /// Parents found up each file's lineage, shared by the themes that inherit from it.
    private let parents = LineageMemo()

    package init() {}

    /// What the rule says of `key`, the first in the file of the cycle `chain` (its style
    /// first and last).
    static func message(_ key: String, chain: [String]) -> String {
        "'\(key)' makes a cycle of styles: \(chain.joined(separator: " → ")) (a lookup stops at the first repeat)"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let lineage = StyleLineage(theme, memo: parents)
        // Only `Style.INHERITED_STYLE` names a parent: with a container or a state it is no
        // link of any lookup.
        let keys = lineage.ownKeys(where: StyleLineage.namesParentStyle).filter {
            $0.styled.isInheritedStyle && $0.styled.containers.isEmpty && $0.styled.states.isEmpty
        }
        guard !keys.isEmpty else { return [] }
        var own: [String: StyleLineage.OwnKey] = [:]
        for key in keys where own[key.styled.style] == nil { own[key.styled.style] = key }
        // Each style is walked once, whichever key reaches it first: `false` while on the
        // walk under way, `true` once done. A cycle is found when a walk meets itself.
        var visited: [String: Bool] = [:]
        var found: [Diagnostic] = []
        for key in keys {
            var path: [String] = []
            var place: [String: Int] = [:]
            var style = key.styled.style
            while true {
                if let done = visited[style] {
                    if !done, let start = place[style] {
                        if let diagnostic = report(Array(path[start...]), own: own, in: file) {
                            found.append(diagnostic)
                        }
                    }
                    break
                }
                visited[style] = false
                place[style] = path.count
                path.append(style)
                guard let parent = lineage.parent(of: style) else { break }
                style = parent
            }
            for style in path { visited[style] = true }
        }
        return found
    }

    /// The cycle `members` (each naming the next, the last naming the first), reported at
    /// the value of the first of their keys in this file; `nil` when none is in it (the
    /// ancestor that writes them reports it).
    private func report(_ members: [String], own: [String: StyleLineage.OwnKey], in file: ThemeFile) -> Diagnostic? {
        let placed = members.indices.compactMap { index in own[members[index]].map { (index, $0) } }
        guard let (first, key) = placed.min(by: { $0.1.entry.keyRange.start < $1.1.entry.keyRange.start }) else {
            return nil
        }
        let chain = Array(members[first...] + members[..<first]) + [members[first]]
        return file.document.diagnostic(
            Self.description.id, Self.message(key.text, chain: chain), at: key.entry.valueRange, key: key.text)
    }

    package static let description = RuleDescription(
        id: .styleCycle,
        summary: "`INHERITED_STYLE` values lead from a style back to itself.",
        rationale:
            "A style's lookup follows its `INHERITED_STYLE` chain and stops at the first repeat, so the styles of a "
            + "cycle fall back on one another in an order that depends on which of them is asked for.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>Button.tintColor</key><string>35a2fb</string>",
                "<key>DangerButton.INHERITED_STYLE</key><string>Button</string>",
                "<key>BigDangerButton.INHERITED_STYLE</key><string>DangerButton</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "<key>Button.INHERITED_STYLE</key>↓<string>BigButton</string>",
                    "<key>BigButton.INHERITED_STYLE</key><string>Button</string>",
                    "<key>Self.INHERITED_STYLE</key>↓<string>Self</string>",
                ],
                messages: [
                    "'Button.INHERITED_STYLE' makes a cycle of styles: Button → BigButton → Button (a lookup stops at "
                        + "the first repeat)",
                    "'Self.INHERITED_STYLE' makes a cycle of styles: Self → Self (a lookup stops at the first repeat)",
                ]),
            RuleExample(
                [
                    "default.plist": RuleExample.plist([
                        "<key>Button.tintColor</key><string>35a2fb</string>",
                        "<key>Button.INHERITED_STYLE</key><string>Base</string>",
                        "<key>Base.tintColor</key><string>000</string>",
                    ]),
                    "dark.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "<key>Base.INHERITED_STYLE</key>↓<string>Button</string>",
                    ]),
                ],
                messages: [
                    "'Base.INHERITED_STYLE' makes a cycle of styles: Base → Button → Base (a lookup stops at the "
                        + "first repeat)"
                ]),
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A cycle of `INHERITED_STYLE` (error).
    public static let styleCycle: DiagnosticCode = "style_cycle"
}

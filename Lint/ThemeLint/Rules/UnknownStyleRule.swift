public import ThemeKit

/// `unknown_style`: An `INHERITED_STYLE` value names a style that no key of the theme or of
/// its ancestors is written for.
package struct UnknownStyleRule: Rule {
    /// The style names of each file, shared by the themes that inherit from it.
    private let names = StyleNameCache()

    package init() {}

    /// What the rule says of `key`, whose value `style` names no style.
    static func message(_ key: String, style: String, suggestion: String?) -> String {
        "'\(key)' names the style '\(style)', but no key of this theme or its ancestors is written for it"
            + Suggestions.hint(suggestion)
    }

    /// What the rule says of `key`, whose value is no string but `kind` (`an <integer>`).
    static func notAName(_ key: String, kind: String) -> String {
        "'\(key)' holds \(kind), not the name of a style"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let lineage = StyleLineage(theme)
        let keys = lineage.ownKeys(where: StyleLineage.namesParentStyle)
        guard !keys.isEmpty else { return [] }
        var candidates: Suggestions.Candidates?
        var budget = Suggestions.Budget()
        var found: [Diagnostic] = []
        for key in keys where key.styled.isInheritedStyle {
            guard case .string(let style) = key.entry.value else {
                let written =
                    switch key.entry.value {
                    case .bool(let flag): "<\(flag)/>"
                    case .integer: "an <integer>"
                    default: "a <\(key.entry.value.kind.rawValue)>"
                    }
                found.append(
                    file.document.diagnostic(
                        Self.description.id, Self.notAName(key.text, kind: written), at: key.entry.valueRange,
                        key: key.text))
                continue
            }
            // An empty value names no parent: a child theme's way to cut an inherited chain.
            guard !style.isEmpty else { continue }
            // The nearest file that writes a key for the style ends the walk; what a walk
            // found is remembered for the themes below each file it met.
            guard !names.isNamed(style, in: lineage) else { continue }
            let known = candidates ?? Suggestions.Candidates(nearestNames(lineage))
            candidates = known
            found.append(
                file.document.diagnostic(
                    Self.description.id,
                    Self.message(key.text, style: style, suggestion: budget.closest(to: style, among: known)),
                    at: key.entry.valueRange, key: key.text))
        }
        return found
    }

    /// The first `Suggestions.inheritedCandidates` style names of the lineage, the theme's
    /// own first, then its ancestors' nearest first, each file's sorted.
    private func nearestNames(_ lineage: StyleLineage) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        _ = lineage.firstFile { file -> Bool? in
            for name in names.names(of: file).sorted() where seen.insert(name).inserted {
                found.append(name)
                if found.count >= Suggestions.inheritedCandidates { return true }
            }
            return nil
        }
        return found
    }

    package static let description = RuleDescription(
        id: .unknownStyle,
        summary:
            "An `INHERITED_STYLE` value names a style that no key of the theme or its ancestors is written for, or is no "
            + "string.",
        rationale:
            "`Style.INHERITED_STYLE` names the style whose keys a style falls back on; a style no key is written for "
            + "gives it nothing, and is usually a misspelt name. An empty value names no parent.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>Button.tintColor</key><string>35a2fb</string>",
                "<key>DangerButton.INHERITED_STYLE</key><string>Button</string>",
                "<key>Popover/Card:selected.borderColor</key><string>000</string>",
                "<key>SelectedCard.INHERITED_STYLE</key><string>Card</string>",
            ]),
            RuleExample([
                "default.plist": RuleExample.plist(["<key>Button.tintColor</key><string>35a2fb</string>"]),
                "dark.plist": RuleExample.plist([
                    "<key>INHERITED_THEME</key><string>default</string>",
                    "<key>DangerButton.INHERITED_STYLE</key><string>Button</string>",
                ]),
            ]),
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist(["<key>Button.tintColor</key><string>35a2fb</string>"]),
                    "dark.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "<key>DangerButton.INHERITED_STYLE</key>↓<string>Buton</string>",
                    ]),
                ],
                messages: [
                    "'DangerButton.INHERITED_STYLE' names the style 'Buton', but no key of this theme or its ancestors "
                        + "is written for it; did you mean 'Button'?"
                ]),
            RuleExample(
                entries: [
                    "<key>Button.tintColor</key><string>35a2fb</string>",
                    "<key>DangerButton.INHERITED_STYLE</key>↓<true/>",
                ], messages: ["'DangerButton.INHERITED_STYLE' holds <true/>, not the name of a style"]),
        ]
    )
}

extension DiagnosticCode {
    /// themelint: `INHERITED_STYLE` names no style (error).
    public static let unknownStyle: DiagnosticCode = "unknown_style"
}

public import ThemeKit

/// `partner_chain`: a dark theme names a `DARK_THEME`, or a light theme a `LIGHT_THEME`.
package struct PartnerChainRule: Rule {
    package init() {}

    /// What the rule says of `key` in a theme of `appearance`.
    static func message(key: String, appearance: ThemeAppearance) -> String {
        "a \(appearance.rawValue) theme has no \(appearance.rawValue) partner: \(key) is never used "
            + "(name the partner in the \(appearance.opposite.rawValue) theme instead)"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let appearance = theme.analysis.appearance.appearance
        let key = ThemeName.partnerKey(for: appearance)
        guard let entry = file[key] else { return [] }
        return [
            file.document.diagnostic(
                Self.description.id, severity: .warning, Self.message(key: key, appearance: appearance),
                at: entry.keyRange, key: key)
        ]
    }

    package static let description = RuleDescription(
        id: .partnerChain,
        severity: .warning,
        summary: "A dark theme names a `DARK_THEME`, or a light theme a `LIGHT_THEME`.",
        rationale:
            "A theme is used as it is for its own appearance, so such a partner is never reached: partners do not "
            + "chain. Usually the key was copied from the other theme of the pair.",
        nonTriggeringExamples: [RuleExample.lightAndDarkPair],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist(["<key>DARK_THEME</key><string>night</string>"]),
                    "night.plist": RuleExample.plist([
                        "<key>APPEARANCE</key><string>dark</string>", "↓<key>DARK_THEME</key><string>midnight</string>",
                    ]),
                    "midnight.plist": RuleExample.plist(["<key>APPEARANCE</key><string>dark</string>"]),
                ],
                messages: [
                    "a dark theme has no dark partner: DARK_THEME is never used (name the partner in the light theme instead)"
                ])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A partner no manager can reach (warning).
    public static let partnerChain: DiagnosticCode = "partner_chain"
}

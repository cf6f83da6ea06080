public import ThemeKit

/// `partner_mismatch`: `DARK_THEME` names a theme that is not dark, or `LIGHT_THEME` one
/// that is not light.
package struct PartnerMismatchRule: Rule {
    package init() {}

    /// What the rule says of `key`, which names `partner`, whose appearance is `actual`.
    static func message(key: String, partner: String, actual: ThemeAppearance) -> String {
        "\(key) names '\(partner)', which is \(actual.rawValue): "
            + "give it <key>APPEARANCE</key><string>\(actual.opposite.rawValue)</string>"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file else { return [] }
        let facts = theme.analysis.appearance
        var found: [Diagnostic] = []
        for appearance in ThemeAppearance.allCases {
            let key = ThemeName.partnerKey(for: appearance)
            guard let partner = facts.partner(for: appearance), let entry = file[key],
                let actual = theme.appearanceOfTheme(partner), actual != appearance
            else { continue }
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning,
                    Self.message(key: key, partner: partner, actual: actual), at: entry.valueRange, key: key))
        }
        return found
    }

    package static let description = RuleDescription(
        id: .partnerMismatch,
        severity: .warning,
        summary: "`DARK_THEME` names a theme that is not dark, or `LIGHT_THEME` one that is not light.",
        rationale:
            "A manager following the system switches to the partner for the other appearance; a partner of the "
            + "same appearance is usually a theme that forgot its `APPEARANCE`, or the wrong theme named.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist(["<key>DARK_THEME</key><string>night</string>"]),
                    "night.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "<key>APPEARANCE</key><string>dark</string>",
                    ]),
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist(["<key>DARK_THEME</key>↓<string>night</string>"]),
                    "night.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
                ],
                messages: [
                    "DARK_THEME names 'night', which is light: give it <key>APPEARANCE</key><string>dark</string>"
                ])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A partner of the wrong appearance (warning).
    public static let partnerMismatch: DiagnosticCode = "partner_mismatch"
}

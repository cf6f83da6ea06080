public import ThemeKit

/// `invalid_disable`: A `themelint:disable-next-line` comment names no rule, or one that no
/// comment can silence.
package struct InvalidDisableRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidDisable,
        summary: "A `themelint:disable-next-line` comment names no rule, or one no comment can silence.",
        rationale:
            "A misspelt rule id silences nothing and hides that it does not; a rule such as parse_error or "
            + "not_flat cannot be silenced: a theme with that problem does not load, whatever a comment says.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<!-- themelint:disable-next-line unknown_override, case_collision -->",
                "<key>aColor</key><string>fff</string>",
                "<!-- an ordinary comment -->",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable-next-line duplicate_kye -->",
                    "<key>aColor</key><string>fff</string>",
                ], messages: ["'duplicate_kye' is not a themelint rule; did you mean 'duplicate_key'?"]),
            RuleExample(entries: [
                "↓<!-- themelint:disable-next-line not_flat -->",
                "<key>aColor</key><string>fff</string>",
            ]),
        ],
        isSuppressible: false
    )
}

extension DiagnosticCode {
    /// themelint: A suppression comment that names an unknown rule, or is no directive.
    public static let invalidDisable: DiagnosticCode = "invalid_disable"
}

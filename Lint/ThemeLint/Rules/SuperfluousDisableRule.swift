public import ThemeKit

/// `superfluous_disable`: A `themelint:disable-next-line` comment silences nothing.
package struct SuperfluousDisableRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .superfluousDisable,
        severity: .warning,
        summary: "A `themelint:disable-next-line` comment silences nothing.",
        rationale: "A suppression that outlived its problem hides the next one.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<!-- an ordinary comment -->",
                "<key>aColor</key><string>fff</string>",
                "<!-- themelint:disable-next-line duplicate_key -->",
                "<key>aColor</key><string>000</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable-next-line duplicate_key -->",
                    "<key>aColor</key><string>fff</string>",
                ], messages: ["this comment silences nothing: no duplicate_key on the next entry"])
        ],
        isSuppressible: false
    )
}

extension DiagnosticCode {
    /// themelint: A suppression comment that silences nothing (warning).
    public static let superfluousDisable: DiagnosticCode = "superfluous_disable"
}

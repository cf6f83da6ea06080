import ThemeKit

/// `invalid_disable`: A `themelint:disable-next-line` comment names no rule.
public struct InvalidDisableRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .invalidDisable,
        summary: "A `themelint:disable-next-line` comment names no rule.",
        rationale: "A misspelt rule id silences nothing and hides that it does not.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<!-- themelint:disable-next-line unknown_override, case_collision -->",
                "<key>aColor</key><string>fff</string>",
                "<!-- an ordinary comment -->",
            ])
        ],
        triggeringExamples: [
            RuleExample(entries: [
                "↓<!-- themelint:disable-next-line duplicate_kye -->",
                "<key>aColor</key><string>fff</string>",
            ])
        ],
        isSuppressible: false
    )
}

public import ThemeKit

/// `invalid_disable`: A `themelint:disable-next-line` comment names no rule, or one that no
/// comment can silence.
///
/// Checked by `Suppression`, as it reads each `themelint:` comment; it says
/// `namesNoRule`, `unknownRule` or `cannotBeSilenced` (below).
package struct InvalidDisableRule: Rule {
    package init() {}

    // What the rule says; the check is `Suppression`'s, as it reads the comments.

    /// A directive with no rule id after it.
    static let namesNoRule = "this comment names no rule to disable"

    /// An id that is no rule.
    static func unknownRule(_ id: String, suggestion: String?) -> String {
        "'\(id)' is not a themelint rule\(Suggestions.hint(suggestion))"
    }

    /// A rule whose problems stop a file from loading, which no comment can silence.
    static func cannotBeSilenced(_ id: String) -> String {
        "'\(id)' cannot be silenced by a comment: fix the problem itself"
    }

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

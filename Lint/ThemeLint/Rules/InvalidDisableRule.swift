public import ThemeKit

/// `invalid_disable`: A comment starting `themelint:` is no directive, or a directive names no
/// rule, or one that no comment can silence.
///
/// Checked by `Suppression`, as it reads each `themelint:` comment; it says
/// `notADirective`, `missingSpace`, `namesNoRule`, `unknownRule` or `cannotBeSilenced`
/// (below).
package struct InvalidDisableRule: Rule {
    package init() {}

    // What the rule says; the check is `Suppression`'s, as it reads the comments.

    /// A comment starting `themelint:` whose next word is no directive.
    static func notADirective(_ word: String, suggestion: String?) -> String {
        "'themelint:\(word)' is not a directive\(Suggestions.hint(suggestion))"
            + (suggestion == nil ? " (use themelint:disable-next-line or themelint:disable-file, then the rules)" : "")
    }

    /// A directive with its first rule written straight after it.
    static func missingSpace(_ directive: String) -> String {
        "put a space between 'themelint:\(directive)' and the rule it names"
    }

    /// A directive with no rule id after it.
    static let namesNoRule = "this comment names no rule to disable"

    /// An id that is no rule.
    static func unknownRule(_ id: String, suggestion: String?) -> String {
        "'\(id)' is not a themelint rule\(Suggestions.hint(suggestion))"
    }

    /// A DTCG file's `org.themekit.lint` member that is no directive.
    static let notAnExtension =
        "'org.themekit.lint' is an object with one member, 'disable', a list of rule ids: {\"disable\": [\"token_note\"]}"

    /// A rule whose problems stop a file from loading, which no comment can silence.
    static func cannotBeSilenced(_ id: String) -> String {
        "'\(id)' cannot be silenced by a comment: fix the problem itself"
    }

    package static let description = RuleDescription(
        id: .invalidDisable,
        summary:
            "A comment starting `themelint:` is no directive, or names no rule, or one no comment can silence.",
        rationale:
            "A misspelt directive or rule id silences nothing and hides that it does not; a rule such as "
            + "parse_error or not_flat cannot be silenced: a theme with that problem does not load, whatever a "
            + "comment says.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<!-- themelint:disable-next-line unknown_override, case_collision -->",
                "<key>aColor</key><string>fff</string>",
                "<!-- an ordinary comment -->",
                "<!-- themelint is a linter; themelint: with a space before it is prose -->",
            ]),
            RuleExample(entries: [
                "<!--  themelint:disable-file case_collision -->",
                "<key>aColor</key><string>fff</string>",
                "<key>AColor</key><string>000</string>",
            ]),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable-next-line duplicate_kye -->",
                    "<key>aColor</key><string>fff</string>",
                ], messages: ["'duplicate_kye' is not a themelint rule; did you mean 'duplicate_key'?"]),
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable-next-line not_flat -->",
                    "<key>aColor</key><string>fff</string>",
                ], messages: ["'not_flat' cannot be silenced by a comment: fix the problem itself"]),
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable duplicate_key -->",
                    "<key>aColor</key><string>fff</string>",
                    "↓<!-- themelint:disable-next-lin duplicate_key -->",
                    "<key>bColor</key><string>fff</string>",
                    "↓<!-- themelint:disable-next-lineduplicate_key -->",
                    "<key>cColor</key><string>fff</string>",
                    "↓<!--themelint:disable-file -->",
                ],
                messages: [
                    "'themelint:disable' is not a directive (use themelint:disable-next-line or "
                        + "themelint:disable-file, then the rules)",
                    "'themelint:disable-next-lin' is not a directive; did you mean 'themelint:disable-next-line'?",
                    "put a space between 'themelint:disable-next-line' and the rule it names",
                    "this comment names no rule to disable",
                ]),
        ],
        isSuppressible: false
    )
}

extension DiagnosticCode {
    /// themelint: A suppression comment that names an unknown rule, or is no directive.
    public static let invalidDisable: DiagnosticCode = "invalid_disable"
}

public import ThemeKit

/// `superfluous_disable`: A `themelint:disable-next-line` or `themelint:disable-file` comment
/// silences nothing.
///
/// Checked by `Suppression.apply`, which matches each comment with the problems of the entry
/// after it; it says `SuperfluousDisableRule.message`.
package struct SuperfluousDisableRule: Rule {
    package init() {}

    /// What the rule says of a comment naming `ids`, none of which the next entry has. The
    /// check is `Suppression`'s, as it applies the comments.
    static func message(_ ids: [String]) -> String {
        "this comment silences nothing: no \(ids.joined(separator: ", ")) on the next entry"
    }

    /// What the rule says of a `disable-file` comment naming `ids`, none of which the file has.
    static func fileMessage(_ ids: [String]) -> String {
        "this comment silences nothing: no \(ids.joined(separator: ", ")) in this file"
    }

    /// What the rule says of a DTCG file's `"org.themekit.lint"` member naming `ids`, none of
    /// which its token or group (or, at the root, the file) has.
    static func jsonMessage(_ ids: [String], wholeFile: Bool) -> String {
        "this 'org.themekit.lint' silences nothing: no \(ids.joined(separator: ", ")) in this "
            + (wholeFile ? "file" : "token or group")
    }

    package static let description = RuleDescription(
        id: .superfluousDisable,
        severity: .warning,
        summary: "A `themelint:disable-next-line` or `themelint:disable-file` comment silences nothing.",
        rationale: "A suppression that outlived its problem hides the next one.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<!-- an ordinary comment -->",
                "<key>aColor</key><string>fff</string>",
                "<!-- themelint:disable-next-line duplicate_key -->",
                "<key>aColor</key><string>000</string>",
            ]),
            RuleExample(entries: [
                "<!-- themelint:disable-file duplicate_key -->",
                "<key>aColor</key><string>fff</string>",
                "<key>aColor</key><string>000</string>",
            ]),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable-next-line duplicate_key -->",
                    "<key>aColor</key><string>fff</string>",
                ], messages: ["this comment silences nothing: no duplicate_key on the next entry"]),
            RuleExample(
                entries: [
                    "↓<!-- themelint:disable-file duplicate_key, case_collision -->",
                    "<key>aColor</key><string>fff</string>",
                ], messages: ["this comment silences nothing: no duplicate_key, case_collision in this file"]),
        ],
        isSuppressible: false
    )
}

extension DiagnosticCode {
    /// themelint: A suppression comment that silences nothing (warning).
    public static let superfluousDisable: DiagnosticCode = "superfluous_disable"
}

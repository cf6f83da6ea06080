import ThemeKit

/// `invalid_font`: A `…Font` is not a font name.
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.font` entry of the table of kinds: a `<string>`. It says
/// `ThemeResolver.Message.wrongType`.
package struct InvalidFontRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidFont,
        summary: "A `…Font` is not a font name.",
        rationale: "A font is named by a <string>; a number or a bool names no font.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>bodyFont</key><string>Helvetica</string>",
                "<key>bodyFontSize</key><integer>12</integer>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>bodyFont</key>↓<integer>12</integer>",
                    "<key>bodyFontSize</key><integer>12</integer>",
                ], messages: ["'bodyFont' is the integer 12, which is not a font name"])
        ]
    )
}

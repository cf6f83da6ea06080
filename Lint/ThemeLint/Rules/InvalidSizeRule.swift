import ThemeKit

/// `invalid_size`: A `…Size` is not a number greater than 0.
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.size` entry of the table of kinds: an `<integer>`, `<real>` or numeric
/// `<string>` greater than 0. It says `ThemeResolver.Message.wrongType`; a value that reads
/// as a key name but is none is an `unresolved_alias`
/// (`ThemeResolver.Message.neitherValueNorKey`).
package struct InvalidSizeRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidSize,
        summary: "A `…Size` is not a number greater than 0.",
        rationale:
            "Sizes (and …FontSize) are written as <integer>, <real> or a numeric <string>, and must be positive.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>gapSize</key><integer>8</integer>",
                "<key>titleFontSize</key><string>17.5</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>gapSize</key>↓<integer>0</integer>",
                    "<key>padSize</key>↓<string>12px</string>",
                ],
                messages: [
                    "'gapSize' is the integer 0, which is not a number greater than 0",
                    "'padSize' is '12px', which is not a number greater than 0",
                ])
        ]
    )
}

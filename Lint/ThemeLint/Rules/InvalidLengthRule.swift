import ThemeKit

/// `invalid_length`: A length (`…Width`, `…Height`, `…Radius`, `…Padding`, `…Spacing`) is not a number of 0 or more; a declared `dimension` is not a number.
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.length` entry of the table of kinds: an `<integer>`, `<real>` or numeric `<string>` of 0 or more. It says
/// `ThemeResolver.Message.wrongType` (the examples below show the words); a value that
/// reads as a key name but is none is an `unresolved_alias`
/// (`ThemeResolver.Message.neitherValueNorKey`).
package struct InvalidLengthRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidLength,
        summary:
            "A length (`…Width`, `…Height`, `…Radius`, `…Padding`, `…Spacing`) is not a number of 0 or more; a declared `dimension` is not a number.",
        rationale:
            "Lengths are points: a corner radius, a border width, a padding. A negative length or text such as 12px cannot be laid out.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>cornerRadius</key><string>5</string>",
                "<key>borderWidth</key><real>0.5</real>",
                "<key>rowHeight</key><integer>0</integer>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>cornerRadius</key>↓<integer>-4</integer>",
                    "<key>cellPadding</key>↓<string>12px</string>",
                ],
                messages: [
                    "'cornerRadius' is the integer -4, which is not a length of 0 or more",
                    "'cellPadding' is '12px', which is not a length of 0 or more",
                ])
        ]
    )
}

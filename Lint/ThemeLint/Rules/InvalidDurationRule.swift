import ThemeKit

/// `invalid_duration`: A duration (`…Duration`, `…Delay`) is not a number of seconds, 0 or more.
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.duration` entry of the table of kinds: an `<integer>`, `<real>` or numeric `<string>` of 0 or more, below 2^63 (what a `Duration` holds). It says
/// `ThemeResolver.Message.wrongType` (the examples below show the words); a value that
/// reads as a key name but is none is an `unresolved_alias`
/// (`ThemeResolver.Message.neitherValueNorKey`).
package struct InvalidDurationRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidDuration,
        summary: "A duration (`…Duration`, `…Delay`) is not a number of seconds, 0 or more.",
        rationale:
            "Durations are seconds, looked up as a Swift Duration; a negative one, or 250ms written as text, has no meaning.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>fadeDuration</key><real>0.25</real>",
                "<key>tooltipDelay</key><string>1.5</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>fadeDuration</key>↓<string>250ms</string>",
                    "<key>tooltipDelay</key>↓<real>-1</real>",
                ],
                messages: [
                    "'fadeDuration' is '250ms', which is not a number of seconds (0 or more, below 2^63)",
                    "'tooltipDelay' is the number -1.0, which is not a number of seconds (0 or more, below 2^63)",
                ])
        ]
    )
}

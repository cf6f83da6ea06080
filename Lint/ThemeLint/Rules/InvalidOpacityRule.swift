import ThemeKit

/// `invalid_opacity`: An opacity (`…Alpha`, `…Opacity`) is not a number from 0 to 1.
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.opacity` entry of the table of kinds: an `<integer>`, `<real>` or numeric `<string>` from 0 to 1. It says
/// `ThemeResolver.Message.wrongType` (the examples below show the words); a value that
/// reads as a key name but is none is an `unresolved_alias`
/// (`ThemeResolver.Message.neitherValueNorKey`).
package struct InvalidOpacityRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidOpacity,
        summary: "An opacity (`…Alpha`, `…Opacity`) is not a number from 0 to 1.",
        rationale:
            "Opacities are fractions: 0 is transparent, 1 opaque. 60 for 60% would be drawn fully opaque, or refused.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>disabledAlpha</key><real>0.4</real>",
                "<key>overlayOpacity</key><string>1</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>disabledAlpha</key>↓<integer>60</integer>",
                    "<key>shadowOpacity</key>↓<true/>",
                ],
                messages: [
                    "'disabledAlpha' is the integer 60, which is not a number from 0 to 1",
                    "'shadowOpacity' is <true/>, which is not a number from 0 to 1",
                ])
        ]
    )
}

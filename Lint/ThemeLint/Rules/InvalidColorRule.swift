import ThemeKit

/// `invalid_color`: A `…Color` is not a hex color.
///
/// A key whose kind a `$type` declares `color` (SPEC §2) is checked the same way, and the
/// message adds the declaration (`ThemeResolver.Message.declared(by:)`).
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.color` entry of the table of kinds: a `<string>` that `ThemeColor(hex:)` reads.
/// It says `ThemeResolver.Message.wrongType`; a value that reads as a key name but is none
/// is an `unresolved_alias` (`ThemeResolver.Message.neitherValueNorKey`).
package struct InvalidColorRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidColor,
        summary: "A `…Color`, or a key a `$type` declares a `color`, is not a hex color.",
        rationale: "Colors are `#` (optional) and 3, 4, 6 or 8 hex digits; anything else cannot be drawn.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key><string>fa0</string>",
                "<key>bColor</key><string>#F93D38CC</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>aColor</key>↓<string>#12345</string>",
                    "<key>bColor</key>↓<integer>255</integer>",
                ],
                messages: [
                    "'aColor' is '#12345', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
                    "'bColor' is the integer 255, which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
                ]),
            // A kind a `$type` declares is checked the same, and the message says where it
            // was declared.
            RuleExample(
                entries: [
                    "<key>color.$type</key><string>color</string>",
                    "<key>color.bg</key>↓<string>#12345</string>",
                ],
                messages: [
                    "'color.bg' is '#12345', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) "
                        + "(its kind is declared by 'color.$type')"
                ]),
        ]
    )
}

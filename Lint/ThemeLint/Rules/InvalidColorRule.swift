import ThemeKit

/// `invalid_color`: A `…Color` is not a hex color.
public struct InvalidColorRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .invalidColor,
        summary: "A `…Color` is not a hex color.",
        rationale: "Colors are `#` (optional) and 3, 4, 6 or 8 hex digits; anything else cannot be drawn.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key><string>fa0</string>",
                "<key>bColor</key><string>#F93D38CC</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key>↓<string>#12345</string>",
                "<key>bColor</key>↓<integer>255</integer>",
            ])
        ]
    )
}

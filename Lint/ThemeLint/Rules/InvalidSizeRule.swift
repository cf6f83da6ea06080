import ThemeKit

/// `invalid_size`: A `…Size` is not a number greater than 0.
public struct InvalidSizeRule: Rule {
    public init() {}

    public static let description = RuleDescription(
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
            RuleExample(entries: [
                "<key>gapSize</key>↓<integer>0</integer>",
                "<key>padSize</key>↓<string>12px</string>",
            ])
        ]
    )
}

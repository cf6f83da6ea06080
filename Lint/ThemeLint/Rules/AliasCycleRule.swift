import ThemeKit

/// `alias_cycle`: Aliases lead back to where they started.
public struct AliasCycleRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .aliasCycle,
        summary: "Aliases lead back to where they started.",
        rationale:
            "A cycle has no value; RNThemeManager would hang on it. Reported once per cycle, at its first alias, with the others as notes.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key><string>bColor</string>",
                "<key>bColor</key><string>fff</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key>↓<string>bColor</string>",
                "<key>bColor</key><string>cColor</string>",
                "<key>cColor</key><string>aColor</string>",
            ]),
            RuleExample(entries: ["<key>loopColor</key>↓<string>loopColor</string>"]),
        ]
    )
}

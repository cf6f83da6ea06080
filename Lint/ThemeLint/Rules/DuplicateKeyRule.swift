import ThemeKit

/// `duplicate_key`: A key is written twice in one file.
public struct DuplicateKeyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .duplicateKey,
        summary: "A key is written twice in one file.",
        rationale:
            "Foundation keeps the last value silently; ThemeKit never loses a value silently, so the second is an error that names both lines.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key><string>fff</string>",
                "<key>bColor</key><string>fff</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key><string>fff</string>",
                "↓<key>aColor</key><string>000</string>",
            ])
        ]
    )
}

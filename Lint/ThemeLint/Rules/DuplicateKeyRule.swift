import ThemeKit

/// `duplicate_key`: A key is written twice in one file.
///
/// Checked when a file is read, by `ThemeFile.init` (each key's first entry is kept; a later
/// one is reported with a note at the first). The examples below show the words.
package struct DuplicateKeyRule: Rule {
    package init() {}

    package static let description = RuleDescription(
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
            RuleExample(
                entries: [
                    "<key>aColor</key><string>fff</string>",
                    "↓<key>aColor</key><string>000</string>",
                ], messages: ["duplicate key 'aColor': it is first defined on line 3"])
        ]
    )
}

import ThemeKit

/// `unresolved_alias`: An alias names no key: an `@name`, or a typed value that is neither valid nor a key.
public struct UnresolvedAliasRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .unresolvedAlias,
        summary: "An alias names no key: an `@name`, or a typed value that is neither valid nor a key.",
        rationale: "A misspelt alias would leave a view unstyled at run time; the message suggests the closest key.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>primaryColor</key><string>35a2fb</string>",
                "<key>headerColor</key><string>primaryColor</string>",
                "<key>buttonColor</key><string>@primaryColor</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(entries: [
                "<key>primaryColor</key><string>35a2fb</string>",
                "<key>headerColor</key>↓<string>primaryColour</string>",
                "<key>title</key>↓<string>@subtitle</string>",
            ])
        ]
    )
}

import ThemeKit

/// `invalid_image`: An `…Image` is not an image name.
public struct InvalidImageRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .invalidImage,
        summary: "An `…Image` is not an image name.",
        rationale: "An image is named by a <string>.",
        nonTriggeringExamples: [
            RuleExample(entries: ["<key>logoImage</key><string>appLogo</string>"])
        ],
        triggeringExamples: [
            RuleExample(entries: ["<key>logoImage</key>↓<true/>"])
        ]
    )
}

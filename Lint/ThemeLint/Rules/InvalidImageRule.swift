import ThemeKit

/// `invalid_image`: An `…Image` is not an image name.
public struct InvalidImageRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .invalidImage,
        summary: "An `…Image` is not an image name.",
        rationale: "An image is named by a <string>.",
        nonTriggeringExamples: [
            RuleExample(
                """
                	<key>logoImage</key><string>appLogo</string>
                """)
        ],
        triggeringExamples: [
            RuleExample(
                """
                	<key>logoImage</key>↓<true/>
                """)
        ]
    )
}

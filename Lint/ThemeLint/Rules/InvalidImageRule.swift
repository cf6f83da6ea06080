import ThemeKit

/// `invalid_image`: An `…Image` is not an image name.
///
/// Checked while resolving, by the shared resolver (`ThemeResolver.parse`), from the
/// `ValueKind.image` entry of the table of kinds: a `<string>`. It says
/// `ThemeResolver.Message.wrongType`.
package struct InvalidImageRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidImage,
        summary: "An `…Image` is not an image name.",
        rationale: "An image is named by a <string>.",
        nonTriggeringExamples: [
            RuleExample(entries: ["<key>logoImage</key><string>appLogo</string>"])
        ],
        triggeringExamples: [
            RuleExample(
                entries: ["<key>logoImage</key>↓<true/>"],
                messages: ["'logoImage' is <true/>, which is not an image name"])
        ]
    )
}

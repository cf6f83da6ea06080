import ThemeKit

/// `missing_font_size`: A `…Font` has no `…FontSize`, on its own key or along its alias chain.
///
/// Checked while resolving, by the shared resolver: `ThemeResolver.fontSize` looks for
/// `ValueKind.sizeKey(ofFont:)` on the font's key, then along its alias chain. It says
/// `ThemeResolver.Message.noSize`.
package struct MissingFontSizeRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .missingFontSize,
        summary: "A `…Font` has no `…FontSize`, on its own key or along its alias chain.",
        rationale: "A font needs a size; ThemeKit will not guess one.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>bodyFont</key><string>Helvetica</string>",
                "<key>bodyFontSize</key><integer>15</integer>",
                "<key>captionFont</key><string>bodyFont</string>",
            ]),
            RuleExample(
                [
                    "default.plist": RuleExample.plist([
                        "<key>bodyFontSize</key><integer>15</integer>",
                        "<key>bodyFont</key><string>Helvetica</string>",
                    ]),
                    "dark.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "<key>bodyFont</key><string>Courier</string>",
                    ]),
                ]),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<key>bodyFont</key><string>Helvetica</string>",
                    "↓<key>linkFont</key><string>bodyFont</string>",
                ],
                messages: ["'bodyFont' has no size: add 'bodyFontSize'", "'linkFont' has no size: add 'linkFontSize'"])
        ]
    )
}

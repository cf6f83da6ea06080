import ThemeKit

/// `invalid_appearance`: `APPEARANCE` is neither `light` nor `dark`.
///
/// Checked while reading a theme's reserved keys, by `ThemeLoader.analyze`
/// (`DeclaredAppearance.declared(in:)` says it).
package struct InvalidAppearanceRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .invalidAppearance,
        summary: "`APPEARANCE` is neither `light` nor `dark`.",
        rationale:
            "A manager that follows the system's appearance cannot tell which theme to use for a dark desktop: "
            + "the theme does not load.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist(["<key>DARK_THEME</key><string>night</string>"]),
                    "night.plist": RuleExample.plist(["<key>APPEARANCE</key><string>dark</string>"]),
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "night.plist": RuleExample.plist(["<key>APPEARANCE</key>↓<string>drak</string>"]),
                    "dusk.plist": RuleExample.plist(["<key>APPEARANCE</key>↓<integer>1</integer>"]),
                ],
                messages: [
                    "APPEARANCE must be 'light' or 'dark'; the integer 1 is neither",
                    "APPEARANCE must be 'light' or 'dark'; 'drak' is neither; did you mean 'dark'?",
                ])
        ]
    )
}

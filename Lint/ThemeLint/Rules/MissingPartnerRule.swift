import ThemeKit

/// `missing_partner`: `DARK_THEME` or `LIGHT_THEME` names a theme that is not in the folder,
/// or is not a theme name.
///
/// Checked while reading a theme's reserved keys, by `ThemeLoader.analyze`
/// (`ThemeLoader.addAppearance(to:)` says it).
package struct MissingPartnerRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .missingPartner,
        summary: "`DARK_THEME` or `LIGHT_THEME` names a theme that is not in the folder, or is not a theme name.",
        rationale:
            "The theme does not load: a manager following the system would have no theme for the other appearance.",
        nonTriggeringExamples: [RuleExample.lightAndDarkPair],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist(["<key>DARK_THEME</key>↓<string>nigth</string>"]),
                    "night.plist": RuleExample.plist([
                        "<key>APPEARANCE</key><string>dark</string>",
                        "<key>LIGHT_THEME</key>↓<string>../default</string>",
                    ]),
                ],
                messages: [
                    "DARK_THEME names 'nigth', but there is no nigth.plist beside this theme; did you mean 'night'?",
                    "LIGHT_THEME must be a theme name; '../default' is not one",
                ])
        ]
    )
}

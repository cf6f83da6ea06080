import ThemeKit

/// `missing_parent`: `INHERITED_THEME` names a theme that is not in the folder, or is not a theme name.
///
/// Checked while walking a lineage, by `ThemeLoader.analyze`; it says
/// `ThemeLoader.missingParent` (no such file) or `ThemeLoader.invalidParent` (not a name).
package struct MissingParentRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .missingParent,
        summary: "`INHERITED_THEME` names a theme that is not in the folder, or is not a theme name.",
        rationale: "The child cannot load without its parent.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "dark.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "dark.plist": RuleExample.plist(["<key>INHERITED_THEME</key>↓<string>ghost</string>"]),
                    "up.plist": RuleExample.plist(["<key>INHERITED_THEME</key>↓<string>../default</string>"]),
                ],
                messages: [
                    "INHERITED_THEME names 'ghost', but there is no ghost.plist beside this theme",
                    "INHERITED_THEME must be a theme name; '../default' is not one",
                ])
        ]
    )
}

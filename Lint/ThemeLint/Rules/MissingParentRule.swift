import ThemeKit

/// `missing_parent`: `INHERITED_THEME` names a theme that is not in the folder, or is not a theme name.
public struct MissingParentRule: Rule {
    public init() {}

    public static let description = RuleDescription(
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
                ])
        ]
    )
}

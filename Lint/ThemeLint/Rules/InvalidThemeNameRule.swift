import ThemeKit

/// `invalid_theme_name`: A theme file's name is not a theme name.
public struct InvalidThemeNameRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .invalidThemeName,
        summary: "A theme file's name is not a theme name.",
        rationale:
            "Theme names are `[A-Za-z0-9][A-Za-z0-9._-]*`; a manager refuses any other name, so the file can never be chosen.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "dark-2.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "My Theme.plist": RuleExample.defaultTheme,
                ], wholeFile: ["My Theme.plist"])
        ],
        isSuppressible: false
    )
}

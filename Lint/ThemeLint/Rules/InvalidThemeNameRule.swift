import ThemeKit

/// `invalid_theme_name`: A theme file's name is not a theme name.
///
/// Checked by the linter as it finds theme files (`ThemeLinter`, with `ThemeName.of(fileName:)`);
/// it says `InvalidThemeNameRule.message(fileName:)`.
package struct InvalidThemeNameRule: Rule {
    package init() {}

    /// What the rule says of a theme file named `fileName`.
    static func message(fileName: String) -> String {
        "'\(fileName)' is not a theme file name: use letters, digits, '.', '_' and '-', starting with a letter or digit, then .plist"
    }

    package static let description = RuleDescription(
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
                ], wholeFile: ["My Theme.plist"],
                messages: [
                    "'My Theme.plist' is not a theme file name: use letters, digits, '.', '_' and '-', starting with a letter or digit, then .plist"
                ])
        ],
        isSuppressible: false
    )
}

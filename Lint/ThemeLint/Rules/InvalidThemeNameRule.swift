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
                    "default.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>primaryColor</key><string>35a2fb</string>
                    </dict>
                    </plist>
                    """,
                    "dark-2.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key><string>default</string>
                    </dict>
                    </plist>
                    """,
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>primaryColor</key><string>35a2fb</string>
                    </dict>
                    </plist>
                    """,
                    "My Theme.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>primaryColor</key><string>35a2fb</string>
                    </dict>
                    </plist>
                    """,
                ], wholeFile: ["My Theme.plist"])
        ],
        isSuppressible: false
    )
}

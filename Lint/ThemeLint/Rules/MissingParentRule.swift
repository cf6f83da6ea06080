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
                    "default.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>primaryColor</key><string>35a2fb</string>
                    </dict>
                    </plist>
                    """,
                    "dark.plist": """
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
                    "dark.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key>↓<string>ghost</string>
                    </dict>
                    </plist>
                    """,
                    "up.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key>↓<string>../default</string>
                    </dict>
                    </plist>
                    """,
                ])
        ]
    )
}

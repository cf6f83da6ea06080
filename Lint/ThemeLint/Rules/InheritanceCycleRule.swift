import ThemeKit

/// `inheritance_cycle`: `INHERITED_THEME` leads back to a theme already in the chain.
public struct InheritanceCycleRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .inheritanceCycle,
        summary: "`INHERITED_THEME` leads back to a theme already in the chain.",
        rationale: "A theme cannot be its own ancestor.",
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
                    "a.plist": """
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
                    "a.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key>↓<string>b</string>
                    </dict>
                    </plist>
                    """,
                    "b.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key>↓<string>a</string>
                    </dict>
                    </plist>
                    """,
                ])
        ]
    )
}

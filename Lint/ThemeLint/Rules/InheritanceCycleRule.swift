import ThemeKit

/// `inheritance_cycle`: `INHERITED_THEME` leads back to a theme already in the chain.
///
/// Checked while walking a lineage, by `ThemeLoader.analyze`; it says
/// `ThemeLoader.inheritanceCycle` (a long cycle is listed as its first and last themes).
package struct InheritanceCycleRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .inheritanceCycle,
        summary: "`INHERITED_THEME` leads back to a theme already in the chain.",
        rationale: "A theme cannot be its own ancestor.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "a.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "a.plist": RuleExample.plist(["<key>INHERITED_THEME</key>↓<string>b</string>"]),
                    "b.plist": RuleExample.plist(["<key>INHERITED_THEME</key>↓<string>a</string>"]),
                ], messages: ["inheritance cycle: b → a → b", "inheritance cycle: a → b → a"])
        ]
    )
}

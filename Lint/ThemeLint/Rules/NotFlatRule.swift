import ThemeKit

/// `not_flat`: A value is a `<dict>`, `<array>`, `<data>` or `<date>`, or the root is not a `<dict>`.
///
/// Checked when a file is read, by `ThemeFile.init` (a nested value, or a root that is no
/// `<dict>`). The examples below show the words.
package struct NotFlatRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .notFlat,
        summary: "A value is a `<dict>`, `<array>`, `<data>` or `<date>`, or the root is not a `<dict>`.",
        rationale: "Themes are flat key → value maps: nested values have no meaning to the manager.",
        nonTriggeringExamples: [
            RuleExample(entries: ["<key>spacingSize</key><real>8</real>"])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>colors</key>↓<dict><key>a</key><string>b</string></dict>",
                    "<key>list</key>↓<array/>",
                ],
                messages: [
                    "'colors' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
                    "'list' is an <array>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
                ]),
            RuleExample(
                [
                    "default.plist": """
                    <plist>
                    ↓<array/>
                    </plist>
                    """
                ]),
        ],
        isSuppressible: false
    )
}

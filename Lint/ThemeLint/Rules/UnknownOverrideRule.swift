public import ThemeKit

/// `unknown_override`: A child theme sets a key that none of its ancestors has.
public struct UnknownOverrideRule: Rule {
    public init() {}

    public func check(_ theme: ThemeContext) -> [Diagnostic] {
        let files = theme.analysis.files
        guard let file = files.first, files.count > 1, let introduced = theme.analysis.introducedKeys,
            !introduced.isEmpty
        else { return [] }
        let ancestors = files.dropFirst()
        let parent = theme.analysis.lineage.dropFirst().first ?? "its parent"
        return introduced.compactMap { key -> Diagnostic? in
            guard key != ThemeName.inheritanceKey, let entry = file[key] else { return nil }
            let known = ancestors.flatMap(\.keys)
            let hint = Suggestions.closest(to: key, among: known).map { "; did you mean '\($0)'?" } ?? ""
            return file.document.diagnostic(
                Self.description.id, severity: .warning,
                "'\(key)' overrides nothing: no ancestor of this theme ('\(parent)' and up) has it\(hint)",
                at: entry.keySpan, key: key)
        }
    }

    public static let description = RuleDescription(
        id: .unknownOverride,
        severity: .warning,
        summary: "A child theme sets a key that none of its ancestors has.",
        rationale: "Overrides re-skin what the parent defines; a key no ancestor has is usually a misspelt override.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "dark.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "<key>primaryColor</key><string>000</string>",
                    ]),
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "dark.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "↓<key>primaryColour</key><string>000</string>",
                    ]),
                ])
        ]
    )
}

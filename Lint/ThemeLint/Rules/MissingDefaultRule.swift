public import ThemeKit

/// `missing_default`: A theme folder has no `default.plist`.
package struct MissingDefaultRule: Rule {
    package init() {}

    /// What the rule says of the folder.
    static let message = "no default.plist in this folder: a manager starts with 'default'"

    package func check(folder: FolderContext) -> [Diagnostic] {
        let hasDefault = folder.themeFiles.contains { $0 == "default.plist" || $0.hasSuffix("/default.plist") }
        guard !hasDefault else { return [] }
        return [
            Diagnostic(
                Self.description.id, Self.message,
                at: .wholeFile(folder.displayPath))
        ]
    }

    package static let description = RuleDescription(
        id: .missingDefault,
        summary: "A theme folder has no `default.plist`.",
        rationale:
            "A manager starts with `default` when nothing else was chosen, and falls back to it when a saved theme no longer loads.",
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
                    "base.plist": RuleExample.defaultTheme
                ], wholeFile: [""], messages: ["no default.plist in this folder: a manager starts with 'default'"])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A folder with no `default.plist`.
    public static let missingDefault: DiagnosticCode = "missing_default"
}

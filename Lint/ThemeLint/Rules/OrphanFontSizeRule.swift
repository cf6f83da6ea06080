public import ThemeKit

/// `orphan_font_size`: A `…FontSize` has no `…Font` to size.
package struct OrphanFontSizeRule: Rule {
    package init() {}

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
        var found: [Diagnostic] = []
        // The fonts a suggestion may name, gathered once at the first orphan (not once per
        // orphan); suggestions then spend at most `Suggestions.budget` in file
        // order, so many orphans among many fonts stay linear.
        var fonts: [String]?
        var budget = Suggestions.Budget()
        for (position, entry) in file.document.entries.enumerated() {
            let key = entry.key
            guard let font = ValueKind.fontKey(ofSize: key), !font.isEmpty && font != "Font" else { continue }
            guard !merged.contains(font), file.index[key] == position else { continue }
            let candidates = fonts ?? merged.filter { ValueKind.typed(forKey: $0)?.kind == .font }
            fonts = candidates
            let hint = Suggestions.hint(budget.closest(to: font, among: candidates).map { $0 + "Size" })
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning, "'\(key)' sizes no font: there is no '\(font)'\(hint)",
                    at: entry.keyRange, key: key))
        }
        return found
    }

    package static let description = RuleDescription(
        id: .orphanFontSize,
        severity: .warning,
        summary: "A `…FontSize` has no `…Font` to size.",
        rationale: "Usually a renamed or misspelt font key: the size is never used.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>bodyFont</key><string>Helvetica</string>",
                "<key>bodyFontSize</key><integer>12</integer>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<key>titelFontSize</key><integer>12</integer>",
                    "<key>titleFont</key><string>Futura</string>",
                    "<key>titleFontSize</key><integer>20</integer>",
                ], messages: ["'titelFontSize' sizes no font: there is no 'titelFont'; did you mean 'titleFontSize'?"])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A `…FontSize` with no `…Font` (warning).
    public static let orphanFontSize: DiagnosticCode = "orphan_font_size"
}

public import ThemeKit

/// `orphan_font_size`: A `…FontSize` has no `…Font` to size.
public struct OrphanFontSizeRule: Rule {
    public init() {}

    public func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
        return file.document.entries.enumerated().compactMap { position, entry -> Diagnostic? in
            let key = entry.key
            guard KeyKind(key: key) == .size, key.hasSuffix("FontSize"), file.index[key] == position,
                !merged.contains(String(key.dropLast("Size".count)))
            else { return nil }
            let font = String(key.dropLast("Size".count))
            let close = Suggestions.closest(to: font, among: merged.filter { $0.hasSuffix("Font") })
            let hint = close.map { "; did you mean '\($0)Size'?" } ?? ""
            return file.document.diagnostic(
                Self.description.id, severity: .warning, "'\(key)' sizes no font: there is no '\(font)'\(hint)",
                at: entry.keySpan, key: key)
        }
    }

    public static let description = RuleDescription(
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
            RuleExample(entries: [
                "↓<key>titelFontSize</key><integer>12</integer>",
                "<key>titleFont</key><string>Futura</string>",
                "<key>titleFontSize</key><integer>20</integer>",
            ])
        ]
    )
}

public import ThemeKit

/// `orphan_font_size`: A `…FontSize` has no `…Font` to size.
package struct OrphanFontSizeRule: Rule {
    package init() {}

    /// What the rule says of `key`, which sizes the missing `font`; `suggestion` is the size
    /// key of the closest font, if any.
    static func message(_ key: String, font: String, suggestion: String?) -> String {
        "'\(key)' sizes no font: there is no '\(font)'\(Suggestions.hint(suggestion))"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
        var found: [Diagnostic] = []
        // The fonts a suggestion may name, gathered once at the first orphan (not once per
        // orphan); suggestions then spend at most `Suggestions.budget` in file
        // order, so many orphans among many fonts stay linear.
        var fonts: Suggestions.Candidates?
        var budget = Suggestions.Budget()
        // Keys are looked at as bytes: strings are made only for an orphan.
        file.forEachKey { position, bytes in
            // `…FontSize`, not `FontSize` alone, whose font (`Font`) would be no font key.
            guard ValueKind.isFontSizeKey(bytes), bytes.count > 8,
                !merged.contains(bytes: UnsafeBufferPointer(rebasing: bytes.dropLast(4))),
                file.isFirstScalar(at: position)
            else { return }
            let key = String(decoding: bytes, as: UTF8.self)
            guard let font = ValueKind.fontKey(ofSize: key) else { return }
            let candidates =
                fonts ?? Suggestions.Candidates(merged.filter { ValueKind.typed(forKey: $0)?.kind == .font })
            fonts = candidates
            let suggestion = budget.closest(to: font, among: candidates).map(ValueKind.sizeKey(ofFont:))
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning, Self.message(key, font: font, suggestion: suggestion),
                    at: file.keyRange(at: position), key: key))
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

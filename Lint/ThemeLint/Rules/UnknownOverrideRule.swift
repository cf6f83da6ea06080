public import ThemeKit

/// `unknown_override`: A child theme sets a key that none of its ancestors has.
package struct UnknownOverrideRule: Rule {
    package init() {}

    /// What the rule says of `key`, which no ancestor from `parent` up has.
    static func message(_ key: String, parent: String, suggestion: String?) -> String {
        "'\(key)' overrides nothing: no ancestor of this theme ('\(parent)' and up) has it\(Suggestions.hint(suggestion))"
    }

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        let files = theme.analysis.files
        guard let file = files.first, files.count > 1, let introduced = theme.analysis.introducedKeys,
            !introduced.isEmpty
        else { return [] }
        let parent = theme.analysis.parentName ?? "its parent"
        let keys = introduced.compactMap { key in file[key].map { (key, $0) } }.sorted {
            $0.1.keyRange.start < $1.1.keyRange.start
        }
        // Suggestions compare each key with the ancestors' keys: spend at most a fixed
        // amount of work, in file order, so a huge child cannot make it quadratic; and
        // compare with the first `Suggestions.inheritedCandidates` keys of the ancestors,
        // nearest first, gathered once, so that many children of a large lineage (a long
        // chain, a large parent) cannot either. Those keys are prepared once for the many
        // searches (their bytes copied out, their byte classes known).
        var known: Suggestions.Candidates?
        var budget = Suggestions.Budget()
        return keys.compactMap { key, entry -> Diagnostic? in
            guard !ThemeName.isReserved(key), DeclarationKind.of(key: key) == nil else { return nil }
            let candidates = known ?? Suggestions.Candidates(Self.nearestKeys(of: theme.analysis.ancestorFiles))
            known = candidates
            let suggestion = budget.closest(to: key, among: candidates)
            return file.document.diagnostic(
                Self.description.id, severity: .warning,
                Self.message(key, parent: parent, suggestion: suggestion),
                at: entry.keyRange, key: key)
        }
    }

    /// The first `Suggestions.inheritedCandidates` keys of `files` (the ancestors' files,
    /// nearest first), `INHERITED_THEME` left out; a file's keys are made into strings only
    /// as far as they are needed.
    static func nearestKeys(of files: some Sequence<ThemeFile>) -> [String] {
        var keys: [String] = []
        for file in files {
            // One more than is missing: `INHERITED_THEME` may be among them.
            for key in file.keys(first: Suggestions.inheritedCandidates - keys.count + 1)
            where !ThemeName.isReserved(key) && keys.count < Suggestions.inheritedCandidates {
                keys.append(key)
            }
            if keys.count >= Suggestions.inheritedCandidates { break }
        }
        return keys
    }

    package static let description = RuleDescription(
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
                ],
                messages: [
                    "'primaryColour' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'primaryColor'?"
                ])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A child sets a key no ancestor has (warning).
    public static let unknownOverride: DiagnosticCode = "unknown_override"
}

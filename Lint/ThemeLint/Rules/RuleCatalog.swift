public import ThemeKit

/// Every rule themelint knows, in the order the Rules article (ThemeLint.docc) lists them.
public enum RuleCatalog: Sendable {
    /// The rules.
    package static let rules: [any Rule.Type] = [
        ParseErrorRule.self, NotFlatRule.self, DuplicateKeyRule.self, UnresolvedAliasRule.self, AliasCycleRule.self,
        MissingFontSizeRule.self, InvalidColorRule.self, InvalidSizeRule.self, InvalidFontRule.self,
        InvalidImageRule.self, InvalidLengthRule.self, InvalidOpacityRule.self, InvalidDurationRule.self,
        MissingParentRule.self, InheritanceCycleRule.self, InvalidAppearanceRule.self, MissingPartnerRule.self,
        PartnerMismatchRule.self, PartnerChainRule.self, OrphanFontSizeRule.self,
        UnknownOverrideRule.self, CaseCollisionRule.self, MissingDefaultRule.self, InvalidThemeNameRule.self,
        IOErrorRule.self, SuperfluousDisableRule.self, InvalidDisableRule.self, UnknownStateRule.self,
        UnknownStyleRule.self, StyleCycleRule.self, StateOrderRule.self, StateWithoutBaseRule.self,
        MinContrastRule.self, UnknownKindRule.self, DeclarationWithoutKeysRule.self, TokenNameRule.self,
        TokenValueRule.self, TokenReferenceRule.self, TokenNoteRule.self,
    ]

    /// Every rule's description, in catalog order.
    public static let descriptions: [RuleDescription] = rules.map { $0.description }

    private static let byID: [DiagnosticCode: RuleDescription] = Dictionary(
        uniqueKeysWithValues: descriptions.map { ($0.id, $0) })

    /// The description of the rule with this id.
    public static func description(of id: DiagnosticCode) -> RuleDescription? { byID[id] }

    /// The rules' table as Markdown, as the Rules article (ThemeLint.docc/Rules.md) shows it.
    package static func markdownTable() -> String {
        var lines = ["| rule | severity | what it catches |", "|---|---|---|"]
        for rule in descriptions {
            let severity = rule.isOptIn ? "\(rule.severity.rawValue), opt-in" : rule.severity.rawValue
            lines.append("| `\(rule.id)` | \(severity) | \(rule.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rules as `--list-rules` prints them: id, severity, summary, aligned; an opt-in
    /// rule's summary starts with `(opt-in)`.
    package static func listing() -> String {
        let width = descriptions.map(\.id.rawValue.count).max() ?? 0
        return descriptions.map { rule in
            let id = rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(rule.isOptIn ? "(opt-in) " : "")\(rule.summary)"
        }.joined(separator: "\n") + "\n"
    }

    /// A rule as `--explain` prints it: id, severity, summary, rationale, whether a comment
    /// can silence it, then its examples as the tests run them, `↓` where the rule reports
    /// and, after each triggering example, what it says there. `nil` for an unknown id.
    package static func explanation(of id: String) -> String? {
        guard let rule = description(of: DiagnosticCode(rawValue: id)) else { return nil }
        var out = "\(rule.id) (\(rule.severity.rawValue)\(rule.isOptIn ? ", opt-in" : ""))\n\n"
        out += "\(rule.summary)\n\n\(rule.rationale)\n"
        if rule.isOptIn { out += "\nRuns only when .themelint.json enables it.\n" }
        out +=
            rule.isSuppressible
            ? "\nSilence it with <!-- themelint:disable-next-line \(rule.id) --> above an entry, or "
                + "<!-- themelint:disable-file \(rule.id) --> for a whole file.\n"
                + "In a DTCG tokens file, with \"$extensions\": {\"org.themekit.lint\": {\"disable\": [\"\(rule.id)\"]}} "
                + "on a token or a group, or at the file's root for the whole file.\n"
            : "\nNo comment can silence it.\n"
        for example in rule.nonTriggeringExamples {
            out += "\nDoes not trigger it:\n" + Self.explain(example)
        }
        for example in rule.triggeringExamples {
            out += "\nTriggers it (↓ marks each place it reports):\n" + Self.explain(example)
            if !example.wholeFile.isEmpty {
                let names = example.wholeFile.map { $0.isEmpty ? "the folder" : $0 }
                out += "\n  Reported for the whole of: \(names.joined(separator: ", "))\n"
            }
            if !example.messages.isEmpty {
                out += "\n" + example.messages.map { "  says: \($0)\n" }.joined()
            }
        }
        return out
    }

    /// What `--explain` says of an id that is no rule: the closest rule id, if one is close.
    package static func unknownRule(_ id: String) -> String {
        let suggestion = Suggestions.closest(to: id, among: descriptions.map(\.id.rawValue))
        return "unknown rule '\(id)'\(Suggestions.hint(suggestion)) (themelint --list-rules lists them)"
    }

    /// An example's files, indented, each under its name unless it is a lone `default.plist`.
    private static func explain(_ example: RuleExample) -> String {
        var out = ""
        let single = example.files.keys.sorted() == ["default.plist"] && example.symlinks.isEmpty
        for (name, text) in example.files.sorted(by: { $0.key < $1.key }) {
            out += "\n" + (single ? "" : "  \(name):\n")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for line in (lines.last == "" ? lines.dropLast() : lines[...]) {
                out += line.isEmpty ? "\n" : "    \(line)\n"
            }
        }
        for (name, target) in example.symlinks.sorted(by: { $0.key < $1.key }) {
            out += "\n  \(name) → \(target) (a symbolic link)\n"
        }
        return out
    }
}

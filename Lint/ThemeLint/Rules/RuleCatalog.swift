public import ThemeKit

/// Every rule themelint knows, in the order the README lists them.
public enum RuleCatalog: Sendable {
    /// The rules.
    package static let rules: [any Rule.Type] = [
        ParseErrorRule.self, NotFlatRule.self, DuplicateKeyRule.self, UnresolvedAliasRule.self, AliasCycleRule.self,
        MissingFontSizeRule.self, InvalidColorRule.self, InvalidSizeRule.self, InvalidFontRule.self,
        InvalidImageRule.self, InvalidLengthRule.self, InvalidOpacityRule.self, InvalidDurationRule.self,
        MissingParentRule.self, InheritanceCycleRule.self, OrphanFontSizeRule.self,
        UnknownOverrideRule.self, CaseCollisionRule.self, MissingDefaultRule.self, InvalidThemeNameRule.self,
        IOErrorRule.self, SuperfluousDisableRule.self, InvalidDisableRule.self, MinContrastRule.self,
    ]

    /// Every rule's description, in catalog order.
    public static let descriptions: [RuleDescription] = rules.map { $0.description }

    private static let byID: [DiagnosticCode: RuleDescription] = Dictionary(
        uniqueKeysWithValues: descriptions.map { ($0.id, $0) })

    /// The description of the rule with this id.
    public static func description(of id: DiagnosticCode) -> RuleDescription? { byID[id] }

    /// The rules' table as Markdown, as the README shows it.
    public static func markdownTable() -> String {
        var lines = ["| rule | severity | what it catches |", "|---|---|---|"]
        for rule in descriptions {
            let severity = rule.isOptIn ? "\(rule.severity.rawValue), opt-in" : rule.severity.rawValue
            lines.append("| `\(rule.id)` | \(severity) | \(rule.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rules as `--list-rules` prints them: id, severity, summary, aligned; an opt-in
    /// rule's summary starts with `(opt-in)`.
    public static func listing() -> String {
        let width = descriptions.map(\.id.rawValue.count).max() ?? 0
        return descriptions.map { rule in
            let id = rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(rule.isOptIn ? "(opt-in) " : "")\(rule.summary)"
        }.joined(separator: "\n") + "\n"
    }
}

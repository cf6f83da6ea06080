public import ThemeKit

/// What a rule is, in the words shown to users: the `--list-rules` output, the Rules
/// article's table, SARIF's rule metadata, and, through its examples, the rule's tests.
public struct RuleDescription: Sendable, Hashable {
    /// The stable id, also the diagnostic code (`snake_case`).
    public var id: DiagnosticCode
    /// How serious a violation is.
    public var severity: Severity
    /// One line: what the rule catches.
    public var summary: String
    /// Why it matters, in a sentence or two.
    public var rationale: String
    /// Folders the rule must not report anything in.
    public var nonTriggeringExamples: [RuleExample]
    /// Folders the rule must report exactly at the `↓` marks.
    public var triggeringExamples: [RuleExample]
    /// Whether a `themelint:disable-next-line` or `disable-file` comment can silence it (not for problems
    /// that stop a file from being read at all).
    public var isSuppressible: Bool
    /// Whether the rule runs only when `.themelint.json` enables it (its examples carry a
    /// configuration that does).
    public var isOptIn: Bool

    /// Creates a description.
    public init(
        id: DiagnosticCode, severity: Severity = .error, summary: String, rationale: String,
        nonTriggeringExamples: [RuleExample], triggeringExamples: [RuleExample], isSuppressible: Bool = true,
        isOptIn: Bool = false
    ) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.nonTriggeringExamples = nonTriggeringExamples
        self.triggeringExamples = triggeringExamples
        self.isSuppressible = isSuppressible
        self.isOptIn = isOptIn
    }
}

public import ThemeKit

/// A theme folder written inline, for a rule's examples: file name → content.
///
/// In a triggering example, `↓` marks each place the rule must report (it is removed
/// before the files are written); `wholeFile` names files (or `""` for the folder itself)
/// that the rule must report as a whole, with no position.
public struct RuleExample: Sendable, Hashable {
    /// File name → content, `↓` included.
    public var files: [String: String]
    /// Files (or `""`, the folder) reported as a whole.
    public var wholeFile: [String]
    /// Symbolic links to create: name → target.
    public var symlinks: [String: String]

    /// An example folder of several files.
    public init(_ files: [String: String], wholeFile: [String] = [], symlinks: [String: String] = [:]) {
        self.files = files
        self.wholeFile = wholeFile
        self.symlinks = symlinks
    }

    /// An example of one `default.plist` whose root dict holds `entries` (a plist body).
    public init(_ entries: String) {
        self.init(["default.plist": RuleExample.plist(entries)])
    }

    /// A plist document around a root dict body.
    public static func plist(_ entries: String) -> String {
        "<plist version=\"1.0\">\n<dict>\n\(entries)\(entries.hasSuffix("\n") ? "" : "\n")</dict>\n</plist>\n"
    }
}

/// What a rule is, in the words shown to users: the `--list-rules` output, the README
/// table, SARIF's rule metadata, and, through its examples, the rule's tests.
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
    /// Whether a `themelint:disable-next-line` comment can silence it (not for problems
    /// that stop a file from being read at all).
    public var isSuppressible: Bool

    /// Creates a description.
    public init(
        id: DiagnosticCode, severity: Severity = .error, summary: String, rationale: String,
        nonTriggeringExamples: [RuleExample], triggeringExamples: [RuleExample], isSuppressible: Bool = true
    ) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.nonTriggeringExamples = nonTriggeringExamples
        self.triggeringExamples = triggeringExamples
        self.isSuppressible = isSuppressible
    }
}

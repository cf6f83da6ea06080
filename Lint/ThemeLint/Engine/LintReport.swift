public import ThemeKit

/// What one themelint run found.
public struct LintReport: Sendable, Hashable {
    /// Every diagnostic, sorted by path, line and column.
    public var diagnostics: [Diagnostic]
    /// How many theme files were linted.
    public var fileCount: Int
    /// How many problems a `--baseline` held back (`Baseline.newProblems(in:)`).
    public var baselineCount = 0
    /// How many warnings `--quiet` left out (`errorsOnly`): still counted by `--strict`, so
    /// every summary says so, or a failing run would report "0 warnings".
    public var quietedCount = 0

    /// Creates a report; the diagnostics are sorted.
    public init(diagnostics: [Diagnostic], fileCount: Int) {
        self.init(sorted: diagnostics.sorted(), fileCount: fileCount)
    }

    /// Creates a report of diagnostics already sorted, without a sorted copy of them.
    init(sorted diagnostics: [Diagnostic], fileCount: Int) {
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }

    /// How many diagnostics are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many diagnostics are warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    /// Whether a file could not be read at all (`io_error`), which makes the exit status 2.
    public var hasIOErrors: Bool { diagnostics.contains { $0.code == .ioError } }

    /// The same report with only its errors (`--quiet`).
    public var errorsOnly: LintReport {
        var report = self
        report.diagnostics.removeAll { $0.severity != .error }
        report.quietedCount += warningCount
        return report
    }

    /// What a summary adds after its counts for the problems not listed: ` (2 problems in
    /// the baseline; 1 warning not shown: --quiet)`, or nothing.
    package var heldBackNote: String {
        var parts: [String] = []
        if baselineCount > 0 { parts.append("\(Self.count(baselineCount, "problem")) in the baseline") }
        if quietedCount > 0 { parts.append("\(Self.count(quietedCount, "warning")) not shown: --quiet") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// `1 file`, `2 files`.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

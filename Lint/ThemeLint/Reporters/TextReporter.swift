import ThemeKit

/// The default format: one line per problem, as compilers print them, then a summary.
public enum TextReporter {
    /// `path:line:col: severity: message [rule_id]` per diagnostic, then
    /// `N errors, M warnings in K files`.
    public static func report(_ report: LintReport) -> String {
        var lines = report.diagnostics.map(\.summary)
        lines.append(
            "\(count(report.errorCount, "error")), \(count(report.warningCount, "warning")) in \(count(report.fileCount, "file"))"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

import ThemeKit
import ThemeSupport

/// The default format: one line per problem, as compilers print them, then a summary.
public enum TextReporter: Sendable {
    /// `path:line:col: severity: message [rule_id]` per diagnostic (whole-file problems
    /// without the position; control characters in paths and messages escaped, as
    /// `Diagnostic.summary` does), then `N errors, M warnings in K files`, and how many problems
    /// a baseline or `--quiet` held back, if any. With `colored`, ANSI
    /// colours for a terminal: the location bold, the severity red or yellow, the rule dim.
    public static func report(_ report: LintReport, colored: Bool = false) -> String {
        var lines = report.diagnostics.map { line(for: $0, colored: colored) }
        lines.append(
            "\(count(report.errorCount, "error")), \(count(report.warningCount, "warning")) in \(count(report.fileCount, "file"))"
                + report.heldBackNote
        )
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(for diagnostic: Diagnostic, colored: Bool) -> String {
        guard colored else { return diagnostic.summary }
        let severity = diagnostic.severity == .error ? "\u{1B}[31merror\u{1B}[0m" : "\u{1B}[33mwarning\u{1B}[0m"
        // The path and the message escaped as `summary` escapes them: a key cannot forge a
        // line, nor colour one.
        let location = Escaping.visible(diagnostic.location.description)
        let message = Escaping.visible(diagnostic.message)
        return "\u{1B}[1m\(location):\u{1B}[0m \(severity): \(message) \u{1B}[2m[\(diagnostic.code)]\u{1B}[0m"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        LintReport.count(number, noun)
    }
}

import ThemeKit
import ThemeSupport

/// GitHub Actions workflow commands, which GitHub shows as annotations on the changed
/// lines: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=rule_id::message`;
/// and the Markdown summary of a step (`GITHUB_STEP_SUMMARY`).
public enum GitHubReporter: Sendable {
    /// How many annotations of one kind (errors, warnings) GitHub shows for a step.
    package static let annotationLimit = 10

    /// One command per diagnostic; then, when errors or warnings are more than GitHub shows
    /// (`annotationLimit` of each), one `::notice` with the totals that points to
    /// `fullReport` (the SARIF or JSON file this run writes), or says how to write one.
    public static func report(_ report: LintReport, fullReport: String? = nil) -> String {
        var out = report.diagnostics.map(command(for:)).map { $0 + "\n" }.joined()
        if let notice = notice(report, fullReport: fullReport) { out += notice + "\n" }
        return out
    }

    /// The `::notice` for a report with more errors or warnings than GitHub shows.
    static func notice(_ report: LintReport, fullReport: String?) -> String? {
        let errors = report.errorCount
        let warnings = report.warningCount
        guard errors > annotationLimit || warnings > annotationLimit else { return nil }
        let hidden = [(errors, "error"), (warnings, "warning")].filter { $0.0 > annotationLimit }
            .map { "\(annotationLimit) of the \($0.0) \($0.1)s" }
        let pointer =
            fullReport.map { "The full report is \($0)." }
            ?? "Write the full report with --format sarif=themelint.sarif (or json=FILE) and upload it."
        let message =
            "themelint found \(count(errors, "error")) and \(count(warnings, "warning")); GitHub shows only "
            + "\(hidden.joined(separator: " and ")) as annotations. \(pointer)"
        return "::notice title=themelint::\(escapeData(message))"
    }

    /// How many files the step summary lists, so that it stays well under GitHub's 1 MiB
    /// a step however many files have problems.
    package static let summaryFileLimit = 100

    /// A Markdown summary for `GITHUB_STEP_SUMMARY`: the totals, the problems by rule,
    /// then by file (the most problems first, at most `summaryFileLimit` files), and where
    /// the full report is.
    public static func stepSummary(_ report: LintReport, fullReport: String? = nil) -> String {
        var out = "### themelint\n\n"
        let files = count(report.fileCount, "file")
        let heldBack = report.heldBackNote
        guard !report.diagnostics.isEmpty else {
            return out + "No problems \(report.quietedCount > 0 ? "shown " : "")in \(files)\(heldBack).\n\n"
        }
        out +=
            "**\(count(report.errorCount, "error")), \(count(report.warningCount, "warning"))** in \(files)"
            + "\(heldBack).\n\n"
        // One pass over the report; rules and files are few beside the problems.
        var byRule: [DiagnosticCode: (severity: Severity, count: Int)] = [:]
        var byFile: [String: (errors: Int, warnings: Int)] = [:]
        for diagnostic in report.diagnostics {
            byRule[diagnostic.code, default: (diagnostic.severity, 0)].count += 1
            if diagnostic.severity == .error {
                byFile[diagnostic.location.file, default: (0, 0)].errors += 1
            } else {
                byFile[diagnostic.location.file, default: (0, 0)].warnings += 1
            }
        }
        out += "| rule | severity | problems |\n|---|---|---:|\n"
        for (code, entry) in byRule.sorted(by: { ($1.value.count, $0.key.rawValue) < ($0.value.count, $1.key.rawValue) }
        ) {
            out += "| `\(code.rawValue)` | \(entry.severity.rawValue) | \(entry.count) |\n"
        }
        // GitHub takes at most 1 MiB of summary a step: the files with the most problems
        // first, `summaryFileLimit` of them.
        out += "\n| file | errors | warnings |\n|---|---:|---:|\n"
        let ranked = byFile.sorted { lhs, rhs in
            let (left, right) = (lhs.value.errors + lhs.value.warnings, rhs.value.errors + rhs.value.warnings)
            return left != right ? left > right : lhs.key < rhs.key
        }
        for (file, entry) in ranked.prefix(summaryFileLimit) {
            out += "| \(markdown(file)) | \(entry.errors) | \(entry.warnings) |\n"
        }
        if ranked.count > summaryFileLimit {
            out += "\n… and \(count(ranked.count - summaryFileLimit, "more file")) with problems.\n"
        }
        if let fullReport {
            out += "\nThe full report is \(markdown(fullReport)).\n"
        }
        return out + "\n"
    }

    /// Text inside a Markdown line (never at its start), its punctuation taken literally
    /// (a table cell's `|` included), HTML's `<`, `>`, `&` as entities, and line breaks,
    /// tabs and other control or invisible characters written as `Escaping.visible` writes
    /// them (`\n`, `\u{1b}`), as the text format shows them.
    static func markdown(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                "\\\(scalar)"
            case "<": "&lt;"
            case ">": "&gt;"
            case "&": "&amp;"
            default: Escaping.visibleEscape(scalar)
            }
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        LintReport.count(number, noun)
    }

    static func command(for diagnostic: Diagnostic) -> String {
        var properties = ["file=\(escapeProperty(diagnostic.location.file))"]
        if diagnostic.location.line > 0 {
            properties.append("line=\(diagnostic.location.line)")
            properties.append("col=\(diagnostic.location.column)")
            if let end = diagnostic.end {
                properties.append("endLine=\(end.line)")
                if end.line == diagnostic.location.line { properties.append("endColumn=\(end.column)") }
            }
        }
        properties.append("title=\(escapeProperty(diagnostic.code.rawValue))")
        let kind = diagnostic.severity == .error ? "error" : "warning"
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    /// The message part: `%` percent-encoded (GitHub decodes `%25`, `%0D`, `%0A`), and line
    /// breaks, tabs and every other control or invisible character (bidi overrides and
    /// isolates among them) written as `Escaping.visible` writes them (`\n`, `\u{202e}`), as
    /// the text format shows them: a key cannot end the command, forge a second one, or make
    /// the annotation read in another order than it runs.
    static func escapeData(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "%": "%25"
            default: Escaping.visibleEscape(scalar)
            }
        }
    }

    /// A property value: as the message, plus `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "%": "%25"
            case ":": "%3A"
            case ",": "%2C"
            default: Escaping.visibleEscape(scalar)
            }
        }
    }
}

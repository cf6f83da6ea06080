import ThemeKit
import ThemeOutput

/// Machine-readable output with a stable schema (documented in the Running themelint article):
///
/// ```json
/// {"version": 1, "tool": {"name": "themelint", "version": "…"},
///  "summary": {"files": 4, "errors": 1, "warnings": 0},
///  "diagnostics": [{"rule": "duplicate_key", "severity": "error", "message": "…",
///                   "file": "Themes/a.plist", "line": 9, "column": 2, "endLine": 9, "endColumn": 25,
///                   "key": "primaryColor", "notes": [{"message": "…", "file": "…", "line": 5, "column": 2}]}]}
/// ```
///
/// Keys are sorted and the output is indented, so that it diffs well. `line`, `column`,
/// `endLine`, `endColumn` and `key` are left out when a problem concerns a whole file, and
/// `summary.baselined` (problems a `--baseline` held back) and `summary.quieted` (warnings
/// `--quiet` left out) when there are none.
public enum JSONReporter: Sendable {
    struct Output: Encodable {
        var version = 1
        var tool = Tool()
        var summary: Summary
        var diagnostics: [Entry]
    }

    struct Tool: Encodable {
        var name = "themelint"
        var version = ThemeLintVersion.current
    }

    struct Summary: Encodable {
        var files: Int
        var errors: Int
        var warnings: Int
        /// Problems a baseline held back; absent without one.
        var baselined: Int?
        /// Warnings `--quiet` left out; absent when none were.
        var quieted: Int?
    }

    struct Entry: Encodable {
        var rule: String
        var severity: String
        var message: String
        var file: String
        var line: Int?
        var column: Int?
        var endLine: Int?
        var endColumn: Int?
        var key: String?
        var notes: [Note]?
    }

    struct Note: Encodable {
        var message: String
        var file: String
        var line: Int?
        var column: Int?
    }

    /// The report as JSON, ending with a newline.
    public static func report(_ report: LintReport) -> String {
        let output = Output(
            summary: Summary(
                files: report.fileCount, errors: report.errorCount, warnings: report.warningCount,
                baselined: report.baselineCount > 0 ? report.baselineCount : nil,
                quieted: report.quietedCount > 0 ? report.quietedCount : nil),
            diagnostics: report.diagnostics.map { diagnostic in
                let positioned = diagnostic.location.line > 0
                return Entry(
                    rule: diagnostic.code.rawValue, severity: diagnostic.severity.rawValue, message: diagnostic.message,
                    file: diagnostic.location.file, line: positioned ? diagnostic.location.line : nil,
                    column: positioned ? diagnostic.location.column : nil,
                    endLine: positioned ? diagnostic.end?.line : nil,
                    endColumn: positioned ? diagnostic.end?.column : nil,
                    key: diagnostic.key,
                    notes: diagnostic.notes.isEmpty
                        ? nil
                        : diagnostic.notes.map {
                            Note(
                                message: $0.message, file: $0.location.file,
                                line: $0.location.line > 0 ? $0.location.line : nil,
                                column: $0.location.line > 0 ? $0.location.column : nil)
                        })
            })
        // Strings and integers only, which always encode.
        return (try? JSONOutput.document(output)) ?? "{}\n"
    }
}

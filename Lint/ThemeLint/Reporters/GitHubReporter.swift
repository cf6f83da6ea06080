import ThemeKit

/// GitHub Actions workflow commands, which GitHub shows as annotations on the changed
/// lines: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=rule_id::message`.
public enum GitHubReporter: Sendable {
    /// One command per diagnostic.
    public static func report(_ report: LintReport) -> String {
        report.diagnostics.map(command(for:)).map { $0 + "\n" }.joined()
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

    /// The message part: `%`, CR and LF percent-encoded.
    static func escapeData(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: nil
            }
        }
    }

    /// A property value: as the message, plus `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            case ":": "%3A"
            case ",": "%2C"
            default: nil
            }
        }
    }
}

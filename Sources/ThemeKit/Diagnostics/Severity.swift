/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// Breaks the theme: loading fails, `themelint` exits 1.
    case error
    /// Suspicious but loadable: `themelint` exits 0 unless `--strict`.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

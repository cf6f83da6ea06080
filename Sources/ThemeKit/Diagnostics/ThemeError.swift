/// Every problem that stopped a theme from loading, not only the first.
public struct ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    /// Creates an error from one or more diagnostics.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    /// Creates an error from a single diagnostic.
    package init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// The codes of all the problems, in report order.
    public var codes: [DiagnosticCode] { diagnostics.map(\.code) }

    /// Every diagnostic rendered compiler-style, one after another.
    public var description: String {
        diagnostics.map(\.rendered).joined(separator: "\n")
    }
}

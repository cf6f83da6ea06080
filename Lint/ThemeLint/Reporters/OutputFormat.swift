/// The formats themelint writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, sarif, github

    /// Hands the report in this format to `sink`, in pieces where the format allows (SARIF,
    /// whose log can be many times the input, is never held whole).
    public func write(_ report: LintReport, colored: Bool = false, to sink: (String) throws -> Void) rethrows {
        switch self {
        case .sarif: try SARIFReporter.write(report, to: sink)
        default: try sink(render(report, colored: colored))
        }
    }

    /// The report in this format. `colored` applies to `text` only.
    public func render(_ report: LintReport, colored: Bool = false) -> String {
        switch self {
        case .text: TextReporter.report(report, colored: colored)
        case .json: JSONReporter.report(report)
        case .sarif: SARIFReporter.report(report)
        case .github: GitHubReporter.report(report)
        }
    }
}

/// One `--format` request: a format, and the file to write it to (`nil`: standard output).
package struct OutputRequest: Sendable, Hashable {
    /// The format.
    package var format: OutputFormat
    /// Where to write it; `nil` for standard output.
    package var path: String?

    /// Reads `FORMAT` or `FORMAT=PATH`; `nil` for an unknown format or an empty `PATH`
    /// (`sarif=` is a mistake, not a request for standard output).
    package init?(_ argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.first, let format = OutputFormat(rawValue: name) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            path = parts[1]
        }
        self.format = format
    }

    /// Creates a request.
    package init(format: OutputFormat, path: String? = nil) {
        self.format = format
        self.path = path
    }
}

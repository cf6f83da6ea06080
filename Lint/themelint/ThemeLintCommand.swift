import ArgumentParser
import Foundation
import ThemeKit
import ThemeLint
import ThemeOutput
import ThemeSupport

/// `themelint PATH…`: argument parsing, output files and exit codes; the work is in ThemeLint.
@main
struct ThemeLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themelint",
        abstract: "Check ThemeKit property-list themes for everything that would break them at run time.",
        discussion: """
            Each theme is checked in the context of its INHERITED_THEME ancestors, with the same \
            reader and resolver as ThemeManager. Exit status: 0 clean or warnings only; 1 errors \
            (or warnings with --strict); 2 usage, configuration or I/O errors.
            """,
        version: ThemeLintVersion.current
    )

    @Argument(
        help: "Theme files, or folders searched recursively for *.plist; - reads standard input (see --stdin-path).")
    var paths: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output format: text, json, sarif or github; FORMAT=PATH writes it to a file. Repeatable.",
            valueName: "format[=path]"))
    var format: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Report errors only.")
    var quiet = false

    @Flag(name: .customLong("list-rules"), help: "List the rules and exit.")
    var listRules = false

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The configuration file to use instead of the .themelint.json found from the current folder up to the repository root (see Lint/themelint.schema.json).",
            valueName: "path"))
    var configPath: String?

    @Flag(name: .customLong("no-config"), help: "Ignore any .themelint.json: run the default rules only.")
    var noConfig = false

    /// What the SwiftPM plugin lints when it is given no path: it passes the user's
    /// arguments on verbatim, so it cannot tell paths from option values itself. These are
    /// folders found, not named: those in a hidden or skipped folder or in the
    /// configuration's `excluded` are left out, as a search of `.` leaves them out.
    @Option(name: .customLong("default-path"), help: .hidden)
    var defaultPaths: [String] = []

    mutating func run() throws {
        if listRules {
            print(RuleCatalog.listing(), terminator: "")
            return
        }
        if let explain {
            try explainRule(explain)
            return
        }
        guard !paths.isEmpty || !defaultPaths.isEmpty else {
            throw UsageFailure(message: "give at least one theme file or folder")
        }
        let requests = try outputRequests()
        let full: LintReport
        do {
            var linter = ThemeLinter(configuration: try configuration())
            if paths.isEmpty {
                // Found, not named: skipped where a search of `.` would skip them.
                paths = linter.discovered(defaultPaths)
                guard !paths.isEmpty else {
                    throw UsageFailure(
                        message:
                            "nothing to lint: every Themes folder found (\(defaultPaths.count)) is in a hidden or skipped folder or in the configuration's excluded; name a path to lint it anyway"
                    )
                }
            }
            let baseline = try baselineToApply()
            let paths = try standardInput(into: &linter)
            let found = try linter.lint(paths: paths)
            full = try applyBaselines(baseline, to: found)
        } catch let failure as LintFailure {
            throw UsageFailure(message: failure.message)
        }
        let shown = quiet ? full.errorsOnly : full
        for request in requests {
            let colored =
                request.path == nil && isatty(STDOUT_FILENO) == 1
                && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            if let path = request.path {
                do {
                    // Atomic for a regular file, through a link, in place for /dev/stdout;
                    // what went to standard output before goes out first.
                    fflush(nil)
                    try OutputFile.write(to: path) { sink in
                        try write(request, shown, colored: colored, requests: requests, to: sink)
                    }
                } catch {
                    throw UsageFailure(
                        message: "cannot write \(request.format.rawValue) output to \(path): \(error.reason)")
                }
            } else {
                write(request, shown, colored: colored, requests: requests) { print($0, terminator: "") }
            }
        }
        try appendStepSummary(shown, requests: requests)
        if full.hasIOErrors { throw ExitCode(2) }
        if full.errorCount > 0 || (strict && full.warningCount > 0) { throw ExitCode(1) }
    }

    // MARK: Adopting themelint: baselines, --explain, standard input, GitHub's limits

    @Option(
        name: .customLong("baseline"),
        help: ArgumentHelp(
            "Report only problems not in this baseline (matched by rule, file and key, not by line).",
            valueName: "file"))
    var baselinePath: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp(
            "Record every current problem in this baseline file (to commit), then report and exit as usual.",
            valueName: "file"))
    var writeBaselinePath: String?

    @Option(help: ArgumentHelp("Print a rule's rationale and examples, and exit.", valueName: "rule"))
    var explain: String?

    @Option(
        name: .customLong("stdin-path"),
        help: ArgumentHelp(
            "Lint standard input (given as -) as if it were this file: reported under it, parents beside it.",
            valueName: "path"))
    var stdinPath: String?

    /// `--explain RULE`: the rule's words and examples; an unknown rule is a usage error
    /// with the closest rule id.
    private func explainRule(_ id: String) throws {
        guard let text = RuleCatalog.explanation(of: id) else {
            throw UsageFailure(message: RuleCatalog.unknownRule(id))
        }
        print(text, terminator: "")
    }

    /// The paths to lint, `-` replaced by `--stdin-path`, whose contents are then standard
    /// input's. `-` and `--stdin-path` come together or not at all.
    private func standardInput(into linter: inout ThemeLinter) throws -> [String] {
        let dashes = paths.count { $0 == "-" }
        guard let stdinPath else {
            guard dashes == 0 else { throw UsageFailure(message: "- reads standard input: give --stdin-path PATH too") }
            return paths
        }
        guard dashes == 1 else {
            throw UsageFailure(message: "--stdin-path lints standard input: give - once among the paths")
        }
        guard !stdinPath.isEmpty else { throw UsageFailure(message: "--stdin-path needs a file path") }
        linter.contents[stdinPath] = try Self.readStandardInput(limit: linter.options.limits.maxFileSize)
        return paths.map { $0 == "-" ? stdinPath : $0 }
    }

    /// Standard input's bytes, reading at most `limit` + 1 of them: more than `limit` (the
    /// size limit of a theme file) is an I/O error, found without holding the rest. Read
    /// whole first, `yes … | themelint --stdin-path x.plist -` grew without end.
    static func readStandardInput(limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let block = 1 << 20
        while bytes.count <= limit {
            let data: Data?
            do {
                data = try FileHandle.standardInput.read(upToCount: min(block, limit + 1 - bytes.count))
            } catch {
                throw UsageFailure(message: "cannot read standard input: \(error.localizedDescription)")
            }
            guard let data, !data.isEmpty else { return bytes }
            bytes.append(contentsOf: data)
        }
        throw UsageFailure(
            message: "standard input is over the limit of \(limit) bytes for a theme file: nothing was linted")
    }

    /// The `--baseline` to apply, read before linting so that a bad one fails at once.
    private func baselineToApply() throws(LintFailure) -> Baseline? {
        try baselinePath.map { path throws(LintFailure) in try Baseline.read(path: path) }
    }

    /// Writes `--write-baseline` (every problem found), and returns the problems not in
    /// `--baseline`.
    private func applyBaselines(_ baseline: Baseline?, to found: LintReport) throws -> LintReport {
        if let writeBaselinePath {
            do {
                try OutputFile.write(Baseline.text(of: found, path: writeBaselinePath), to: writeBaselinePath)
            } catch {
                throw UsageFailure(message: "cannot write the baseline \(writeBaselinePath): \(error.reason)")
            }
        }
        return baseline?.newProblems(in: found) ?? found
    }

    /// The file of the full report, for GitHub's notice and summary: the first SARIF or
    /// JSON `--format` written to a file.
    private static func fullReport(among requests: [OutputRequest]) -> String? {
        requests.first { $0.path != nil && ($0.format == .sarif || $0.format == .json) }?.path
    }

    /// One request's output; `github` with the pointer to the full report.
    private func write(
        _ request: OutputRequest, _ report: LintReport, colored: Bool, requests: [OutputRequest],
        to sink: (String) throws -> Void
    ) rethrows {
        guard request.format == .github else { return try request.format.write(report, colored: colored, to: sink) }
        try sink(GitHubReporter.report(report, fullReport: Self.fullReport(among: requests)))
    }

    /// With `GITHUB_STEP_SUMMARY` set (as GitHub Actions sets it), appends the Markdown
    /// summary to that file, whatever the formats.
    private func appendStepSummary(_ report: LintReport, requests: [OutputRequest]) throws {
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        let summary = GitHubReporter.stepSummary(report, fullReport: Self.fullReport(among: requests))
        do {
            try OutputFile.append(summary, to: path)
        } catch {
            throw UsageFailure(message: "cannot write the step summary to \(path): \(error.reason)")
        }
    }

    // MARK: Configuration

    /// `--config PATH`, else the nearest `.themelint.json` from the current folder up to
    /// the repository root, else (or with `--no-config`) the default configuration.
    private func configuration() throws(LintFailure) -> LintConfiguration {
        if noConfig {
            guard configPath == nil else { throw LintFailure("give --config or --no-config, not both") }
            return LintConfiguration()
        }
        if let configPath { return try LintConfiguration.load(path: configPath) }
        return try LintConfiguration.discover() ?? LintConfiguration()
    }

    /// The `--format` requests; by default `text`, or `github` when `GITHUB_ACTIONS=true`.
    private func outputRequests() throws -> [OutputRequest] {
        guard !format.isEmpty else {
            let github = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
            return [OutputRequest(format: github ? .github : .text)]
        }
        let requests = try format.map { argument -> OutputRequest in
            if let equals = argument.firstIndex(of: "="), argument[argument.index(after: equals)...].isEmpty {
                throw UsageFailure(message: "--format \(argument): give a file after '='")
            }
            guard let request = OutputRequest(argument) else {
                throw UsageFailure(
                    message: "unknown format '\(argument)': use text, json, sarif or github, optionally =PATH")
            }
            return request
        }
        if requests.filter({ $0.path == nil }).count > 1 {
            throw UsageFailure(message: "only one --format can go to standard output; give the others =PATH")
        }
        return requests
    }

    /// Exit status 2 for every usage problem, as SPEC.md asks (ArgumentParser's own is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as UsageFailure {
            // Paths, keys and rule ids quoted in it escaped, so that it stays one line.
            printError("themelint: error: \(Escaping.visible(failure.message))")
            Self.exit(withError: ExitCode(2))
        } catch {
            let code = exitCode(for: error)
            // Problems found (exit 1) were reported on standard output too.
            if code.rawValue == 1 { requireStandardOutput() }
            if code == .success || code.rawValue == 1 || code.rawValue == 2 {
                Self.exit(withError: error)
            }
            printError(fullMessage(for: error))
            printError("Run 'themelint --help' for usage.")
            Self.exit(withError: ExitCode(2))
        }
        requireStandardOutput()
    }

    /// Exit 2 (an I/O error) when the report did not all reach standard output: a report
    /// lost to a full disk is not a clean run.
    private static func requireStandardOutput() {
        guard let reason = StandardOutput.failure() else { return }
        printError("themelint: error: cannot write to standard output: \(reason)")
        Self.exit(withError: ExitCode(2))
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

struct UsageFailure: Error {
    var message: String
}

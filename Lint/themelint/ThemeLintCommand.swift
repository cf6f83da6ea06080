import ArgumentParser
import Foundation
import ThemeLint
import ThemeTools

/// `themelint PATH…`: argument parsing, output files and exit codes; the work is in ThemeLint.
@main
struct ThemeLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themelint",
        abstract: "Check ThemeKit property-list themes for everything that would break them at run time.",
        discussion: """
            Each theme is checked in the context of its INHERITED_THEME ancestors, with the same
            reader and resolver as ThemeManager. Exit status: 0 clean or warnings only; 1 errors
            (or warnings with --strict); 2 usage, configuration or I/O errors.
            """,
        version: ThemeLintVersion.current
    )

    @Argument(help: "Theme files, or folders searched recursively for *.plist.")
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
    /// arguments on verbatim, so it cannot tell paths from option values itself.
    @Option(name: .customLong("default-path"), help: .hidden)
    var defaultPaths: [String] = []

    mutating func run() throws {
        if listRules {
            print(RuleCatalog.listing(), terminator: "")
            return
        }
        if paths.isEmpty { paths = defaultPaths }
        guard !paths.isEmpty else { throw UsageFailure(message: "give at least one theme file or folder") }
        let requests = try outputRequests()
        let full: LintReport
        do {
            full = try ThemeLinter(configuration: try configuration()).lint(paths: paths)
        } catch {
            throw UsageFailure(message: error.message)
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
                    try OutputFile.write(to: path) { sink in try request.format.write(shown, colored: colored, to: sink)
                    }
                } catch {
                    throw UsageFailure(message: "cannot write \(request.format.rawValue) output to \(path)")
                }
            } else {
                request.format.write(shown, colored: colored) { print($0, terminator: "") }
            }
        }
        if full.hasIOErrors { throw ExitCode(2) }
        if full.errorCount > 0 || (strict && full.warningCount > 0) { throw ExitCode(1) }
    }

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
            printError("themelint: error: \(failure.message)")
            Self.exit(withError: ExitCode(2))
        } catch {
            let code = exitCode(for: error)
            if code == .success || code.rawValue == 1 || code.rawValue == 2 {
                Self.exit(withError: error)
            }
            printError(fullMessage(for: error))
            printError("Run 'themelint --help' for usage.")
            Self.exit(withError: ExitCode(2))
        }
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

struct UsageFailure: Error {
    var message: String
}

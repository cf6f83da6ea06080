import ArgumentParser
import Foundation
import ThemeLint

/// `themelint PATH…`: argument parsing and exit codes; the work is in ThemeLint.
@main
struct ThemeLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themelint",
        abstract: "Check ThemeKit property-list themes for everything that would break them at run time.",
        discussion: "Exit status: 0 clean (or warnings only), 1 errors, 2 usage or I/O errors."
    )

    @Argument(help: "Theme files, or folders searched for *.plist.")
    var paths: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    mutating func run() throws {
        let report: LintReport
        do {
            report = try ThemeLinter().lint(paths: paths)
        } catch {
            throw UsageFailure(message: error.message)
        }
        print(TextReporter.report(report), terminator: "")
        if report.hasIOErrors { throw ExitCode(2) }
        if report.errorCount > 0 || (strict && report.warningCount > 0) { throw ExitCode(1) }
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

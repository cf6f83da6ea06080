import ArgumentParser
import Foundation
import ThemeKit
import ThemeOutput
import ThemeSupport
import ThemeTools

/// `themekit`: tools over a folder of themes. Each subcommand is argument parsing and
/// output only; the work is in ThemeTools.
@main
struct ThemeKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themekit",
        abstract: "Typed keys, tables, a preview page and exports from ThemeKit property-list themes.",
        discussion: "Exit status: 0 success; 1 a theme has problems; 2 usage or I/O errors.",
        version: ThemeKitVersion.current,
        subcommands: [
            KeysCommand.self, ShowCommand.self, PreviewCommand.self, ExportCommand.self, ImportCommand.self,
            LSPCommand.self,
        ]
    )

    /// Exit status 2 for every usage problem, as themelint does (ArgumentParser's own is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || code.rawValue == 1 || code.rawValue == 2 {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            exit(withError: ExitCode(2))
        }
        // What went to standard output (a table, an export) must all have got there: a
        // CSS file cut short by a full disk is an I/O error, not a success.
        if let reason = StandardOutput.failure() {
            FileHandle.standardError.write(Data("themekit: error: cannot write to standard output: \(reason)\n".utf8))
            exit(withError: ExitCode(2))
        }
    }
}

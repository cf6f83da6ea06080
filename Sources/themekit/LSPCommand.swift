import ArgumentParser
import Foundation
import ThemeLSP

/// `themekit lsp`: the Language Server, over standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run a Language Server for theme files over standard input and output.",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC with Content-Length framing): the \
            linter's diagnostics of unsaved buffers (with the repository's .themelint.json), \
            hover, definition, document colors and completion. Exit status: 0 after shutdown \
            and exit; 1 when the input ends or exit comes without shutdown.
            """
    )

    func run() throws {
        let status = LanguageServer.run(input: .standardInput, output: .standardOutput)
        throw ExitCode(status)
    }
}

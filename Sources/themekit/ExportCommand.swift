import ArgumentParser

/// `themekit export` (not built yet).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Not built yet.")

    func run() throws { throw ValidationError("themekit export is not built yet") }
}

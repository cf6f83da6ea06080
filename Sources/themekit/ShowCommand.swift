import ArgumentParser

/// `themekit show` (not built yet).
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Not built yet.")

    func run() throws { throw ValidationError("themekit show is not built yet") }
}

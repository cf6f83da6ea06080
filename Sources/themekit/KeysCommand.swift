import ArgumentParser

/// `themekit keys` (not built yet).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keys", abstract: "Not built yet.")

    func run() throws { throw ValidationError("themekit keys is not built yet") }
}

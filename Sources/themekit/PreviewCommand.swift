import ArgumentParser

/// `themekit preview` (not built yet).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "preview", abstract: "Not built yet.")

    func run() throws { throw ValidationError("themekit preview is not built yet") }
}

import ArgumentParser

/// `themekit`: tools over a folder of themes. Each subcommand is argument parsing and
/// output only; the work is in ThemeTools.
@main
struct ThemeKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themekit",
        abstract: "Typed keys, tables, a preview page and exports from ThemeKit property-list themes.",
        version: "0.1.0",
        subcommands: [KeysCommand.self, ShowCommand.self, PreviewCommand.self, ExportCommand.self]
    )
}

import ArgumentParser
import ThemeTools

/// `themekit show NAME`: one resolved theme as a table (or JSON): each key's value, where
/// it was written and the alias chain it went through.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a resolved theme: each key's value, where it was written, and its alias chain.",
        discussion: """
            The first line names the theme, its number of keys, its ancestors, its appearance \
            (light or dark) and the partners its file names (DARK_THEME, LIGHT_THEME); --json \
            says the same in "appearance", "darkTheme" and "lightTheme" (null when none). \
            Exit status: 0 shown; 1 the theme does not load (its diagnostics go to standard \
            error), or with --json a number is NaN or infinite (JSON has none); 2 usage errors, \
            an unknown theme name, a missing folder, or output that cannot be written.
            """
    )

    @Argument(help: "The theme's name (its file name without .plist).")
    var name: String

    @OptionGroup var options: ThemesOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        try reportingFailures {
            let path = currentDisplayPath()
            let theme = try options.load(name, path: path)
            if json {
                // JSON has no NaN or infinity: refused as `export --format json` refuses them.
                do {
                    try ThemeExporter.checkJSON(theme)
                } catch let error as ThemeExporter.ExportError {
                    throw ToolFailure.unexportable(error)
                }
            }
            let table = ThemeTable(theme: theme, path: path)
            print(json ? table.json : table.text, terminator: "")
        }
    }
}

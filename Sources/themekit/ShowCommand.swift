import ArgumentParser
import ThemeKit
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
            an unknown theme name or state, a missing folder, or output that cannot be written.

            With --style, the theme as that style sees it (SPEC §9): a row for each property \
            (every global key, and every property of a key written for the style or a parent \
            style), its value for the style in the --state states inside the --container \
            containers, and FROM, the key that won (--json: "sourceKey"; "key" is the property).
            """
    )

    @Argument(help: "The theme's name (its file name without .plist).")
    var name: String

    @OptionGroup var options: ThemesOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(help: "Show the theme as this style sees it, property by property.")
    var style: String?

    @Option(
        help: ArgumentHelp(
            "The style's states, comma-separated (built in, or named by a key of the theme).",
            valueName: "states"))
    var state: [String] = []

    @Option(help: ArgumentHelp("The containers the style is inside, outermost first: A/B.", valueName: "path"))
    var container: String?

    func validate() throws {
        if style == nil, !state.isEmpty || container != nil {
            throw ValidationError("--state and --container need --style")
        }
    }

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
            let table: ThemeTable
            if let style {
                let names = state.flatMap { $0.split(separator: ",").map(String.init) }
                let states: Set<ThemeState>
                switch StyleCatalog(theme: theme).states(named: names) {
                case .success(let found): states = found
                case .failure(let unknown): throw ToolFailure.usage(unknown.description)
                }
                let containers = container.map { $0.split(separator: "/").map(String.init) } ?? []
                table = ThemeTable(theme: theme, style: theme.style(style, states: states, in: containers), path: path)
            } else {
                table = ThemeTable(theme: theme, path: path)
            }
            print(json ? table.json : table.text, terminator: "")
        }
    }
}

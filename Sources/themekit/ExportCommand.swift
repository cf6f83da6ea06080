import ArgumentParser
import ThemeTools

/// `themekit export NAME --format css|json`: a resolved theme for web front ends.
struct ExportCommand: ParsableCommand {
    /// The export formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case css, json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a resolved theme as CSS custom properties or JSON.",
        discussion: """
            CSS: one rule of custom properties (kebab-case names, colors hex, sizes px, fonts as \
            --x-font-family/--x-font-size). JSON: one object, key → resolved value. Exit status: \
            0 written; 1 the theme does not load, two keys would become the same CSS name, or a \
            value or key the format cannot express (NaN or an infinity in CSS or JSON, an empty \
            key in CSS); \
            2 usage errors, an unknown theme name, a missing folder, or output that cannot be written.
            """
    )

    @Argument(help: "The theme's name (its file name without .plist).")
    var name: String

    @OptionGroup var options: ThemesOptions

    @Option(help: "css or json.")
    var format: Format = .css

    /// The CSS rule's selector, as `ThemeExporter.Selector` names it.
    enum Selector: String, ExpressibleByArgument, CaseIterable {
        case root
        case dataTheme = "data-theme"

        /// The exporter's selector of the same name. A switch with no default, so that a case
        /// added here does not compile until it says which selector it writes (a comparison
        /// with `.root` would make every other case `dataTheme`).
        var exporterSelector: ThemeExporter.Selector {
            switch self {
            case .root: .root
            case .dataTheme: .dataTheme
            }
        }
    }

    @Option(help: "For CSS, the rule's selector: root (:root) or data-theme ([data-theme=\"NAME\"]).")
    var selector: Selector = .root

    func run() throws {
        try reportingFailures {
            let theme = try options.load(name, path: currentDisplayPath())
            do {
                switch format {
                case .json:
                    print(try ThemeExporter.json(theme), terminator: "")
                case .css:
                    print(try ThemeExporter.css(theme, selector: selector.exporterSelector), terminator: "")
                }
            } catch let error as ThemeExporter.ExportError {
                throw ToolFailure.unexportable(error)
            }
        }
    }
}

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
            --x-font-family/--x-font-size). JSON: one object, key → resolved value.

            A theme that names a partner for the other appearance (DARK_THEME in a light theme, \
            LIGHT_THEME in a dark one) is written with it, unless --no-partner. CSS: the rule \
            also says color-scheme: light dark, and a @media (prefers-color-scheme: dark) block \
            (light, for a dark theme) with the same selector holds the partner's properties that \
            differ from the theme's; one the partner lacks is set to initial. JSON: two more \
            members, named by reserved keys no theme value has: "APPEARANCE" (the theme's, \
            light or dark) and "DARK_THEME" (or "LIGHT_THEME"): {"name", "appearance", \
            "overrides", "unsetKeys"}, the partner's name and appearance, its values that differ \
            from the theme's (or that only it has), and the theme's keys it has no value for. \
            A theme with no partner is written as one rule or one object of values.

            Exit status: \
            0 written; 1 the theme or its partner does not load, two keys would become the same CSS \
            name, or a value or key the format cannot express (NaN or an infinity in CSS or JSON, an \
            empty key in CSS); \
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

    @Flag(
        inversion: .prefixedNo,
        help: "Write the theme's partner for the other appearance too (DARK_THEME or LIGHT_THEME), if it names one.")
    var partner = true

    func run() throws {
        try reportingFailures {
            let path = currentDisplayPath()
            let theme = try options.load(name, path: path)
            let partner = self.partner ? try options.loadPartner(of: theme, path: path) : nil
            do {
                switch format {
                case .json:
                    print(try ThemeExporter.json(theme, partner: partner), terminator: "")
                case .css:
                    print(
                        try ThemeExporter.css(theme, partner: partner, selector: selector.exporterSelector),
                        terminator: "")
                }
            } catch let error as ThemeExporter.ExportError {
                throw ToolFailure.unexportable(error)
            }
        }
    }
}

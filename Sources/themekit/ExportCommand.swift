import ArgumentParser
import ThemeTools

/// `themekit export NAME --format css|json|xcassets`: a resolved theme for web front ends, or
/// for Apple apps as an Xcode asset catalog.
struct ExportCommand: ParsableCommand {
    /// The export formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case css, json
        case xcassets
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a resolved theme as CSS custom properties, JSON or an Xcode asset catalog.",
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

            xcassets (-o NAME.xcassets): an Xcode asset catalog, a NAME.colorset per color key \
            (letters and digits in camel case, unique ignoring case and a trailing Color; a note \
            on stderr for each key renamed), the light theme's color as the universal variant and \
            the dark one's as the luminosity dark appearance; sRGB, or Display P3 as a DTCG theme \
            wrote it. Written all or nothing; an existing folder is replaced only when it is \
            empty or a catalog themekit wrote (it holds .themekit-export).

            Exit status: \
            0 written; 1 the theme or its partner does not load, two keys would become the same CSS \
            name, or a value or key the format cannot express (NaN or an infinity in CSS or JSON, an \
            empty key in CSS); \
            2 usage errors, an unknown theme name, a missing folder, or output that cannot be written \
            (for xcassets, also -o missing or not NAME.xcassets, or a folder there themekit did not write).
            """
    )

    @Argument(help: "The theme's name (its file name without .plist).")
    var name: String

    @OptionGroup var options: ThemesOptions

    @Option(help: "css, json or xcassets.")
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

    @Option(name: .shortAndLong, help: "Write to this file (for xcassets, the folder NAME.xcassets).")
    var output: String?

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
                    try emit(try ThemeExporter.json(theme, partner: partner), to: output, what: "the export")
                case .css:
                    try emit(
                        try ThemeExporter.css(theme, partner: partner, selector: selector.exporterSelector),
                        to: output, what: "the export")
                case .xcassets: try exportAssetCatalog(theme, partner: partner)
                }
            } catch let error as ThemeExporter.ExportError {
                throw ToolFailure.unexportable(error)
            }
        }
    }
}

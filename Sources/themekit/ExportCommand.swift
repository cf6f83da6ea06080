import ArgumentParser
import ThemeTools

/// `themekit export NAME --format css|json|dtcg|dtcg-resolver|xcassets`: a resolved theme for
/// web front ends, design tools, or Apple apps as an Xcode asset catalog.
struct ExportCommand: ParsableCommand {
    /// The export formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case css, json, dtcg
        case dtcgResolver = "dtcg-resolver"
        case xcassets
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a resolved theme as CSS custom properties, JSON, DTCG design tokens or an Xcode asset catalog.",
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

            DTCG (design tokens, 2025.10): dtcg writes the theme, whole (inherited keys too), \
            as one tokens file: dotted keys as groups, aliases as {references}, kinds as $type, \
            colors as color objects (as a DTCG theme's files wrote them, else sRGB), lengths in \
            px, durations in ms; images, strings, flags, the appearance keys and ThemeKit's \
            declared kinds under $extensions "org.themekit", which themekit import --from dtcg \
            reads back. dtcg-resolver writes the theme and its partner (unless --no-partner) as \
            one resolver document: a set of what they share and a light/dark modifier, sources \
            inline.

            xcassets (-o NAME.xcassets): an Xcode asset catalog, a NAME.colorset per color key \
            (letters and digits in camel case, unique ignoring case and a trailing Color; a note \
            on stderr for each key renamed), the light theme's color as the universal variant and \
            the dark one's as the luminosity dark appearance; sRGB, or Display P3 as a DTCG theme \
            wrote it. Written all or nothing; an existing folder is replaced only when it is \
            empty or a catalog themekit wrote (it holds .themekit-export).

            Exit status: \
            0 written; 1 the theme or its partner does not load, two keys would become the same CSS \
            name, or a value or key the format cannot express (NaN or an infinity in CSS, JSON or \
            DTCG, an empty key in CSS, a key DTCG cannot name: an empty segment, a segment \
            starting with $, a brace, more than 100 segments; a DTCG string starting with a \
            brace); \
            2 usage errors, an unknown theme name, a missing folder, or output that cannot be written \
            (for xcassets, also -o missing or not NAME.xcassets, or a folder there themekit did not write).
            """
    )

    @Argument(help: "The theme's name (its file name without .plist).")
    var name: String

    @OptionGroup var options: ThemesOptions

    @Option(help: "css, json, dtcg, dtcg-resolver or xcassets.")
    var format: Format = .css

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Write to this file (whole or not at all) instead of standard output; for xcassets, the folder NAME.xcassets.",
            valueName: "file"))
    var output: String?

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
            let partner = self.partner && format != .dtcg ? try options.loadPartner(of: theme, path: path) : nil
            let text: String
            do {
                switch format {
                case .json:
                    text = try ThemeExporter.json(theme, partner: partner)
                case .css:
                    text = try ThemeExporter.css(theme, partner: partner, selector: selector.exporterSelector)
                case .dtcg, .dtcgResolver:
                    text = try DTCGExporter.export(
                        theme, partner: partner, in: options.directory, resolver: format == .dtcgResolver)
                case .xcassets:
                    try exportAssetCatalog(theme, partner: partner)
                    return
                }
            } catch let error as ThemeExporter.ExportError {
                throw ToolFailure.unexportable(error)
            }
            try emit(text, to: output, what: "the export")
        }
    }
}

package import ThemeKit

/// A theme and its partner as an Xcode asset catalog (`NAME.xcassets`): a colorset per color key,
/// the light theme's color as the universal ("Any Appearance") one and the dark theme's as the
/// `luminosity` `dark` appearance, in the layout Xcode writes.
///
/// The fields, from Apple's *Asset Catalog Format Reference* ("Catalog Type", "Named Color
/// Type") and from the catalogs Xcode writes (appearances came with Xcode 11, after the
/// reference was last revised):
///
/// - the catalog's `Contents.json`: `info` alone, `{"author" : "xcode", "version" : 1}`;
/// - each `NAME.colorset/Contents.json`: `colors`, an array of one or two variants, then the
///   same `info`. A variant is `color` (`color-space`, `srgb` or `display-p3`, and
///   `components`: `alpha`, `blue`, `green`, `red`, each a decimal string in 0…1) and `idiom`
///   `universal`; the dark variant has `appearances` first, `[{"appearance" : "luminosity",
///   "value" : "dark"}]`.
///
/// Written as Xcode writes JSON: members sorted by name, two spaces an indent, `" : "` between
/// a name and its value, a newline at the end. Components are Xcode's floating-point form,
/// three decimals (`"0.502"`, finer than an 8-bit step), or as many as the source color has
/// when it has more (a DTCG `0.0667` stays `"0.0667"`): a component is never changed.
package enum AssetCatalogExporter: Sendable {
    /// One file of the catalog: its path inside the catalog folder, and its text.
    package struct File: Sendable, Hashable {
        package var path: String
        package var text: String
    }

    /// The catalog: its files in path order, and every color key's name.
    package struct Catalog: Sendable, Hashable {
        package var files: [File]
        package var names: AssetCatalogNames
    }

    /// A color as a colorset writes it: its space and four component strings.
    package struct Components: Sendable, Hashable {
        /// `srgb` or `display-p3`.
        package var space: String
        package var red: String
        package var green: String
        package var blue: String
        package var alpha: String

        package init(space: String, red: String, green: String, blue: String, alpha: String) {
            self.space = space
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// The catalog's own `Contents.json`, which Xcode writes for a new catalog.
    package static let catalogContents = """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    /// The catalog for `theme` and its `partner` (the theme `DARK_THEME` or `LIGHT_THEME`
    /// names), whichever is light giving the universal colors and whichever is dark the dark
    /// appearance; without a partner, the theme's colors alone, universal.
    ///
    /// A key only the light theme has as a color has no dark variant (a dark interface shows
    /// the universal color, as it does for any colorset with no dark one); a key only the dark
    /// theme has as a color is written with its dark color as both variants, so that the
    /// colorset is whole.
    ///
    /// - Parameters:
    ///   - source: the color `key` was written as in the DTCG file of the theme named as given
    ///     (`SourceColors`), or `nil` (a plist theme): its components and space are written as
    ///     they are when they are sRGB or Display P3 in 0…1; a color in another space is
    ///     converted to sRGB, or to Display P3 when it lies outside sRGB (gamut-mapped as CSS
    ///     Color 4 maps, when outside Display P3 too). Without a source, the theme's sRGB color.
    /// - Throws: `ThemeExporter.ExportError` naming each color with a component that is not a
    ///   number in 0…1 (a theme made in code can hold one; a loaded theme cannot).
    package static func catalog(
        _ theme: Theme, partner: Theme? = nil,
        source: (_ theme: String, _ key: String) -> TokenColor? = { _, _ in nil }
    ) throws(ThemeExporter.ExportError) -> Catalog {
        let pair = Pair(theme: theme, partner: partner)
        var unwritable: [ThemeExporter.ExportError.Unwritable] = []
        for side in [pair.light, pair.dark].compactMap({ $0 }) {
            for (key, value) in side.values {
                guard case .color(let color) = value else { continue }
                for component in [color.red, color.green, color.blue, color.alpha] where !(0...1).contains(component) {
                    unwritable.append(
                        .init(
                            key: key, location: side.source(forKey: key)?.key,
                            what: component.isNaN ? "NaN" : "a component outside 0…1"))
                    break
                }
            }
        }
        guard unwritable.isEmpty else {
            let sorted = Set(unwritable).sorted {
                $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
            }
            throw ThemeExporter.ExportError(format: "an asset catalog", collisions: [], unwritable: sorted)
        }
        let lightColors = colors(of: pair.light)
        let darkColors = pair.dark.map(colors(of:)) ?? [:]
        // The names `names(_:partner:)` gives, from the colors at hand.
        let names = AssetCatalogNames(keys: Array(lightColors.keys) + Array(darkColors.keys))
        var files = [File(path: "Contents.json", text: catalogContents)]
        files.reserveCapacity(names.entries.count + 1)
        for entry in names.entries {
            let dark = darkColors[entry.key].map { color in
                components(color, source: pair.dark.flatMap { source($0.name, entry.key) })
            }
            let universal =
                lightColors[entry.key].map { color in
                    components(color, source: source(pair.light.name, entry.key))
                } ?? dark
            guard let universal else { continue }
            files.append(File(path: entry.name + ".colorset/Contents.json", text: colorset(universal, dark: dark)))
        }
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return Catalog(files: files, names: names)
    }

    /// The colorsets' names `catalog(_:partner:source:)` gives `theme` and its `partner`: a name
    /// for each key either has as a color.
    package static func names(_ theme: Theme, partner: Theme? = nil) -> AssetCatalogNames {
        let pair = Pair(theme: theme, partner: partner)
        return AssetCatalogNames(
            keys: Array(colors(of: pair.light).keys) + Array((pair.dark.map(colors(of:)) ?? [:]).keys))
    }

    /// Which of a theme and its partner is light and which dark.
    struct Pair {
        var light: Theme
        var dark: Theme?

        init(theme: Theme, partner: Theme?) {
            if let partner, theme.appearance == .dark, partner.appearance != .dark {
                light = partner
                dark = theme
            } else {
                light = theme
                dark = partner
            }
        }
    }

    /// The color keys of `theme` and their colors.
    static func colors(of theme: Theme) -> [String: ThemeColor] {
        var out: [String: ThemeColor] = [:]
        for (key, value) in theme.values {
            if case .color(let color) = value { out[key] = color }
        }
        return out
    }

    /// A colorset's `Contents.json`: the universal variant, and the dark one if any.
    static func colorset(_ universal: Components, dark: Components?) -> String {
        var out = "{\n  \"colors\" : [\n    {\n"
        out += color(universal)
        out += "      \"idiom\" : \"universal\"\n    }"
        if let dark {
            out += ",\n    {\n      \"appearances\" : [\n        {\n"
            out += "          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }\n      ],\n"
            out += color(dark)
            out += "      \"idiom\" : \"universal\"\n    }"
        }
        out += "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        return out
    }

    /// A variant's `color` member, ending with a comma and a newline.
    static func color(_ color: Components) -> String {
        """
              "color" : {
                "color-space" : "\(color.space)",
                "components" : {
                  "alpha" : "\(color.alpha)",
                  "blue" : "\(color.blue)",
                  "green" : "\(color.green)",
                  "red" : "\(color.red)"
                }
              },

        """
    }

    /// How `color` is written: its DTCG `source` as it is when that is sRGB or Display P3 in
    /// range, else the source converted (sRGB when inside it, else Display P3); without a source,
    /// the theme's sRGB color.
    package static func components(_ color: ThemeColor, source: TokenColor?) -> Components {
        guard let source else {
            return Components(
                space: "srgb", red: rounded(color.red), green: rounded(color.green), blue: rounded(color.blue),
                alpha: rounded(color.alpha))
        }
        let values = source.components.map(\.value) + [source.alpha ?? 1]
        if source.space == .srgb || source.space == .displayP3, values.allSatisfy({ (0...1).contains($0) }) {
            let text = values.map(written)
            return Components(
                space: source.space == .srgb ? "srgb" : "display-p3", red: text[0], green: text[1], blue: text[2],
                alpha: text[3])
        }
        let srgb = source.converted()
        if !srgb.wasOutOfGamut {
            let converted = srgb.color
            return Components(
                space: "srgb", red: rounded(converted.red), green: rounded(converted.green),
                blue: rounded(converted.blue), alpha: written(converted.alpha))
        }
        let p3 = source.convertedToDisplayP3()
        return Components(
            space: "display-p3", red: rounded(p3.red), green: rounded(p3.green), blue: rounded(p3.blue),
            alpha: written(p3.alpha))
    }

    /// A component in 0…1 with three decimals, as Xcode writes one (`0.502`).
    static func rounded(_ value: Double) -> String {
        // In 0…1 (NaN, which no caller passes, as 0), so that the integer cannot trap.
        let unit = value.isNaN ? 0 : min(max(value, 0), 1)
        let thousandths = Int((unit * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A component in 0…1 as written: its shortest digits, with at least three decimals.
    static func written(_ value: Double) -> String {
        guard var text = DecimalText.positional(value) else { return rounded(value) }
        if !text.contains(".") { text += "." }
        let decimals = text.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
        return text + String(repeating: "0", count: max(0, 3 - decimals))
    }
}

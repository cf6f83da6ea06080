/// Generates the benchmark's design system in DTCG 2025.10: a resolver document, a light/dark
/// modifier and several token files, deterministic and of an exact size.
///
/// The files, in resolution order (`design.resolver.json` names them):
/// - `foundation.tokens.json` (set `foundation`): the palette, `tokens × 3 / 10` colors as
///   2025.10 color objects, in turn sRGB with its `hex`, OKLCH and Display P3, and
///   `tokens / 10` dimensions, in turn `px` and `rem`;
/// - `light.tokens.json` and `dark.tokens.json` (contexts of modifier `theme`): `tokens / 5`
///   semantic colors each, `{palette.…}` references across files, the two contexts naming
///   different shades;
/// - `semantic.tokens.json` (set `semantic`): `tokens × 4 / 25` component colors referring to
///   the modifier's colors (a reference across files that resolves only after the merge),
///   and `tokens / 50` shadows and `tokens / 50` borders, composites whose colors and widths
///   are references too.
///
/// The files hold `tokens` tokens, each written once; each of the two themes (`light`,
/// `dark`) resolves to `valuesPerTheme` values, a composite counted as its members.
public struct TokensGenerator: Sendable {
    /// The tokens the files hold (a multiple of 50, at least 50).
    public var tokens: Int

    /// Creates a generator of about `tokens` tokens (rounded down to a multiple of 50).
    public init(tokens: Int) {
        precondition(tokens >= 50, "a generated design system has at least 50 tokens")
        self.tokens = tokens / 50 * 50
    }

    /// The resolver document's file name.
    public static let resolverName = "design.resolver.json"

    private var colors: Int { tokens * 3 / 10 }
    private var dimensions: Int { tokens / 10 }
    private var modes: Int { tokens / 5 }
    private var components: Int { tokens * 4 / 25 }
    private var composites: Int { tokens / 50 }

    /// The values one theme resolves to: every token of the sets and of one context, a shadow
    /// as its 5 members, a border as its 3 (each member's `$type` entry is a declaration,
    /// not a value; the theme's `APPEARANCE` and partner are reserved keys, no values).
    public var valuesPerTheme: Int { colors + dimensions + modes + components + composites * 5 + composites * 3 }

    /// Every file, by name (the resolver among them).
    public func files() -> [String: String] {
        [
            Self.resolverName: resolver(),
            "foundation.tokens.json": foundation(),
            "light.tokens.json": mode(dark: false),
            "dark.tokens.json": mode(dark: true),
            "semantic.tokens.json": semantic(),
        ]
    }

    func resolver() -> String {
        """
        {
          "version": "2025.10",
          "name": "design",
          "sets": {
            "foundation": { "sources": [{ "$ref": "foundation.tokens.json" }] },
            "semantic": { "sources": [{ "$ref": "semantic.tokens.json" }] }
          },
          "modifiers": {
            "theme": {
              "contexts": {
                "light": [{ "$ref": "light.tokens.json" }],
                "dark": [{ "$ref": "dark.tokens.json" }]
              },
              "default": "light"
            }
          },
          "resolutionOrder": [
            { "$ref": "#/sets/foundation" },
            { "$ref": "#/modifiers/theme" },
            { "$ref": "#/sets/semantic" }
          ]
        }

        """
    }

    /// Palette color `index` (10 shades of each hue): its group and name.
    private static func palette(_ index: Int) -> String { "palette.hue\(index / 10).s\(index % 10 * 100)" }

    func foundation() -> String {
        var palette: [String] = []
        for hue in 0..<(colors + 9) / 10 {
            var shades: [String] = []
            for shade in 0..<10 where hue * 10 + shade < colors {
                let index = hue * 10 + shade
                let light = Double(shade) / 10
                let value: String
                switch index % 3 {
                case 0:
                    let red = (index * 37) % 256
                    let green = (index * 91 + shade * 20) % 256
                    let blue = (255 - shade * 25) % 256
                    let hex = [red, green, blue].map { Self.hex($0) }.joined()
                    value =
                        "{\"colorSpace\": \"srgb\", \"components\": [\(Self.unit(red)), \(Self.unit(green)), \(Self.unit(blue))], \"hex\": \"#\(hex)\"}"
                case 1:
                    value =
                        "{\"colorSpace\": \"oklch\", \"components\": [\(0.2 + light * 0.7), 0.\(1 + shade % 2), \(hue * 29 % 360)]}"
                default:
                    value =
                        "{\"colorSpace\": \"display-p3\", \"components\": [\(light), \(0.5 - light / 4), \(1 - light)], \"alpha\": 0.9}"
                }
                shades.append("        \"s\(shade * 100)\": { \"$value\": \(value) }")
            }
            palette.append("      \"hue\(hue)\": {\n" + shades.joined(separator: ",\n") + "\n      }")
        }
        let sizes = (0..<dimensions).map { index in
            let unit = index % 2 == 0 ? "px" : "rem"
            let value = index % 2 == 0 ? "\(index % 64 + 1)" : "\(Double(index % 16 + 1) / 4)"
            return "      \"d\(index)\": { \"$value\": { \"value\": \(value), \"unit\": \"\(unit)\" } }"
        }
        return "{\n  \"palette\": {\n    \"$type\": \"color\",\n"
            + palette.joined(separator: ",\n") + "\n  },\n  \"space\": {\n    \"$type\": \"dimension\",\n"
            + sizes.joined(separator: ",\n") + "\n  }\n}\n"
    }

    func mode(dark: Bool) -> String {
        let entries = (0..<modes).map { index in
            let target = (index * 7 + (dark ? 5 : 0)) % colors
            return "      \"c\(index)\": { \"$value\": \"{\(Self.palette(target))}\" }"
        }
        return "{\n  \"mode\": {\n    \"$type\": \"color\",\n    \"$description\": \"\(dark ? "dark" : "light")\",\n"
            + entries.joined(separator: ",\n") + "\n  }\n}\n"
    }

    func semantic() -> String {
        let colorEntries = (0..<components).map { index in
            "      \"c\(index)\": { \"$value\": \"{mode.c\((index * 3) % modes)}\" }"
        }
        let shadows = (0..<composites).map { index in
            "      \"s\(index)\": { \"$value\": { \"color\": \"{mode.c\(index % modes)}\", \"offsetX\": \"{space.d\(index % dimensions)}\", "
                + "\"offsetY\": { \"value\": \(index % 8), \"unit\": \"px\" }, \"blur\": { \"value\": 4, \"unit\": \"px\" }, "
                + "\"spread\": { \"value\": 0, \"unit\": \"px\" } } }"
        }
        let borders = (0..<composites).map { index in
            "      \"b\(index)\": { \"$value\": { \"color\": \"{component.c\(index % components)}\", "
                + "\"width\": \"{space.d\((index * 2) % dimensions)}\", \"style\": \"solid\" } }"
        }
        return "{\n  \"component\": {\n    \"$type\": \"color\",\n" + colorEntries.joined(separator: ",\n")
            + "\n  },\n  \"shadow\": {\n    \"$type\": \"shadow\",\n" + shadows.joined(separator: ",\n")
            + "\n  },\n  \"border\": {\n    \"$type\": \"border\",\n" + borders.joined(separator: ",\n") + "\n  }\n}\n"
    }

    private static func hex(_ byte: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[byte / 16], digits[byte % 16]])
    }

    /// A byte as a component from 0 to 1, written exactly enough to give the byte back.
    private static func unit(_ byte: Int) -> String {
        let value = Double(byte) / 255
        return "\((value * 10_000).rounded() / 10_000)"
    }
}

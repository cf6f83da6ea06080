/// The inputs of `themebench --scaling`: shapes of input that cost more than linear time or
/// memory somewhere (the ones issue 12 named, and others of the same classes), each written
/// at a size `n` so that the benchmark can run a tool at `n` and `4n` and compare.
///
/// A shape is a folder of files (relative path → contents) and the tool to run on it. Every
/// shape is a plain function of `n`: the tests run the same generators at small `n` and check
/// what the tools say, so a shape measures what it claims to.
public struct ScalingShape: Sendable {
    /// What the benchmark runs on the folder.
    public enum Tool: Sendable, Hashable, CustomStringConvertible {
        /// `themelint --format FORMAT Themes` (with `--config` when the shape has one).
        case lint(format: String)
        /// ThemeKit's `ThemeLoader.load(_:allowingErrors: true)` of `default`, in process.
        case load
        /// `themekit show default` (`json`: with `--json`).
        case show(json: Bool)
        /// `themekit show default --style STYLE`, with `--container` set to the shape's
        /// `containers.txt` when it has one.
        case showStyle(String)
        /// `themekit keys Themes`.
        case keys
        /// `themekit preview Themes`.
        case preview
        /// `themekit export default --format FORMAT`.
        case export(format: String)
        /// `themekit export NAME --format FORMAT`: a theme of DTCG files, named by its contexts.
        case exportTheme(String, format: String)
        /// `themekit import --from FORMAT Source/themes.plist -o Imported --force`.
        case importing(from: String)
        /// `themekit lsp`, in process: every theme of `Themes/` opened one by one
        /// (`didOpen`), each theme's diagnostics published before the next is opened.
        case lspOpen
        /// ThemeKit's `TokensReader.themes(contentsOf:)`, in process, of `Tokens/t.resolver.json`
        /// when the shape has one, else of `Tokens/t.tokens.json` (DTCG, SPEC §12).
        case readTokens
        /// The same read, then every theme of it resolved by ThemeKit's resolver
        /// (`TokensTheme.resolved`), as the manager resolves a theme.
        case resolveTokens
        /// A `ThemeManager` on `Tokens/` (a folder of DTCG files), in process: started on its
        /// resolver's default (`light`), then `changeTheme("dark")` and back to `light`.
        case managerSwitch
        /// The same manager started, then `reloadTheme()` twice: what a change of one of its
        /// files on disk makes live reload do.
        case managerReload

        public var description: String {
            switch self {
            case .lint(let format): "themelint --format \(format)"
            case .load: "ThemeLoader.load"
            case .show(let json): json ? "themekit show --json" : "themekit show"
            case .showStyle(let style): "themekit show --style \(style)"
            case .keys: "themekit keys"
            case .preview: "themekit preview"
            case .export(let format), .exportTheme(_, let format): "themekit export --format \(format)"
            case .importing(let format): "themekit import --from \(format)"
            case .lspOpen: "themekit lsp didOpen"
            case .readTokens: "TokensReader.themes"
            case .resolveTokens: "TokensReader.themes + TokensTheme.resolved"
            case .managerSwitch: "ThemeManager on DTCG: light → dark → light"
            case .managerReload: "ThemeManager on DTCG: start, reloadTheme × 2"
            }
        }
    }

    /// A short name, unique among the shapes.
    public var id: String
    /// What the input is, in a few words.
    public var about: String
    /// What runs on it.
    public var tool: Tool
    /// The size the benchmark starts from (it also runs `4 * n`, and `1` for the fixed costs).
    public var n: Int
    /// Whether issue 12 named the shape (the others were found looking for the same classes).
    public var named: Bool
    private let make: @Sendable (Int) -> [String: String]

    /// Creates a shape.
    public init(
        _ id: String, _ about: String, tool: Tool, n: Int, named: Bool = false,
        files: @escaping @Sendable (Int) -> [String: String]
    ) {
        self.id = id
        self.about = about
        self.tool = tool
        self.n = n
        self.named = named
        make = files
    }

    /// The shape's files at size `n`, by path relative to the folder the tool runs in. Themes
    /// are under `Themes/`; a configuration, when there is one, is `themelint.json`.
    public func files(_ n: Int) -> [String: String] { make(max(1, n)) }

    /// The source file `themekit import` is given, in an import shape.
    public static let importSourcePath = "Source/themes.plist"

    /// The source file of a JSON import shape (the importer reads a file's syntax from its name).
    public static let importJSONSourcePath = "Source/themes.json"

    /// The source file of a YAML import shape.
    public static let importYAMLSourcePath = "Source/themes.yaml"

    /// The source file of an import shape that imports `format`.
    public static func importSourcePath(for format: String) -> String {
        ["brstyle", "motif"].contains(format) ? importJSONSourcePath : importSourcePath
    }

    /// The source file `themekit import` is given in this shape: the file under `Source/`
    /// (the first by name when there are several: Tokens Studio's `$themes.json` before the
    /// set files beside it), else the file of its format.
    public var importSource: String? {
        guard case .importing(let format) = tool else { return nil }
        return files(1).keys.filter { $0.hasPrefix("Source/") }.min() ?? Self.importSourcePath(for: format)
    }

    /// The file holding the `--container` path of a `showStyle` shape, when it has one.
    public static let containersPath = "containers.txt"

    /// The path of the configuration file the linter is given, when the shape has one.
    public static let configurationPath = "themelint.json"

    /// The IDs of `--only`'s value: separated by commas, empty ones left out.
    public static func ids(in only: String) -> [String] {
        only.split(separator: ",").map { String($0) }
    }

    /// Whether the shape is one `--only`'s value names (every shape without one): its ID
    /// contains one of the value's IDs.
    public func isNamed(by only: String?) -> Bool {
        guard let only else { return true }
        return Self.ids(in: only).contains { id.contains($0) }
    }

    /// The size the benchmark starts from at `scale` (at least 1).
    public func n(scaledBy scale: Double) -> Int { max(1, Int((Double(n) * scale).rounded())) }
}

extension ScalingShape {
    /// Every shape, in the order the benchmark prints them.
    public static let all: [ScalingShape] =
        lintShapes + formatShapes + loadShapes + toolShapes + configurationShapes + importShapes + lspShapes
        + tokensShapes + resolvedTokensShapes + tokensLintShapes + dtcgExportShapes + tokensManagerShapes

    /// `themekit export --format dtcg` and `dtcg-resolver` (issue 38): a wide theme, a long
    /// alias chain (each link's chain end and tree found once, not walked per key), deep dotted
    /// keys (a group a segment), and a pair written as one resolver document.
    static let dtcgExportShapes: [ScalingShape] = [
        ScalingShape("export-dtcg-wide", "a theme of n keys", tool: .export(format: "dtcg"), n: 40_000) { n in
            ["Themes/default.plist": ThemeGenerator(keys: max(20, n)).standalone()]
        },
        ScalingShape(
            "export-dtcg-alias-chain", "one alias chain of n links", tool: .export(format: "dtcg"), n: 60_000
        ) { n in aliasChain(n) },
        ScalingShape(
            "export-dtcg-deep-keys", "n keys of 40 dotted segments, 32 of them shared by n/8",
            tool: .export(format: "dtcg"), n: 12_000
        ) { n in
            let shared = (1...31).map { "s\($0)" }.joined(separator: ".")
            return theme(
                (0..<n).map { index in
                    (
                        "g\(index % 8).\(shared).k\(index).a.b.c.d.e.f.edgeWidth",
                        "<integer>\(index % 97)</integer>"
                    )
                })
        },
        // A theme of DTCG files: each color written back as its file wrote it (SourceColors),
        // through the alias its context gives it.
        ScalingShape(
            "export-dtcg-from-tokens",
            "the light theme of a resolver of n color tokens in four spaces, its contexts aliasing them",
            tool: .exportTheme("light", format: "dtcg"), n: 8_000
        ) { n in xcassetsTokens(n) },
        ScalingShape(
            "export-dtcg-resolver-pair", "a light theme of n keys and its dark partner, half of them differing",
            tool: .export(format: "dtcg-resolver"), n: 30_000
        ) { n in
            let light = (0..<n).map {
                ("c\($0)Color", "<string>#\(String(0x10_0000 + $0 % 0xE0_0000, radix: 16))</string>")
            }
            let dark = (0..<n).map { index in
                (
                    "c\(index)Color",
                    index % 2 == 0
                        ? light[index].1 : "<string>#\(String(0xF0_0000 - index % 0xE0_0000, radix: 16))</string>"
                )
            }
            return [
                "Themes/default.plist": document(
                    entries([("DARK_THEME", "<string>dark</string>")] + light)),
                "Themes/dark.plist": document(
                    entries(
                        [("APPEARANCE", "<string>dark</string>"), ("LIGHT_THEME", "<string>default</string>")] + dark)),
            ]
        },
    ]

    /// A manager on a folder of DTCG files (issue 38): the generated design system
    /// (`TokensGenerator`, a resolver with a light/dark modifier and four token files) of
    /// about n tokens, under `Tokens/`. Each start, switch and reload reads the folder's files
    /// and resolves one theme.
    static let tokensManagerShapes: [ScalingShape] = [
        ScalingShape(
            "manager-dtcg-switch", "a manager on a resolver of n tokens, switching light → dark → light",
            tool: .managerSwitch, n: 20_000
        ) { n in managerTokens(n) },
        ScalingShape(
            "manager-dtcg-reload", "a manager on a resolver of n tokens, reloading its theme twice",
            tool: .managerReload, n: 20_000
        ) { n in managerTokens(n) },
    ]

    /// The folder a manager shape's manager is on.
    public static let managerTokensFolder = "Tokens"

    /// The generated design system of about `n` tokens (at least 50) under `Tokens/`.
    static func managerTokens(_ n: Int) -> [String: String] {
        var files: [String: String] = [:]
        for (name, text) in TokensGenerator(tokens: max(50, n)).files() {
            files[managerTokensFolder + "/" + name] = text
        }
        return files
    }

    /// The DTCG tokens reader (issue 37): what grows with a tokens file or a resolver.
    static let tokensShapes: [ScalingShape] = [
        // Each curly reference's type checked against its target's by walking the chain
        // from it: n²; the walk is remembered for every link.
        // A file `themekit export --format dtcg` wrote (issue 38): the root extension's
        // `declaredTypes` are the file's declarations, and its `tokens` more of its keys.
        ScalingShape(
            "dtcg-themekit-extension",
            "a tokens file of n color tokens, each declared in org.themekit's declaredTypes, and n image tokens in its extension",
            tool: .readTokens, n: 20_000
        ) { n in
            let declared = (0..<n).map { "\"c\($0)\": \"color\"" }
            let images = (0..<n).map { "\"i\($0)Image\": {\"$type\": \"image\", \"$value\": \"icon\($0)\"}" }
            let colors = (0..<n).map {
                "\"c\($0)\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0.5, \(Double($0 % 100) / 100)]}}"
            }
            return [
                tokensFilePath: "{\"$extensions\": {\"org.themekit\": {\"declaredTypes\": {\n"
                    + declared.joined(separator: ",\n") + "},\n\"tokens\": {\n" + images.joined(separator: ",\n")
                    + "}}},\n" + colors.joined(separator: ",\n") + "\n}\n"
            ]
        },
        ScalingShape(
            "dtcg-long-reference-chain", "a tokens file of n number tokens, each a reference to the one before",
            tool: .readTokens, n: 20_000
        ) { n in
            let tokens = (1..<max(2, n)).map { "    \"t\($0)\": { \"$value\": \"{n.t\($0 - 1)}\" }" }
            return [
                tokensFilePath: "{\n  \"n\": {\n    \"$type\": \"number\",\n    \"t0\": { \"$value\": 1 },\n"
                    + tokens.joined(separator: ",\n") + "\n  }\n}\n"
            ]
        },
        // A key is its whole path: every token below 100 groups (the JSON's depth limit is
        // 128, so depth itself cannot grow 4x) is a 100-segment key and its `$type`.
        ScalingShape(
            "dtcg-deep-groups", "a tokens file of n dimension tokens below 100 nested groups",
            tool: .readTokens, n: 10_000
        ) { n in
            let open = (0..<100).map { "{\"g\($0)\": " }.joined()
            let tokens = (0..<n).map { "\"t\($0)\": {\"$value\": {\"value\": \($0), \"unit\": \"px\"}}" }
            let close = String(repeating: "}", count: 100)
            return [
                tokensFilePath: open + "{\"$type\": \"dimension\", " + tokens.joined(separator: ",\n") + "}" + close
                    + "\n"
            ]
        },
        // One group of n color objects, a group extending it (its n tokens copied), and n
        // shadows aliasing one shadow (each expanded to an alias per sub-key).
        ScalingShape(
            "dtcg-wide-group", "a tokens file of one group of n colors, a group extending it, n shadow aliases",
            tool: .readTokens, n: 10_000
        ) { n in
            let colors = (0..<n).map {
                "\"c\($0)\": {\"$value\": {\"colorSpace\": \"oklch\", \"components\": [0.\($0 % 10), 0.1, \($0 % 360)]}}"
            }
            let dimension = "{\"value\": 1, \"unit\": \"px\"}"
            let shadow =
                "{\"color\": \"{base.c0}\", \"offsetX\": \(dimension), \"offsetY\": \(dimension), "
                + "\"blur\": \(dimension), \"spread\": \(dimension)}"
            let aliases = (0..<n).map { "\"s\($0)\": {\"$value\": \"{shadow.base}\"}" }
            return [
                tokensFilePath: "{\"base\": {\"$type\": \"color\", " + colors.joined(separator: ",\n") + "},\n"
                    + "\"more\": {\"$extends\": \"{base}\"},\n"
                    + "\"shadow\": {\"$type\": \"shadow\", \"base\": {\"$value\": \(shadow)}, "
                    + aliases.joined(separator: ",\n") + "}}\n"
            ]
        },
        // Each `$ref` followed by scanning the group it passes through: n pointers into a
        // group of n tokens were n².
        ScalingShape(
            "dtcg-wide-pointers", "a tokens file of n numbers in one group and n JSON-pointer references into it",
            tool: .readTokens, n: 10_000
        ) { n in
            let tokens = (0..<n).map { "\"t\($0)\": {\"$value\": [\($0), 1]}" }
            let pointers = (0..<n).map { "\"p\($0)\": {\"$value\": {\"$ref\": \"#/a/t\($0)/$value/0\"}}" }
            return [
                tokensFilePath: "{\"a\": {\"$type\": \"string\", " + tokens.joined(separator: ",\n") + "},\n"
                    + "\"p\": {\"$type\": \"number\", " + pointers.joined(separator: ",\n") + "}}\n"
            ]
        },
        // n contexts, each a theme: the foundation set is read once and shared, not once a
        // theme.
        ScalingShape(
            "dtcg-resolver-many-contexts", "a resolver of a set of n tokens and a modifier of n contexts",
            tool: .readTokens, n: 4_000
        ) { n in
            let tokens = (0..<n).map { "\"t\($0)\": {\"$value\": \($0)}" }
            let contexts = (0..<n).map {
                "\"c\($0)\": [{\"n\": {\"$type\": \"number\", \"t0\": {\"$value\": -\($0)}}}]"
            }
            return [
                "Tokens/base.tokens.json": "{\"n\": {\"$type\": \"number\", " + tokens.joined(separator: ",\n")
                    + "}}\n",
                tokensResolverPath:
                    "{\"version\": \"2025.10\", \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"base.tokens.json\"}]}},\n"
                    + "\"modifiers\": {\"m\": {\"contexts\": {" + contexts.joined(separator: ",\n") + "}}},\n"
                    + "\"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}, {\"$ref\": \"#/modifiers/m\"}]}\n",
            ]
        },
    ]

    /// A resolver and what it resolves to: the shapes whose cost is in the themes, not only in
    /// the files.
    static let resolvedTokensShapes: [ScalingShape] = [
        // n files in one set, each a group of its own, a key every file sets again (the
        // later winning), a reference into the file before it and a `$type` of its own:
        // one theme whose chain is n files long.
        ScalingShape(
            "dtcg-resolver-many-files",
            "a resolver of one set of n token files, each referring to the one before, resolved",
            tool: .resolveTokens, n: 4_000
        ) { n in
            var files: [String: String] = [:]
            var sources: [String] = []
            for index in 0..<n {
                let name = "f\(index).tokens.json"
                sources.append("{\"$ref\": \"\(name)\"}")
                let previous = index == 0 ? "{\"value\": 1, \"unit\": \"px\"}" : "\"{f\(index - 1).a}\""
                files["Tokens/" + name] =
                    "{\"f\(index)\": {\"$type\": \"dimension\", \"a\": {\"$value\": \(previous)}, "
                    + "\"b\": {\"$value\": {\"value\": \(index), \"unit\": \"px\"}}},\n"
                    + "\"top\": {\"$type\": \"number\", \"$value\": \(index)}}\n"
            }
            files[tokensResolverPath] =
                "{\"version\": \"2025.10\", \"sets\": {\"all\": {\"sources\": [" + sources.joined(separator: ",\n")
                + "]}},\n\"resolutionOrder\": [{\"$ref\": \"#/sets/all\"}]}\n"
            return files
        },
        // Three modifiers of two contexts (light/dark, contrast, density): eight themes, each
        // of a set of n colors and three context files of n references into it (Apple's and
        // Primer's shape, at a fixed number of combinations): each file read once, shared.
        ScalingShape(
            "dtcg-resolver-modifier-combinations",
            "a resolver of n colors and 3 modifiers of 2 contexts, each context n references, 8 themes resolved",
            tool: .resolveTokens, n: 5_000
        ) { n in
            let colors = (0..<n).map {
                "\"c\($0)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0.\($0 % 10), 0.5, 0.\($0 % 7)]}}"
            }
            var files = [
                "Tokens/base.tokens.json": "{\"base\": {\"$type\": \"color\", " + colors.joined(separator: ",\n")
                    + "}}\n"
            ]
            var modifiers: [String] = []
            for (modifier, contexts) in [
                ("theme", ["light", "dark"]), ("contrast", ["normal", "high"]), ("density", ["regular", "compact"]),
            ] {
                var written: [String] = []
                for (number, context) in contexts.enumerated() {
                    let references = (0..<n).map {
                        "\"\(modifier)\($0)\": {\"$value\": \"{base.c\(($0 * 7 + number) % n)}\"}"
                    }
                    files["Tokens/\(context).tokens.json"] =
                        "{\"$type\": \"color\", " + references.joined(separator: ",\n") + "}\n"
                    written.append("\"\(context)\": [{\"$ref\": \"\(context).tokens.json\"}]")
                }
                modifiers.append("\"\(modifier)\": {\"contexts\": {" + written.joined(separator: ", ") + "}}")
            }
            files[tokensResolverPath] =
                "{\"version\": \"2025.10\", \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"base.tokens.json\"}]}},\n"
                + "\"modifiers\": {" + modifiers.joined(separator: ",\n") + "},\n"
                + "\"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}, {\"$ref\": \"#/modifiers/theme\"}, "
                + "{\"$ref\": \"#/modifiers/contrast\"}, {\"$ref\": \"#/modifiers/density\"}]}\n"
            return files
        },
    ]

    /// The tokens file a `readTokens` shape reads (when it has no resolver).
    public static let tokensFilePath = "Tokens/t.tokens.json"
    /// The resolver document a `readTokens` shape reads, when it has one.
    public static let tokensResolverPath = "Tokens/t.resolver.json"

    /// The language server.
    static let lspShapes: [ScalingShape] = [
        // Each didOpen linted every open theme of the folder again (issue 35): n² lints.
        ScalingShape(
            "lsp-open-many", "n themes inheriting one parent, opened one by one in the language server",
            tool: .lspOpen, n: 600
        ) { n in manyThemes(n) },
        // Each diagnostic placed by walking its line from the start, and each note's file
        // indexed again: n² on a one-line theme (or one of lone CRs, one line for ThemeKit).
        ScalingShape(
            "lsp-one-line-duplicates",
            "one line of n duplicate keys (n diagnostics, each with a note), opened in the language server",
            tool: .lspOpen, n: 10_000
        ) { n in theme(oneLine: String(repeating: "<key>a</key><true/>", count: n)) },
        // A DTCG file (issue 37): every diagnostic, color and span placed on one long line, and
        // a hover that finds its token among n.
        ScalingShape(
            "lsp-dtcg-one-line",
            "one line of n color tokens (colors in display-p3, references to the one before, dangling references), opened in the language server, hovered and asked its colors",
            tool: .lspOpen, n: 3_000
        ) { n in lspTokens(n) },
    ]

    /// A one-line tokens file of `n` color tokens under `c`: a third display-p3 color
    /// objects, a third references to the token before, a third references to nothing.
    static func lspTokens(_ n: Int) -> [String: String] {
        let tokens = (0..<n).map { k in
            let value =
                switch k % 3 {
                case 0: #"{"colorSpace": "display-p3", "components": [0.1, 0.5, 0.3]}"#
                case 1: "\"{c.t\(k - 1)}\""
                default: "\"{c.missing\(k)}\""
                }
            return "\"t\(k)\": {\"$value\": \(value)}"
        }
        return [lspTokensPath: "{\"c\": {\"$type\": \"color\", " + tokens.joined(separator: ", ") + "}}"]
    }

    /// The tokens file of `lsp-dtcg-one-line`.
    public static let lspTokensPath = "Themes/design.tokens.json"

    /// The linter on problems that are many per line, per file, per key or per link.
    static let lintShapes: [ScalingShape] = [
        ScalingShape(
            "line-duplicates", "one line of n duplicate keys", tool: .lint(format: "text"), n: 40_000, named: true
        ) { n in
            theme(oneLine: String(repeating: "<key>a</key><true/>", count: n))
        },
        ScalingShape(
            "line-colors", "one line of n invalid colors", tool: .lint(format: "text"), n: 20_000, named: true
        ) { n in
            theme(oneLine: (0..<n).map { "<key>k\($0)Color</key><string>#zz</string>" }.joined())
        },
        ScalingShape(
            "line-not-flat", "one line of n nested values", tool: .lint(format: "text"), n: 20_000, named: true
        ) { n in
            theme(oneLine: (0..<n).map { "<key>k\($0)</key><array/>" }.joined())
        },
        ScalingShape(
            "cr-lines", "n invalid colors, lines ended by CR only", tool: .lint(format: "text"), n: 20_000,
            named: true
        ) { n in
            let body = (0..<n).map { "<key>k\($0)Color</key>\r<string>#zz</string>\r" }.joined()
            return [
                "Themes/default.plist":
                    "<?xml version=\"1.0\"?>\r<plist version=\"1.0\">\r<dict>\r\(body)</dict>\r</plist>\r"
            ]
        },
        ScalingShape(
            "orphan-sizes", "n font sizes without fonts", tool: .lint(format: "text"), n: 40_000, named: true
        ) { n in
            theme((0..<n).map { ("k\($0)FontSize", "<integer>12</integer>") })
        },
        ScalingShape(
            "disable-next-line", "n disable comments, each above a duplicate key", tool: .lint(format: "text"),
            n: 15_000, named: true
        ) { n in
            let body = (0..<n).map { _ in
                "\t<!-- themelint:disable-next-line duplicate_key -->\n\t<key>k</key>\n\t<true/>\n"
            }
            return ["Themes/default.plist": document(body.joined())]
        },
        ScalingShape(
            "superfluous-disables", "n disable comments that silence nothing", tool: .lint(format: "text"),
            n: 15_000
        ) { n in
            let body = (0..<n).map {
                "\t<!-- themelint:disable-next-line unknown_override -->\n\t<key>k\($0)</key>\n\t<true/>\n"
            }
            return ["Themes/default.plist": document(body.joined())]
        },
        ScalingShape(
            "disable-file", "n disable-file comments, each above a duplicate key", tool: .lint(format: "text"),
            n: 15_000
        ) { n in
            let body = (0..<n).map { _ in
                "\t<!-- themelint:disable-file duplicate_key -->\n\t<key>k</key>\n\t<true/>\n"
            }
            return ["Themes/default.plist": document(body.joined())]
        },
        ScalingShape(
            "misspelt-directives", "n comments starting themelint: that are no directive", tool: .lint(format: "text"),
            n: 15_000
        ) { n in
            let body = (0..<n).map {
                "\t<!-- themelint:disable-next-lin duplicate_key -->\n\t<key>k\($0)</key>\n\t<true/>\n"
            }
            return ["Themes/default.plist": document(body.joined())]
        },
        ScalingShape(
            "case-pairs", "n pairs of keys that differ in case", tool: .lint(format: "text"), n: 40_000, named: true
        ) { n in
            theme((0..<n).flatMap { [("key\($0)Title", "<true/>"), ("KEY\($0)Title", "<true/>")] })
        },
        ScalingShape(
            "case-group", "n spellings of one key, differing in case", tool: .lint(format: "text"), n: 40_000
        ) { n in
            theme((0..<n).map { (caseVariant(of: "abcdefghijklmnopqrstuvwx", number: $0) + "Title", "<true/>") })
        },
        ScalingShape(
            "dangling-aliases", "n keys and n aliases to misspelt names (suggestions)", tool: .lint(format: "text"),
            n: 16_000
        ) { n in
            theme(
                (0..<n).map { ("item\($0)Color", "<string>#336699</string>") }
                    + (0..<n).map { ("alias\($0)Color", "<string>@itme\($0)Color</string>") })
        },
        ScalingShape(
            "unknown-overrides", "a child setting n keys its parent of n keys lacks", tool: .lint(format: "text"),
            n: 16_000
        ) { n in
            [
                "Themes/default.plist": document(
                    entries((0..<n).map { ("item\($0)Color", "<string>#336699</string>") })),
                "Themes/child.plist": document(
                    entries(
                        [("INHERITED_THEME", "<string>default</string>")]
                            + (0..<n).map { ("itme\($0)Color", "<string>#112233</string>") })),
            ]
        },
        ScalingShape(
            "long-name", "an alias to a misspelling of one n-byte key", tool: .lint(format: "text"), n: 20_000
        ) { n in
            let name = String(repeating: "ab", count: n / 2)
            return theme([
                (name + "Color", "<string>#336699</string>"), ("otherColor", "<string>@\(name)xColor</string>"),
            ])
        },
        ScalingShape(
            "alias-chain-lint", "one alias chain of n links", tool: .lint(format: "text"), n: 100_000
        ) { n in
            aliasChain(n)
        },
        ScalingShape("alias-cycle", "one alias cycle of n links", tool: .lint(format: "text"), n: 100_000) { n in
            theme((0..<n).map { ("link\($0)Color", "<string>@link\(($0 + 1) % n)Color</string>") })
        },
        ScalingShape(
            "inheritance-chain-lint", "n themes in one inheritance chain", tool: .lint(format: "text"), n: 2_000,
            named: true
        ) { n in
            inheritanceChain(n)
        },
        ScalingShape(
            "inheritance-chain-declared-lint",
            "n themes in one chain below a root declaring `color.$type`, each adding a key under it",
            tool: .lint(format: "text"), n: 2_000
        ) { n in declaredColorChain(n) },
        ScalingShape(
            "all-declaring-chain-lint",
            "n themes in one chain below a root declaring `color.$type`, each declaring a group of its own and adding a key under it",
            tool: .lint(format: "text"), n: 2_000
        ) { n in allDeclaringChain(n) },
        ScalingShape(
            "inheritance-cycle", "n themes in one inheritance cycle", tool: .lint(format: "text"), n: 2_000
        ) { n in
            inheritanceCycle(n)
        },
        ScalingShape(
            "broken-chain-lint", "n themes in one chain below a root with an error", tool: .lint(format: "text"),
            n: 2_000
        ) { n in
            brokenChain(n)
        },
        ScalingShape(
            "error-chain-lint", "n themes in one chain, each with a key written twice", tool: .lint(format: "text"),
            n: 2_000
        ) { n in
            errorChain(n)
        },
        ScalingShape("many-themes", "n themes inheriting one parent", tool: .lint(format: "text"), n: 8_000) { n in
            manyThemes(n)
        },
        ScalingShape(
            "growing-chain-lint", "n themes in one inheritance chain, each adding a key of its own",
            tool: .lint(format: "text"), n: 2_000
        ) { n in
            growingChain(n)
        },
        ScalingShape(
            "override-chain-lint",
            "n themes in one inheritance chain, each adding a key and setting descriptiveName again",
            tool: .lint(format: "text"), n: 2_000
        ) { n in
            overridingChain(n)
        },
        // The mapping themes SPEC §3 is built for: each theme sets a key that inherited
        // aliases read (`primaryColor`), or an inherited key with a value of another kind, so
        // none only adds keys, and each was resolved with its whole merged theme (issue 35).
        ScalingShape(
            "mapping-chain-lint",
            "n themes in one inheritance chain, each adding a key and setting primaryColor, which the root's aliases read",
            tool: .lint(format: "text"), n: 2_000
        ) { n in
            mappingChain(n)
        },
        ScalingShape(
            "retyping-chain-lint",
            "n themes in one inheritance chain, each adding a key and setting an inherited one with another kind",
            tool: .lint(format: "text"), n: 2_000
        ) { n in
            retypingChain(n)
        },
        ScalingShape(
            "style-chain-lint",
            "n themes in one inheritance chain, each adding a style whose parent style and base are at the root",
            tool: .lint(format: "text"), n: 2_000
        ) { n in
            styleChain(n)
        },
        ScalingShape(
            "style-keys-lint", "one theme of n styles in one INHERITED_STYLE cycle, each with a state key out of order",
            tool: .lint(format: "text"), n: 20_000
        ) { n in
            theme(
                (0..<n).flatMap { index in
                    [
                        ("S\(index).INHERITED_STYLE", "<string>S\((index + 1) % n)</string>"),
                        ("S\(index):selected:highlighted.tintColor", "<string>#123456</string>"),
                    ]
                })
        },
        ScalingShape(
            "mapping-children-lint",
            "a parent of 10n keys, a few aliasing primaryColor, and n children, each setting primaryColor",
            tool: .lint(format: "text"), n: 500
        ) { n in
            mappingChildren(n)
        },
        ScalingShape(
            "wide-parent-lint", "a parent of 10n keys and n children, each adding a key of its own",
            tool: .lint(format: "text"), n: 1_000
        ) { n in
            wideParent(n)
        },
        // At 4n the configuration is just under themelint's 1 MiB limit for one.
        ScalingShape(
            "contrast-pairs", "min_contrast with n configured pairs", tool: .lint(format: "text"), n: 3_000
        ) { n in
            let keys = (0..<n).flatMap {
                [("fg\($0)Color", "<string>#777777</string>"), ("bg\($0)Color", "<string>#888888</string>")]
            }
            let pairs = (0..<n).map {
                "{\"foreground\": \"fg\($0)Color\", \"background\": \"bg\($0)Color\", \"minimum\": 4.5}"
            }
            return [
                "Themes/default.plist": document(entries(keys)),
                configurationPath: "{\"rules\": {\"min_contrast\": {\"pairs\": [\(pairs.joined(separator: ", "))]}}}",
            ]
        },
        ScalingShape(
            "contrast-partners", "n light themes named by a min_contrast pair, each with a failing dark partner",
            tool: .lint(format: "text"), n: 1_000
        ) { n in
            // Every dark partner is checked through the light theme that names it.
            partnerPairs(n, darkText: "#222222").merging([
                configurationPath: contrastConfiguration(themes: (0..<n).map { "l\($0)" })
            ]) { $1 }
        },
        ScalingShape(
            "contrast-one-partner", "n light themes named by a min_contrast pair, all naming one failing dark partner",
            tool: .lint(format: "text"), n: 2_000
        ) { n in
            // `night` is named by every theme: checked once, through the first by name.
            var files = ["Themes/default.plist": document(entries(palette(20)))]
            for index in 0..<n {
                files["Themes/l\(index).plist"] = document(
                    entries([
                        ("DARK_THEME", "<string>night</string>"), ("textColor", "<string>#000000</string>"),
                        ("backgroundColor", "<string>#FFFFFF</string>"),
                    ]))
            }
            files["Themes/night.plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>l0</string>"), ("APPEARANCE", "<string>dark</string>"),
                    ("backgroundColor", "<string>#111111</string>"),
                ]))
            files[configurationPath] = contrastConfiguration(themes: (0..<n).map { "l\($0)" })
            return files
        },
        ScalingShape(
            "char-references", "one value of n character references", tool: .lint(format: "text"), n: 600_000
        ) { n in
            theme([("titleTitle", "<string>" + String(repeating: "&#65;&amp;", count: n) + "</string>")])
        },
    ]

    /// One problem per line, many lines, in each format.
    static let formatShapes: [ScalingShape] = ["text", "json", "github", "sarif"].map { format in
        ScalingShape(
            "duplicates-\(format)", "n duplicate keys, one per line", tool: .lint(format: format), n: 75_000,
            named: format == "sarif"
        ) { n in
            ["Themes/default.plist": document(String(repeating: "\t<key>k</key><true/>\n", count: n))]
        }
    }

    /// ThemeKit itself: what `ThemeManager` does (under its change lock) on a change.
    static let loadShapes: [ScalingShape] = [
        ScalingShape("load-wide", "a theme of n keys (the mix of the load benchmark)", tool: .load, n: 100_000) {
            n in
            ["Themes/default.plist": ThemeGenerator(keys: max(20, n)).standalone()]
        },
        ScalingShape("load-line-duplicates", "one line of n duplicate keys", tool: .load, n: 80_000, named: true) {
            n in
            theme(oneLine: String(repeating: "<key>a</key><true/>", count: n))
        },
        ScalingShape("load-alias-chain", "one alias chain of n links", tool: .load, n: 150_000) { n in
            aliasChain(n)
        },
        ScalingShape("load-inheritance-chain", "n themes in one inheritance chain", tool: .load, n: 5_000) { n in
            // The theme loaded is the last of the chain, so it is `default`; the root is `base`.
            inheritanceChain(n, root: "base", last: "default")
        },
        ScalingShape(
            "load-bare-aliases", "n groups of five RNThemeManager-style keys, each font a long name of its own",
            tool: .load, n: 20_000
        ) { n in
            // Every color aliased by a bare name, every font name too long for a small string
            // and unlike the others (the resolver's cache of font names misses each time).
            theme(RNStyleTheme.entries(groups: n, seed: 0, fontName: { "HelveticaNeue-Medium-\($0)" }))
        },
        ScalingShape(
            "load-side-text", "n keys whose values are CDATA, a comment after each", tool: .load, n: 100_000
        ) { n in
            // Text libxml2 does not hand over in place goes to the reader's side buffer, and
            // each comment and CDATA section is a call into the Swift reader.
            theme((0..<n).map { ("k\($0)Title", "<string><![CDATA[title \($0)]]></string><!-- \($0) -->") })
        },
        // Declared kinds (SPEC §2): a key finding its nearest `$type` by hashing each of its
        // prefixes costs its depth times its length; one walk of its segments costs its length.
        ScalingShape(
            "load-declared-kind-deep-keys",
            "16 keys n/16 segments deep under one path, declared at the root and halfway down", tool: .load,
            // Large enough that the load at n takes tens of milliseconds in the debug run at a
            // quarter size: at 800,000 it took one or two, and the ratio read the timer's step.
            n: 3_200_000
        ) { n in declaredDeepKeys(n) },
        ScalingShape(
            "load-declared-kind-many-declarations", "n groups, each declaring its kind and describing itself",
            tool: .load, n: 40_000
        ) { n in
            theme(
                (0..<n).flatMap { index in
                    [
                        ("g\(index).$type", "<string>\(index % 2 == 0 ? "color" : "dimension")</string>"),
                        ("g\(index).$description", "<string>group \(index)</string>"),
                        (
                            "g\(index).value",
                            index % 2 == 0 ? "<string>#336699</string>" : "<integer>\(index)</integer>"
                        ),
                    ]
                })
        },
        ScalingShape(
            "load-declared-kind-chain", "n themes in one chain, each adding a key the root's `$type` declares",
            tool: .load, n: 5_000
        ) { n in declaredChain(n) },
    ]

    /// themekit's commands.
    static let toolShapes: [ScalingShape] = [
        ScalingShape("show-alias-chain", "one alias chain of n links", tool: .show(json: false), n: 10_000, named: true)
        { n in aliasChain(n) },
        ScalingShape("show-json-alias-chain", "one alias chain of n links", tool: .show(json: true), n: 10_000) { n in
            aliasChain(n)
        },
        ScalingShape("show-wide", "a theme of n keys", tool: .show(json: false), n: 20_000) { n in
            ["Themes/default.plist": ThemeGenerator(keys: max(20, n)).standalone()]
        },
        ScalingShape("keys-inheritance-chain", "n themes in one inheritance chain", tool: .keys, n: 2_000, named: true)
        {
            n in inheritanceChain(n)
        },
        ScalingShape(
            "preview-inheritance-chain", "n themes in one inheritance chain", tool: .preview, n: 2_000, named: true
        ) { n in inheritanceChain(n) },
        ScalingShape("keys-inheritance-cycle", "n themes in one inheritance cycle", tool: .keys, n: 2_000) { n in
            inheritanceCycle(n)
        },
        ScalingShape("keys-broken-chain", "n themes in one chain below a root with an error", tool: .keys, n: 2_000) {
            n in brokenChain(n)
        },
        ScalingShape(
            "keys-error-chain", "n themes in one chain, each with a key written twice", tool: .keys, n: 2_000
        ) { n in errorChain(n) },
        ScalingShape(
            "keys-growing-chain", "n themes in one inheritance chain, each adding a key of its own", tool: .keys,
            n: 2_000
        ) { n in growingChain(n) },
        ScalingShape(
            "keys-declared-chain",
            "n themes in one chain below a root declaring `color.$type`, each adding a key under it",
            tool: .keys, n: 2_000
        ) { n in declaredColorChain(n) },
        ScalingShape(
            "keys-wide-parent", "a parent of 10n keys and n children, each adding a key of its own", tool: .keys,
            n: 1_000
        ) { n in wideParent(n) },
        ScalingShape(
            "keys-wide-declaring-parent",
            "a parent of 10n keys declaring `color.$type` and n children, each adding a key under `color.`",
            tool: .keys, n: 1_000
        ) { n in wideDeclaringParent(n) },
        ScalingShape(
            "keys-many-declarations-parent",
            "a parent declaring 10n groups of a key each and n children, each adding a key under one",
            tool: .keys, n: 1_000
        ) { n in manyDeclarationsParent(n) },
        ScalingShape(
            "keys-declared-mapping-chain",
            "n themes in one chain below a root declaring `color.$type`, each adding a key and setting `color.a`, which the root's aliases read",
            tool: .keys, n: 2_000
        ) { n in declaredMappingChain(n) },
        ScalingShape(
            "keys-all-declaring-chain",
            "n themes in one chain below a root declaring `color.$type`, each declaring a prefix of its own and adding a key under it",
            tool: .keys, n: 2_000
        ) { n in allDeclaringChain(n) },
        ScalingShape(
            "keys-override-chain",
            "n themes in one inheritance chain, each adding a key and setting descriptiveName again", tool: .keys,
            n: 2_000
        ) { n in overridingChain(n) },
        ScalingShape(
            "keys-wide-overriding", "a parent of 10n keys and n children, each setting one of its colors again",
            tool: .keys, n: 1_000
        ) { n in wideParentOverridden(n) },
        ScalingShape(
            "keys-mapping-chain",
            "n themes in one inheritance chain, each adding a key and setting primaryColor, which the root's aliases read",
            tool: .keys, n: 2_000
        ) { n in mappingChain(n) },
        ScalingShape(
            "keys-retyping-chain",
            "n themes in one inheritance chain, each adding a key and setting an inherited one with another kind",
            tool: .keys, n: 2_000
        ) { n in retypingChain(n) },
        ScalingShape(
            "keys-mapping-children",
            "a parent of 10n keys, a few aliasing primaryColor, and n children, each setting primaryColor",
            tool: .keys, n: 1_000
        ) { n in mappingChildren(n) },
        ScalingShape("keys-wide", "a theme of n keys", tool: .keys, n: 40_000) { n in
            ["Themes/default.plist": ThemeGenerator(keys: max(20, n)).standalone()]
        },
        ScalingShape("preview-many-themes", "n themes inheriting one parent", tool: .preview, n: 2_000) { n in
            manyThemes(n)
        },
        ScalingShape(
            "preview-partners", "n light themes, each with a dark partner inheriting it", tool: .preview, n: 1_000
        ) { n in partnerPairs(n) },
        ScalingShape(
            "preview-text-colors", "n text colors, each with its own background, and no backgroundColor",
            tool: .preview, n: 20_000
        ) { n in
            // The theme's background is then the first key ending in BackgroundColor: found
            // once for the page, not once per text color.
            theme(
                (0..<n).flatMap {
                    [
                        ("k\($0)TextColor", "<string>#777777</string>"),
                        ("k\($0)BackgroundColor", "<string>#888888</string>"),
                    ]
                })
        },
        ScalingShape(
            "show-style-keys", "one style of n keys, each a property of its own", tool: .showStyle("Button"),
            n: 20_000
        ) { n in oneStyle(n) },
        ScalingShape(
            "preview-style-keys", "one style of n keys, each a property of its own", tool: .preview, n: 10_000
        ) { n in oneStyle(n) },
        ScalingShape(
            "show-style-containers", "a style inside n containers, a key of it written in each",
            tool: .showStyle("Button"), n: 4_000
        ) { n in styleInContainers(n) },
        ScalingShape("export-css-wide", "a theme of n keys", tool: .export(format: "css"), n: 60_000) { n in
            ["Themes/default.plist": ThemeGenerator(keys: max(20, n)).standalone()]
        },
        ScalingShape("export-json-wide", "a theme of n keys", tool: .export(format: "json"), n: 80_000) { n in
            ["Themes/default.plist": ThemeGenerator(keys: max(20, n)).standalone()]
        },
        ScalingShape(
            "export-css-alias-chain", "one alias chain of n links", tool: .export(format: "css"), n: 80_000
        ) { n in aliasChain(n) },
        // A color is a folder and a file of the catalog, and every run's catalog is kept until
        // themebench ends (see `Scaling.measure`): n = 4,000 keeps a run at 4n to 32,000 inodes
        // while a debug run at a quarter still takes well over 20 ms at n.
        ScalingShape(
            "export-xcassets-many-colors",
            "a light theme of n color keys and its dark partner, a third renamed, a third clashing",
            tool: .export(format: "xcassets"), n: 4_000
        ) { n in xcassetsPair(n) },
        ScalingShape(
            "export-xcassets-tokens-many-colors",
            "a resolver of n color tokens in sRGB, Display P3, OKLCH and HSL, its light and dark contexts aliasing them",
            tool: .exportTheme("light", format: "xcassets"), n: 4_000
        ) { n in xcassetsTokens(n) },
    ]
}

// MARK: Configuration shapes: the configuration's lists

extension ScalingShape {
    /// The configuration's own lists, long: a pair's `themes`, and `excluded` patterns met by
    /// every file a folder search finds. Each is sized so that its configuration at 4n stays
    /// under themelint's 1 MiB limit for one.
    /// `themekit import`: the worst inputs of its costs, a wide nested source, many themes,
    /// DB5's size-class variants over a large Default, and an inheritance chain whose every
    /// link adds a key.
    static let importShapes: [ScalingShape] = [
        ScalingShape(
            "import-plist-sections", "a plist of n nested sections of 5 keys each", tool: .importing(from: "plist"),
            n: 20_000
        ) { n in
            let sections = (0..<n).map { index in
                ("s\(index)", "<dict>\n" + entries(palette(5, seed: index)) + "\t</dict>")
            }
            return [importSourcePath: document(entries(sections))]
        },
        ScalingShape(
            "import-db5-themes", "a DB5 plist of n themes over Default, each adding a key",
            tool: .importing(from: "db5"),
            n: 5_000
        ) { n in
            let themes =
                [("Default", "<dict>\n" + entries(palette(20)) + "\t</dict>")]
                + (0..<n).map { index in ("Theme \(index)", "<dict>\n" + entries([ownKey("t", index)]) + "\t</dict>") }
            return [importSourcePath: document(entries(themes))]
        },
        ScalingShape(
            "import-db5-variants",
            "a DB5 plist of n themes, each with a key and its ~regular, over a Default of n keys and their ~regular",
            tool: .importing(from: "db5"),
            n: 2_000
        ) { n in
            // The worst for DB5's variant children: every theme gets one, Default's variant
            // keys are many, and each theme's plain key is one its child must carry.
            func withVariant(_ pair: (String, String)) -> [(String, String)] {
                [pair, (pair.0 + "~regular", pair.1)]
            }
            let defaultKeys = (0..<n).flatMap { withVariant(ownKey("d", $0)) }
            let themes =
                [("Default", "<dict>\n" + entries(defaultKeys) + "\t</dict>")]
                + (0..<n).map { index in
                    ("Theme \(index)", "<dict>\n" + entries(withVariant(ownKey("t", index))) + "\t</dict>")
                }
            return [importSourcePath: document(entries(themes))]
        },
        ScalingShape(
            "import-awful-chain", "an Awful plist of n themes in one parent chain, each adding a key",
            tool: .importing(from: "awful"), n: 2_000
        ) { n in
            let themes =
                [("default", "<dict>\n" + entries([ownKey("root", 0)]) + "\t</dict>")]
                + (0..<n).map { index in
                    let parent = index == 0 ? "default" : "t\(index - 1)"
                    return (
                        "t\(index)",
                        "<dict>\n" + entries([("parent", "<string>\(parent)</string>"), ownKey("t", index)])
                            + "\t</dict>"
                    )
                }
            return [importSourcePath: document(entries(themes))]
        },
        ScalingShape(
            "import-awful-override-chain",
            "an Awful plist of n themes in one parent chain, each adding a key and setting descriptiveName again",
            tool: .importing(from: "awful"), n: 2_000
        ) { n in
            let themes =
                [
                    (
                        "default",
                        "<dict>\n" + entries([("descriptiveName", "<string>Default</string>"), ownKey("root", 0)])
                            + "\t</dict>"
                    )
                ]
                + (0..<n).map { index in
                    let parent = index == 0 ? "default" : "t\(index - 1)"
                    return (
                        "t\(index)",
                        "<dict>\n"
                            + entries([
                                ("parent", "<string>\(parent)</string>"),
                                ("descriptiveName", "<string>Theme \(index)</string>"), ownKey("t", index),
                            ]) + "\t</dict>"
                    )
                }
            return [importSourcePath: document(entries(themes))]
        },
        ScalingShape(
            "import-motif-classes", "a Motif JSON file of n constants and n classes referring to them",
            tool: .importing(from: "motif"), n: 10_000
        ) { n in
            var members: [String] = []
            for index in 0..<n {
                members.append("  \"$c\(index)Color\": \"rgba(\(index % 256), 10, 20, 0.5)\"")
                members.append("  \".K\(index)\": {\"tintColor\": \"$c\(index)Color\", \"cornerRadius\": \(index % 9)}")
            }
            return [importJSONSourcePath: "{\n" + members.joined(separator: ",\n") + "\n}\n"]
        },
        // The JSON reader itself (ThemeSupport's one reader, issue 36), through the importer
        // that reads the largest JSON: a string of n escapes (built from runs, never a
        // character at a time), one line of n members (each placed by a cursor that only
        // moves forward, not by a walk from the line's start), n values nested 8 deep.
        ScalingShape(
            "import-json-escapes", "a Motif JSON file whose one string holds n escapes",
            tool: .importing(from: "motif"), n: 1_000_000
        ) { n in
            let escapes = ["\\n", "\\u00e9", "\\\"", "\\\\", "\\ud83c\\udfa8", "x"]
            let text = (0..<n).map { escapes[$0 % escapes.count] }.joined()
            return [importJSONSourcePath: "{\"$label\": \"\(text)\", \".K0\": {\"text\": \"$label\"}}\n"]
        },
        ScalingShape(
            "import-json-one-line", "a Motif JSON file of n constants on one line",
            tool: .importing(from: "motif"), n: 40_000
        ) { n in
            let members = (0..<n).map { "\"$c\($0)Color\": \"#\(String(format6: $0))\"" }
            return [importJSONSourcePath: "{" + members.joined(separator: ", ") + "}\n"]
        },
        ScalingShape(
            "import-json-deep-arrays", "a Motif JSON file of n values, each nested in 8 arrays",
            tool: .importing(from: "motif"), n: 4_000
        ) { n in
            let open = String(repeating: "[", count: 8)
            let close = String(repeating: "]", count: 8)
            let members = (0..<n).map { "  \"$d\($0)\": \(open)\($0)\(close)" }
            return [importJSONSourcePath: "{\n" + members.joined(separator: ",\n") + "\n}\n"]
        },
        ScalingShape(
            "import-yaml-alias-bomb", "a Motif YAML file of n lines, each a list of 10 aliases of the line before",
            tool: .importing(from: "motif"), n: 2_000
        ) { n in
            // 385 bytes of it expanded to a billion values (x10 a line): refused, at the alias
            // that goes over what the file's size allows.
            var lines = ["$a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
            for index in 1..<max(2, n) {
                let aliases = Array(repeating: "*a\(index - 1)", count: 10).joined(separator: ", ")
                lines.append("$a\(index): &a\(index) [\(aliases)]")
            }
            return [importYAMLSourcePath: lines.joined(separator: "\n") + "\n"]
        },
        ScalingShape(
            "import-yaml-merge-chain",
            "a Motif YAML file of n classes, each merging the one before and adding a property",
            tool: .importing(from: "motif"), n: 8_000
        ) { n in
            // Each merge brings every property before it: n² values from n lines, bounded.
            var lines = [".K0: &k0\n  p0: 0"]
            for index in 1..<max(2, n) {
                lines.append(".K\(index): &k\(index)\n  <<: *k\(index - 1)\n  p\(index): \(index)")
            }
            return [importYAMLSourcePath: lines.joined(separator: "\n") + "\n"]
        },
        ScalingShape(
            "import-plist-long-nested-keys",
            "a plist of n values under 40 nested keys of n characters each",
            tool: .importing(from: "plist"), n: 128_000
        ) { n in
            // Each value's flat key repeats the 40 names above it: 40 n² bytes of keys from
            // 100 n bytes of source, refused before flattening.
            let name = String(repeating: "k", count: n)
            let leaves = (0..<n).map { ("v\($0)", "<string>x</string>") }
            var body = "<dict>\n" + entries(leaves) + "\t</dict>"
            for level in 0..<40 { body = "<dict>\n" + entries([(name + "\(level)", body)]) + "\t</dict>" }
            return [importSourcePath: document(entries([("root", body)]))]
        },
        // Tokens Studio: n themes of one group, each a theme of its own that merges a shared
        // source set and its own set: n whole themes, each read from the shared set once.
        ScalingShape(
            "import-dtcg-tokens-studio",
            "a Tokens Studio $themes.json of n themes, each a source set of 20 colors and a set of its own",
            tool: .importing(from: "dtcg"), n: 1_000
        ) { n in
            let themes = (0..<n).map {
                "{\"name\": \"T\($0)\", \"group\": \"Brand\", "
                    + "\"selectedTokenSets\": {\"core\": \"source\", \"brands/b\($0)\": \"enabled\"}}"
            }
            let colors = (0..<20).map {
                "\"c\($0)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0.\($0 % 10), 0.5, 0.5]}}"
            }
            var files = [
                "Source/$themes.json": "[\n" + themes.joined(separator: ",\n") + "\n]\n",
                "Source/core.json": "{\"palette\": {\"$type\": \"color\",\n" + colors.joined(separator: ",\n") + "}}\n",
            ]
            for index in 0..<n {
                files["Source/brands/b\(index).json"] =
                    "{\"brand\": {\"$type\": \"color\", \"accent\": {\"$value\": \"{palette.c\(index % 20)}\"}}}\n"
            }
            return files
        },
        // A design system's resolver: a light/dark modifier between two sets, a palette of n
        // colors, each appearance n references to it, and n transitions whose easing is a
        // cubicBezier of another file (a reference to it becomes one per sub-key): the two
        // flat themes it writes, checked, grow as n.
        ScalingShape(
            "import-dtcg-resolver",
            "a DTCG resolver of a light/dark modifier over n colors, n references a theme, n transitions",
            tool: .importing(from: "dtcg"), n: 2_000
        ) { n in
            func file(_ groups: [String]) -> String { "{\n" + groups.joined(separator: ",\n") + "\n}\n" }
            func group(_ name: String, type: String?, _ tokens: [String]) -> String {
                "\"\(name)\": {" + (type.map { "\"$type\": \"\($0)\",\n" } ?? "") + tokens.joined(separator: ",\n")
                    + "}"
            }
            let palette = (0..<n).map {
                "\"c\($0)\": {\"$value\": {\"colorSpace\": \"oklch\", \"components\": [0.6, 0.1, \($0 % 360)]}}"
            }
            let light = (0..<n).map { "\"s\($0)\": {\"$value\": \"{palette.c\($0)}\"}" }
            let dark = (0..<n).map { "\"s\($0)\": {\"$value\": \"{palette.c\(n - 1 - $0)}\"}" }
            let transitions = (0..<n).map {
                "\"b\($0)\": {\"$value\": {\"duration\": \"{duration.quick}\", "
                    + "\"delay\": {\"value\": 0, \"unit\": \"ms\"}, \"timingFunction\": \"{easing.standard}\"}}"
            }
            let tints = (0..<n).map { "\"t\($0)\": {\"$value\": \"{color.s\($0)}\"}" }
            let resolver = """
                {
                  "version": "2025.10",
                  "sets": {
                    "core": {"sources": [{"$ref": "../Tokens/palette.tokens.json"}, {"$ref": "../Tokens/motion.tokens.json"}]},
                    "components": {"sources": [{"$ref": "../Tokens/components.tokens.json"}]}
                  },
                  "modifiers": {
                    "appearance": {
                      "contexts": {
                        "light": [{"$ref": "../Tokens/light.tokens.json"}],
                        "dark": [{"$ref": "../Tokens/dark.tokens.json"}]
                      },
                      "default": "light"
                    }
                  },
                  "resolutionOrder": [{"$ref": "#/sets/core"}, {"$ref": "#/modifiers/appearance"}, {"$ref": "#/sets/components"}]
                }

                """
            return [
                "Source/design.resolver.json": resolver,
                "Tokens/palette.tokens.json": file([group("palette", type: "color", palette)]),
                "Tokens/motion.tokens.json": file([
                    group("easing", type: "cubicBezier", ["\"standard\": {\"$value\": [0.2, 0, 0, 1]}"]),
                    group(
                        "duration", type: "duration", ["\"quick\": {\"$value\": {\"value\": 150, \"unit\": \"ms\"}}"]),
                ]),
                "Tokens/light.tokens.json": file([group("color", type: "color", light)]),
                "Tokens/dark.tokens.json": file([group("color", type: "color", dark)]),
                "Tokens/components.tokens.json": file([
                    group("button", type: "transition", transitions), group("tint", type: "color", tints),
                ]),
            ]
        },
    ]

    static let configurationShapes: [ScalingShape] = [
        ScalingShape(
            "contrast-theme-names", "one min_contrast pair whose themes list holds n names",
            tool: .lint(format: "text"), n: 24_000
        ) { n in
            // The linted theme is the last name: every name is read and checked for repeats.
            let names = (1..<n).map { "\"t\($0)\"" } + ["\"default\""]
            let pair =
                "{\"foreground\": \"textColor\", \"background\": \"backgroundColor\", \"minimum\": 4.5, "
                + "\"themes\": [\(names.joined(separator: ", "))]}"
            return theme([
                ("textColor", "<string>#777777</string>"), ("backgroundColor", "<string>#888888</string>"),
            ]).merging([configurationPath: "{\"rules\": {\"min_contrast\": {\"pairs\": [\(pair)]}}}"]) { $1 }
        },
        ScalingShape(
            "excluded-names", "n excluded paths met by n/20 theme files, every other file excluded",
            tool: .lint(format: "text"), n: 9_000
        ) { n in
            excludedShape(n) { index in
                index.isMultiple(of: 2) ? "Themes/Vendor/lib\(index)" : "Themes/t-\(index).plist"
            }
        },
        ScalingShape(
            "excluded-globs", "n excluded globs met by n/20 theme files, every other file excluded",
            tool: .lint(format: "text"), n: 9_000
        ) { n in
            excludedShape(n) { index in
                index.isMultiple(of: 2) ? "Themes/*-x\(index).plist" : "Themes/t*-\(index).plist"
            }
        },
    ]

    /// `Themes/default.plist` and n/20 themes `t-i.plist` beside it, with a configuration of
    /// n `excluded` patterns, `pattern(i)` each (an odd `i` below the number of files
    /// should exclude `t-i.plist`).
    static func excludedShape(_ n: Int, pattern: (Int) -> String) -> [String: String] {
        var files = theme([("aColor", "<string>#777777</string>")])
        for index in 0..<max(2, n / 20) {
            files["Themes/t-\(index).plist"] = document(entries([("aColor", "<string>#888888</string>")]))
        }
        let patterns = (0..<n).map { "\"\(pattern($0))\"" }
        files[configurationPath] = "{\"excluded\": [\(patterns.joined(separator: ", "))]}"
        return files
    }
}

// MARK: Asset catalogs

extension ScalingShape {
    /// `default` and its dark partner `dark`, each of n color keys, for `themekit export
    /// --format xcassets`: every colorset name, rename and clash. A third of the keys keep their
    /// name (`g<i>`), a third clash with them through Xcode's symbol (`g<i>Color`, whose symbol
    /// is `g<i>`'s, so named `g<i>Color2`) and a third are dotted (`g.<i>`, whose name `g<i>` is
    /// taken, so `g<i>2`).
    static func xcassetsPair(_ n: Int) -> [String: String] {
        let groups = max(1, n / 3)
        func pairs(dark: Bool) -> [(String, String)] {
            var out: [(String, String)] = []
            out.reserveCapacity(3 * groups + 2)
            for index in 0..<groups {
                let digits = String(
                    (index &* 2_654_435_761 &+ (dark ? 0x7F_7F7F : 0)) & 0xFF_FFFF, radix: 16, uppercase: true)
                let color = String(repeating: "0", count: 6 - digits.count) + digits
                for key in ["g\(index)Color", "g\(index)", "g.\(index)"] {
                    out.append((key, "<string>#\(color)</string>"))
                }
            }
            return out
        }
        // `$type` makes every key a color, the suffix-less ones too (SPEC §2).
        let light = pairs(dark: false) + [("$type", "<string>color</string>"), ("DARK_THEME", "<string>dark</string>")]
        let dark =
            pairs(dark: true) + [
                ("$type", "<string>color</string>"), ("APPEARANCE", "<string>dark</string>"),
                ("LIGHT_THEME", "<string>default</string>"),
            ]
        return [
            "Themes/default.plist": document(entries(light)),
            "Themes/dark.plist": document(entries(dark)),
        ]
    }
}

extension ScalingShape {
    /// A resolver with a light/dark modifier over n color tokens: a base set of n/2 palette
    /// tokens, a quarter each in sRGB, Display P3, OKLCH (every other one outside sRGB, so
    /// converted into Display P3) and HSL; each context n/2 tokens aliasing them, the dark
    /// one in the reverse order. Every colorset's source color is found through an alias.
    static func xcassetsTokens(_ n: Int) -> [String: String] {
        let half = max(2, n / 2)
        var palette: [String] = []
        palette.reserveCapacity(half)
        for index in 0..<half {
            let step = Double(index % 100) / 100
            let value =
                switch index % 4 {
                case 0: "{\"colorSpace\": \"srgb\", \"components\": [\(step), 0.5, 1], \"hex\": \"#3366ff\"}"
                case 1: "{\"colorSpace\": \"display-p3\", \"components\": [0.2, \(step), 0.9], \"alpha\": 0.5}"
                case 2:
                    "{\"colorSpace\": \"oklch\", \"components\": [0.7, \(index % 8 == 2 ? 0.3 : 0.05), \(index % 360)]}"
                default: "{\"colorSpace\": \"hsl\", \"components\": [\(index % 360), 75, 55]}"
                }
            palette.append("\"p\(index)\": {\"$value\": \(value)}")
        }
        func context(reversed: Bool) -> String {
            let aliases = (0..<half).map { index in
                "\"c\(index)\": {\"$value\": \"{palette.p\(reversed ? half - 1 - index : index)}\"}"
            }
            return "{\"color\": {\"$type\": \"color\",\n" + aliases.joined(separator: ",\n") + "}}\n"
        }
        return [
            "Themes/palette.tokens.json":
                "{\"palette\": {\"$type\": \"color\",\n" + palette.joined(separator: ",\n") + "}}\n",
            "Themes/light.tokens.json": context(reversed: false),
            "Themes/dark.tokens.json": context(reversed: true),
            "Themes/t.resolver.json":
                "{\"version\": \"2025.10\",\n\"sets\": {\"base\": {\"sources\": [{\"$ref\": \"palette.tokens.json\"}]}},\n"
                + "\"modifiers\": {\"appearance\": {\"contexts\": {\"light\": [{\"$ref\": \"light.tokens.json\"}], "
                + "\"dark\": [{\"$ref\": \"dark.tokens.json\"}]}, \"default\": \"light\"}},\n"
                + "\"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}, {\"$ref\": \"#/modifiers/appearance\"}]}\n",
        ]
    }
}

// MARK: Building blocks

extension ScalingShape {
    /// `default.plist` holding `entries`, one per line.
    static func theme(_ entries: [(String, String)]) -> [String: String] {
        ["Themes/default.plist": document(Self.entries(entries))]
    }

    /// `default.plist` whose whole dictionary is one line.
    static func theme(oneLine body: String) -> [String: String] {
        [
            "Themes/default.plist":
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n"
        ]
    }

    static func entries(_ pairs: [(String, String)]) -> String {
        pairs.map { "\t<key>\($0.0)</key>\n\t\($0.1)\n" }.joined()
    }

    static func document(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
    }

    /// Sixteen keys `d.d.….d.k<i>` of n/16 segments, colors by the root's `$type`, and a
    /// `$type` halfway down the path that declares them colors again.
    static func declaredDeepKeys(_ n: Int) -> [String: String] {
        let depth = max(2, n / 16)
        let path = Array(repeating: "d", count: depth).joined(separator: ".")
        let half = Array(repeating: "d", count: depth / 2).joined(separator: ".")
        return theme(
            [("$type", "<string>color</string>"), ("\(half).$type", "<string>color</string>")]
                + (0..<16).map { ("\(path).k\($0)", "<string>#336699</string>") })
    }

    /// `base` declaring `$type` color and `t0` … `t<n-1>` (the last `default`), each
    /// inheriting the one before and adding a color key the declaration reaches.
    static func declaredChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/base.plist": document(
                entries([("$type", "<string>color</string>"), ("root", "<string>#112233</string>")]))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "base" : "t\(index - 1)"
            let name = index == n - 1 ? "default" : "t\(index)"
            files["Themes/\(name).plist"] = document(
                entries([("INHERITED_THEME", "<string>\(parent)</string>"), ("c\(index)", "<string>#336699</string>")]))
        }
        return files
    }

    /// `base` declaring `color.$type` color and setting `color.a` … `color.d`, and `t0` …
    /// `t<n-1>` (the last `default`), each inheriting the one before and adding `color.c<i>`,
    /// which the root's declaration types: no suffix says it is a color.
    static func declaredColorChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/base.plist": document(
                entries(
                    [("color.$type", "<string>color</string>")]
                        + ["a", "b", "c", "d"].map { ("color.\($0)", "<string>#112233</string>") }))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "base" : "t\(index - 1)"
            let name = index == n - 1 ? "default" : "t\(index)"
            files["Themes/\(name).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"), ("color.c\(index)", "<string>#336699</string>"),
                ]))
        }
        return files
    }

    /// `default` declaring `color.$type` color and setting 10n colors `color.p0` …
    /// `color.p<10n-1>`, and `c0` … `c<n-1>`, each inheriting `default` and adding `color.c<i>`,
    /// which only the parent's declaration types: each child inherits one declaration from a
    /// file of 10n keys.
    static func wideDeclaringParent(_ n: Int) -> [String: String] {
        var files = [
            "Themes/default.plist": document(
                entries(
                    [("color.$type", "<string>color</string>")]
                        + (0..<10 * n).map { ("color.p\($0)", "<string>\(color($0))</string>") }))
        ]
        for index in 0..<n {
            files["Themes/c\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>default</string>"),
                    ("color.c\(index)", "<string>\(color(index))</string>"),
                ]))
        }
        return files
    }

    /// `default` declaring 10n groups `g0` … `g<10n-1>` colors (`g<i>.$type`), each setting
    /// `g<i>.a`, and `c0` … `c<n-1>`, each inheriting `default` and adding `g<i>.c`: each child
    /// inherits the one declaration of its key's group from a file of 10n.
    static func manyDeclarationsParent(_ n: Int) -> [String: String] {
        var files = [
            "Themes/default.plist": document(
                entries(
                    (0..<10 * n).flatMap {
                        [("g\($0).$type", "<string>color</string>"), ("g\($0).a", "<string>\(color($0))</string>")]
                    }))
        ]
        for index in 0..<n {
            files["Themes/c\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>default</string>"),
                    ("g\(index).c", "<string>\(color(index))</string>"),
                ]))
        }
        return files
    }

    /// `base` declaring `color.$type` color, setting `color.a` and the aliases `color.b` and
    /// `color.c` of it, and `t0` … `t<n-1>` (the last `default`), each inheriting the one before,
    /// setting `color.a` again and adding `color.k<i>`: every theme below the declaration
    /// changes an inherited key that the root's aliases read.
    static func declaredMappingChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/base.plist": document(
                entries([
                    ("color.$type", "<string>color</string>"), ("color.a", "<string>#112233</string>"),
                    ("color.b", "<string>@color.a</string>"), ("color.c", "<string>@color.a</string>"),
                ]))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "base" : "t\(index - 1)"
            let name = index == n - 1 ? "default" : "t\(index)"
            files["Themes/\(name).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"),
                    ("color.a", "<string>\(color(index))</string>"),
                    ("color.k\(index)", "<string>#336699</string>"),
                ]))
        }
        return files
    }

    /// `base` declaring `color.$type` color and setting `color.a`, and `t0` … `t<n-1>` (the last
    /// `default`), each inheriting the one before, declaring `p<i>.$type` color and adding
    /// `p<i>.k`: every theme of the chain declares.
    static func allDeclaringChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/base.plist": document(
                entries([("color.$type", "<string>color</string>"), ("color.a", "<string>#112233</string>")]))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "base" : "t\(index - 1)"
            let name = index == n - 1 ? "default" : "t\(index)"
            files["Themes/\(name).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"),
                    ("p\(index).$type", "<string>color</string>"),
                    ("p\(index).k", "<string>\(color(index))</string>"),
                ]))
        }
        return files
    }

    /// `link0Color` → `link1Color` → … → `link<n>Color`, a color.
    static func aliasChain(_ n: Int) -> [String: String] {
        theme(
            (0..<n).map { ("link\($0)Color", "<string>@link\($0 + 1)Color</string>") }
                + [("link\(n)Color", "<string>#336699</string>")])
    }

    /// Twenty keys of each kind a theme holds: colors, fonts with sizes, sizes, images and
    /// strings, valued by `seed`.
    static func palette(_ count: Int, seed: Int = 0) -> [(String, String)] {
        (0..<count).map { index in
            let value = (index &* 2_654_435_761 &+ seed &* 40_503) & 0xFF_FFFF
            switch index % 5 {
            case 0: return ("p\(index)Color", "<string>#\(String(value | 0x100_0000, radix: 16).dropFirst())</string>")
            case 1: return ("p\(index)Font", "<string>Avenir-\(value % 7)</string>")
            case 2: return ("p\(index - 1)FontSize", "<integer>\(10 + value % 20)</integer>")
            case 3: return ("p\(index)Image", "<string>image\(value % 100)</string>")
            default: return ("p\(index)Title", "<string>Title \(value)</string>")
            }
        }
    }

    /// `root` (twenty keys) and `t0` … `t<n-1>`, each inheriting the one before, each
    /// setting five of the keys again; the last is named `last` when given.
    static func inheritanceChain(_ n: Int, root: String = "default", last: String? = nil) -> [String: String] {
        var files = ["Themes/\(root).plist": document(entries(palette(20)))]
        for index in 0..<n {
            let parent = index == 0 ? root : "t\(index - 1)"
            let name = index == n - 1 ? last ?? "t\(index)" : "t\(index)"
            let own = palette(20, seed: index + 1).enumerated().filter { $0.offset % 4 == index % 4 }.map(\.element)
            files["Themes/\(name).plist"] = document(
                entries([("INHERITED_THEME", "<string>\(parent)</string>")] + own))
        }
        return files
    }

    /// `default` and `t0` … `t<n-1>`, each inheriting the one before, and `default`
    /// inheriting the last: one cycle through every theme.
    static func inheritanceCycle(_ n: Int) -> [String: String] {
        var files = inheritanceChain(n)
        files["Themes/default.plist"] = document(
            entries([("INHERITED_THEME", "<string>t\(n - 1)</string>")] + palette(20)))
        return files
    }

    /// `inheritanceChain(n)`, its root with a key written twice: no theme of it loads.
    static func brokenChain(_ n: Int) -> [String: String] {
        var files = inheritanceChain(n)
        files["Themes/default.plist"] = document(entries(palette(20) + [("p0Color", "<string>#000000</string>")]))
        return files
    }

    /// `inheritanceChain(n)`, each theme with one of its keys written twice.
    static func errorChain(_ n: Int) -> [String: String] {
        var files = brokenChain(n)
        for index in 0..<n {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            files["Themes/t\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"), ("p3Image", "<string>a</string>"),
                    ("p3Image", "<string>b</string>"),
                ]))
        }
        return files
    }

    /// `default` (twenty keys) and `t0` … `t<n-1>`, each inheriting it, each setting five of
    /// its keys again.
    static func manyThemes(_ n: Int) -> [String: String] {
        var files = ["Themes/default.plist": document(entries(palette(20)))]
        for index in 0..<n {
            files["Themes/t\(index).plist"] = document(
                entries([("INHERITED_THEME", "<string>default</string>")] + Array(palette(20, seed: index).prefix(5))))
        }
        return files
    }

    /// The configuration of one `min_contrast` pair of `textColor` on `backgroundColor`
    /// (4.5:1), for the themes named `names`.
    static func contrastConfiguration(themes names: [String]) -> String {
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        return "{\"rules\": {\"min_contrast\": {\"pairs\": [{\"foreground\": \"textColor\", "
            + "\"background\": \"backgroundColor\", \"minimum\": 4.5, \"themes\": [\(list)]}]}}}"
    }

    /// `default` (twenty keys, a text and a background color) and n pairs: `l<i>`, inheriting
    /// `default` and naming `d<i>` its `DARK_THEME`, and `d<i>`, a dark theme inheriting
    /// `l<i>` and naming it its `LIGHT_THEME`, with colors of its own.
    static func partnerPairs(_ n: Int, darkText: String = "#DDDDDD") -> [String: String] {
        let colors = [("textColor", "<string>#222222</string>"), ("backgroundColor", "<string>#FFFFFF</string>")]
        var files = ["Themes/default.plist": document(entries(palette(20) + colors))]
        for index in 0..<n {
            files["Themes/l\(index).plist"] = document(
                entries(
                    [("INHERITED_THEME", "<string>default</string>"), ("DARK_THEME", "<string>d\(index)</string>")]
                        + Array(palette(20, seed: index).prefix(5))))
            files["Themes/d\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>l\(index)</string>"), ("APPEARANCE", "<string>dark</string>"),
                    ("LIGHT_THEME", "<string>l\(index)</string>"), ("textColor", "<string>\(darkText)</string>"),
                    ("backgroundColor", "<string>#111111</string>"),
                ]))
        }
        return files
    }

    /// A key of its own for theme `index`, of one of four kinds (a color, a title, a size, an
    /// image) by `index`.
    static func ownKey(_ prefix: String, _ index: Int) -> (String, String) {
        switch index % 4 {
        case 0:
            (
                "\(prefix)\(index)Color",
                "<string>#\(String(index &* 2_654_435 & 0xFF_FFFF | 0x100_0000, radix: 16).dropFirst())</string>"
            )
        case 1: ("\(prefix)\(index)Title", "<string>Title \(index)</string>")
        case 2: ("\(prefix)\(index)Size", "<integer>\(10 + index % 20)</integer>")
        default: ("\(prefix)\(index)Image", "<string>image\(index)</string>")
        }
    }

    /// `default` and `t0` … `t<n-1>`, each inheriting the one before, each (`default` too)
    /// setting one key no other theme has: the merged theme grows by a key at every link,
    /// so the last theme has n + 1 keys, where `inheritanceChain`'s keep twenty.
    static func growingChain(_ n: Int) -> [String: String] {
        var files = ["Themes/default.plist": document(entries([ownKey("root", 0)]))]
        for index in 0..<n {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            files["Themes/t\(index).plist"] = document(
                entries([("INHERITED_THEME", "<string>\(parent)</string>"), ownKey("t", index)]))
        }
        return files
    }

    /// `growingChain`, with `descriptiveName` set by `default` and again by every theme below
    /// it, as in Awful's themes: each link adds a key and sets one that its ancestors set, so
    /// the merged theme grows and no theme only adds keys.
    static func overridingChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/default.plist": document(
                entries([("descriptiveName", "<string>Default</string>"), ownKey("root", 0)]))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            files["Themes/t\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"),
                    ("descriptiveName", "<string>Theme \(index)</string>"), ownKey("t", index),
                ]))
        }
        return files
    }

    /// The keys of a mapping root (SPEC §3): `primaryColor`, and keys that read it through
    /// aliases, bare, explicit and through another alias, and a font whose size is an alias.
    static let mappingRoot: [(String, String)] = [
        ("primaryColor", "<string>#336699</string>"),
        ("buttonColor", "<string>primaryColor</string>"),
        ("linkColor", "<string>@primaryColor</string>"),
        ("borderColor", "<string>buttonColor</string>"),
        ("titleFont", "<string>Helvetica</string>"),
        ("titleFontSize", "<string>@baseSize</string>"),
        ("baseSize", "<integer>17</integer>"),
    ]

    /// A color of its own for theme `index`, as `#RRGGBB`.
    static func color(_ index: Int) -> String {
        "#" + String((index &* 2_654_435 & 0xFF_FFFF) | 0x100_0000, radix: 16).dropFirst()
    }

    /// `default` with the keys of `mappingRoot`, and `t0` … `t<n-1>`, each inheriting the one
    /// before, each adding a key of its own and setting `primaryColor` (and, every other
    /// theme, `baseSize`) again: keys the root's aliases read, so every theme changes the
    /// values of inherited keys, and the merged theme grows.
    static func mappingChain(_ n: Int) -> [String: String] {
        var files = ["Themes/default.plist": document(entries(mappingRoot + [ownKey("root", 0)]))]
        for index in 0..<n {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            var own = [
                ("INHERITED_THEME", "<string>\(parent)</string>"),
                ("primaryColor", "<string>\(color(index))</string>"),
            ]
            if index % 2 == 0 { own.append(("baseSize", "<integer>\(12 + index % 10)</integer>")) }
            files["Themes/t\(index).plist"] = document(entries(own + [ownKey("t", index)]))
        }
        return files
    }

    /// `default` with an untyped `revision`, and `t0` … `t<n-1>`, each inheriting the one
    /// before, each adding a key of its own and setting `revision` again with a value of
    /// another kind than its parent's (a number, a bool, a string, in turn), as a theme
    /// written for another tool may.
    static func retypingChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/default.plist": document(
                entries([("revision", "<string>first</string>"), ("primaryColor", "<string>#336699</string>")]))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            let revision =
                switch index % 3 {
                case 0: "<integer>\(index)</integer>"
                case 1: "<true/>"
                default: "<string>revision \(index)</string>"
                }
            files["Themes/t\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"), ("revision", revision), ownKey("t", index),
                ]))
        }
        return files
    }

    /// `default` of 10n keys (the mix of `palette`) with the keys of `mappingRoot`, and
    /// `c0` … `c<n-1>`, each inheriting it and setting `primaryColor`, which its aliases read:
    /// every child's merged theme has 10n keys, a few of them changed by its own.
    static func mappingChildren(_ n: Int) -> [String: String] {
        var files = ["Themes/default.plist": document(entries(mappingRoot + palette(10 * n)))]
        for index in 0..<n {
            files["Themes/c\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>default</string>"),
                    ("primaryColor", "<string>\(color(index))</string>"),
                ]))
        }
        return files
    }

    /// `default` of 10n keys (the mix of `palette`) and `c0` … `c<n-1>`, each inheriting it,
    /// each setting one of its colors again (`c<i>` the i-th color): every child's
    /// merged theme has 10n keys, one of them its own.
    static func wideParentOverridden(_ n: Int) -> [String: String] {
        let parent = palette(10 * n)
        let colors = parent.map(\.0).filter { $0.hasSuffix("Color") }
        var files = ["Themes/default.plist": document(entries(parent))]
        for index in 0..<n {
            files["Themes/c\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>default</string>"),
                    (colors[index % colors.count], "<string>#0a0b0c</string>"),
                ]))
        }
        return files
    }

    /// `default` (the styles `Root` and `Base`, `Base` inheriting `Root`, and `Root.tintColor`)
    /// and `t0` … `t<n-1>`, each inheriting the one before, each adding a style `S<i>` whose
    /// parent is `Base` and a key of it in a state: each theme's style rules look up the chain
    /// of styles and the base key at the root, n links up for the last theme.
    static func styleChain(_ n: Int) -> [String: String] {
        var files = [
            "Themes/default.plist": document(
                entries([
                    ("Root.tintColor", "<string>#123456</string>"), ("Base.INHERITED_STYLE", "<string>Root</string>"),
                ]))
        ]
        for index in 0..<n {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            files["Themes/t\(index).plist"] = document(
                entries([
                    ("INHERITED_THEME", "<string>\(parent)</string>"),
                    ("S\(index).INHERITED_STYLE", "<string>Base</string>"),
                    ("S\(index):hovered.tintColor", "<string>#654321</string>"),
                ]))
        }
        return files
    }

    /// `default` of 10n keys (the mix of `palette`) and `c0` … `c<n-1>`, each inheriting it,
    /// each setting one key of its own: every child's merged theme has 10n + 1 keys.
    static func wideParent(_ n: Int) -> [String: String] {
        var files = ["Themes/default.plist": document(entries(palette(10 * n)))]
        for index in 0..<n {
            files["Themes/c\(index).plist"] = document(
                entries([("INHERITED_THEME", "<string>default</string>"), ownKey("c", index)]))
        }
        return files
    }

    /// `default` with a global `tintColor` and n keys of the style `Button`, `Button.p<i>Color`:
    /// one style whose keys are many.
    static func oneStyle(_ n: Int) -> [String: String] {
        theme(
            [("tintColor", "<string>#101010</string>")]
                + (0..<n).map {
                    ("Button.p\($0)Color", "<string>#\(String(0x10_0000 + $0 % 0xE_FFFF, radix: 16))</string>")
                })
    }

    /// `default` with a key `C<i>/Button.p<i>Color` for each of n containers `C0` … `C<n-1>`
    /// and one in the two innermost, and `containers.txt` naming them all as one path, outermost
    /// first: a style asked for inside n containers, each of which some key is written for
    /// (2^n subsequences could be written). At 4n = 16,000 the path is 100 kB, under Linux's 128 kB for one
    /// argument.
    static func styleInContainers(_ n: Int) -> [String: String] {
        var files = theme(
            (0..<n).map {
                ("C\($0)/Button.p\($0)Color", "<string>#\(String(0x10_0000 + $0 % 0xE_FFFF, radix: 16))</string>")
            }
                + [("C\(max(0, n - 2))/C\(n - 1)/Button.p0Color", "<string>#abcdef</string>")])
        files[containersPath] = (0..<n).map { "C\($0)" }.joined(separator: "/")
        return files
    }

    /// `name` with the letters chosen by the bits of `number` in upper case.
    static func caseVariant(of name: String, number: Int) -> String {
        String(
            name.enumerated().map { offset, character in
                number >> offset & 1 == 1 ? Character(character.uppercased()) : character
            })
    }
}

extension String {
    /// `value` as six hex digits (modulo 16^6): a color's digits for a generated constant.
    fileprivate init(format6 value: Int) {
        let digits = String(value % 0x100_0000, radix: 16)
        self = String(repeating: "0", count: 6 - digits.count) + digits
    }
}

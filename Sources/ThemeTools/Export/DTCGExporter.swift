package import ThemeKit
import ThemeSupport

/// What the DTCG export needs of a theme besides its resolved values: its declarations as
/// its files write them (`P.$type`, `P.$description`, `P.$deprecated`; SPEC §2), the winning
/// one of each key, and the colors a DTCG theme's files wrote (`SourceColors`).
package struct DTCGThemeFacts: Sendable {
    /// Each declaration's value, by its key (`color.bg.$type` → `color`).
    package var declarations: [String: PropertyListValue] = [:]
    /// The colors as a DTCG theme's files wrote them (none for a plist theme).
    package var colors = SourceColors()

    /// No declarations and no source colors: the theme's values alone.
    package init() {}

    /// The facts of the theme `name` of the folder `directory`: the declarations of its
    /// files (a plist theme's and its ancestors', the child's winning; a DTCG theme's files,
    /// the later winning), and its source colors.
    package static func of(
        themeNamed name: String, in directory: String, options: ThemeOptions = ThemeOptions()
    ) -> DTCGThemeFacts {
        // The folder's DTCG files read once, for the analysis and the source colors alike.
        let loader = ThemeLoader(directory: directory, options: options)
        let tokens = loader.tokensFolder()
        let analysis = loader.analyze(name, tokens: tokens)
        var facts = DTCGThemeFacts()
        // The nearest file first: a child before its parents, a DTCG theme's later files first.
        for file in analysis.files {
            for declaration in file.declarations where facts.declarations[declaration.entry.key] == nil {
                facts.declarations[declaration.entry.key] = declaration.entry.value
            }
        }
        if analysis.isTokensTheme, let theme = analysis.theme ?? analysis.degradedTheme {
            facts.colors = SourceColors.of(theme, in: tokens)
        }
        return facts
    }
}

/// A resolved theme written as DTCG 2025.10 design tokens (SPEC §12): a tokens file
/// (`tokens(_:facts:)`), or a theme and its appearance partner as one resolver document
/// (`resolver(_:facts:partner:partnerFacts:)`).
///
/// What becomes what:
/// - A dotted key is a token path (`button.background` → `{"button": {"background": …}}`);
///   a key that is also the prefix of others is its group's `$root` token.
/// - Every key is written, inherited ones included (the exported theme is whole: no
///   `INHERITED_THEME`). An alias is a reference (`@primary` → `"{primary}"`), with the
///   `$type` of the token its chain ends at (none where the key's own kind differs: DTCG
///   takes a reference's type from its target).
/// - Colors are color objects: as the DTCG files wrote them where the theme came from some
///   (`SourceColors`), else sRGB `components`, `alpha` (when not opaque) and `hex`. A font is
///   a `fontFamily` (a list where its name lists several, `A, B`), its `…FontSize` a
///   `dimension`; sizes and lengths are `dimension`s in `px`; durations are in `ms` (in `s`
///   where milliseconds would not give the same number back); opacities and other numbers
///   are `number`s (a declared `fontWeight` a `fontWeight`).
/// - ThemeKit's own view is the root's `$extensions` member `org.themekit`: `declaredTypes`,
///   the theme's `$type` declarations (`P` → a kind's name), which the tokens' `$type`s do
///   not restate (a `…Font` is a `fontFamily` to DTCG but a font to ThemeKit), and `tokens`,
///   the values DTCG has no type for: images, untyped strings, flags, and the reserved
///   `APPEARANCE`, `DARK_THEME` and `LIGHT_THEME`, as tokens of ThemeKit's kinds (`image`,
///   `string`, `boolean`). The reader takes them back (`themekit import --from dtcg`, the
///   loader), so that exporting and importing again gives every key's value and alias.
/// - `$description` and `$deprecated` go where the theme declares them (a token, a group,
///   the root).
///
/// Keys and members are sorted (Unicode scalars), `$` members first in a fixed order:
/// exporting twice gives the same bytes.
package enum DTCGExporter {
    /// The schema a tokens file names.
    static let formatSchema = "https://www.designtokens.org/schemas/2025.10/format.json"
    /// The schema a resolver document names.
    static let resolverSchema = "https://www.designtokens.org/schemas/2025.10/resolver.json"
    /// The root `$extensions` member that holds ThemeKit's view (reverse DNS, as DTCG asks).
    package static let extensionKey = "org.themekit"

    /// The theme as one DTCG tokens file, with its reserved appearance keys.
    ///
    /// - Throws: `ThemeExporter.ExportError` (format `DTCG`) naming every key whose value
    ///   is NaN or infinite, or whose name DTCG cannot have (an empty segment, a segment
    ///   starting with `$`, a `{` or a `}`): nothing is dropped or changed silently.
    package static func tokens(_ theme: Theme, facts: DTCGThemeFacts = DTCGThemeFacts()) throws(ThemeExporter
        .ExportError) -> String
    {
        let document = try TokensDocumentBuilder(theme: theme, facts: facts, reserved: .all).build().document()
        var root: [(String, JSONText)] = [("$schema", .string(formatSchema))]
        root += document
        return JSONText.object(root).rendered() + "\n"
    }

    /// The theme and its appearance partner as one DTCG resolver document (the Resolver
    /// module, 2025.10): a set `shared` holding the tokens the two write alike, and a
    /// modifier `appearance` whose `light` and `dark` contexts hold each one's own (its
    /// `default` the theme's appearance), every source inline. Read back, its themes are
    /// `light` and `dark`, an APPEARANCE pair. A theme with no partner is one set, `theme`.
    ///
    /// - Throws: `ThemeExporter.ExportError` as `tokens` does, for either theme.
    package static func resolver(
        _ theme: Theme, facts: DTCGThemeFacts = DTCGThemeFacts(), partner: Theme? = nil,
        partnerFacts: DTCGThemeFacts = DTCGThemeFacts()
    ) throws(ThemeExporter.ExportError) -> String {
        var failure: ThemeExporter.ExportError?
        var own = TokensDocumentBuilder.Output()
        var theirs = TokensDocumentBuilder.Output()
        do {
            own = try TokensDocumentBuilder(
                theme: theme, facts: facts, reserved: partner == nil ? .appearanceOnly : .none
            ).build()
        } catch {
            failure = error
        }
        if let partner {
            do {
                theirs = try TokensDocumentBuilder(theme: partner, facts: partnerFacts, reserved: .none).build()
            } catch { failure = failure?.merged(with: error) ?? error }
        }
        if let failure { throw failure }
        var root: [(String, JSONText)] = [
            ("$schema", .string(resolverSchema)), ("name", .string(theme.name)), ("version", .string("2025.10")),
        ]
        guard let partner else {
            root.append(
                ("sets", .object([("theme", .object([("sources", .array([.object(own.document())]))]))])))
            root.append(("resolutionOrder", .array([.object([("$ref", .string("#/sets/theme"))])])))
            return JSONText.object(root).rendered() + "\n"
        }
        let (shared, mine, other) = own.split(against: theirs)
        let light = theme.appearance == .light ? mine : other
        let dark = theme.appearance == .light ? other : mine
        root.append(
            (
                "description",
                .string(
                    "\(theme.name) (\(theme.appearance.rawValue)) and its \(theme.appearance.opposite.rawValue) partner \(partner.name), exported by themekit"
                )
            ))
        root.append(("sets", .object([("shared", .object([("sources", .array([.object(shared.document())]))]))])))
        root.append(
            (
                "modifiers",
                .object([
                    (
                        "appearance",
                        .object([
                            (
                                "contexts",
                                .object([
                                    ("light", .array([.object(light.document())])),
                                    ("dark", .array([.object(dark.document())])),
                                ])
                            ),
                            ("default", .string(theme.appearance.rawValue)),
                        ])
                    )
                ])
            ))
        root.append(
            (
                "resolutionOrder",
                .array([
                    .object([("$ref", .string("#/sets/shared"))]),
                    .object([("$ref", .string("#/modifiers/appearance"))]),
                ])
            ))
        return JSONText.object(root).rendered() + "\n"
    }
}

/// A JSON value as the exporter writes it: objects keep their members' order.
indirect enum JSONText: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b && a.sign == b.sign
        case (.bool(let a), .bool(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// Whether the value is written on one line: a token (an object with `$value`), an
    /// object of at most four members holding no object (a color, a dimension), or an array
    /// of such values. A group, and a long list of names (`declaredTypes`), take a line a
    /// member.
    var isCompact: Bool {
        switch self {
        case .object(let members):
            return members.contains { $0.0 == "$value" }
                || (members.count <= 4 && members.allSatisfy { !$0.1.isObject && $0.1.isCompact })
        case .array(let items): return items.allSatisfy { !$0.isObject || $0.isCompact }
        default: return true
        }
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// The value as JSON text, two spaces an indent, a token on one line.
    func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    /// Appends the value to `out`, its lines after the first indented `indent` levels: one
    /// buffer for the whole document, so that a deep group is not copied once a level.
    func write(to out: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .number(let number): out += Self.number(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .array(let items):
            Self.list(items, brackets: ("[", "]"), compact: isCompact, to: &out, indent: indent) { item, out, indent in
                item.write(to: &out, indent: indent)
            }
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            Self.list(
                members, brackets: isCompact ? ("{ ", " }") : ("{", "}"), compact: isCompact, to: &out, indent: indent
            ) { member, out, indent in
                Self.quote(member.0, into: &out)
                out += ": "
                member.1.write(to: &out, indent: indent)
            }
        }
    }

    /// Appends `items` between `brackets`, each written by `item` at the indent it is given:
    /// on one line, ", " between them, when `compact`; else a line each, one level deeper.
    private static func list<Items: Collection>(
        _ items: Items, brackets: (open: String, close: String), compact: Bool, to out: inout String, indent: Int,
        item: (Items.Element, inout String, Int) -> Void
    ) {
        out += brackets.open
        for (index, element) in items.enumerated() {
            if compact {
                if index > 0 { out += ", " }
                item(element, &out, indent)
            } else {
                out += index > 0 ? ",\n" : "\n"
                pad(&out, indent + 1)
                item(element, &out, indent + 1)
            }
        }
        if !compact {
            out += "\n"
            pad(&out, indent)
        }
        out += brackets.close
    }

    private static func pad(_ out: inout String, _ levels: Int) {
        for _ in 0..<levels { out += "  " }
    }

    static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\uXXXX` (`\n`, `\t`, …
    /// by name), everything else as it is (UTF-8).
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        Escaping.escape(text, into: &out) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where Escaping.isControl(scalar) || (0x2028...0x2029).contains(scalar.value):
                "\\u" + Escaping.hex(scalar, width: 4)
            default: nil
            }
        }
        out += "\""
    }

    /// A finite number as JSON writes it: a whole number of less than 2^53 without a
    /// fraction, any other in Swift's shortest form that reads back the same (`0.1`,
    /// `1e-07`).
    static func number(_ number: Double) -> String {
        if number == 0 { return number.sign == .minus ? "-0.0" : "0" }
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992, let whole = Int(exactly: number) {
            return String(whole)
        }
        return "\(number)"
    }
}

extension DTCGExporter {
    /// `themekit export --format dtcg` (`resolver: false`: the theme as a tokens file) or
    /// `dtcg-resolver` (the theme and `partner` as a resolver document), the facts of each
    /// (`DTCGThemeFacts`) read from the folder `directory` they were loaded from.
    package static func export(
        _ theme: Theme, partner: Theme?, in directory: String, resolver: Bool
    ) throws(ThemeExporter.ExportError) -> String {
        let facts = DTCGThemeFacts.of(themeNamed: theme.name, in: directory)
        guard resolver else { return try tokens(theme, facts: facts) }
        return try self.resolver(
            theme, facts: facts, partner: partner,
            partnerFacts: partner.map { DTCGThemeFacts.of(themeNamed: $0.name, in: directory) } ?? DTCGThemeFacts())
    }
}

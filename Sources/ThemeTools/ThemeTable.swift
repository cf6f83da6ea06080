package import ThemeKit
package import ThemeOutput
import ThemeSupport

/// One theme explained key by key: each resolved value, where its key was written, and the
/// alias chain it was resolved through. What `themekit show` prints, as text or JSON.
package struct ThemeTable: Sendable, Hashable {
    /// One key of the theme.
    package struct Row: Sendable, Hashable {
        /// The key.
        package var key: String
        /// Its resolved value.
        package var value: ThemeValue
        /// Where the key was written, in the child-most theme that sets it.
        package var definedAt: SourceLocation?
        /// Where the value was written: the end of the alias chain.
        package var valueAt: SourceLocation?
        /// The first keys the value was resolved through (at most `shownLinks`), in order,
        /// not counting `key` itself: empty when the key holds its value directly.
        package var aliasChain: [String]
        /// How many keys the value was resolved through in all.
        package var aliasLength: Int
        /// The last key of the alias chain, which holds the value; `nil` without a chain.
        package var aliasEnd: String?
        /// For a font, the key its size came from, and where that key was written.
        package var sizeKey: String?
        /// Where `sizeKey` was written.
        package var sizeAt: SourceLocation?
        /// In a table of a style (`themekit show --style`), the key that supplies `key`, the
        /// property: a styled key such as `Popover/Button:highlighted.tintColor`, or the
        /// property itself when the global key does; `nil` in a table of the whole theme.
        package var sourceKey: String? = nil

        /// How the key's file writes a reference: the text shows the chain's links so, `→ b` in
        /// a plist and `→ {b}` in DTCG (the JSON has the keys).
        package var syntax: ReferenceSyntax = .plist

        /// The `$type` key that declares the row's kind (SPEC §2), if one does.
        package var declaredBy: String? = nil
        /// The kind a `$type` declares for the key, if one does.
        package var declaredKind: ThemeValueKind? = nil
        /// What the nearest `$description` over the key says, if one does.
        package var description: String? = nil
        /// What the nearest `$deprecated` over the key says, if one does.
        package var deprecated: String? = nil

        /// The kind of `value`: the kind a `$type` declares for its key, else its key's
        /// typed kind, else what was written.
        package var kind: ThemeValueKind { declaredKind ?? ValueKind.of(key: key, value: value) }
    }

    /// The theme's name.
    package var theme: String
    /// The theme and its ancestors, the theme first.
    package var lineage: [String]
    /// The files of `lineage`, in the same order, shown relative to the current directory.
    package var files: [String]
    /// Every key, sorted by Unicode scalars.
    package var rows: [Row]
    /// Whether the theme is light or dark (`APPEARANCE`, inherited).
    package var appearance: ThemeAppearance = .light
    /// The dark partner the theme's own file names (`DARK_THEME`), if any.
    package var darkTheme: String?
    /// The light partner the theme's own file names (`LIGHT_THEME`), if any.
    package var lightTheme: String?
    /// The style the table shows the theme as (`themekit show --style`); `nil` for the
    /// whole theme.
    package var style: StyleQuery?

    /// A style asked for: its name, states (in priority order), containers (outermost
    /// first), and the chain of styles its lookup reads.
    package struct StyleQuery: Sendable, Hashable {
        /// The style's name.
        package var name: String
        /// The states, in priority order.
        package var states: [String]
        /// The containers, outermost first.
        package var containers: [String]
        /// The style and its `INHERITED_STYLE` parents, the style first.
        package var chain: [String]

        /// As a key's prefix writes it: `Popover/Button:highlighted`.
        package var prefix: String {
            StyledKey(containers: containers, style: name, states: states, property: "").prefix
        }
    }

    /// Explains `theme` as `style` sees it, showing file paths with `path`: a row for each
    /// property the style sees (`StyleCatalog.properties(of:chain:)`) that some key supplies,
    /// `key` the property and `sourceKey` the key that won, with that key's value, places
    /// and alias chain.
    package init(theme: Theme, style: ThemeStyle, path: DisplayPath) {
        self.init(theme: theme, path: path)
        var byKey: [String: Row] = [:]
        byKey.reserveCapacity(rows.count)
        for row in rows { byKey[row.key] = row }
        rows = StyleCatalog.properties(of: theme, chain: style.chain).compactMap { property in
            guard let source = style.sourceKey(forProperty: property), var row = byKey[source] else { return nil }
            row.key = property
            row.sourceKey = source
            return row
        }
        self.style = StyleQuery(
            name: style.name, states: style.states.map(\.rawValue), containers: style.containers, chain: style.chain)
    }

    /// Explains `theme`, showing file paths with `path`.
    package init(theme: Theme, path: DisplayPath) {
        self.theme = theme.name
        self.lineage = theme.lineage
        self.files = theme.files.map { path($0) }
        self.appearance = theme.appearance
        self.darkTheme = theme.darkThemeName
        self.lightTheme = theme.lightThemeName
        let keys = theme.values.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        // Each key's source once, and each chain's length and end once: a key on a chain
        // takes them from the next link, so that a chain of n links costs n, not n² (every
        // key's whole chain, as the table once held it, is n² keys for one long chain).
        var sources: [String: ThemeValueSource] = [:]
        sources.reserveCapacity(keys.count)
        for key in keys { sources[key] = theme.source(forKey: key) }
        var ends: [String: (length: Int, end: String)] = [:]
        func end(of key: String) -> (length: Int, end: String)? {
            guard sources[key]?.aliasOf != nil else { return nil }
            if let known = ends[key] { return known }
            // Walk to a key whose end is known (or that has no alias), then fill back.
            var path: [String] = []
            var seen: Set<String> = []
            var current = key
            var reached: (length: Int, end: String)?
            while seen.insert(current).inserted, let next = sources[current]?.aliasOf {
                path.append(current)
                if let known = ends[next] {
                    reached = known
                    break
                }
                current = next
                if sources[next]?.aliasOf == nil { reached = (0, next) }
            }
            // A loaded theme has no cycle; a hand-made one ends where it closes.
            var known = reached ?? (0, current)
            for link in path.reversed() {
                known = (known.length + 1, known.end)
                ends[link] = known
            }
            return ends[key]
        }
        func firstLinks(from key: String, count: Int) -> [String] {
            var links: [String] = []
            var next = sources[key]?.aliasOf
            while let link = next, links.count < count, link != key {
                links.append(link)
                next = sources[link]?.aliasOf
            }
            return links
        }
        self.rows = keys.compactMap { key in
            guard let value = theme.values[key] else { return nil }
            let source = sources[key]
            let chain = end(of: key)
            let sizeKey = source?.sizeKey
            let declared = theme.declaredKind(ofKey: key)
            var row = Row(
                key: key, value: value, definedAt: source.map { path($0.key) },
                valueAt: source.map { path($0.value) },
                aliasChain: chain == nil ? [] : firstLinks(from: key, count: min(Self.shownLinks, chain?.length ?? 0)),
                aliasLength: chain?.length ?? 0, aliasEnd: chain?.end, sizeKey: sizeKey,
                sizeAt: sizeKey.flatMap { sources[$0] ?? theme.source(forKey: $0) }.map { path($0.key) })
            row.syntax = source?.syntax ?? .plist
            row.declaredBy = declared?.declaredBy
            row.declaredKind = declared.map { theme.kind(ofKey: key) ?? $0.kind.kind }
            row.description = theme.description(ofKey: key)
            row.deprecated = theme.deprecation(ofKey: key)
            return row
        }
    }

    /// How many links of an alias chain a row keeps: a longer chain is shown as its first
    /// links, how many more there are, and its last key.
    package static let shownLinks = 3

    /// The first line of `text`: the theme, its number of keys, its ancestors, its
    /// appearance and the partners its file names: `dark: 33 keys, inherits default, dark
    /// (light partner: default)`.
    package var heading: String {
        var heading = "\(theme): \(rows.count) keys"
        if let style {
            heading = "\(theme) as \(Self.visible(style.prefix)): \(rows.count) properties"
            if style.chain.count > 1 {
                heading += ", styles \(style.chain.map(Self.visible).joined(separator: " → "))"
            }
        }
        if lineage.count > 1 { heading += ", inherits \(lineage.dropFirst().joined(separator: " → "))" }
        heading += ", \(appearance.rawValue)"
        let partners = [("dark", darkTheme), ("light", lightTheme)].compactMap { appearance, name in
            name.map { "\(appearance) partner: \(Self.visible($0))" }
        }
        if !partners.isEmpty { heading += " (" + partners.joined(separator: ", ") + ")" }
        return heading
    }

    /// The table as aligned text: a header line, then one row a key with its kind, value,
    /// `file:line` and, for aliases and fonts, the chain and the size's key.
    package var text: String {
        var table: [[String]] = [
            style == nil
                ? ["KEY", "KIND", "VALUE", "DEFINED AT", "RESOLVED THROUGH"]
                : ["PROPERTY", "FROM", "KIND", "VALUE", "DEFINED AT", "RESOLVED THROUGH"]
        ]
        for row in rows {
            var via: [String] = []
            if !row.aliasChain.isEmpty {
                let end = row.valueAt.map { " (\(Self.fileLine($0)))" } ?? ""
                let link = { (key: String) in "→ " + row.syntax.link(Self.cell(key, Self.maximumLinkLength)) }
                var links = row.aliasChain.map(link)
                if row.aliasLength > row.aliasChain.count, let last = row.aliasEnd {
                    let hidden = row.aliasLength - row.aliasChain.count - 1
                    if hidden > 0 { links.append("→ … \(hidden) more") }
                    links.append(link(last))
                }
                via.append(links.joined(separator: " ") + end)
            }
            if let sizeKey = row.sizeKey {
                let at = row.sizeAt.map { " (\(Self.fileLine($0)))" } ?? ""
                via.append("size from " + Self.cell(sizeKey, Self.maximumLinkLength) + at)
            }
            if let declaredBy = row.declaredBy {
                via.append("kind from " + Self.cell(declaredBy, Self.maximumLinkLength))
            }
            if let deprecated = row.deprecated, deprecated != "false" {
                via.append(
                    "deprecated" + (deprecated == "true" ? "" : ": " + Self.cell(deprecated, Self.maximumLinkLength)))
            }
            if let description = row.description { via.append(Self.cell(description, Self.maximumLinkLength)) }
            let from = row.sourceKey.map { [Self.cell($0, Self.maximumLinkLength)] } ?? []
            table.append(
                [Self.visible(row.key)] + from + [
                    row.kind.rawValue, Self.display(row.value), row.definedAt.map(Self.fileLine) ?? "",
                    via.joined(separator: "; "),
                ])
        }
        return heading + "\n" + Self.aligned(table)
    }

    /// The table as JSON (the shape is in the Tools article of ThemeKit.docc), with a final line break.
    package var json: String {
        // Strings, integers and numbers written as `null` when not finite (see
        // `JSONValue`): nothing here can fail to encode.
        (try? JSONOutput.document(JSONTable(table: self))) ?? "null\n"
    }

    /// The table in the shape of `json`: `theme`, `lineage`, `files`, `values` (a row
    /// each), `appearance` (`light` or `dark`), and `darkTheme` and `lightTheme`, the
    /// partners the theme's file names (`null` when none).
    struct JSONTable: Encodable {
        var table: ThemeTable

        enum CodingKeys: String, CodingKey {
            case theme, lineage, files, style, values, appearance, darkTheme, lightTheme
        }

        enum StyleKeys: String, CodingKey {
            case name, states, containers, chain
        }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(table.theme, forKey: .theme)
            try object.encode(table.lineage, forKey: .lineage)
            try object.encode(table.files, forKey: .files)
            if let style = table.style {
                var nested = object.nestedContainer(keyedBy: StyleKeys.self, forKey: .style)
                try nested.encode(style.name, forKey: .name)
                try nested.encode(style.states, forKey: .states)
                try nested.encode(style.containers, forKey: .containers)
                try nested.encode(style.chain, forKey: .chain)
            }
            try object.encode(table.rows.map(JSONRow.init), forKey: .values)
            try object.encode(table.appearance.rawValue, forKey: .appearance)
            try object.encode(table.darkTheme, forKey: .darkTheme)
            try object.encode(table.lightTheme, forKey: .lightTheme)
        }
    }

    /// One row of `json`: `definedAt` and `valueAt` are `null` when unknown; `sizeKey` and
    /// `sizeAt` are there only for a font whose size came from a key; `sourceKey` only in
    /// a table of a style, the key that supplied the property `key`.
    struct JSONRow: Encodable {
        var row: Row

        enum CodingKeys: String, CodingKey {
            case key, sourceKey, kind, declaredBy, description, deprecated, value, definedAt, valueAt, aliasChain,
                aliasLength, sizeKey, sizeAt
        }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(row.key, forKey: .key)
            if let sourceKey = row.sourceKey { try object.encode(sourceKey, forKey: .sourceKey) }
            try object.encode(row.kind.rawValue, forKey: .kind)
            if let declaredBy = row.declaredBy { try object.encode(declaredBy, forKey: .declaredBy) }
            if let description = row.description { try object.encode(description, forKey: .description) }
            if let deprecated = row.deprecated { try object.encode(deprecated, forKey: .deprecated) }
            try object.encode(JSONValue(row.value), forKey: .value)
            try object.encode(row.definedAt.map(JSONLocation.init), forKey: .definedAt)
            try object.encode(row.valueAt.map(JSONLocation.init), forKey: .valueAt)
            try object.encode(row.aliasChain, forKey: .aliasChain)
            try object.encode(row.aliasLength, forKey: .aliasLength)
            if let sizeKey = row.sizeKey {
                try object.encode(sizeKey, forKey: .sizeKey)
                try object.encode(row.sizeAt.map(JSONLocation.init), forKey: .sizeAt)
            }
        }
    }

    /// A location in `json`: `{"file", "line", "column"}`.
    struct JSONLocation: Encodable {
        var file: String
        var line: Int
        var column: Int

        init(_ location: SourceLocation) {
            (file, line, column) = (location.file, location.line, location.column)
        }
    }

    /// A resolved value as JSON: colors as `#RRGGBB(AA)`, fonts as `{"name", "size"}`,
    /// sizes and numbers as numbers, flags as booleans, images and strings as strings.
    /// JSON has no NaN or infinity: the tools refuse a theme holding one
    /// (`ThemeExporter.checkJSON`) before writing JSON, and `null` is written only if a
    /// caller skipped that check.
    struct JSONValue: Encodable {
        var value: ThemeValue

        init(_ value: ThemeValue) { self.value = value }

        enum FontKeys: String, CodingKey {
            case name, size
        }

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .font(let font):
                var object = encoder.container(keyedBy: FontKeys.self)
                try object.encode(font.name, forKey: .name)
                try object.encode(font.size.isFinite ? font.size : nil, forKey: .size)
            case .color(let color):
                var single = encoder.singleValueContainer()
                try single.encode(color.hexString)
            case .size(let number), .number(let number):
                var single = encoder.singleValueContainer()
                if number.isFinite { try single.encode(number) } else { try single.encodeNil() }
            case .bool(let flag):
                var single = encoder.singleValueContainer()
                try single.encode(flag)
            case .image(let text), .string(let text):
                var single = encoder.singleValueContainer()
                try single.encode(text)
            }
        }
    }

    private static func fileLine(_ location: SourceLocation) -> String {
        let file = visible(location.file)
        return location.line > 0 ? "\(file):\(location.line)" : file
    }

    /// A value as one table cell: strings quoted, so that spaces and empty strings show;
    /// cut at `maximumValueLength` characters.
    private static func display(_ value: ThemeValue) -> String {
        switch value {
        case .string(let text):
            "\"" + cell(text, maximumValueLength).replacing("\"", with: "\\\"") + "\""
        case .font(let font): cell(font.description, maximumValueLength)
        default: cell(value.description, maximumValueLength)
        }
    }

    /// The longest value a row shows, and the longest key of a chain: many keys may share
    /// one long value or end at one long key, and a row prints what it shares, so the cut
    /// keeps the table in proportion to the theme (the JSON has every value whole).
    package static let maximumValueLength = 200
    package static let maximumLinkLength = 60

    /// `text` made visible (see `visible`), cut to its first `limit` characters with "…"
    /// and how many more there are. The cut is made first, so that a long text shared by
    /// many rows costs each row only `limit`.
    static func cell(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return visible(text) }
        let kept = text.prefix(limit)
        guard kept.endIndex < text.endIndex else { return visible(text) }
        return visible(String(kept)) + "…(\(text.utf8.count - kept.utf8.count) more bytes)"
    }

    /// `text` with line breaks, tabs, other controls and invisible format characters (bidi
    /// overrides among them) written as escapes (`Escaping.visible`), so that every row
    /// stays on one line and reads in the order it runs.
    static func visible(_ text: String) -> String { Escaping.visible(text) }

    /// The widest a column is padded to: a longer cell is written whole and pushes the rest
    /// of its row right, so that one long key does not pad every row of a large table.
    static let maximumColumnWidth = 40

    /// Rows padded to aligned columns (at most `maximumColumnWidth` wide), two spaces
    /// apart, without trailing spaces.
    private static func aligned(_ table: [[String]]) -> String {
        let columns = table.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            min(maximumColumnWidth, table.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0)
        }
        return table.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 {
                    line += String(repeating: " ", count: max(0, widths[column] - cell.count) + 2)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}

package import ThemeKit
package import ThemeOutput
import ThemeSupport

/// One self-contained HTML page showing every theme of a folder side by side: a table with
/// a row per key and a column per theme. Colors are swatches with their hex and, for text
/// colors, their contrast ratio; fonts are sample text in the named face. Inline CSS and one
/// small inline script only: the page loads nothing, and its Content-Security-Policy forbids
/// loading anything.
package enum PreviewPage: Sendable {
    /// The WCAG AA contrast ratio for normal text.
    package static let minimumContrast = 4.5

    /// Whether `key` is a text color on the page: a color key whose name contains `Text`,
    /// `text`, `Foreground` or `foreground`.
    package static func isTextColor(_ key: String, in theme: Theme) -> Bool {
        guard theme.color(forKey: key) != nil else { return false }
        return ["Text", "text", "Foreground", "foreground"].contains { key.contains($0) }
    }

    /// The key of the theme's background: `backgroundColor` if the theme has that color,
    /// else the first key (sorted) ending in `BackgroundColor`; `nil` if neither.
    package static func backgroundKey(of theme: Theme) -> String? {
        if theme.color(forKey: "backgroundColor") != nil { return "backgroundColor" }
        return theme.values.keys.filter { $0.hasSuffix("BackgroundColor") && theme.color(forKey: $0) != nil }
            .min { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    /// For a text color `xTextColor` (or `xForegroundColor`), the color it most likely sits
    /// on besides the theme's background: `xBackgroundColor`, else `xColor`, if the theme has
    /// it and it is not the theme's background; `nil` otherwise.
    package static func ownBackgroundKey(ofText key: String, in theme: Theme) -> String? {
        ownBackgroundKey(ofText: key, in: theme, background: backgroundKey(of: theme))
    }

    /// `ownBackgroundKey(ofText:in:)` with the theme's background key already found: a
    /// page asks for every text color, and finding it may read every key of the theme.
    static func ownBackgroundKey(ofText key: String, in theme: Theme, background: String?) -> String? {
        for suffix in ["TextColor", "ForegroundColor"] where key.hasSuffix(suffix) {
            let prefix = String(key.dropLast(suffix.count))
            guard !prefix.isEmpty else { return nil }
            for candidate in [prefix + "BackgroundColor", prefix + "Color"]
            where theme.color(forKey: candidate) != nil && candidate != background {
                return candidate
            }
        }
        return nil
    }

    /// One theme's column: the theme, its parent (for what changed) and its background
    /// key, each found once for the whole column.
    struct Column {
        var theme: Theme
        var parent: Theme?
        var backgroundKey: String?
    }

    /// The themes in the page's order: `default` first, then by name, except that a theme
    /// that names a partner for the other appearance (`DARK_THEME`, `LIGHT_THEME`) that
    /// loaded and is not shown yet has it beside it, the light one on the left (`default`
    /// stays first): light and dark side by side, each column's contrast its own.
    static func columnOrder(of themes: [Theme]) -> [Theme] {
        let sorted = themes.sorted { lhs, rhs in
            let lhsRank = lhs.name == ThemeName.defaultTheme ? 0 : 1
            let rhsRank = rhs.name == ThemeName.defaultTheme ? 0 : 1
            return (lhsRank, lhs.name) < (rhsRank, rhs.name)
        }
        var byName: [String: Theme] = [:]
        for theme in sorted { byName[theme.name] = theme }
        var placed = Set<String>()
        var ordered: [Theme] = []
        ordered.reserveCapacity(sorted.count)
        for theme in sorted where !placed.contains(theme.name) {
            var group = [theme]
            if let partnerName = theme.partnerName, !placed.contains(partnerName),
                let partner = byName[partnerName]
            {
                group.append(partner)
                if theme.appearance == .dark, partner.appearance == .light, theme.name != ThemeName.defaultTheme {
                    group.reverse()
                }
            }
            for member in group {
                placed.insert(member.name)
                ordered.append(member)
            }
        }
        return ordered
    }

    /// The page for `collection`: themes in columns (`default` first, then by name, each
    /// light and dark pair side by side: `columnOrder(of:)`), keys in rows grouped by kind;
    /// themes that failed to load are listed with their diagnostics.
    /// `folder` is how the page names the folder; `path` shows the diagnostics' paths.
    package static func render(_ collection: ThemeCollection, folder: String, path: DisplayPath) -> String {
        let themes = columnOrder(of: collection.themes)
        var byName: [String: Theme] = [:]
        for theme in themes { byName[theme.name] = theme }
        let columns = themes.map { theme in
            Column(
                theme: theme, parent: theme.parentName.flatMap { byName[$0] }, backgroundKey: backgroundKey(of: theme))
        }
        var html = head(title: "Theme preview: \(folder)")
        html += "<body>\n<header>\n<h1>Theme preview</h1>\n"
        html += "<p class=\"summary\">\(themes.count) theme\(themes.count == 1 ? "" : "s") from <code>"
        html += escape(folder) + "</code>.</p>\n" + legend + "</header>\n"
        if !collection.failures.isEmpty {
            html += "<section class=\"failures\">\n<h2>Themes that did not load</h2>\n"
            for name in collection.failures.keys.sorted() {
                guard let error = collection.failures[name] else { continue }
                html += "<h3>\(escape(name))</h3>\n<pre>\(escape(path.rendered(error)))</pre>\n"
            }
            html += "</section>\n"
        }
        html += "<main>\n<table>\n<thead>\n<tr><th class=\"key\">key</th>"
        for theme in themes {
            html += heading(of: theme, failed: collection.failures)
        }
        html += "</tr>\n</thead>\n"
        let keyKinds = collection.keyKinds
        for section in sections {
            let keys = keyKinds.filter { section.kinds.contains($0.kind ?? .string) }.map(\.key)
            guard !keys.isEmpty else { continue }
            html += "<tbody>\n<tr class=\"section\"><th colspan=\"\(themes.count + 1)\">\(section.title)</th></tr>\n"
            for key in keys {
                // A key's `$description` and `$deprecated` (SPEC §2), from the first theme that has one.
                var about =
                    columns.lazy.compactMap { $0.theme.description(ofKey: key) }.first.map {
                        "<small>\(escape($0))</small>"
                    } ?? ""
                if let deprecated = columns.lazy.compactMap({ $0.theme.deprecation(ofKey: key) }).first,
                    deprecated != "false"
                {
                    about += "<small class=\"deprecated\">deprecated"
                    about += (deprecated == "true" ? "" : ": " + escape(deprecated)) + "</small>"
                }
                html += "<tr><th class=\"key\" scope=\"row\"><code>\(escape(key))</code>\(about)</th>"
                for column in columns {
                    html += cell(key: key, column: column)
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n"
        html += styleSections(columns: columns)
        html += "</main>\n" + script + "</body>\n</html>\n"
        return html
    }

    // MARK: - Styles

    /// One style of the themes, as its section shows it: the state combinations (with the
    /// containers) its keys are written for, and the properties they set.
    struct StyleSection {
        var name: String
        /// The prefixes of its keys without the style's own name, as `StyledKey` parts:
        /// containers and states; the bare style first.
        var combinations: [StyledKey]
        /// The properties its keys set, sorted.
        var properties: [String]
    }

    /// The styles of every theme (`StyleCatalog`), merged by name, sorted.
    static func styles(of themes: [Theme]) -> [StyleSection] {
        var combinations: [String: Set<StyledKey>] = [:]
        var properties: [String: Set<String>] = [:]
        for theme in themes {
            for style in StyleCatalog(theme: theme).styles {
                combinations[style.name, default: [StyledKey(style: style.name, property: "")]].formUnion(
                    style.keys.map {
                        StyledKey(containers: $0.containers, style: $0.style, states: $0.states, property: "")
                    })
                properties[style.name, default: []].formUnion(style.keys.map(\.property))
            }
        }
        return combinations.keys.sorted { StyleCatalog.precedes($0, $1) }.map { name in
            let found = (combinations[name] ?? []).sorted { lhs, rhs in
                (lhs.states.count, lhs.containers.count, lhs.prefix) < (
                    rhs.states.count, rhs.containers.count, rhs.prefix
                )
            }
            let written = (properties[name] ?? []).sorted { StyleCatalog.precedes($0, $1) }
            return StyleSection(name: name, combinations: found, properties: written)
        }
    }

    /// A section a style, after the keys' table: for each combination of containers and
    /// states its keys are written for, each property it sets as the style sees it there in
    /// every theme (the lookup's value, and the key that won). Nothing for themes with no
    /// styled key.
    static func styleSections(columns: [Column]) -> String {
        let styles = styles(of: columns.map(\.theme))
        guard !styles.isEmpty else { return "" }
        let knownStates = columns.map { StyleCatalog(theme: $0.theme).knownStates }
        var html = "<section class=\"styles\">\n<h2>Styles</h2>\n"
        for style in styles {
            html += "<table class=\"style\">\n<caption><code>\(escape(style.name))</code></caption>\n"
            html += "<thead>\n<tr><th class=\"key\">property</th>"
            for column in columns { html += "<th>\(escape(column.theme.name))</th>" }
            html += "</tr>\n</thead>\n"
            for combination in style.combinations {
                let title = combination.states.isEmpty && combination.containers.isEmpty ? " (no state)" : ""
                html += "<tbody>\n<tr class=\"section\"><th colspan=\"\(columns.count + 1)\">"
                html += "<code>\(escape(combination.prefix))</code>\(title)</th></tr>\n"
                // Each theme's view of the style in this combination, made once.
                let views = zip(columns, knownStates).map { column, known -> ThemeStyle in
                    let states = Set(combination.states.compactMap { name in known.first { $0.rawValue == name } })
                    return column.theme.style(style.name, states: states, in: combination.containers)
                }
                for property in style.properties {
                    html += "<tr><th class=\"key\" scope=\"row\"><code>\(escape(property))</code></th>"
                    for (column, view) in zip(columns, views) {
                        guard let source = view.sourceKey(forProperty: property) else {
                            html += "<td class=\"missing\">not set</td>"
                            continue
                        }
                        var shown = cell(key: source, column: column)
                        shown.removeLast("</td>".count)
                        html += shown + "<span class=\"from\">from <code>\(escape(source))</code></span></td>"
                    }
                    html += "</tr>\n"
                }
                html += "</tbody>\n"
            }
            html += "</table>\n"
        }
        return html + "</section>\n"
    }

    /// The page's sections, one for each preview section of `ValueKind`'s table, in its
    /// order; a key whose kind differs between themes goes with the untyped strings.
    static let sections: [(title: String, kinds: Set<ThemeValueKind>)] = ValueKind.all.reduce(into: []) {
        sections, kind in
        if let index = sections.firstIndex(where: { $0.title == kind.previewSection }) {
            sections[index].kinds.insert(kind.kind)
        } else {
            sections.append((kind.previewSection, [kind.kind]))
        }
    }

    /// A theme's column heading: its name and parent; for a dark theme or one with a
    /// partner, its appearance and the partner (`light · dark partner: night`), and whether
    /// the partner failed to load. A light theme without a partner is headed as it always was.
    static func heading(of theme: Theme, failed: [String: ThemeError]) -> String {
        let parent = theme.parentName.map { "inherits " + escape($0) } ?? "root theme"
        let partner = theme.partnerName
        guard theme.appearance == .dark || partner != nil else {
            return "<th class=\"theme\">\(escape(theme.name))<small>\(parent)</small></th>"
        }
        var about = theme.appearance.rawValue
        if let partner {
            about += " · \(theme.appearance.opposite.rawValue) partner: \(escape(partner))"
            if failed[partner] != nil { about += " (did not load)" }
        }
        let classes = "theme \(theme.appearance.rawValue)" + (partner == nil ? "" : " paired")
        return "<th class=\"\(classes)\">\(escape(theme.name))<small>\(parent)</small>"
            + "<small class=\"appearance\">\(about)</small></th>"
    }

    // MARK: - Cells

    private static func cell(key: String, column: Column) -> String {
        let (theme, parent) = (column.theme, column.parent)
        guard let value = theme.values[key] else { return "<td class=\"missing\">not set</td>" }
        let changed = parent.map { $0.values[key] != value } ?? false
        var body = ""
        switch value {
        case .color(let color): body = colorCell(key: key, color: color, column: column)
        case .font(let font):
            let family = escape(ThemeExporter.cssString(font.name) + ", system-ui, sans-serif")
            // A size CSS cannot write (NaN, an infinity) leaves the sample at the page's size.
            let size = ThemeExporter.cssNumber(font.size).map { "; font-size: \($0)px" } ?? ""
            body += "<div class=\"font-sample\" data-font=\"\(escape(font.name))\" "
            body += "style=\"font-family: \(family)\(size)\">"
            body += "The quick brown fox</div>"
            body += "<code>\(escape(font.name)) \(shown(font.size))</code>"
            body += "<span class=\"fallback-note\">not installed here: fallback font shown</span>"
        case .size(let number), .number(let number):
            // A length in points (a size, a length) is drawn as a bar, only when finite and
            // at most 400 px; the text is the exact value, with any other unit (`s`).
            let unit = (theme.valueKind(ofKey: key) ?? ValueKind.entry(forKey: key, value: value)).unit
            if unit == "px", let width = ThemeExporter.cssNumber(max(0, min(number, 400))), number.isFinite {
                body += "<span class=\"bar\" style=\"width: \(width)px\"></span>"
            }
            body += "<code>\(shown(number))\(unit.map { $0 == "px" ? "" : " " + $0 } ?? "")</code>"
        case .image(let name): body += "<span class=\"image-name\">\(escape(name))</span>"
        case .string(let text): body += "<code>\(escape("\"" + text + "\""))</code>"
        case .bool: body += "<code>\(escape(value.description))</code>"
        }
        if let source = theme.source(forKey: key), let alias = source.aliasOf {
            // As the file names it: `→ primaryColor` in a plist, `→ {color.blue}` in DTCG.
            body += "<span class=\"alias\">→ \(escape(source.syntax.link(alias)))</span>"
        }
        if changed {
            let title = parent.map { " title=\"differs from \(escape($0.name))\"" } ?? ""
            return "<td class=\"changed\"\(title)>\(body)</td>"
        }
        return "<td>\(body)</td>"
    }

    /// A number as the page shows it: exact positional decimals of any magnitude, and
    /// `NaN`, `infinity` or `-infinity` as what they are.
    static func shown(_ number: Double) -> String {
        ThemeExporter.cssNumber(number) ?? ThemeExporter.nonFiniteName(number)
    }

    private static func colorCell(key: String, color: ThemeColor, column: Column) -> String {
        let theme = column.theme
        let hex = color.hexString
        var body = ""
        guard isTextColor(key, in: theme) else {
            let translucent = color.alpha < 1 ? " translucent" : ""
            body += "<span class=\"swatch\(translucent)\" style=\"--c: \(hex)\"></span><code>\(hex)</code>"
            return body
        }
        let backgroundKey = column.backgroundKey
        let background = backgroundKey.flatMap { theme.color(forKey: $0) }
        let own = ownBackgroundKey(ofText: key, in: theme, background: backgroundKey).flatMap { key in
            theme.color(forKey: key).map { (key, $0) }
        }
        // The sample sits on the color the text most likely sits on.
        let ground = (own?.1 ?? background)?.hexString ?? "#FFFFFF"
        body += "<span class=\"swatch text-sample\" style=\"color: \(hex); background: \(ground)\">Aa</span>"
        body += "<code>\(hex)</code>"
        if let backgroundKey, let background {
            body += contrast(color, on: background, named: backgroundKey)
        } else {
            body += "<span class=\"ratio none\">no background color to measure against</span>"
        }
        if let own {
            body += contrast(color, on: own.1, named: own.0)
        }
        return body
    }

    private static func contrast(_ color: ThemeColor, on background: ThemeColor, named key: String) -> String {
        let ratio = color.contrastRatio(against: background)
        let pass = ratio >= minimumContrast
        let mark = pass ? "✓ AA" : "✗ AA"
        return "<span class=\"ratio \(pass ? "pass" : "fail")\">\(ThemeColor.contrastRatioText(ratio)):1 \(mark)"
            + "<small> on \(escape(key))</small></span>"
    }

    // MARK: - HTML text

    /// `text` escaped for HTML text and double-quoted attribute values; controls and invisible
    /// characters (bidi overrides and isolates among them) shown as `Escaping.visible` shows
    /// them, as every other output a person reads does. Line breaks and tabs stay: in HTML they
    /// are white space, and a `<pre>` keeps a diagnostic's lines.
    package static func escape(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\n", "\t": nil
            default: Escaping.visibleEscape(scalar)
            }
        }
    }

    private static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(style)
        </style>
        </head>

        """
    }

    private static let legend = """
        <ul class="legend">
        <li><span class="changed-mark">highlighted</span> a value that differs from the parent theme's (resolved values compared)</li>
        <li><span class="alias inline">→ key</span> an alias: the value comes from that key</li>
        <li><b>Text colors</b> (color keys whose name contains Text or Foreground) show their WCAG contrast ratio \
        against the theme's background (<code>backgroundColor</code>, else the first key ending in \
        <code>BackgroundColor</code>), and against <code>xBackgroundColor</code> or <code>xColor</code> for \
        <code>xTextColor</code>; ✓ AA at 4.5:1 or more</li>
        <li><b>Light and dark</b>: a theme that names a partner for the other appearance (<code>DARK_THEME</code>, \
        <code>LIGHT_THEME</code>) stands beside it, light on the left, each headed with its appearance; each \
        column's text colors are measured against that theme's own background, so contrast is checked in both</li>
        <li><b>Fonts</b> are drawn in the named face when this machine has it; where it does not, the browser's \
        fallback font is shown and the cell says so. Sizes are drawn as CSS px.</li>
        </ul>

        """

    private static let style = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #e3e3e8; --paper: #ffffff; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px 32px 40px; background: #f6f6f8; color: var(--ink);
          font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header h1 { margin: 0 0 4px; font-size: 24px; }
        .summary { margin: 0 0 8px; color: var(--muted); }
        .legend { margin: 0 0 20px; padding-left: 18px; color: var(--muted); font-size: 13px; max-width: 1100px; }
        .legend li { margin: 2px 0; }
        code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace;
          font-size: 12px; }
        table { border-collapse: separate; border-spacing: 0; background: var(--paper); border: 1px solid var(--line);
          border-radius: 10px; overflow: hidden; }
        th, td { padding: 7px 12px; text-align: left; vertical-align: middle; border-bottom: 1px solid var(--line); }
        thead th { position: sticky; top: 0; background: #fbfbfd; font-size: 15px; }
        thead th small { display: block; font-weight: normal; color: var(--muted); font-size: 12px; }
        thead th.paired { box-shadow: inset 0 3px 0 #8e8ea0; }
        thead th.dark { background: #2c2c2e; color: #f5f5f7; }
        thead th.dark small { color: #aeaeb2; }
        th.key { font-weight: normal; white-space: nowrap; }
        th.key code { font-size: 13px; }
        td { min-width: 190px; }
        tr.section th { background: #eeeef2; font-size: 12px; text-transform: uppercase; letter-spacing: .06em;
          color: var(--muted); padding-top: 10px; }
        td.changed { background: #fff7d6; box-shadow: inset 3px 0 0 #e0b400; }
        .changed-mark { background: #fff7d6; box-shadow: inset 3px 0 0 #e0b400; padding: 0 6px; }
        td.missing { color: #aeaeb2; font-style: italic; }
        .swatch { display: inline-block; width: 28px; height: 28px; border-radius: 6px; vertical-align: middle;
          margin-right: 8px; border: 1px solid rgba(0,0,0,.15); background: var(--c); }
        .swatch.translucent { background: linear-gradient(var(--c), var(--c)),
          repeating-conic-gradient(#c8c8cc 0 25%, #ffffff 0 50%) 0 0 / 10px 10px; }
        .swatch.text-sample { width: auto; min-width: 28px; padding: 0 6px; font-weight: 600; line-height: 26px;
          text-align: center; }
        .alias { display: block; color: #0a60c2; font-size: 12px; margin-top: 2px; }
        .alias.inline { display: inline; }
        .from { display: block; color: var(--muted); font-size: 11px; margin-top: 2px; }
        table.style { margin-top: 16px; }
        table.style caption { text-align: left; font-weight: 600; padding: 4px 0; }
        .ratio { display: block; font-size: 12px; margin-top: 2px; }
        .ratio small { color: var(--muted); font-size: 11px; }
        .ratio.pass { color: #1b7f3b; }
        .ratio.fail { color: #c4271c; }
        .ratio.none { color: var(--muted); }
        .font-sample { white-space: nowrap; margin-bottom: 2px; }
        .fallback-note { display: none; color: #a15c00; font-size: 11px; }
        td.fallback .fallback-note { display: block; }
        .bar { display: inline-block; height: 10px; background: #8e8ea0; border-radius: 3px; margin-right: 8px;
          vertical-align: middle; }
        .failures { background: #fdecea; border: 1px solid #f5c2bd; border-radius: 10px; padding: 8px 16px;
          margin-bottom: 20px; }
        .failures pre { white-space: pre-wrap; font-size: 12px; }
        """

    /// Marks fonts the machine lacks (the sample's width equals a generic family's in
    /// every one of three generic families), then marks the page loaded for scripts that
    /// check it (`data-preview="ready"` on the root element).
    private static let script = """
        <script>
        (function () {
          var context = document.createElement("canvas").getContext("2d");
          var text = "mmmmmmmmmmlli WQ@#0 The quick brown fox";
          function width(family) {
            context.font = "40px monospace";
            context.font = "40px " + family;
            return context.measureText(text).width;
          }
          var generics = ["monospace", "serif", "sans-serif"];
          var samples = document.querySelectorAll("[data-font]");
          for (var i = 0; i < samples.length; i++) {
            var name = samples[i].getAttribute("data-font");
            var quoted = "\\"" + name.replace(/\\\\/g, "\\\\\\\\").replace(/"/g, "\\\\\\"") + "\\"";
            var installed = generics.some(function (generic) {
              return width(quoted + ", " + generic) !== width(generic);
            });
            if (!installed) { samples[i].parentNode.classList.add("fallback"); }
          }
          document.documentElement.setAttribute("data-preview", "ready");
        })();
        </script>

        """
}

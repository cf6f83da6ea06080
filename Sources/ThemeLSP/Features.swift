import Foundation
import ThemeKit
import ThemeSupport

/// Where the cursor is in a theme's text, read from the text itself (the buffer being
/// typed need not parse): inside a `<key>`, or inside a value's `<string>` after a key.
enum CursorContext: Equatable {
    /// In a `<key>`: its text up to the cursor, and where that text starts (byte offset).
    case key(prefix: String, start: Int)
    /// In a `<string>` value of `key`: its text up to the cursor, and where it starts.
    case value(key: String, prefix: String, start: Int)
    case elsewhere

    init(text: DocumentText, offset: Int) {
        switch PlistTextScan.cursor(in: text.bytes, at: offset) {
        case .key(let prefix): self = .key(prefix: text.text(prefix), start: prefix.lowerBound)
        case .value(let key, let prefix):
            self = .value(key: key.map(text.text) ?? "", prefix: text.text(prefix), start: prefix.lowerBound)
        case .elsewhere: self = .elsewhere
        }
    }
}

extension Answers {
    // MARK: Hover

    /// The hover of the key or value under the cursor in the snapshot's theme: the key's
    /// kind, its resolved value (a color as hex and a swatch), its alias chain and where each
    /// link and the value are written.
    func hover(_ snapshot: ThemeSnapshot?, position: Position) -> Hover? {
        guard let snapshot else { return nil }
        if let tokens = snapshot.tokens { return tokensHover(snapshot, tokens, position: position) }
        let offset = snapshot.text.offset(of: position, encoding: encoding)
        guard let (entry, inKey) = snapshot.file.entry(atOffset: offset) else { return nil }
        var key = entry.key
        if !inKey, case .string(let text) = entry.value, let named = aliasTarget(text, in: snapshot) {
            key = named
        }
        let range = inKey ? entry.keyRange : entry.valueRange
        let lspRange = LSPRange(
            start: snapshot.text.position(atOffset: range.start, encoding: encoding),
            end: snapshot.text.position(atOffset: range.end, encoding: encoding))
        guard let markdown = describe(key: key, in: snapshot) else { return nil }
        return Hover(contents: MarkupContent(value: markdown), range: lspRange)
    }

    /// The kind of `key` as the tools see it: the kind a `$type` declares for it (SPEC §2),
    /// else its suffix's; nil for an untyped key.
    static func kind(of key: String, in theme: Theme?) -> ThemeValueKind? {
        (theme?.declaredKind(ofKey: key)?.kind ?? ValueKind.typed(forKey: key))?.kind
    }

    /// The `$description` and `$deprecated` of `file` that lie over `key` (its own, or a
    /// prefix's), nearest first: their values as written.
    static func notes(on key: String, in file: ThemeFile) -> [(DeclarationKind, String)] {
        file.declarations.compactMap { kind, entry -> (DeclarationKind, String, Int)? in
            guard kind != .type, case .string(let text) = entry.value else {
                if kind == .deprecated, case .bool(true) = entry.value {
                    let prefix = DeclarationKind.prefix(ofDeclaration: entry.key)
                    return Self.lies(key, under: prefix) ? (kind, "true", prefix.count) : nil
                }
                return nil
            }
            let prefix = DeclarationKind.prefix(ofDeclaration: entry.key)
            return Self.lies(key, under: prefix) ? (kind, text, prefix.count) : nil
        }
        .sorted { $0.2 > $1.2 }.map { ($0.0, $0.1) }
    }

    /// Whether `key` is `prefix` or lies under it (the empty prefix is the whole theme).
    static func lies(_ key: String, under prefix: String) -> Bool {
        prefix.isEmpty || key == prefix || key.hasPrefix(prefix + ".")
    }

    /// Markdown about a declaration key (`color.$type`, `color.$description`).
    static func describe(declaration key: String, kind: DeclarationKind, in snapshot: ThemeSnapshot) -> String {
        let prefix = DeclarationKind.prefix(ofDeclaration: key)
        let over = prefix.isEmpty ? "the whole theme" : "\(code(prefix)) and the keys under it"
        let written: String
        switch snapshot.file[key]?.value {
        case .string(let text): written = code(text)
        case .integer(let number): written = code(String(number))
        case .real(let number): written = code(String(number))
        case .bool(let flag): written = code(flag ? "true" : "false")
        case .nested, nil: written = "no value"
        }
        switch kind {
        case .type:
            let named = snapshot.file[key].flatMap { entry -> ValueKind? in
                guard case .string(let name) = entry.value else { return nil }
                return ValueKind.declared(named: name)
            }
            return "**\(code(key))** — declares the kind of \(over): "
                + (named.map { "\(code($0.kind.rawValue)) (\($0.expected))" } ?? "\(written), which names no kind")
        case .description: return "**\(code(key))** — describes \(over): \(written)"
        case .deprecated: return "**\(code(key))** — deprecates \(over): \(written)"
        }
    }

    /// The key an alias value names (`@name` or a bare key of the merged theme).
    func aliasTarget(_ text: String, in snapshot: ThemeSnapshot) -> String? {
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        guard !name.isEmpty, !ThemeName.isReserved(name) else { return nil }
        if let theme = snapshot.theme, theme.source(forKey: name) != nil { return name }
        return snapshot.file.contains(name) ? name : nil
    }

    /// Markdown about `key` in the snapshot's theme.
    func describe(key: String, in snapshot: ThemeSnapshot) -> String? {
        if ThemeName.isReserved(key) {
            return "**\(Self.code(key))** — reserved key of ThemeKit"
        }
        guard let theme = snapshot.theme else { return "**\(Self.code(key))** — the theme does not resolve" }
        if let declaration = DeclarationKind.of(key: key) {
            return Self.describe(declaration: key, kind: declaration, in: snapshot)
        }
        var kind = Self.kind(of: key, in: theme)?.rawValue ?? theme.kind(ofKey: key)?.rawValue ?? "untyped"
        if let declaredBy = theme.declaredKind(ofKey: key)?.declaredBy {
            kind += " (declared by \(Self.code(declaredBy)))"
        }
        var lines = ["**\(Self.code(key))** — \(kind)", ""]
        for (declaration, text) in Self.notes(on: key, in: snapshot.file) {
            lines.append(declaration == .deprecated ? "Deprecated: \(Self.code(text))" : Self.code(text))
            lines.append("")
        }
        guard let value = theme[key], let source = theme.source(forKey: key) else {
            lines.append("No value: see the diagnostics.")
            return lines.joined(separator: "\n")
        }
        if case .color(let color) = value {
            lines.append("\(Self.code(color.hexString)) \(Self.swatch(color))")
        } else {
            lines.append(Self.code(value.description))
        }
        lines.append("")
        let chain = theme.aliasChain(forKey: key)
        if !chain.isEmpty {
            // The links as the file writes them: `color.b` in a plist, `{color.b}` in DTCG.
            let links = chain.map { Self.code(source.syntax.link($0)) }
            lines.append("Alias chain: " + ([Self.code(key)] + links).joined(separator: " → "))
            lines.append("")
        }
        for link in [key] + chain {
            guard let written = theme.source(forKey: link)?.key else { continue }
            lines.append("- \(Self.code(link)) is written at \(place(written, snapshot: snapshot))")
        }
        lines.append("- the value is written at \(place(source.value, snapshot: snapshot))")
        return lines.joined(separator: "\n")
    }

    /// `file:line:column`, the file by name, saying when it is an ancestor's.
    private func place(_ location: SourceLocation, snapshot: ThemeSnapshot) -> String {
        let name = Workspace.fileName(of: location.file)
        let inherited = location.file == snapshot.path ? "" : " (inherited)"
        return "\(Self.code("\(name):\(location.line):\(location.column)"))\(inherited)"
    }

    /// Text as Markdown code, whatever backticks it holds.
    static func code(_ text: String) -> String {
        let visible = Escaping.visible(text)
        var fence = "`"
        while visible.contains(fence) { fence += "`" }
        let pad = visible.hasPrefix("`") || visible.hasSuffix("`") ? " " : ""
        return fence + pad + visible + pad + fence
    }

    /// A small square of the color, as an SVG image in a data URI (Markdown an editor may
    /// render; one that does not shows its alt text, the hex).
    static func swatch(_ color: ThemeColor) -> String {
        let hex = String(color.hexString.prefix(7))
        let svg =
            "<svg xmlns='http://www.w3.org/2000/svg' width='14' height='14'><rect width='14' height='14' fill='\(hex)' fill-opacity='\(color.alpha)' stroke='gray'/></svg>"
        return "![\(color.hexString)](data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString()))"
    }

    // MARK: Definition

    /// Where the alias, theme name or style under the cursor is defined: the key in the
    /// child-most theme that sets it, or the theme's file.
    func definition(_ snapshot: ThemeSnapshot?, position: Position) -> [Location] {
        guard let snapshot else { return [] }
        if let tokens = snapshot.tokens { return tokensDefinition(snapshot, tokens, position: position) }
        let offset = snapshot.text.offset(of: position, encoding: encoding)
        guard let (entry, inKey) = snapshot.file.entry(atOffset: offset), !inKey,
            case .string(let text) = entry.value
        else { return [] }
        if [ThemeName.inheritanceKey, ThemeName.darkThemeKey, ThemeName.lightThemeKey].contains(entry.key) {
            guard ThemeName.isValid(text) else { return [] }
            let target = ThemeLoader(directory: snapshot.folder).path(of: text)
            guard uris[target] != nil || FileManager.default.fileExists(atPath: target) else { return [] }
            let start = Position(line: 0, character: 0)
            return [Location(uri: uri(ofPath: target), range: LSPRange(start: start, end: start))]
        }
        if entry.key.hasSuffix(".INHERITED_STYLE") {
            return styleDefinition(text, in: snapshot).map { [$0] } ?? []
        }
        guard let key = aliasTarget(text, in: snapshot) else { return [] }
        // The child-most file of the lineage that sets the key.
        for file in lineageFiles(of: snapshot) {
            guard let found = file.file[key] else { continue }
            return location(of: found.keyRange, in: file.path).map { [$0] } ?? []
        }
        return []
    }

    /// The theme's files, child first, read as the snapshot reads them.
    private func lineageFiles(of snapshot: ThemeSnapshot) -> [(path: String, file: ThemeFile)] {
        var files = [(snapshot.path, snapshot.file)]
        var seen: Set<String> = [snapshot.path]
        var current = snapshot.file
        while let parent = current[ThemeName.inheritanceKey], case .string(let name) = parent.value,
            ThemeName.isValid(name)
        {
            let path = ThemeLoader(directory: snapshot.folder).path(of: name)
            guard seen.insert(path).inserted, case .success(let file) = snapshot.reader(path) else { break }
            files.append((path, file))
            current = file
        }
        return files
    }

    /// An LSP location of a byte range of the file at `path`.
    private func location(of range: SourceRange, in path: String) -> Location? {
        guard let text = text(ofPath: path) else { return nil }
        return Location(
            uri: uri(ofPath: path),
            range: LSPRange(
                start: text.position(atOffset: range.start, encoding: encoding),
                end: text.position(atOffset: range.end, encoding: encoding)))
    }

    /// The first key of style `style` (`[Container/]Style[:state].property`), in the
    /// child-most file of the lineage that has one.
    private func styleDefinition(_ style: String, in snapshot: ThemeSnapshot) -> Location? {
        for (path, file) in lineageFiles(of: snapshot) {
            for key in file.keys where Self.style(ofKey: key).map(String.init) == style {
                guard let entry = file[key] else { continue }
                return location(of: entry.keyRange, in: path)
            }
        }
        return nil
    }

    /// The style a styled key belongs to: `Bar/Button:disabled.textColor` → `Button`.
    static func style(ofKey key: String) -> Substring? {
        guard let dot = key.lastIndex(of: ".") else { return nil }
        var head = key[..<dot]
        if let slash = head.lastIndex(of: "/") { head = head[head.index(after: slash)...] }
        if let colon = head.firstIndex(of: ":") { head = head[..<colon] }
        return head.isEmpty ? nil : head
    }

    // MARK: Colors

    /// Every `…Color` key of the document with the color it resolves to, at its value.
    func documentColors(_ snapshot: ThemeSnapshot?) -> [ColorInformation] {
        guard let snapshot, let theme = snapshot.theme else { return [] }
        if let tokens = snapshot.tokens { return tokensColors(snapshot, tokens) }
        var colors: [ColorInformation] = []
        for entry in snapshot.file.document.entries where Self.kind(of: entry.key, in: theme) == .color {
            guard let color = theme.color(forKey: entry.key),
                let content = snapshot.text.content(ofElement: entry.valueRange.start..<entry.valueRange.end)
            else { continue }
            colors.append(
                ColorInformation(
                    range: LSPRange(
                        start: snapshot.text.position(atOffset: content.lowerBound, encoding: encoding),
                        end: snapshot.text.position(atOffset: content.upperBound, encoding: encoding)),
                    color: LSPColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)))
        }
        return colors
    }

    /// `color` written as the document writes its colors: with or without `#`, upper or
    /// lower case, alpha where the theme's alpha order puts it.
    func colorPresentations(_ snapshot: ThemeSnapshot?, color: LSPColor, range: LSPRange) -> [ColorPresentation] {
        guard let snapshot else { return [] }
        if snapshot.tokens != nil { return Self.tokensColorPresentation(color, range: range) }
        var hashes = 0
        var bare = 0
        var upper = 0
        var lower = 0
        for entry in snapshot.file.document.entries where Self.kind(of: entry.key, in: snapshot.theme) == .color {
            guard case .string(let text) = entry.value, ThemeColor(hex: text, alphaOrder: options.alphaOrder) != nil
            else { continue }
            if text.hasPrefix("#") { hashes += 1 } else { bare += 1 }
            if text.contains(where: { $0.isUppercase }) { upper += 1 }
            if text.contains(where: { $0.isLowercase }) { lower += 1 }
        }
        let text = Self.hex(
            color, hash: hashes >= bare, uppercase: upper > lower, alphaFirst: options.alphaOrder == .alphaFirst)
        return [ColorPresentation(label: text, textEdit: TextEdit(range: range, newText: text))]
    }

    /// A color as hex: 6 digits when opaque, else 8 with the alpha first or last.
    static func hex(_ color: LSPColor, hash: Bool, uppercase: Bool, alphaFirst: Bool) -> String {
        func byte(_ component: Double) -> String {
            let value = Int((min(max(component.isNaN ? 0 : component, 0), 1) * 255).rounded())
            let digits = String(value, radix: 16, uppercase: uppercase)
            return digits.count == 1 ? "0" + digits : digits
        }
        let rgb = byte(color.red) + byte(color.green) + byte(color.blue)
        let alpha = byte(color.alpha)
        let digits = alpha == byte(1) ? rgb : alphaFirst ? alpha + rgb : rgb + alpha
        return (hash ? "#" : "") + digits
    }

    // MARK: Completion

    /// Inside a `<string>`: the keys of the theme and its ancestors whose kind fits the key
    /// being edited (theme names for `INHERITED_THEME`, `DARK_THEME`, `LIGHT_THEME`); inside a
    /// `<key>`: the parent's keys this theme does not set yet.
    func completion(_ snapshot: ThemeSnapshot?, position: Position) -> CompletionList {
        // In a DTCG document, no completion yet: the plist's cursor contexts are XML's.
        guard let snapshot, snapshot.tokens == nil else { return CompletionList(items: []) }
        let offset = snapshot.text.offset(of: position, encoding: encoding)
        /// The edit that puts `text` in place of what was typed from `start` to the cursor.
        func edit(_ text: String, from start: Int) -> TextEdit {
            TextEdit(
                range: LSPRange(start: snapshot.text.position(atOffset: start, encoding: encoding), end: position),
                newText: text)
        }
        switch CursorContext(text: snapshot.text, offset: offset) {
        case .elsewhere:
            return CompletionList(items: [])
        case .value(let key, let prefix, let start):
            if [ThemeName.inheritanceKey, ThemeName.darkThemeKey, ThemeName.lightThemeKey].contains(key) {
                let names = ThemeLoader(directory: snapshot.folder).availableThemes()
                    .filter { $0 != snapshot.name && $0.hasPrefix(prefix) }
                return CompletionList(
                    items: names.map {
                        CompletionItem(
                            label: Escaping.visible($0), kind: .file, detail: "theme", textEdit: edit($0, from: start))
                    })
            }
            if DeclarationKind.of(key: key) == .type {
                // After `$type`: the kind names (SPEC §2).
                return CompletionList(
                    items: ValueKind.declaredNames.filter { $0.hasPrefix(prefix) }.map { name in
                        CompletionItem(
                            label: name, kind: .enumMember,
                            detail: ValueKind.declared(named: name).map { $0.kind.rawValue },
                            textEdit: edit(name, from: start))
                    })
            }
            let wanted = Self.kind(of: key, in: snapshot.theme)
            let marker = prefix.hasPrefix("@") ? "@" : ""
            let typed = marker.isEmpty ? prefix : String(prefix.dropFirst())
            var items: [CompletionItem] = []
            for candidate in mergedKeys(of: snapshot)
            where candidate != key && candidate.hasPrefix(typed) && DeclarationKind.of(key: candidate) == nil {
                let kind = Self.kind(of: candidate, in: snapshot.theme)
                guard wanted == nil || kind == wanted else { continue }
                items.append(
                    CompletionItem(
                        label: Escaping.visible(marker + candidate), kind: kind == .color ? .color : .constant,
                        detail: snapshot.theme?[candidate].map { Escaping.visible($0.description) },
                        textEdit: edit(marker + candidate, from: start)))
            }
            return CompletionList(items: items.sorted { $0.label < $1.label })
        case .key(let prefix, let start):
            guard let parent = parentTheme(of: snapshot) else { return CompletionList(items: []) }
            let own = Set(snapshot.file.keys)
            var items: [CompletionItem] = []
            for key in parent.values.keys where !own.contains(key) && key.hasPrefix(prefix) {
                items.append(
                    CompletionItem(
                        label: Escaping.visible(key), kind: .field,
                        detail: parent[key].map { Escaping.visible($0.description) },
                        textEdit: edit(key, from: start)))
            }
            return CompletionList(items: items.sorted { $0.label < $1.label })
        }
    }

    /// The keys of the merged theme, or of the document alone when it does not resolve.
    private func mergedKeys(of snapshot: ThemeSnapshot) -> [String] {
        var keys = Set(snapshot.file.keys.filter { !ThemeName.isReserved($0) })
        if let theme = snapshot.theme { keys.formUnion(theme.values.keys) }
        return Array(keys)
    }

    /// The merged theme of the snapshot's parent, loaded despite errors.
    private func parentTheme(of snapshot: ThemeSnapshot) -> Theme? {
        var parent = snapshot.theme?.parentName
        if let entry = snapshot.file[ThemeName.inheritanceKey], case .string(let name) = entry.value { parent = name }
        guard let name = parent, ThemeName.isValid(name) else { return nil }
        return ThemeLoader(directory: snapshot.folder, options: options).analyze(name, reader: snapshot.reader)
            .degradedTheme
    }
}

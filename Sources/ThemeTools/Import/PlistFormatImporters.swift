import ThemeKit

/// How a system reaches into nested dictionaries, for `ThemeFlattener`.
enum NestedKeys {
    /// `valueForKeyPath:`: `Section.key` (DB5, SwiftTheme).
    case keyPath
    /// The section's name dropped: `key` (Awful's `flatten`).
    case sectionNameDropped
}

/// The values of one source theme dictionary as flat keys, for the importers of systems
/// whose themes are dictionaries of scalars, nested dictionaries and (rarely) arrays.
struct ThemeFlattener {
    var nested: NestedKeys
    var format: ImportFormat
    /// Keys the importer reads itself (`parent`), not theme values.
    var skipped: Set<String> = []

    func flatten(
        _ node: ImportNode, into theme: inout SourceTheme, notes: inout [ImportNote], path: String = "",
        sourcePath: String
    ) {
        for member in node.members ?? [] where !(path.isEmpty && skipped.contains(member.key)) {
            let key: String
            switch nested {
            case .keyPath: key = path.isEmpty ? member.key : path + "." + member.key
            case .sectionNameDropped: key = member.key
            }
            let source = sourcePath.isEmpty ? member.key : sourcePath + "." + member.key
            add(member.node, key: key, source: source, into: &theme, notes: &notes)
        }
    }

    /// Writes a SwiftTheme font's size (`Name,size`, or a size alone) under the font's size
    /// key: an integer when it is a whole number, as the other size keys are.
    private func setSize(
        _ size: Double, ofFont key: String, source: String, at location: SourceLocation,
        into theme: inout SourceTheme, notes: inout [ImportNote]
    ) {
        let value = Int(exactly: size).map(FlatValue.integer) ?? .real(size)
        theme.set(ValueKind.sizeKey(ofFont: key), FlatEntry(value, source: source, at: location), notes: &notes)
    }

    func add(_ node: ImportNode, key: String, source: String, into theme: inout SourceTheme, notes: inout [ImportNote])
    {
        switch node.value {
        case .dict:
            flatten(node, into: &theme, notes: &notes, path: key, sourcePath: source)
        case .array(let items):
            if items.contains(where: { $0.members != nil || { if case .array = $0.value { true } else { false } }($0) })
            {
                notes.append(
                    ImportNote(
                        "'\(source)' is an array of dictionaries or arrays, which \(format.systemName) themes have no use for and a flat theme cannot hold: dropped",
                        at: node.location))
                return
            }
            notes.append(
                ImportNote("'\(source)' is an array: written as the indexed keys '\(key).0'…", at: node.location))
            for (index, item) in items.enumerated() {
                add(item, key: "\(key).\(index)", source: "\(source).\(index)", into: &theme, notes: &notes)
            }
        case .string(let text):
            var entry = FlatEntry(.string(text), source: source, at: node.location)
            if format == .swifttheme, text.hasPrefix("$") {
                // ThemeManager+Plist.swift `value(for:)`: `$keyPath` is the value at that path.
                entry.value = .string("@" + text.dropFirst())
                entry.sourceText = text
            } else if format == .swifttheme, ValueKind.typed(forKey: key) === ValueKind.font,
                let (name, size) = SwiftThemeImporter.font(text)
            {
                // ThemeManager+Plist.swift `font(from:)`: `Name,size` is the font `Name` at `size`.
                theme.set(key, FlatEntry(.string(name), source: source, at: node.location), notes: &notes)
                setSize(size, ofFont: key, source: source, at: node.location, into: &theme, notes: &notes)
                return
            } else if format == .swifttheme, ValueKind.typed(forKey: key) === ValueKind.font,
                let size = Double(text), size.isFinite, size > 0
            {
                // `font(from:)`: a number alone is the system font at that size.
                notes.append(
                    ImportNote(
                        "'\(source)' is '\(text)', SwiftTheme's system font at that size, which ThemeKit has no name for: only its size is written",
                        at: node.location))
                setSize(size, ofFont: key, source: source, at: node.location, into: &theme, notes: &notes)
                return
            }
            theme.set(key, entry, notes: &notes)
        case .integer, .real, .bool:
            if let scalar = node.scalar {
                theme.set(key, FlatEntry(scalar, source: source, at: node.location), notes: &notes)
            }
        case .date(let text):
            notes.append(ImportNote("'\(source)' is a date: kept as the plain string '\(text)'", at: node.location))
            theme.set(key, FlatEntry(.string(text), source: source, at: node.location), notes: &notes)
        case .data, .null:
            notes.append(
                ImportNote("'\(source)' is \(node.noun), which a theme cannot hold: dropped", at: node.location))
        }
    }
}

/// The root's members that are theme dictionaries; a member that is not one is noted.
private func themeMembers(_ root: ImportNode, format: ImportFormat, notes: inout [ImportNote]) -> [ImportMember] {
    (root.members ?? []).filter { member in
        guard member.node.members == nil else { return true }
        notes.append(
            ImportNote(
                "'\(member.key)' is \(member.node.noun), not a theme dictionary, which \(format.systemName) cannot load: dropped",
                at: member.keyLocation))
        return false
    }
}

/// `--from db5`: DB5's `DB5.plist` (VSThemeLoader.m): a dictionary of themes by name; the
/// theme whose name is `default` in any case is every other theme's parent (VSTheme.m
/// `objectForKey:` falls back to it); nested dictionaries are reached by key path.
enum DB5Importer {
    static func themes(_ root: ImportNode, file: String, notes: inout [ImportNote]) throws(ImportFailure)
        -> [SourceTheme]
    {
        let members = themeMembers(root, format: .db5, notes: &notes)
        let defaultName = members.first { $0.key.lowercased() == "default" }?.key
        let flattener = ThemeFlattener(nested: .keyPath, format: .db5)
        var themes = members.map { member in
            var theme = SourceTheme(
                name: member.key, at: member.keyLocation,
                parent: member.key == defaultName ? nil : defaultName)
            flattener.flatten(member.node, into: &theme, notes: &notes, sourcePath: member.key)
            return theme
        }
        // Size-class variants: apps built on DB5 read `key~regular` on a regular-width iPad
        // (Simplenote's VSTheme+Extensions `patchKey:forTraitsInView:`; forks read `~ipad`
        // and `~iphone` the same way), and `objectForKey:` falls back to the default theme:
        // a theme T's `k` in variant v is T's `k~v`, else Default's `k~v`, else T's `k`,
        // else Default's `k`. Each variant of a theme becomes a child theme `NAME~VARIANT`
        // (written `name-variant`) holding the theme's variant keys under their plain names.
        // Default's child inherits from Default. Another theme's child inherits from
        // Default's child of its variant, when there is one, and holds a copy of the theme's
        // own plain keys that Default's child does not override: the same four-step order,
        // and the output stays linear (each theme's keys are copied once per variant, and the
        // variants are the few fixed names below), where copying Default's variant keys into
        // every theme's child would make it themes × Default's variant keys.
        let variants = themes.map(splitVariants)
        let defaultVariants = variants.first { $0.name == defaultName }?.variants ?? [:]
        var children: [SourceTheme] = []
        for (index, split) in variants.enumerated() {
            themes[index].entries = split.plain
            let isDefault = split.name == defaultName
            let names = Set(split.variants.keys).union(isDefault ? [] : Set(defaultVariants.keys))
            for variant in names.sorted() {
                let own = split.variants[variant] ?? [:]
                var child = SourceTheme(
                    name: split.name + "~" + variant, at: themes[index].location, parent: split.name)
                if let defaultName, !isDefault, let fallback = defaultVariants[variant] {
                    child.parent = defaultName + "~" + variant
                    child.entries = split.plain.filter { fallback[$0.key] == nil }.merging(own) { _, own in own }
                } else {
                    child.entries = own
                }
                children.append(child)
            }
        }
        return themes + children
    }

    /// The size-class and device suffixes that DB5's descendants read (`key~regular`), each
    /// the name of a variant child theme; a key with any other `~suffix` stays a plain key.
    static let variantNames: Set<Substring> = ["regular", "compact", "ipad", "iphone"]

    /// A theme's entries without the `~variant` keys, and those keys by variant, each under
    /// its plain name.
    static func splitVariants(_ theme: SourceTheme) -> (
        name: String, plain: [String: FlatEntry], variants: [String: [String: FlatEntry]]
    ) {
        var plain: [String: FlatEntry] = [:]
        var variants: [String: [String: FlatEntry]] = [:]
        for (key, entry) in theme.entries {
            if let tilde = key.lastIndex(of: "~"), tilde != key.startIndex {
                let variant = key[key.index(after: tilde)...]
                if variantNames.contains(variant) {
                    variants[String(variant), default: [:]][String(key[..<tilde])] = entry
                    continue
                }
            }
            plain[key] = entry
        }
        return (theme.name, plain, variants)
    }
}

/// `--from swifttheme`: one SwiftTheme plist, one theme named after its file; nested
/// dictionaries are key paths (`Global.textColor`), and `$keyPath` is an alias
/// (ThemeManager+Plist.swift), written as ThemeKit's `@keyPath`.
enum SwiftThemeImporter {
    static func theme(_ root: ImportNode, file: String, notes: inout [ImportNote]) -> SourceTheme {
        var theme = SourceTheme(name: baseName(of: file), at: root.location)
        ThemeFlattener(nested: .keyPath, format: .swifttheme).flatten(root, into: &theme, notes: &notes, sourcePath: "")
        return theme
    }

    /// ThemeManager+Plist.swift `font(from:)`: a font written `Name,size` (exactly one comma,
    /// a size `Float` reads) is the font `Name` at that size; nil for any other text.
    static func font(_ text: String) -> (name: String, size: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let size = Double(parts[1]), size.isFinite, size > 0 else {
            return nil
        }
        return (String(parts[0]), size)
    }
}

/// `--from awful`: Awful's `Themes.plist` (Themes.swift): a dictionary of themes by name;
/// `parent` names a theme's parent, else `default` (which has none); nested dictionaries
/// are flattened and their names dropped; `keyboardAppearance` `dark` is what makes a theme
/// dark (`isDark`), and the app pairs `default` (light) with `dark`.
enum AwfulImporter {
    static func themes(_ root: ImportNode, file: String, notes: inout [ImportNote]) throws(ImportFailure)
        -> [SourceTheme]
    {
        let members = themeMembers(root, format: .awful, notes: &notes)
        let flattener = ThemeFlattener(nested: .sectionNameDropped, format: .awful, skipped: ["parent"])
        var themes = members.map { member in
            let parentNode = member.node["parent"]
            var parent = member.key == "default" ? nil : "default"
            if let node = parentNode {
                if let name = node.string {
                    parent = name
                } else {
                    notes.append(
                        ImportNote(
                            "'\(member.key).parent' is \(node.noun), not a theme name: ignored", at: node.location))
                }
            }
            var theme = SourceTheme(name: member.key, at: member.keyLocation, parent: parent)
            flattener.flatten(member.node, into: &theme, notes: &notes, sourcePath: member.key)
            return theme
        }
        // Appearance: the theme's own keyboardAppearance (inherited, as ThemeKit's APPEARANCE is).
        for index in themes.indices {
            guard case .string(let text) = themes[index].entries["keyboardAppearance"]?.value else { continue }
            switch text {
            case "Dark", "dark": themes[index].appearance = .dark
            case "Light", "light": themes[index].appearance = .light
            default: break
            }
        }
        // The app's default pair (Settings: defaultLightThemeName "default", defaultDarkThemeName "dark").
        if let light = themes.firstIndex(where: { $0.name == "default" }),
            let dark = themes.firstIndex(where: { $0.name == "dark" }), themes[dark].appearance == .dark
        {
            themes[light].partner = "dark"
            themes[dark].partner = "default"
        }
        return themes
    }
}

import ThemeKit

/// `--from brstyle`: BRStyle's JSON (`Blue-Rocket/BRStyle`, `BRUIStyle.m`,
/// `BRUIStyleSettings.m`), as one theme named after its file.
///
/// A style file (`styleWithJSONResource:`) holds the sections `colors`, `fonts` and
/// `controls`; their settings become flat keys (`primaryColor`, `actionFont` and
/// `actionFontSize` from `{"name", "size"}`). A style set (`stylesWithJSONResource:`) maps
/// names to such styles, each merged over `default`: `default`'s settings are the theme's
/// keys, and each other style's are the ThemeKit style of its name (SPEC §9), whose lookups
/// fall back to the theme's keys as BRStyle's merge does; a name `controls-dangerous|highlighted`
/// is the style `controls` in those control states (`controls:dangerous:highlighted.actionColor`).
/// Inside `controls`, a `…ControlSettings` dictionary of `<state>ColorSettings` is the style
/// of its name in each state (`normal` is no state).
enum BRStyleImporter {
    static let sections: Set<String> = ["colors", "fonts", "controls"]

    /// Whether `node` is one style: it has one of the sections.
    static func isStyle(_ node: ImportNode) -> Bool {
        node.members?.contains { sections.contains($0.key) } ?? false
    }

    static func theme(_ root: ImportNode, file: String, notes: inout [ImportNote]) -> SourceTheme {
        var theme = SourceTheme(name: baseName(of: file), at: root.location)
        if isStyle(root) {
            addStyle(root, prefix: "", source: "", into: &theme, notes: &notes)
            return theme
        }
        for member in root.members ?? [] {
            guard member.node.members != nil else {
                notes.append(
                    ImportNote(
                        "'\(member.key)' is \(member.node.noun), not a style, which BRStyle skips: dropped",
                        at: member.keyLocation))
                continue
            }
            let prefix = member.key == "default" ? "" : styleName(member.key) + "."
            addStyle(member.node, prefix: prefix, source: member.key, into: &theme, notes: &notes)
        }
        return theme
    }

    /// `controls-dangerous|highlighted` → `controls:dangerous:highlighted` (states in priority
    /// order), `bar-controls-highlighted` → `bar-controls:highlighted`: the states follow the
    /// last `-`, and `normal` is the base state, no state (`bar-controls-normal` →
    /// `bar-controls`); a name whose suffix holds anything but states stays as it is.
    static func styleName(_ name: String) -> String {
        guard let dash = name.lastIndex(of: "-"), dash != name.startIndex else { return name }
        let words = name[name.index(after: dash)...].split(separator: "|").map(String.init)
        guard !words.isEmpty, words.allSatisfy({ $0 == "normal" || ThemeState(rawValue: $0) != nil }) else {
            return name
        }
        let states = words.compactMap(ThemeState.init(rawValue:))
        return String(name[..<dash]) + Set(states).sorted().map { ":" + $0.rawValue }.joined()
    }

    static func addStyle(
        _ style: ImportNode, prefix: String, source: String, into theme: inout SourceTheme, notes: inout [ImportNote]
    ) {
        func path(_ parts: String...) -> String { ([source] + parts).filter { !$0.isEmpty }.joined(separator: ".") }
        for section in style.members ?? [] {
            guard sections.contains(section.key), let settings = section.node.members else {
                notes.append(
                    ImportNote(
                        "'\(path(section.key))' is not one of BRStyle's sections (colors, fonts, controls), which BRStyle does not read: dropped",
                        at: section.keyLocation))
                continue
            }
            for setting in settings {
                let sourcePath = path(section.key, setting.key)
                if setting.key.hasSuffix("ControlSettings") || setting.key.hasSuffix("ColorSettings") {
                    addStateSettings(setting, prefix: prefix, source: sourcePath, into: &theme, notes: &notes)
                    continue
                }
                add(setting.node, key: prefix + setting.key, source: sourcePath, into: &theme, notes: &notes)
            }
        }
    }

    /// `xControlSettings: {normalColorSettings: {…}, highlightedColorSettings: {…}}` → the
    /// style `x` (with `prefix`'s states) in each state.
    static func addStateSettings(
        _ setting: ImportMember, prefix: String, source: String, into theme: inout SourceTheme,
        notes: inout [ImportNote]
    ) {
        let name =
            setting.key.hasSuffix("ControlSettings")
            ? String(setting.key.dropLast("ControlSettings".count))
            : String(setting.key.dropLast("ColorSettings".count))
        guard setting.key.hasSuffix("ControlSettings") else {
            for color in setting.node.members ?? [] {
                add(
                    color.node, key: prefix + name + "." + color.key, source: source + "." + color.key, into: &theme,
                    notes: &notes)
            }
            return
        }
        for stateSettings in setting.node.members ?? [] {
            let stateName = String(stateSettings.key.dropLast("ColorSettings".count))
            let state = stateName == "normal" ? "" : ThemeState(rawValue: stateName).map { ":" + $0.rawValue } ?? nil
            guard stateSettings.key.hasSuffix("ColorSettings"), let state else {
                notes.append(
                    ImportNote(
                        "'\(source).\(stateSettings.key)' is not a control state BRStyle reads: dropped",
                        at: stateSettings.keyLocation))
                continue
            }
            for color in stateSettings.node.members ?? [] {
                add(
                    color.node, key: prefix + name + state + "." + color.key,
                    source: source + "." + stateSettings.key + "." + color.key, into: &theme, notes: &notes)
            }
        }
    }

    static func add(
        _ node: ImportNode, key: String, source: String, into theme: inout SourceTheme, notes: inout [ImportNote]
    ) {
        switch node.value {
        case .null:
            notes.append(
                ImportNote(
                    "'\(source)' is null: BRStyle keeps its built-in default, which the import does not know: dropped",
                    at: node.location))
        case .dict(let members) where ValueKind.typed(forKey: key) === ValueKind.font:
            // BRUIStyleSettings.m: {"name", "size"}; no name is the system font.
            let size = members.last { $0.key == "size" }?.node
            if let size {
                switch size.value {
                case .integer(let number):
                    theme.set(
                        ValueKind.sizeKey(ofFont: key),
                        FlatEntry(.integer(number), source: source + ".size", at: size.location),
                        notes: &notes)
                case .real(let number):
                    theme.set(
                        ValueKind.sizeKey(ofFont: key),
                        FlatEntry(.real(number), source: source + ".size", at: size.location),
                        notes: &notes)
                default:
                    notes.append(ImportNote("'\(source).size' is \(size.noun), not a size: dropped", at: size.location))
                }
            }
            if let name = members.last(where: { $0.key == "name" })?.node {
                if let text = name.string {
                    theme.set(key, FlatEntry(.string(text), source: source + ".name", at: name.location), notes: &notes)
                } else {
                    notes.append(
                        ImportNote("'\(source).name' is \(name.noun), not a font name: dropped", at: name.location))
                }
            } else {
                notes.append(
                    ImportNote(
                        "'\(source)' has no name: BRStyle uses the system font, which ThemeKit has no name for; only its size is written",
                        at: node.location))
            }
        case .string, .integer, .real, .bool:
            if let scalar = node.scalar {
                theme.set(key, FlatEntry(scalar, source: source, at: node.location), notes: &notes)
            }
        case .dict, .array, .data, .date:
            notes.append(
                ImportNote("'\(source)' is \(node.noun), which BRStyle has no setting for: dropped", at: node.location))
        }
    }

    /// `BRUIStyleSettings.m`: `#` optional, then the hex digits as one RGBA integer
    /// (`scanHexLongLong`, truncated to 32 bits, `colorWithRGBAInteger:`): `#ff0000ff` is opaque
    /// red, and fewer than eight digits are zero-filled on the left (`#ff0000` is 0x00ff0000).
    static func color(_ text: String) -> (color: ThemeColor, loss: String?)? {
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        let hex = digits.prefix { $0.isHexDigit }
        guard !hex.isEmpty else { return nil }
        let significant = hex.drop { $0 == "0" }
        let value = UInt32(truncatingIfNeeded: UInt64(significant.suffix(16), radix: 16) ?? 0)
        let eight = String(value, radix: 16)
        let padded = String(repeating: "0", count: 8 - eight.count) + eight
        guard let color = ThemeColor(hex: padded) else { return nil }
        var losses: [String] = []
        if hex.count != 8 { losses.append("BRStyle reads the digits as one RGBA number, 0x\(padded.uppercased())") }
        if hex.count != digits.count { losses.append("BRStyle stops at '\(digits.dropFirst(hex.count))'") }
        return (color, losses.isEmpty ? nil : losses.joined(separator: "; "))
    }
}

import ThemeKit

/// `--from motif`: Motif's JSON or YAML themes (`erichoracek/Motif`, `MTFThemeParser.m`), one
/// theme a file, named after it.
///
/// A root key `$name` is a constant (a flat key `name`); `.Name` is a class, whose
/// properties become the ThemeKit style `Name` (`Name.property`, SPEC §9), and whose
/// `_superclass: .Other` is the style's `INHERITED_STYLE`. A string `$name` is a reference to a
/// constant, written as ThemeKit's `@name`. Motif merges the files of a theme in order
/// (`themeFromFilesNamed:`), a later "mapping" file referring to an earlier file's
/// constants: a file that refers to constants it does not define inherits from the Motif
/// input given before it.
enum MotifImporter {
    static func theme(_ root: ImportNode, file: String, notes: inout [ImportNote]) -> SourceTheme {
        var theme = SourceTheme(name: baseName(of: file), at: root.location)
        var references: [(String, SourceLocation)] = []
        for member in root.members ?? [] {
            if member.key.hasPrefix("$"), member.key.count > 1 {
                add(
                    member.node, key: String(member.key.dropFirst()), source: member.key, into: &theme,
                    references: &references, notes: &notes)
            } else if member.key.hasPrefix("."), member.key.count > 1 {
                let style = String(member.key.dropFirst())
                guard let properties = member.node.members else {
                    notes.append(
                        ImportNote(
                            "'\(member.key)' is \(member.node.noun), not a class's properties, which Motif rejects: dropped",
                            at: member.node.location))
                    continue
                }
                for property in properties {
                    let source = member.key + "." + property.key
                    if property.key == "_superclass" {
                        if let text = property.node.string, text.hasPrefix("."), text.count > 1 {
                            theme.set(
                                style + ".INHERITED_STYLE",
                                FlatEntry(
                                    .string(String(text.dropFirst())), source: source, at: property.node.location),
                                notes: &notes)
                        } else {
                            notes.append(
                                ImportNote(
                                    "'\(source)' is not a class reference ('.Name'), which Motif rejects: dropped",
                                    at: property.node.location))
                        }
                        continue
                    }
                    add(
                        property.node, key: style + "." + property.key, source: source, into: &theme,
                        references: &references, notes: &notes)
                }
            } else {
                notes.append(
                    ImportNote(
                        "'\(member.key)' is neither a constant ('$name') nor a class ('.Name'), which Motif rejects: dropped",
                        at: member.keyLocation))
            }
        }
        var classes = Set<String>()
        for key in theme.entries.keys {
            if let dot = key.firstIndex(of: ".") { classes.insert(String(key[..<dot])) }
        }
        for (name, location) in references where theme.entries[name] == nil && theme.outsideNames[name] == nil {
            theme.outsideNames[name] = location
        }
        for (key, entry) in theme.entries.sorted(by: { $0.key < $1.key })
        where key.hasSuffix("." + ThemeStyle.inheritedStyleProperty) {
            if case .string(let parent) = entry.value, !classes.contains(parent),
                theme.outsideNames["style:" + parent] == nil
            {
                theme.outsideNames["style:" + parent] = entry.location
            }
        }
        return theme
    }

    /// What `theme` defines for other files of the import: its constants and its classes
    /// (`style:NAME`).
    static func definedNames(_ theme: SourceTheme) -> Set<String> {
        var names = Set<String>()
        for key in theme.entries.keys {
            if let dot = key.firstIndex(of: ".") {
                names.insert("style:" + key[..<dot])
            } else {
                names.insert(key)
            }
        }
        return names
    }

    /// Links the Motif files of one import into one chain, as Motif merges the files of a
    /// theme into one namespace (`themeFromFilesNamed:`): a file that refers to names it does
    /// not define comes after the files that define them (the last given, when two do, as a
    /// later file wins in Motif), and each file of the chain inherits from the one before it.
    /// A file that neither refers to another nor is referred to stays on its own. Linear in
    /// the files and their names: one depth-first walk.
    static func link(_ themes: inout [SourceTheme], files: [String]) {
        var definer: [String: Int] = [:]
        for index in themes.indices {
            for name in definedNames(themes[index]) { definer[name] = index }
        }
        var dependencies = [[Int]](repeating: [], count: themes.count)
        var inChain = [Bool](repeating: false, count: themes.count)
        for index in themes.indices {
            let found = Set(themes[index].outsideNames.keys.compactMap { definer[$0] }).subtracting([index])
            dependencies[index] = found.sorted()
            if !found.isEmpty { inChain[index] = true }
            for dependency in found { inChain[dependency] = true }
        }
        // Post-order, each file after what it depends on, in the order given; a cycle is
        // cut where it closes (0 unseen, 1 on the walk, 2 placed).
        var state = [UInt8](repeating: 0, count: themes.count)
        var chain: [Int] = []
        for start in themes.indices where inChain[start] && state[start] == 0 {
            var stack: [(index: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let (index, next) = stack.last {
                if next < dependencies[index].count {
                    stack[stack.count - 1].next += 1
                    let dependency = dependencies[index][next]
                    if state[dependency] == 0 {
                        state[dependency] = 1
                        stack.append((dependency, 0))
                    }
                } else {
                    stack.removeLast()
                    state[index] = 2
                    chain.append(index)
                }
            }
        }
        for (previous, index) in zip(chain, chain.dropFirst()) where themes[index].parent == nil {
            themes[index].parent = themes[previous].name
            themes[index].parentFile = files[previous]
        }
    }

    /// The names the Motif files of an import refer to that none of them defines, each where
    /// it is first referred to: Motif cannot build such a theme, and the import cannot keep
    /// what refers to them (the file that defines them was not given).
    static func undefinedNames(_ themes: [SourceTheme]) -> [ImportFailure] {
        var defined = Set<String>()
        for theme in themes { defined.formUnion(definedNames(theme)) }
        var failures: [ImportFailure] = []
        for theme in themes {
            for (name, location) in theme.outsideNames where !defined.contains(name) {
                let what =
                    name.hasPrefix("style:")
                    ? "the class '.\(name.dropFirst("style:".count))'" : "the constant '$\(name)'"
                failures.append(
                    ImportFailure(
                        "\(what) is defined in no file of this import: give the file that defines it too",
                        at: location))
            }
        }
        return failures
    }

    static func add(
        _ node: ImportNode, key: String, source: String, into theme: inout SourceTheme,
        references: inout [(String, SourceLocation)], notes: inout [ImportNote]
    ) {
        switch node.value {
        case .string(let text) where text.hasPrefix("$") && text.count > 1:
            let name = String(text.dropFirst())
            references.append((name, node.location))
            theme.set(key, FlatEntry(.string("@" + name), source: source, at: node.location), notes: &notes)
        case .string(let text) where text.hasPrefix(".") && text.count > 1 && !text.dropFirst().contains(" "):
            notes.append(
                ImportNote(
                    "'\(source)' is the class '\(text)', applied to a subview in Motif; ThemeKit has no class values: dropped",
                    at: node.location))
        case .string, .integer, .real, .bool:
            if let scalar = node.scalar {
                theme.set(key, FlatEntry(scalar, source: source, at: node.location), notes: &notes)
            }
        case .dict(let members):
            notes.append(
                ImportNote(
                    "'\(source)' is a dictionary, which Motif turns into a value by the property's type: written as the keys '\(key).…'",
                    at: node.location))
            for member in members {
                add(
                    member.node, key: key + "." + member.key, source: source + "." + member.key, into: &theme,
                    references: &references, notes: &notes)
            }
        case .array(let items):
            notes.append(
                ImportNote(
                    "'\(source)' is an array, which Motif turns into a value by the property's type: written as the keys '\(key).0'…",
                    at: node.location))
            for (index, item) in items.enumerated() {
                add(
                    item, key: "\(key).\(index)", source: "\(source).\(index)", into: &theme, references: &references,
                    notes: &notes)
            }
        case .null, .data, .date:
            notes.append(
                ImportNote("'\(source)' is \(node.noun), which a theme cannot hold: dropped", at: node.location))
        }
    }

    /// What `read(_:)` made of a color's text.
    enum ColorReading {
        case color(ThemeColor)
        /// A function whose component (as written) is `nan`, an infinity or out of a
        /// `Double`'s range: no color at all, never one made up from it.
        case nonFinite(String)
        case notAColor
    }

    /// `UIColor+HTMLColors` (`aut_colorWithCSS:`): `#RGB` and `#RRGGBB` (no alpha),
    /// `rgb(…)`/`rgba(…)` (components 0–255 or percentages, alpha 0–1), `hsl(…)`/`hsla(…)`.
    /// `transparent`, and the color names of its table (`MotifColorNames`), in any case.
    static func color(_ text: String) -> (color: ThemeColor, loss: String?)? {
        guard case .color(let color) = read(text) else { return nil }
        return (color, nil)
    }

    /// Reads a color as `color(_:)` says, telling a component that is not a finite number
    /// from text that is no color.
    static func read(_ text: String) -> ColorReading {
        let trimmed = text.trimmingXMLSpace()
        if trimmed.hasPrefix("#") {
            let digits = trimmed.dropFirst()
            guard digits.count == 3 || digits.count == 6, let color = ThemeColor(hex: trimmed) else {
                return .notAColor
            }
            return .color(color)
        }
        let lower = trimmed.lowercased()
        if lower == "transparent" { return .color(ThemeColor(red: 0, green: 0, blue: 0, alpha: 0)) }
        if let hex = MotifColorNames.hex[lower] { return ThemeColor(hex: hex).map(ColorReading.color) ?? .notAColor }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return .notAColor }
        let function = String(lower[..<open]).trimmingXMLSpace()
        let inside = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        let arguments: [String] = inside.split(separator: ",").map { String($0).trimmingXMLSpace() }
        switch (function, arguments.count) {
        case ("rgb", 3), ("hsl", 3), ("rgba", 4), ("hsla", 4): break
        default: return .notAColor
        }
        // Each component as a number (a percentage as its fraction): all must read, and
        // all must be finite; `Double` reads `nan`, `inf` and `1e999` (infinite) too.
        var numbers: [Double] = []
        for (index, argument) in arguments.enumerated() {
            let percent = argument.hasSuffix("%") && !(function.hasPrefix("hsl") && index == 0)
            guard let number = Double(percent ? String(argument.dropLast()) : argument) else { return .notAColor }
            numbers.append(percent ? number / 100 : number)
        }
        if let index = numbers.firstIndex(where: { !$0.isFinite }) { return .nonFinite(arguments[index]) }
        let alpha = numbers.count == 4 ? clamp(numbers[3]) : 1
        func component(_ index: Int, scale: Double) -> Double {
            arguments[index].hasSuffix("%") ? numbers[index] : numbers[index] / scale
        }
        if function.hasPrefix("rgb") {
            return .color(
                ThemeColor(
                    red: clamp(component(0, scale: 255)), green: clamp(component(1, scale: 255)),
                    blue: clamp(component(2, scale: 255)), alpha: alpha))
        }
        // CSS Color 3's HSL to RGB.
        let hue = numbers[0]
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let s = clamp(component(1, scale: 100))
        let l = clamp(component(2, scale: 100))
        let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
        let m1 = l * 2 - m2
        func channel(_ t: Double) -> Double {
            let h = t < 0 ? t + 1 : t > 1 ? t - 1 : t
            if h * 6 < 1 { return m1 + (m2 - m1) * h * 6 }
            if h * 2 < 1 { return m2 }
            if h * 3 < 2 { return m1 + (m2 - m1) * (2 / 3 - h) * 6 }
            return m1
        }
        return .color(ThemeColor(red: channel(h + 1 / 3), green: channel(h), blue: channel(h - 1 / 3), alpha: alpha))
    }

    static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
}

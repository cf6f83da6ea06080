import ThemeKit
import ThemeSupport

/// One theme's tokens as the DTCG export writes them (`DTCGExporter`): each key's token,
/// in DTCG's tree or in the `org.themekit` extension's, the declarations and the notes.
struct TokensDocumentBuilder {
    let theme: Theme
    let facts: DTCGThemeFacts
    /// Which reserved keys (`APPEARANCE`, `DARK_THEME`, `LIGHT_THEME`) are written.
    let reserved: Reserved

    /// The reserved keys a document holds.
    enum Reserved {
        /// All the theme has: a tokens file.
        case all
        /// `APPEARANCE` alone: a resolver document with the theme alone.
        case appearanceOnly
        /// None: a resolver document's light/dark modifier says them.
        case none
    }

    /// The most dotted segments a key may have: each is a level of JSON, and readers refuse
    /// JSON nested deeper than 128 (ThemeKit's among them), which a resolver document's
    /// inline sources reach a dozen levels down.
    static let maximumSegments = 100

    /// Each member list by key: a token's members (`$type`, `$value`), or a prefix's
    /// `$description` and `$deprecated`.
    typealias Members = [(String, JSONText)]

    /// What one theme gives.
    struct Output {
        /// DTCG's tokens, by key.
        var main: [String: Members] = [:]
        /// The tokens DTCG has no type for, by key (the extension's `tokens`).
        var extra: [String: Members] = [:]
        /// The theme's `$type` declarations: `P` → a kind's name.
        var declaredTypes: [String: String] = [:]
        /// The theme's `$description` and `$deprecated`, by `P`.
        var notes: [String: Members] = [:]
        /// The partner the theme names (`DARK_THEME` and its name), said in the extension.
        var partner: (key: String, name: String)?

        /// The document's members (a tokens file's, less `$schema`; an inline source's):
        /// the root's notes, the extension, then the groups and tokens.
        func document() -> Members {
            let tree = Node.tree(main)
            for (prefix, fields) in notes {
                let segments = prefix.isEmpty ? [] : prefix.split(separator: ".", omittingEmptySubsequences: false)
                tree.node(at: segments).fields += fields
            }
            var themekit: Members = []
            if !declaredTypes.isEmpty {
                themekit.append(
                    (
                        "declaredTypes",
                        .object(
                            declaredTypes.sorted { DTCGExporter.precedes($0.key, $1.key) }.map {
                                ($0.key, .string($0.value))
                            }
                        )
                    ))
            }
            if let partner { themekit.append(("partner", .object([(partner.key, .string(partner.name))]))) }
            if !extra.isEmpty { themekit.append(("tokens", Node.tree(extra).json())) }
            guard case .object(var members) = tree.json() else { return [] }
            let notesCount = members.prefix { $0.0.hasPrefix("$") && $0.0 != "$root" }.count
            members.insert(("$extensions", .object([(DTCGExporter.extensionKey, .object(themekit))])), at: notesCount)
            return members
        }

        /// What this theme and `other` write alike (`shared`), and what each writes that the
        /// other does not write alike.
        func split(against other: Output) -> (shared: Output, own: Output, other: Output) {
            var shared = Output()
            var own = Output()
            var theirs = Output()
            func same(_ lhs: Members, _ rhs: Members?) -> Bool {
                rhs.map { JSONText.object(lhs) == JSONText.object($0) } ?? false
            }
            for (key, token) in main {
                if same(token, other.main[key]) { shared.main[key] = token } else { own.main[key] = token }
            }
            for (key, token) in other.main where shared.main[key] == nil { theirs.main[key] = token }
            for (key, token) in extra {
                if same(token, other.extra[key]) { shared.extra[key] = token } else { own.extra[key] = token }
            }
            for (key, token) in other.extra where shared.extra[key] == nil { theirs.extra[key] = token }
            for (key, fields) in notes {
                if same(fields, other.notes[key]) { shared.notes[key] = fields } else { own.notes[key] = fields }
            }
            for (key, fields) in other.notes where shared.notes[key] == nil { theirs.notes[key] = fields }
            for (key, name) in declaredTypes {
                if other.declaredTypes[key] == name {
                    shared.declaredTypes[key] = name
                } else {
                    own.declaredTypes[key] = name
                }
            }
            for (key, name) in other.declaredTypes where shared.declaredTypes[key] == nil {
                theirs.declaredTypes[key] = name
            }
            return (shared, own, theirs)
        }
    }

    /// A group of the tree, and its token where a key names the group's path too.
    final class Node {
        var token: Members?
        var children: [String: Node] = [:]
        /// The group's `$description` and `$deprecated`.
        var fields: Members = []

        /// The tree of `tokens`, by their keys' segments.
        static func tree(_ tokens: [String: Members]) -> Node {
            let root = Node()
            for (key, token) in tokens {
                root.node(at: key.split(separator: ".", omittingEmptySubsequences: false)).token = token
            }
            return root
        }

        /// The node at `segments`, made where there is none.
        func node(at segments: [Substring]) -> Node {
            var node = self
            for segment in segments {
                let name = String(segment)
                if let child = node.children[name] {
                    node = child
                } else {
                    let child = Node()
                    node.children[name] = child
                    node = child
                }
            }
            return node
        }

        /// The node as JSON: a token alone, with its notes; else a group, its notes, its
        /// `$root` token, then its children sorted.
        func json() -> JSONText {
            let notes = fields.sorted { Self.order($0.0) < Self.order($1.0) }
            if children.isEmpty, let token { return .object(token + notes) }
            var members = notes
            if let token { members.append(("$root", .object(token))) }
            for name in children.keys.sorted(by: DTCGExporter.precedes) {
                if let child = children[name] { members.append((name, child.json())) }
            }
            return .object(members)
        }

        private static func order(_ field: String) -> Int { field == "$description" ? 0 : 1 }
    }

    func build() throws(ThemeExporter.ExportError) -> Output {
        let values = theme.values
        var unwritable: [ThemeExporter.ExportError.Unwritable] = []
        func refuse(_ key: String, _ what: String) {
            unwritable.append(.init(key: key, location: theme.source(forKey: key)?.key, what: what))
        }
        // Each key's DTCG type (nil: the extension's), its kind's name where DTCG has none.
        var types: [String: String?] = [:]
        for (key, value) in values {
            if let problem = Self.nameProblem(key) {
                refuse(key, problem)
                continue
            }
            if let number = ThemeExporter.nonFiniteNumber(in: value) {
                refuse(key, ThemeExporter.nonFiniteName(number))
                continue
            }
            // DTCG has no way to write a text that starts with `{` other than as a reference.
            if theme.source(forKey: key)?.aliasOf == nil, Self.text(of: value)?.hasPrefix("{") == true {
                refuse(key, "a string starting with '{' (read as a reference)")
                continue
            }
            types[key] = dtcgType(key, value)
        }
        var output = Output()
        for (key, value) in facts.declarations {
            guard let kind = DeclarationKind.of(key: key) else { continue }
            let prefix = DeclarationKind.prefix(ofDeclaration: key)
            switch kind {
            case .type:
                if case .string(let name) = value { output.declaredTypes[prefix] = name }
            case .description, .deprecated:
                if !prefix.isEmpty, let problem = Self.nameProblem(prefix) {
                    refuse(key, problem)
                    continue
                }
                let text: JSONText =
                    switch value {
                    case .bool(let flag) where kind == .deprecated: .bool(flag)
                    case .string(let text): .string(text)
                    case .bool(let flag): .string(flag ? "true" : "false")
                    case .integer(let number): .string(String(number))
                    case .real(let number): .string("\(number)")
                    case .nested: .string("")
                    }
                output.notes[prefix, default: []].append((kind.segment, text))
            }
        }
        unwritable.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        guard unwritable.isEmpty else {
            throw ThemeExporter.ExportError(format: "DTCG", collisions: [], unwritable: unwritable)
        }
        // Where each alias chain ends, and whether a key's token is the extension's: its own
        // value has no DTCG type, or a link of its chain is the extension's (a DTCG tool
        // would find the reference dangling). Each chain is walked once.
        var ends: [String: String] = [:]
        var extra: [String: Bool] = [:]
        func next(_ key: String) -> String? {
            guard let target = theme.source(forKey: key)?.aliasOf, types[target] != nil else { return nil }
            return target
        }
        for key in types.keys where ends[key] == nil {
            var path: [String] = []
            var current = key
            while ends[current] == nil, let target = next(current), path.count <= types.count {
                path.append(current)
                current = target
            }
            if ends[current] == nil {
                ends[current] = current
                extra[current] = (types[current] ?? nil) == nil
            }
            for link in path.reversed() {
                ends[link] = ends[current]
                extra[link] = (types[link] ?? nil) == nil || (extra[current] ?? false)
                current = link
            }
        }
        func typeName(_ key: String) -> String? {
            if let type = types[key] ?? nil { return type }
            return values[key].map(Self.themekitType)
        }
        for (key, value) in values {
            guard let type = types[key] else { continue }
            var members: Members = []
            if let target = next(key) {
                let end = ends[key] ?? target
                if let name = typeName(key), name == typeName(end) { members.append(("$type", .string(name))) }
                members.append(("$value", .string("{" + target + "}")))
            } else if let type {
                members = [("$type", .string(type)), ("$value", literal(key, value, type: type))]
            } else {
                members = [("$type", .string(Self.themekitType(value))), ("$value", Self.plain(value))]
            }
            if extra[key] ?? false { output.extra[key] = members } else { output.main[key] = members }
        }
        let appearance: Members = [("$type", .string("string")), ("$value", .string(theme.appearance.rawValue))]
        switch reserved {
        case .all:
            output.extra[ThemeName.appearanceKey] = appearance
            // A tokens file is one theme: the partner it would name is no theme of it (the
            // loader would say missing_partner). It is said for a person, not read back:
            // `dtcg-resolver` writes the pair.
            if let name = theme.partnerName {
                output.partner = (ThemeName.partnerKey(for: theme.appearance.opposite), name)
            }
        case .appearanceOnly:
            output.extra[ThemeName.appearanceKey] = appearance
        case .none: break
        }
        return output
    }

    /// What is wrong with `key` as a token path, if anything: DTCG's names are not empty,
    /// do not start with `$` and hold no `{` or `}`.
    static func nameProblem(_ key: String) -> String? {
        if key.isEmpty { return "an empty name" }
        var count = 0
        for segment in key.split(separator: ".", omittingEmptySubsequences: false) {
            count += 1
            if segment.isEmpty { return "an empty segment in its name" }
            if segment.hasPrefix("$") { return "a segment of its name starting with '$'" }
            if segment.contains("{") || segment.contains("}") { return "a '{' or '}' in its name" }
        }
        if count > maximumSegments {
            return "more than \(maximumSegments) segments, a group each (too deep for JSON readers)"
        }
        return nil
    }

    /// The declared kind's name over `key`, as the theme's files wrote it.
    private func declaredName(_ key: String) -> String? {
        guard let declaration = theme.declaredKind(ofKey: key)?.declaredBy,
            case .string(let name) = facts.declarations[declaration]
        else { return nil }
        return name
    }

    /// The DTCG type of `key`'s value, or nil when DTCG has none for it (an image, a
    /// string, a flag).
    private func dtcgType(_ key: String, _ value: ThemeValue) -> String? {
        switch value {
        case .color: return "color"
        case .font: return "fontFamily"
        case .size: return "dimension"
        case .image, .bool: return nil
        case .string: return declaredName(key) == "fontFamily" ? "fontFamily" : nil
        case .number(let number):
            switch theme.valueKind(ofKey: key)?.kind {
            case .length?, .size?: return "dimension"
            case .duration?: return "duration"
            default:
                return declaredName(key) == "fontWeight" && (1...1000).contains(number) ? "fontWeight" : "number"
            }
        }
    }

    /// The text a value is written as, for a name or a string.
    static func text(of value: ThemeValue) -> String? {
        switch value {
        case .string(let text), .image(let text): text
        case .font(let font): font.name
        case .color, .size, .number, .bool: nil
        }
    }

    /// The ThemeKit kind name of a value DTCG has no type for.
    static func themekitType(_ value: ThemeValue) -> String {
        switch value {
        case .image: "image"
        case .bool: "boolean"
        default: "string"
        }
    }

    /// A value of the extension as written.
    static func plain(_ value: ThemeValue) -> JSONText {
        switch value {
        case .bool(let flag): .bool(flag)
        case .image(let text), .string(let text): .string(text)
        case .font(let font): .string(font.name)
        case .color(let color): .string(color.hexString)
        case .size(let number), .number(let number): .number(number)
        }
    }

    /// `key`'s literal value as a value of DTCG type `type`.
    private func literal(_ key: String, _ value: ThemeValue, type: String) -> JSONText {
        switch (type, value) {
        case ("color", .color(let color)):
            if let source = facts.colors.color(forKey: key) { return Self.color(source) }
            return Self.color(color)
        case ("fontFamily", .font(let font)): return Self.family(font.name)
        case ("fontFamily", .string(let name)): return Self.family(name)
        case ("dimension", .size(let number)), ("dimension", .number(let number)):
            return .object([("value", .number(number)), ("unit", .string("px"))])
        case ("duration", .number(let seconds)):
            let milliseconds = seconds * 1000
            if milliseconds / 1000 == seconds, milliseconds.isFinite {
                return .object([("value", .number(milliseconds)), ("unit", .string("ms"))])
            }
            return .object([("value", .number(seconds)), ("unit", .string("s"))])
        default: return Self.plain(value)
        }
    }

    /// A font name as a `fontFamily` value: a list where the name lists several (`A, B`,
    /// which the reader joins back the same), else the name.
    static func family(_ name: String) -> JSONText {
        let names = name.components(separatedBy: ", ")
        return names.count > 1 ? .array(names.map(JSONText.string)) : .string(name)
    }

    /// A color as the DTCG file wrote it.
    static func color(_ color: TokenColor) -> JSONText {
        var members: Members = [
            ("colorSpace", .string(color.space.rawValue)),
            (
                "components",
                .array(
                    color.components.map {
                        switch $0 {
                        case .number(let number): .number(number)
                        case .missing: .string("none")
                        }
                    })
            ),
        ]
        if let alpha = color.alpha { members.append(("alpha", .number(alpha))) }
        if let hex = color.hex { members.append(("hex", .string(hex))) }
        return .object(members)
    }

    /// A theme's color in sRGB: its 8-bit components over 255, its alpha when not opaque, and
    /// its `hex`, which read back give the same color.
    static func color(_ color: ThemeColor) -> JSONText {
        let hex = Array(color.hexString.utf8.dropFirst())
        func byte(_ index: Int) -> Double {
            guard 2 * index + 1 < hex.count,
                let value = UInt8(String(decoding: hex[(2 * index)...(2 * index + 1)], as: UTF8.self), radix: 16)
            else { return 1 }
            return Double(value) / 255
        }
        var members: Members = [
            ("colorSpace", .string("srgb")),
            ("components", .array([.number(byte(0)), .number(byte(1)), .number(byte(2))])),
        ]
        if hex.count > 6 { members.append(("alpha", .number(byte(3)))) }
        members.append(("hex", .string("#" + String(decoding: hex.prefix(6), as: UTF8.self).lowercased())))
        return .object(members)
    }
}

extension DTCGExporter {
    /// The exporter's order of names: by Unicode scalars.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }
}

internal import ThemeSupport

/// One pass over a tokens file's JSON that makes its entries (`TokensReader`): groups in,
/// tokens out, each value read by its type. Linear in the file but for `$extends`, which
/// copies each base group once per group that extends it (the output's size).
struct TokensWalk {
    let root: JSONNode
    let text: SourceText
    let file: String
    let options: TokensReadOptions

    private(set) var entries: [TokenEntry] = []
    private(set) var errors: [Diagnostic] = []
    private(set) var notes: [Diagnostic] = []
    private(set) var colorSources: [String: TokenColor] = [:]
    private(set) var extensions: [String: JSONNode] = [:]
    /// The file a root `$extends` names (`{"$ref": "./base.tokens.json"}`), as written.
    private(set) var baseFile: String?

    /// Each token's type (declared, inherited, or a composite member's) and its path, in the
    /// order read (a later one of a path wins): indexed by path (`tokenTypes`) only when a
    /// reference's type is checked, so that a file with no reference (a palette) indexes none.
    private var typedTokens: [(path: String, type: String)] = []
    private var tokenTypes: [String: String] = [:]
    /// Each alias token's target, by path (to find the type of an untyped alias).
    private var aliasTargets: [String: String] = [:]
    /// Aliases in typed keys, checked against their target's type once every token is read.
    private var references: [(key: String, type: String, target: String, at: JSONLocation)] = []
    /// Every group of the file as written, by path (`$extends` names them): indexed at the
    /// first `$extends`, so that a file without one (most) pays nothing for it.
    private var groups: [String: JSONNode] = [:]
    private var groupsIndexed = false
    /// `$extends`: the members of each group once its base is merged in, and the groups
    /// being merged (a cycle's way back).
    private var merged: [String: [JSONMember]] = [:]
    private var merging: Set<String> = []
    /// Groups found in an `$extends` cycle (reported once): read with their own members.
    private var cyclic: Set<String> = []
    /// `child`'s indexes of large objects, by the object's offset.
    private var memberIndex: [Int: [String: JSONNode]] = [:]
    /// The token whose structured value (composite, cubicBezier, stroke style) is being
    /// read, its sub-keys (as suffixes: `.offsetX`, `.0.color`) and their types, by key.
    private var structuredRoot: String?
    private var subKeys: [String: [String]] = [:]
    private var subTypes: [String: String] = [:]
    /// Structured tokens of the other files of a resolver's theme, by path, which this
    /// file's references may name (`TokensReader.read(_:text:file:options:external:)`).
    var external: [String: TokenStructure] = [:]
    static let structured: Set<String> = [
        "cubicBezier", "strokeStyle", "typography", "shadow", "border", "transition", "gradient",
    ]

    init(root: JSONNode, text: SourceText, file: String, options: TokensReadOptions) {
        self.root = root
        self.text = text
        self.file = file
        self.options = options
    }

    /// The keys DTCG reserves on tokens and groups.
    static let reserved: Set<String> = [
        "$value", "$type", "$description", "$deprecated", "$extensions", "$extends", "$root", "$schema",
    ]

    mutating func run() {
        guard root.members != nil else {
            error(.tokenValue, "a tokens file is a JSON object, not \(root.kind)", at: root.location)
            return
        }
        let themekit = root["$extensions"]?[Self.themekitExtension]
        typesAreDeclarations = themekit == nil
        group(root, path: "", type: nil)
        if let themekit { readThemeKitExtension(themekit) }
        checkReferenceTypes()
        expandStructuredAliases()
    }

    // MARK: The org.themekit extension

    /// The root `$extensions` member `themekit export --format dtcg` writes: with it, the
    /// tokens' `$type`s are DTCG's (for other tools), and ThemeKit's own view is in it.
    static let themekitExtension = "org.themekit"

    /// Whether a `$type` written on a token or a group is a declaration (SPEC §2): it is
    /// not in a file ThemeKit exported, whose declarations are listed in its extension.
    private var typesAreDeclarations = true
    /// Whether the tokens read are the extension's, which may be of ThemeKit's own kinds
    /// (`image`, `string`, `boolean`).
    private var inThemeKitTokens = false

    /// Reads the extension: `declaredTypes` (`P` → a kind's name, `""` the whole file) as
    /// `P.$type` entries, located at each member, and `tokens` (what DTCG has no type for:
    /// images, strings, flags, the reserved `APPEARANCE`, `DARK_THEME` and `LIGHT_THEME`)
    /// as more of the file's tokens.
    private mutating func readThemeKitExtension(_ node: JSONNode) {
        for member in node["declaredTypes"]?.members ?? [] {
            guard let name = member.value.string else {
                wrongKind(
                    member.value, "'\(Escaping.visible(member.key))' in '\(Self.themekitExtension)' declaredTypes",
                    "not a kind's name")
                continue
            }
            emit(Self.join(member.key, "$type"), .string(name), member)
        }
        guard let tokens = node["tokens"], tokens.members != nil else { return }
        inThemeKitTokens = true
        group(tokens, path: "", type: nil)
        inThemeKitTokens = false
    }

    // MARK: Groups and tokens

    private mutating func indexGroups(_ node: JSONNode, path: String) {
        groups[path] = node
        for member in node.members ?? [] where !member.key.hasPrefix("$") {
            if let members = member.value.members, !members.contains(where: { $0.key == "$value" }) {
                indexGroups(member.value, path: Self.join(path, member.key))
            }
        }
    }

    static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }

    private mutating func group(_ node: JSONNode, path: String, type inherited: String?, depth: Int = 0) {
        // Copies made by `$extends` nest no deeper than the JSON itself may.
        guard depth <= options.maximumDepth else {
            error(
                .tokenReference, "groups nest deeper than \(options.maximumDepth) through '$extends'", at: node.location
            )
            return
        }
        let members = self.members(of: node, path: path)
        var type = inherited
        if let declared = members.last(where: { $0.key == "$type" }) {
            type = declaredType(declared, path: path) ?? inherited
        }
        for member in members {
            let name = member.key
            switch name {
            case "$type", "$extends", "$schema": continue
            case "$description", "$deprecated", "$extensions":
                metadata(member, path: path)
                continue
            case "$root":
                guard !path.isEmpty else {
                    error(
                        .tokenName, "'$root' names a group's own token; the file itself has none",
                        at: member.keyLocation)
                    continue
                }
                token(member.value, path: path, keyLocation: member.keyLocation, type: type)
                continue
            default: break
            }
            if name.hasPrefix("$") {
                if path.isEmpty {
                    note("'\(Escaping.visible(name))' is no DTCG member: skipped", at: member.keyLocation)
                } else {
                    error(
                        .tokenName, "'\(Escaping.visible(name))': names starting with '$' are DTCG's",
                        at: member.keyLocation)
                }
                continue
            }
            if let problem = Self.nameProblem(name) {
                error(.tokenName, problem, at: member.keyLocation)
                continue
            }
            let childPath = Self.join(path, name)
            guard let childMembers = member.value.members else {
                wrongKind(
                    member.value, "'\(Escaping.visible(childPath))'",
                    "neither a token (an object with '$value') nor a group")
                continue
            }
            if childMembers.contains(where: { $0.key == "$value" }) {
                token(member.value, path: childPath, keyLocation: member.keyLocation, type: type)
            } else {
                group(member.value, path: childPath, type: type, depth: depth + 1)
            }
        }
    }

    /// What is wrong with a token or group name, if anything.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a token or group name cannot be empty" }
        // An ASCII name (nearly all) is read as bytes, each a character: Foundation's
        // `contains`, three times a name, was a fifth of a large file's reading.
        var found: (open: Bool, close: Bool, dot: Bool) = (false, false, false)
        var isASCII = true
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "{"): found.open = true
            case UInt8(ascii: "}"): found.close = true
            case UInt8(ascii: "."): found.dot = true
            case 0x80...: isASCII = false
            default: continue
            }
        }
        let bad: String?
        if isASCII {
            bad = found.open ? "{" : found.close ? "}" : found.dot ? "." : nil
        } else {
            bad = ["{", "}", "."].first { name.contains($0) }
        }
        return bad.map { "'\(Escaping.visible(name))': a token or group name cannot contain '\($0)'" }
    }

    /// `body` of `text`'s bytes when `text` is ASCII, so that its bytes are its characters
    /// (but for CR LF, which no check here looks at); nil when it is not, or when its bytes are
    /// not in one piece (a bridged string), for the caller to ask `String` instead.
    private static func ascii<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let scanned: Result?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte >= 0x80 { return nil }
            return body(bytes)
        }
        return scanned ?? nil
    }

    /// `text.hasPrefix("{")`, read as a byte when `text` is ASCII.
    static func startsWithBrace(_ text: String) -> Bool {
        ascii(text) { $0.first == UInt8(ascii: "{") } ?? text.hasPrefix("{")
    }

    /// `text.contains("{")`, read as bytes when `text` is ASCII.
    static func containsBrace(_ text: String) -> Bool {
        ascii(text) { $0.contains(UInt8(ascii: "{")) } ?? text.contains("{")
    }

    /// `$type`'s value, with its entry written, or nil when it is not a string.
    private mutating func declaredType(_ member: JSONMember, path: String) -> String? {
        guard let type = member.value.string else {
            mismatch(member.value, key: "$type", expected: "a type name")
            return nil
        }
        if !Self.knownTypes.contains(type), !(inThemeKitTokens && ValueKind.declared(named: type) != nil) {
            note("'\(Escaping.visible(type))' is no DTCG type: values are kept as written", at: member.value.location)
        }
        if typesAreDeclarations { emit(Self.join(path, "$type"), .string(type), member) }
        return type
    }

    static let knownTypes: Set<String> = [
        "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number", "strokeStyle",
        "border", "transition", "shadow", "gradient", "typography",
    ]

    private mutating func metadata(_ member: JSONMember, path: String) {
        switch member.key {
        case "$extensions":
            extensions[path] = member.value
        case "$description":
            guard let text = member.value.string else {
                mismatch(member.value, key: "$description", expected: "a string")
                return
            }
            emit(Self.join(path, "$description"), .string(text), member)
        default:  // $deprecated
            switch member.value.value {
            case .bool(let flag): emit(Self.join(path, "$deprecated"), .bool(flag), member)
            case .string(let text): emit(Self.join(path, "$deprecated"), .string(text), member)
            default:
                mismatch(member.value, key: "$deprecated", expected: "a boolean or a string")
            }
        }
    }

    private mutating func token(_ node: JSONNode, path: String, keyLocation: JSONLocation, type inherited: String?) {
        var type = inherited
        for member in node.members ?? [] {
            switch member.key {
            case "$value": continue
            case "$type": type = declaredType(member, path: path) ?? inherited
            case "$description", "$deprecated", "$extensions": metadata(member, path: path)
            case "$extends":
                error(.tokenReference, "a token cannot '$extends': only groups do", at: member.value.location)
            default:
                error(
                    .tokenName,
                    "'\(Escaping.visible(member.key))' inside token '\(Escaping.visible(path))': a token holds only '$' members",
                    at: member.keyLocation)
            }
        }
        guard let value = node["$value"], let member = node.members?.last(where: { $0.key == "$value" }) else { return }
        if let type { typedTokens.append((path, type)) }
        read(value, key: path, type: type, keyLocation: keyLocation, valueLocation: member.value.location)
    }

    // MARK: Values

    /// Reads `node` as a value of `type` into the entry `key` (and its sub-keys).
    private mutating func read(
        _ written: JSONNode, key: String, type: String?, keyLocation: JSONLocation, valueLocation: JSONLocation
    ) {
        if let target = wholeValuePointer(written) ?? Self.curlyReference(written) {
            emit(key, .string("@" + target), keyOffset: keyLocation.offset, valueOffset: written.location.offset)
            aliasTargets[key] = target
            if let type { references.append((key, type, target, written.location)) }
            return
        }
        guard let node = resolve(written) else { return }
        let opens = structuredRoot == nil && Self.structured.contains(type ?? "")
        if opens { structuredRoot = key }
        defer { if opens { structuredRoot = nil } }
        if case .string(let text) = node.value, Self.startsWithBrace(text) {
            error(
                .tokenReference, "'\(Escaping.visible(text))' is no reference: write '{group.token}'",
                at: node.location)
            return
        }
        if case .string(let text) = node.value, Self.containsBrace(text) {
            note(
                "'\(Escaping.visible(text))' is not a reference (one '{path}' alone is): kept as text",
                at: node.location)
        }
        let at = (keyLocation, valueLocation)
        switch type {
        case "color"?: color(node, key: key, at: at)
        case "dimension"?: dimension(node, key: key, at: at)
        case "duration"?: duration(node, key: key, at: at)
        case "number"?:
            guard let number = node.number else { return mismatch(node, key: key, expected: "a number") }
            emit(key, Self.number(number), at)
        case "fontFamily"?: fontFamily(node, key: key, at: at)
        case "fontWeight"?: fontWeight(node, key: key, at: at)
        case "cubicBezier"?: cubicBezier(node, key: key, at: at)
        case "strokeStyle"?: strokeStyle(node, key: key, at: at)
        case "typography"?, "shadow"?, "border"?, "transition"?, "gradient"?:
            composite(node, key: key, type: type ?? "", at: at)
        default:
            switch node.value {
            case .string(let text): emit(key, .string(text), at)
            case .integer(let number): emit(key, .integer(number), at)
            case .real(let number): emit(key, .real(number), at)
            case .bool(let flag): emit(key, .bool(flag), at)
            case .null, .array, .object:
                if type == nil {
                    error(
                        .tokenValue,
                        "'\(Escaping.visible(key))' is \(node.kind) with no '$type' on it or its groups",
                        at: node.location)
                } else {
                    note(
                        "'\(Escaping.visible(key))' is \(node.kind) of a type ThemeKit does not know: skipped",
                        at: node.location)
                }
            }
        }
    }

    /// A `.tokenValue` error at `node`: `key`'s value is `node`'s kind, not what was `expected`.
    private mutating func mismatch(_ node: JSONNode, key: String, expected: String) {
        wrongKind(node, "'\(Escaping.visible(key))'", "not \(expected)")
    }

    /// A `.tokenValue` error at `node`: "`subject` is" `node`'s kind, then `expected` ("not a
    /// string", "neither a token … nor a group").
    private mutating func wrongKind(_ node: JSONNode, _ subject: String, _ expected: String) {
        error(.tokenValue, "\(subject) is \(node.kind), \(expected)", at: node.location)
    }

    /// `{a.b}` alone: the path it names.
    static func curlyReference(_ node: JSONNode) -> String? {
        guard let text = node.string else { return nil }
        // Bytes are characters: no string is searched, and only a reference is copied.
        let read: String?? = ascii(text) { bytes in
            guard bytes.count > 2, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}") else {
                return nil
            }
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1])
            guard !inner.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        if let read { return read }
        guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    static func number(_ number: Double) -> PropertyListValue {
        if let whole = Int(exactly: number) { return .integer(whole) }
        return .real(number)
    }

    // MARK: Colors

    private mutating func color(
        _ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)
    ) {
        if let text = node.string {
            guard ThemeColor(hex: text) != nil, text.hasPrefix("#") else {
                return mismatch(node, key: key, expected: "a color")
            }
            note("'\(Escaping.visible(key))': a hex string; DTCG 2025.10 writes a color object", at: node.location)
            emit(key, .string(text), at)
            return
        }
        guard node.members != nil else { return mismatch(node, key: key, expected: "a color object") }
        let spaceNode = member(node, "colorSpace")
        let componentsNode = member(node, "components")
        let alphaNode = member(node, "alpha")
        let hexNode = member(node, "hex")
        if let space = spaceNode?.string, TokenColorSpace.named(space) == nil {
            error(
                .tokenValue, "'\(Escaping.visible(key))': \(TokenColorError.unknownColorSpace(space).message)",
                at: spaceNode?.location ?? node.location)
            return
        }
        guard let space = spaceNode?.string else {
            error(
                .tokenValue, "'\(Escaping.visible(key))': a color needs a 'colorSpace' string",
                at: (spaceNode ?? node).location)
            return
        }
        extraMembers(node, known: ["colorSpace", "components", "alpha", "hex"], key: key, what: "color")
        guard let items = componentsNode?.elements else {
            error(
                .tokenValue, "'\(Escaping.visible(key))': a color needs a 'components' array",
                at: (componentsNode ?? node).location)
            return
        }
        var itemNodes: [JSONNode] = []
        var components: [TokenColorComponent?] = []
        itemNodes.reserveCapacity(items.count)
        components.reserveCapacity(items.count)
        for item in items {
            let resolved = resolve(item) ?? item
            itemNodes.append(resolved)
            if let number = resolved.number {
                components.append(.number(number))
            } else if let keyword = resolved.string {
                components.append(TokenColorComponent(keyword: keyword))
            } else {
                components.append(nil)
            }
        }
        var alpha: Double?
        if let alphaNode {
            guard let number = alphaNode.number else {
                error(
                    .tokenValue, "'\(Escaping.visible(key))': alpha is \(alphaNode.kind), not a number",
                    at: alphaNode.location)
                return
            }
            alpha = number
        }
        var hex: String?
        if let hexNode {
            guard let text = hexNode.string else {
                error(
                    .tokenValue, "'\(Escaping.visible(key))': hex is \(hexNode.kind), not a string",
                    at: hexNode.location)
                return
            }
            hex = text
        }
        let (color, problems) = TokenColor.validated(space: space, components: components, alpha: alpha, hex: hex)
        for problem in problems {
            let place: JSONNode? =
                switch problem.member {
                case .colorSpace: spaceNode
                case .components: componentsNode
                case .component(let index): index < itemNodes.count ? itemNodes[index] : componentsNode
                case .alpha: alphaNode
                case .hex: hexNode
                }
            error(.tokenValue, "'\(Escaping.visible(key))': \(problem.message)", at: (place ?? node).location)
        }
        guard problems.isEmpty, let color else { return }
        let conversion = color.converted()
        if conversion.wasOutOfGamut {
            note(
                "'\(Escaping.visible(key))' is outside sRGB: mapped into its gamut as \(conversion.color.hexString)",
                at: node.location)
        }
        colorSources[key] = color
        emit(key, .string(conversion.color.hexString), at)
    }

    // MARK: Numbers with units

    /// A `{value, unit}` object's number and unit (a string `12px` read with a note).
    private mutating func measure(_ node: JSONNode, key: String, what: String) -> (Double, String)? {
        if let text = node.string, let split = Self.splitUnit(text) {
            note(
                "'\(Escaping.visible(key))': '\(Escaping.visible(text))' is a string; DTCG writes a \(what) as {\"value\", \"unit\"}",
                at: node.location)
            return split
        }
        guard node.members != nil else {
            mismatch(node, key: key, expected: "a \(what) ({\"value\", \"unit\"})")
            return nil
        }
        let valueNode = member(node, "value")
        let unitNode = member(node, "unit")
        guard let number = valueNode?.number else {
            error(
                .tokenValue, "'\(Escaping.visible(key))': a \(what) needs a number 'value'",
                at: (valueNode ?? node).location)
            return nil
        }
        guard let unit = unitNode?.string else {
            error(
                .tokenValue, "'\(Escaping.visible(key))': a \(what) needs a 'unit' string",
                at: (unitNode ?? node).location)
            return nil
        }
        extraMembers(node, known: ["value", "unit"], key: key, what: what)
        return (number, unit)
    }

    /// A note at each member of a value object that its type does not have.
    /// `known` is a few names, compared one by one: a set made for each value was a tenth of
    /// reading a color.
    private mutating func extraMembers(_ node: JSONNode, known: [String], key: String, what: String) {
        for member in node.members ?? [] where !known.contains(member.key) {
            note(
                "'\(Escaping.visible(key))': '\(Escaping.visible(member.key))' is no member of a \(what): ignored",
                at: member.value.location)
        }
    }

    /// Where a measure's unit is written (the value itself for `12px`).
    private static func unitLocation(_ node: JSONNode) -> JSONLocation {
        node["unit"]?.location ?? node.location
    }

    /// `12px`, `1.5rem`, `-2em`: the number and the unit after it.
    static func splitUnit(_ text: String) -> (Double, String)? {
        guard let end = text.firstIndex(where: { !("0"..."9").contains($0) && $0 != "." && $0 != "-" && $0 != "+" }),
            end != text.startIndex, let number = Double(text[..<end])
        else { return nil }
        return (number, String(text[end...]))
    }

    private mutating func dimension(_ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)) {
        if let number = node.number {
            note(
                "'\(Escaping.visible(key))': a bare number; DTCG writes {\"value\", \"unit\": \"px\"}",
                at: node.location)
            emit(key, Self.number(number), at)
            return
        }
        guard let (number, unit) = measure(node, key: key, what: "dimension") else { return }
        switch unit {
        case "px":
            emit(key, Self.number(number), at)
        case "rem":
            let pixels = number * options.pixelsPerRem
            note(
                "'\(Escaping.visible(key))': \(ThemeValue.text(of: number))rem read as \(ThemeValue.text(of: pixels))px "
                    + "(\(ThemeValue.text(of: options.pixelsPerRem))px a rem)", at: node.location)
            emit(key, Self.number(pixels), at)
        default:
            note(
                "'\(Escaping.visible(key))': unit '\(Escaping.visible(unit))' is not DTCG's (px or rem): the number is kept",
                at: Self.unitLocation(node))
            emit(key, Self.number(number), at)
        }
    }

    private mutating func duration(_ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)) {
        guard let (number, unit) = measure(node, key: key, what: "duration") else { return }
        switch unit {
        case "ms": emit(key, Self.number(number / 1000), at)
        case "s": emit(key, Self.number(number), at)
        default:
            error(
                .tokenValue,
                "'\(Escaping.visible(key))': a duration's unit is 'ms' or 's', not '\(Escaping.visible(unit))'",
                at: Self.unitLocation(node))
        }
    }

    // MARK: Fonts and curves

    private mutating func fontFamily(_ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)) {
        if let name = node.string {
            emit(key, .string(name), at)
        } else if let items = node.elements, !items.isEmpty {
            let names = items.compactMap { (resolve($0) ?? $0).string }
            guard names.count == items.count else {
                return mismatch(node, key: key, expected: "a font name or a list of names")
            }
            emit(key, .string(names.joined(separator: ", ")), at)
        } else {
            mismatch(node, key: key, expected: "a font name or a list of names")
        }
    }

    /// The fontWeight keywords and their numbers (DTCG 2025.10 §8.4).
    static let fontWeights: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
        "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]

    private mutating func fontWeight(_ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)) {
        if let number = node.number, number >= 1, number <= 1000 {
            emit(key, Self.number(number), at)
        } else if let word = node.string, let number = Self.fontWeights[word] {
            emit(key, .integer(number), at)
        } else {
            mismatch(node, key: key, expected: "a weight from 1 to 1000 or a keyword (thin … extra-black)")
        }
    }

    private mutating func cubicBezier(_ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)) {
        guard let items = node.elements, items.count == 4 else {
            return mismatch(node, key: key, expected: "an array of 4 numbers")
        }
        for (index, name) in ["x1", "y1", "x2", "y2"].enumerated() {
            let item = items[index]
            let subKey = Self.join(key, name)
            emit(
                Self.join(subKey, "$type"), .string("number"), keyOffset: at.0.offset, valueOffset: item.location.offset
            )
            if Self.curlyReference(item) != nil {
                read(item, key: subKey, type: "number", keyLocation: at.0, valueLocation: item.location)
                continue
            }
            guard let number = (resolve(item) ?? item).number else {
                return mismatch(item, key: subKey, expected: "a number")
            }
            if index % 2 == 0, !(0...1).contains(number) {
                error(
                    .tokenValue, "'\(Escaping.visible(subKey))' is \(ThemeValue.text(of: number)); x is from 0 to 1",
                    at: item.location)
                continue
            }
            emit(subKey, Self.number(number), keyOffset: at.0.offset, valueOffset: item.location.offset)
        }
    }

    static let strokeKeywords: Set<String> = [
        "solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset",
    ]

    private mutating func strokeStyle(_ node: JSONNode, key: String, at: (JSONLocation, JSONLocation)) {
        if let word = node.string {
            guard Self.strokeKeywords.contains(word) else {
                return mismatch(node, key: key, expected: "a stroke style (solid, dashed, …)")
            }
            emit(key, .string(word), at)
            return
        }
        guard node.members != nil, let dashes = member(node, "dashArray")?.elements,
            let cap = member(node, "lineCap")
        else {
            return mismatch(node, key: key, expected: "a stroke style keyword or {\"dashArray\", \"lineCap\"}")
        }
        extraMembers(node, known: ["dashArray", "lineCap"], key: key, what: "stroke style")
        for (index, dash) in dashes.enumerated() {
            let subKey = Self.join(Self.join(key, "dashArray"), String(index))
            emit(
                Self.join(subKey, "$type"), .string("dimension"), keyOffset: dash.location.offset,
                valueOffset: dash.location.offset)
            read(dash, key: subKey, type: "dimension", keyLocation: dash.location, valueLocation: dash.location)
        }
        guard let capWord = cap.string, ["round", "butt", "square"].contains(capWord) else {
            return mismatch(cap, key: Self.join(key, "lineCap"), expected: "round, butt or square")
        }
        emit(
            Self.join(key, "lineCap"), .string(capWord), keyOffset: cap.location.offset,
            valueOffset: cap.location.offset)
    }

    // MARK: Composites

    /// Each composite's members: name, type, required.
    static let compositeMembers: [String: [(String, String?, Bool)]] = [
        "typography": [
            ("fontFamily", "fontFamily", true), ("fontSize", "dimension", true), ("fontWeight", "fontWeight", true),
            ("letterSpacing", "dimension", true), ("lineHeight", "number", true),
        ],
        "shadow": [
            ("color", "color", true), ("offsetX", "dimension", true), ("offsetY", "dimension", true),
            ("blur", "dimension", true), ("spread", "dimension", true), ("inset", nil, false),
        ],
        "border": [("color", "color", true), ("width", "dimension", true), ("style", "strokeStyle", true)],
        "transition": [
            ("duration", "duration", true), ("delay", "duration", true), ("timingFunction", "cubicBezier", true),
        ],
        "gradient": [("color", "color", true), ("position", "number", true)],
    ]

    private mutating func composite(_ node: JSONNode, key: String, type: String, at: (JSONLocation, JSONLocation)) {
        // A shadow is one object or a list; a gradient always a list of stops.
        if type == "shadow" || type == "gradient", let items = node.elements {
            for (index, item) in items.enumerated() {
                let itemKey = Self.join(key, String(index))
                guard let resolved = Self.curlyReference(item) == nil ? resolve(item) : item else { continue }
                if Self.curlyReference(resolved) != nil {
                    read(
                        resolved, key: itemKey, type: type, keyLocation: resolved.location,
                        valueLocation: resolved.location)
                } else {
                    compositeObject(resolved, key: itemKey, type: type)
                }
            }
            return
        }
        if type == "gradient" { return mismatch(node, key: key, expected: "a list of gradient stops") }
        compositeObject(node, key: key, type: type)
    }

    private mutating func compositeObject(_ node: JSONNode, key: String, type: String) {
        guard let members = node.members, let known = Self.compositeMembers[type] else {
            return mismatch(node, key: key, expected: "a \(type) object")
        }
        for (name, memberType, required) in known {
            guard let member = members.last(where: { $0.key == name }) else {
                if required {
                    error(.tokenValue, "'\(Escaping.visible(key))': a \(type) needs '\(name)'", at: node.location)
                }
                continue
            }
            let subKey = Self.join(key, name)
            var readType = memberType
            if type == "typography", name == "lineHeight", Self.curlyReference(member.value) == nil,
                member.value.members != nil || member.value.string != nil
            {
                note(
                    "'\(Escaping.visible(subKey))': a lineHeight is a number (a factor), not a dimension",
                    at: member.value.location)
                readType = "dimension"
            }
            if let readType {
                typedTokens.append((subKey, readType))
                emit(Self.join(subKey, "$type"), .string(readType), member)
            }
            read(
                member.value, key: subKey, type: readType, keyLocation: member.keyLocation,
                valueLocation: member.value.location)
        }
        for member in members where !known.contains(where: { $0.0 == member.key }) {
            note(
                "'\(Escaping.visible(key))': '\(Escaping.visible(member.key))' is no member of a \(type): kept untyped",
                at: member.value.location)
            let subKey = Self.join(key, member.key)
            read(
                member.value, key: subKey, type: nil, keyLocation: member.keyLocation,
                valueLocation: member.value.location)
        }
    }

    // MARK: References

    /// The member `name` of an object, its `$ref` followed.
    private mutating func member(_ node: JSONNode, _ name: String) -> JSONNode? {
        guard let found = node[name] else { return nil }
        return resolve(found)
    }

    /// `{"$ref": "#/a/b/$value"}` naming a token's whole value: the token's path.
    private mutating func wholeValuePointer(_ node: JSONNode) -> String? {
        guard let pointer = node["$ref"]?.string, node.members?.count == 1,
            let segments = Self.segments(of: pointer), segments.last == "$value"
        else { return nil }
        let path = segments.dropLast()
        guard let token = follow(Array(path)), token.members?.contains(where: { $0.key == "$value" }) == true else {
            return nil
        }
        return path.filter { $0 != "$root" }.joined(separator: ".")
    }

    /// `node` with its `$ref`s followed within the file; nil (and an error) when one names
    /// nothing, names another file or leads back to itself.
    private mutating func resolve(_ node: JSONNode) -> JSONNode? {
        // Only an object can be a `$ref` (a color's components, most often, are numbers).
        guard case .object = node.value else { return node }
        var current = node
        var seen: Set<String> = []
        while let pointer = current["$ref"]?.string {
            guard let segments = Self.segments(of: pointer) else {
                error(
                    .tokenReference,
                    "'$ref' '\(Escaping.visible(pointer))' names another file: only a resolver document reads other files",
                    at: current.location)
                return nil
            }
            guard seen.insert(pointer).inserted else {
                error(
                    .aliasCycle, "'$ref' '\(Escaping.visible(pointer))' leads back to itself", at: current.location)
                return nil
            }
            guard let target = follow(segments) else {
                error(
                    .unresolvedAlias, "'$ref' '\(Escaping.visible(pointer))' names nothing in this file",
                    at: current.location)
                return nil
            }
            current = target
        }
        return current
    }

    /// A JSON pointer within the file (`#/a/b`, `#` for the root): its segments, unescaped.
    static func segments(of pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        let body = pointer.dropFirst()
        guard !body.isEmpty else { return [] }
        guard body.hasPrefix("/") else { return nil }
        return body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { segment in
            // `~1` is `/`, `~0` is `~` (RFC 6901), in that order.
            var text = ""
            var tilde = false
            for character in segment {
                if tilde {
                    text.append(character == "1" ? "/" : character == "0" ? "~" : character)
                    tilde = false
                } else if character == "~" {
                    tilde = true
                } else {
                    text.append(character)
                }
            }
            return text
        }
    }

    private mutating func follow(_ segments: [String]) -> JSONNode? {
        var node = root
        for segment in segments {
            if let next = child(node, segment) {
                node = next
            } else if let items = node.elements, let index = Int(segment), items.indices.contains(index) {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }

    /// The member `name` of an object: through an index of the object's members, made the
    /// first time a pointer passes through a large one (a scan of a group of n tokens for
    /// each of n pointers into it would be n²).
    private mutating func child(_ node: JSONNode, _ name: String) -> JSONNode? {
        guard let members = node.members else { return nil }
        guard members.count > 8 else { return node[name] }
        if let index = memberIndex[node.location.offset] { return index[name] }
        var index: [String: JSONNode] = [:]
        for member in members { index[member.key] = member.value }
        memberIndex[node.location.offset] = index
        return index[name]
    }

    /// A curly reference in a typed key to a token of another type: an error (DTCG: a
    /// reference's type is its target's). Checked here, where every token's type is known;
    /// references that name nothing or go round are left to the resolver.
    private mutating func checkReferenceTypes() {
        guard !references.isEmpty else { return }
        tokenTypes.reserveCapacity(typedTokens.count)
        for (path, type) in typedTokens { tokenTypes[path] = type }
        for reference in references {
            guard let found = typeOf(reference.target), found != reference.type else { continue }
            // Real files give lineHeight a dimension (Terrazzo reads it): a deviation.
            if reference.key.hasSuffix(".lineHeight"), [found, reference.type] == ["dimension", "number"] {
                note(
                    "'\(Escaping.visible(reference.key))' is a number (a factor), but "
                        + "'{\(Escaping.visible(reference.target))}' is a dimension: read as one", at: reference.at)
                continue
            }
            error(
                .tokenReference,
                "'\(Escaping.visible(reference.key))' is a \(reference.type), but '{\(Escaping.visible(reference.target))}' is a \(found)",
                at: reference.at)
        }
    }

    /// The type of the token at `path`: its own, or its alias target's (nil when unknown or
    /// in a cycle).
    private mutating func typeOf(_ path: String) -> String? {
        let types = tokenTypes
        return Self.chainEnd(path, aliasTargets: aliasTargets, memo: &typeMemo) { types[$0] }
    }

    /// What `found` gives for the first key along `path`'s alias chain that it gives
    /// something for; each key walked is remembered in `memo`, so that every chain is walked
    /// once however many aliases lead into it (linear, where asking again from each link of
    /// a long chain would be quadratic). Nil at the chain's end or in a cycle.
    private static func chainEnd(
        _ path: String, aliasTargets: [String: String], memo: inout [String: String?], found: (String) -> String?
    ) -> String? {
        // Most keys asked are typed themselves, or no alias of this file (a reference into
        // another): answered at once, as a walk from them would be, with nothing to remember.
        if let here = found(path) { return here }
        guard aliasTargets[path] != nil else { return nil }
        if let known = memo[path] { return known }
        var walked: [String] = []
        var seen: Set<String> = []
        var current = path
        var answer: String?
        while true {
            if let known = memo[current] {
                answer = known
                break
            }
            walked.append(current)
            if let here = found(current) {
                answer = here
                break
            }
            guard let next = aliasTargets[current], seen.insert(current).inserted else { break }
            current = next
        }
        for key in walked { memo[key] = .some(answer) }
        return answer
    }

    private var typeMemo: [String: String?] = [:]
    private var structureMemo: [String: String?] = [:]

    /// An alias of a token that is only sub-keys (a composite, a cubicBezier) becomes an
    /// alias per sub-key (`shadow.card: {shadow.base}` gives `shadow.card.offsetX:
    /// @shadow.base.offsetX`, …), with the sub-keys' `$type`s: a flat theme has no value at
    /// the composite's own key to alias. Within the file; across files, the loader's work.
    private mutating func expandStructuredAliases() {
        guard !subKeys.isEmpty || !external.isEmpty else { return }
        let subKeys = subKeys
        let external = external
        func structure(_ path: String) -> String? {
            subKeys[path] != nil || external[path] != nil ? path : nil
        }
        var expanded: [TokenEntry] = []
        expanded.reserveCapacity(entries.count)
        for entry in entries {
            guard case .string(let text) = entry.value, text.hasPrefix("@"),
                let target = aliasTargets[entry.key], text.utf8.count == target.utf8.count + 1,
                let root = Self.chainEnd(target, aliasTargets: aliasTargets, memo: &structureMemo, found: structure)
            else {
                expanded.append(entry)
                continue
            }
            let outside = subKeys[root] == nil ? external[root] : nil
            for suffix in subKeys[root] ?? outside?.suffixes ?? [] {
                if let type = outside?.types[suffix] ?? subTypes[root + suffix] {
                    expanded.append(
                        TokenEntry(
                            key: entry.key + suffix + ".$type", value: .string(type), keyOffset: entry.keyOffset,
                            valueOffset: entry.valueOffset))
                }
                expanded.append(
                    TokenEntry(
                        key: entry.key + suffix, value: .string("@" + target + suffix), keyOffset: entry.keyOffset,
                        valueOffset: entry.valueOffset))
            }
        }
        entries = expanded
    }

    /// The file's structured tokens, by path (`TokensDocument.structure(at:)`): their
    /// sub-keys' suffixes, and the sub-keys' types.
    var structureParts: (suffixes: [String: [String]], types: [String: String]) { (subKeys, subTypes) }

    /// Every alias target the file names (a chain's links included), for the resolver
    /// document to find the ones that are another file's structured token.
    var referencedPaths: [String] { Array(aliasTargets.values) }

    // MARK: $extends

    /// A group's members with its `$extends` base merged in (the group's own winning, groups
    /// merged member by member).
    private mutating func members(of node: JSONNode, path: String) -> [JSONMember] {
        let own = node.members ?? []
        guard let extends = own.last(where: { $0.key == "$extends" }) else { return own }
        if let done = merged[path] { return done }
        if cyclic.contains(path) { return own }
        let target: String?
        if let curly = Self.curlyReference(extends.value) {
            target = curly
        } else if let pointer = extends.value["$ref"]?.string, let segments = Self.segments(of: pointer) {
            target = segments.joined(separator: ".")
        } else {
            target = nil
        }
        if target == nil, path.isEmpty, let file = extends.value["$ref"]?.string, !file.hasPrefix("#") {
            // The whole file extends another file: the resolver document that reads this one
            // reads that one first (`baseFile`).
            baseFile = file
            return own
        }
        guard let target else {
            error(.tokenReference, "'$extends' is a group reference ('{group.path}')", at: extends.value.location)
            return own
        }
        if !groupsIndexed {
            indexGroups(root, path: "")
            groupsIndexed = true
        }
        guard let base = groups[target] else {
            error(
                .unresolvedAlias, "'$extends' names no group: '\(Escaping.visible(target))'", at: extends.value.location
            )
            return own
        }
        // A group extending itself or a group around it would hold itself without end.
        // A chain of `$extends` is followed no deeper than the JSON may nest: each link copies
        // the ones before it, and the recursion must not run out of stack.
        guard merging.count < options.maximumDepth else {
            error(
                .tokenReference, "'$extends' chains more than \(options.maximumDepth) groups",
                at: extends.value.location)
            return own
        }
        guard !merging.contains(path), !merging.contains(target), target != path, !path.hasPrefix(target + "."),
            !target.isEmpty
        else {
            // Reported once, at the `$extends` the cycle was entered by (the first written).
            let start = merging.contains(target) ? groups[target]?["$extends"]?.location : nil
            error(
                .aliasCycle, "'$extends' leads back to '\(Escaping.visible(target))'",
                at: start ?? extends.value.location)
            cyclic.formUnion(merging)
            cyclic.insert(path)
            return own
        }
        merging.insert(path)
        let baseMembers = members(of: base, path: target).filter { $0.key != "$extends" }
        merging.remove(path)
        let result = Self.merge(baseMembers, own)
        merged[path] = result
        return result
    }

    static func merge(_ base: [JSONMember], _ own: [JSONMember]) -> [JSONMember] {
        var ownByKey: [String: JSONMember] = [:]
        for member in own { ownByKey[member.key] = member }
        var result: [JSONMember] = []
        var taken: Set<String> = []
        for member in base {
            guard let mine = ownByKey[member.key] else {
                result.append(member)
                continue
            }
            taken.insert(member.key)
            if let theirs = member.value.members, let ours = mine.value.members,
                !theirs.contains(where: { $0.key == "$value" }), !ours.contains(where: { $0.key == "$value" })
            {
                var combined = mine
                combined.value = JSONNode(.object(merge(theirs, ours)), at: mine.value.location)
                result.append(combined)
            } else {
                result.append(mine)
            }
        }
        result += own.filter { !taken.contains($0.key) }
        return result
    }

    // MARK: Output

    private mutating func emit(_ key: String, _ value: PropertyListValue, keyOffset: Int, valueOffset: Int) {
        if let root = structuredRoot, key.utf8.count > root.utf8.count + 1, key.hasPrefix(root + ".") {
            if key.hasSuffix(".$type"), case .string(let type) = value {
                subTypes[String(key.dropLast(6))] = type
            } else if !key.hasSuffix(".$type") {
                subKeys[root, default: []].append(String(key.dropFirst(root.count)))
            }
        }
        entries.append(TokenEntry(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
    }

    private mutating func emit(_ key: String, _ value: PropertyListValue, _ at: (JSONLocation, JSONLocation)) {
        emit(key, value, keyOffset: at.0.offset, valueOffset: at.1.offset)
    }

    private mutating func emit(_ key: String, _ value: PropertyListValue, _ member: JSONMember) {
        emit(key, value, keyOffset: member.keyLocation.offset, valueOffset: member.value.location.offset)
    }

    private func diagnostic(_ code: DiagnosticCode, _ severity: Severity, _ message: String, at location: JSONLocation)
        -> Diagnostic
    {
        Diagnostic(
            code, severity: severity, message,
            at: SourceLocation(file: file, line: location.line, column: location.column),
            sourceLine: text.lines.text(ofLine: location.line))
    }

    private mutating func error(_ code: DiagnosticCode, _ message: String, at location: JSONLocation) {
        errors.append(diagnostic(code, .error, message, at: location))
    }

    private mutating func note(_ message: String, at location: JSONLocation) {
        notes.append(diagnostic(.tokenNote, .warning, message, at: location))
    }
}

import Foundation
package import ThemeKit
import ThemeOutput
import ThemeSupport

/// Writes Swift source that declares one typed `ThemeKey` for every key of a set of themes,
/// so that app code says `ThemeManager.shared[.primaryColor]` and a misspelt key does not
/// compile.
///
/// The keys are the union of every theme's keys (after inheritance; `INHERITED_THEME` is not
/// a key), sorted, and grouped by the type their lookup hands back:
///
/// | values | key type |
/// |---|---|
/// | `…Color` | `ThemeKey<ThemeColor>` |
/// | `…Font` | `ThemeKey<ThemeFont>` |
/// | `…Size`, `…FontSize`, lengths (`…Width`, `…Height`, `…Radius`, `…Padding`, `…Spacing`), opacities (`…Alpha`, `…Opacity`), untyped numbers | `ThemeKey<Double>` |
/// | `…Duration`, `…Delay` | `ThemeKey<Duration>` |
/// | `…Image`, untyped strings | `ThemeKey<String>` |
/// | untyped `<true/>`/`<false/>` | `ThemeKey<Bool>` |
/// | a key whose kind differs between themes | `ThemeKey<ThemeValue>`, with a warning |
///
/// Names: a key that is a Swift identifier keeps its name; a keyword gets backticks. Any other
/// key is escaped, never dropped: each run of characters outside `[A-Za-z0-9_]` is removed and
/// the letter after it upper-cased (`button-color` → `buttonColor`, `header.title` →
/// `headerTitle`), and a leading digit gets an underscore (`2xlSpacingSize` →
/// `_2xlSpacingSize`); the declaration's doc comment gives the original key. Two keys that
/// end up with one name are an error (`key_name_collision`), as is a key named `ThemeKey`
/// (or escaped to it), which would hide the type, and a key with no ASCII letter or digit to
/// build a name from (`unnamed_key`; `ÄÖÜ` has letters, but none a name keeps).
///
/// The output depends only on the themes and the options: no dates, no absolute paths.
package struct KeyGenerator: Sendable {
    /// The access level of the generated keys.
    package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// Keys visible in their module only (the default).
        case `internal`
        /// Keys visible to importers of their module (and a `public import ThemeKit`).
        case `public`
    }

    /// The access level of the generated keys.
    package var accessLevel: AccessLevel

    /// The type the generated declarations name; no key may take its name.
    static let keyTypeName = "ThemeKey"

    /// Creates a generator.
    package init(accessLevel: AccessLevel = .internal) {
        self.accessLevel = accessLevel
    }

    /// Generates the keys of every theme in `collections`.
    ///
    /// Themes that failed to load, names that collide and keys that cannot be named are
    /// errors: the result then has no source, so a tool writes no partial file.
    package func generate(from collections: [ThemeCollection]) -> GeneratedKeys {
        generate(from: collections.map(KeySurvey.init))
    }

    /// Generates the keys of every theme the surveys read (`themekit keys`, which reads no
    /// theme whole that only adds keys to its lineage), as `generate(from:)` does.
    package func generate(from surveys: [KeySurvey]) -> GeneratedKeys {
        var failures = Set<Diagnostic>()
        for survey in surveys {
            for error in survey.failures.values { failures.formUnion(error.diagnostics) }
        }
        if !failures.isEmpty { return GeneratedKeys(source: nil, diagnostics: Self.ordered(failures)) }

        let keys = ThemeCollection.keyUses(of: surveys.flatMap(\.records))
        var diagnostics: [Diagnostic] = []
        var entries: [Entry] = []
        var owners: [String: ThemeCollection.KeyUse] = [:]
        // Keys that are identifiers already claim their names first, so that in a collision
        // the error lands on the escaped key, the one whose name is not what was written.
        let named = keys.map { ($0, SwiftName(key: $0.key)) }
        let ordered = named.filter { $0.1?.identifier == $0.0.key } + named.filter { $0.1?.identifier != $0.0.key }
        for (info, name) in ordered {
            guard let name else {
                diagnostics.append(
                    Diagnostic(
                        .unnamedKey,
                        "key \(Self.literal(info.key)) has no ASCII letter or digit to make a Swift name of: rename it",
                        at: info.location, key: info.key))
                continue
            }
            // Inside the generated extensions, a member named `ThemeKey` hides the type that
            // every declaration names (`ThemeKey("…")`): the file would not compile.
            if name.identifier == Self.keyTypeName {
                diagnostics.append(
                    Diagnostic(
                        .keyNameCollision,
                        "key \(Self.literal(info.key)) would be named '\(Self.keyTypeName)' in Swift, the name of "
                            + "the key type its declaration uses: rename it",
                        at: info.location, key: info.key))
                continue
            }
            if let owner = owners[name.identifier] {
                diagnostics.append(
                    Diagnostic(
                        .keyNameCollision,
                        "keys \(Self.literal(owner.key)) and \(Self.literal(info.key)) would both be named "
                            + "'\(name.identifier)' in Swift: rename one of them",
                        at: info.location, key: info.key,
                        notes: [.init("\(Self.literal(owner.key)) is here", at: owner.location)]))
                continue
            }
            owners[name.identifier] = info
            if info.kinds.count > 1 {
                diagnostics.append(
                    Diagnostic(
                        .mixedKeyKind, severity: .warning,
                        "key \(Self.literal(info.key)) holds different kinds of value in different themes "
                            + "(\(info.kinds.map(\.kind.rawValue).joined(separator: ", "))): "
                            + "its typed key is a ThemeKey<ThemeValue>",
                        at: info.location, key: info.key,
                        notes: info.kinds.map { .init("a \($0.kind.rawValue) in '\($0.theme)'", at: $0.location) }))
            }
            let group = info.kinds.count == 1 ? Group.of(info.kinds[0].kind) : .mixed
            entries.append(Entry(key: info.key, name: name, group: group))
        }
        let styled = Self.styleNames(of: keys)
        diagnostics += styled.diagnostics
        diagnostics.sort()
        entries.sort { $0.key < $1.key }
        if diagnostics.contains(where: { $0.severity == .error }) {
            return GeneratedKeys(source: nil, diagnostics: diagnostics)
        }
        let names = Set(surveys.flatMap(\.themeNames)).sorted()
        let folders = surveys.map { Self.folderLabel($0.directory) }
        let source = render(entries, styles: styled.styles, states: styled.states, themes: names, folders: folders)
        return GeneratedKeys(source: source, diagnostics: diagnostics)
    }

    /// `diagnostics` sorted, and those that sort alike (one problem met by several themes, each
    /// with the notes it met) by their notes, so that no run shows the set's own order.
    static func ordered(_ diagnostics: Set<Diagnostic>) -> [Diagnostic] {
        func rest(_ diagnostic: Diagnostic) -> String {
            "\(diagnostic.severity) \(diagnostic.key ?? "")\n"
                + diagnostic.notes.map { "\($0.location): \($0.message)" }.joined(separator: "\n")
        }
        return diagnostics.sorted { lhs, rhs in
            if lhs < rhs || rhs < lhs { return lhs < rhs }
            return rest(lhs) < rest(rhs)
        }
    }

    // MARK: Styles and states

    /// A style or a state the keys name, and its Swift name.
    struct StyledName {
        /// The name as written in keys.
        var value: String
        /// Its Swift name: the escaped key's, starting lower-case.
        var name: SwiftName
    }

    /// The styles the keys are written for (`StyledKey`), sorted by name, and the states they
    /// name beyond the built-in ones, in the order the keys write them (a state written
    /// before another in some key comes first; otherwise by name), each with its Swift name;
    /// two that would take one name are an error.
    static func styleNames(
        of keys: [ThemeCollection.KeyUse]
    ) -> (styles: [StyledName], states: [StyledName], diagnostics: [Diagnostic]) {
        var styles: [String: SourceLocation] = [:]
        var states: [String: SourceLocation] = [:]
        var after: [String: Set<String>] = [:]
        for use in keys {
            guard let styled = StyledKey(use.key) else { continue }
            if styles[styled.style] == nil { styles[styled.style] = use.location }
            let custom = styled.states.filter { ThemeState(rawValue: $0) == nil }
            for state in custom where states[state] == nil { states[state] = use.location }
            for (first, next) in zip(custom, custom.dropFirst()) where first != next {
                after[first, default: []].insert(next)
            }
        }
        var diagnostics: [Diagnostic] = []
        func named(
            _ values: [String], _ locations: [String: SourceLocation], _ what: String, type: String,
            members: [String]
        ) -> [StyledName] {
            var owners: [String: String] = [:]
            var found: [StyledName] = []
            for value in values {
                let location = locations[value] ?? .wholeFile(value)
                guard var name = SwiftName(key: value) else {
                    diagnostics.append(
                        Diagnostic(
                            .unnamedKey,
                            "\(what) \(literal(value)) has no ASCII letter or digit to make a Swift name of: rename it",
                            at: location))
                    continue
                }
                name.identifier = name.identifier.prefix(1).lowercased() + name.identifier.dropFirst()
                if members.contains(name.identifier) {
                    diagnostics.append(
                        Diagnostic(
                            .keyNameCollision,
                            "\(what) \(literal(value)) would be named '\(name.identifier)' in Swift, which \(type) "
                                + "has already: rename it",
                            at: location))
                    continue
                }
                if let owner = owners[name.identifier] {
                    diagnostics.append(
                        Diagnostic(
                            .keyNameCollision,
                            "\(what)s \(literal(owner)) and \(literal(value)) would both be named "
                                + "'\(name.identifier)' in Swift: rename one of them",
                            at: location))
                    continue
                }
                owners[name.identifier] = value
                found.append(StyledName(value: value, name: name))
            }
            return found
        }
        let styleNames = named(
            styles.keys.sorted(), styles, "style", type: "ThemeStyleName", members: ["rawValue", "description"])
        let stateNames = named(
            Self.ordered(Array(states.keys), after: after), states, "state", type: "ThemeState",
            members: ThemeState.builtIn.map(\.rawValue) + ["builtIn", "rawValue", "priority", "description"])
        return (styleNames, stateNames, diagnostics)
    }

    /// `states` in an order that puts each before the states `after` says follow it, the
    /// first by name among those free to go next; states of a cycle (keys that disagree)
    /// go by name once nothing else is free.
    static func ordered(_ states: [String], after: [String: Set<String>]) -> [String] {
        var waiting: [String: Int] = Dictionary(uniqueKeysWithValues: states.map { ($0, 0) })
        for (_, nexts) in after {
            for next in nexts where waiting[next] != nil { waiting[next, default: 0] += 1 }
        }
        var ordered: [String] = []
        while !waiting.isEmpty {
            let free = waiting.filter { $0.value == 0 }.keys.min() ?? waiting.keys.min() ?? ""
            waiting[free] = nil
            ordered.append(free)
            for next in after[free] ?? [] where waiting[next] != nil { waiting[next, default: 1] -= 1 }
        }
        return ordered
    }

    // MARK: Rendering

    /// A declaration group: the keys whose lookups hand back one type.
    struct Group: Hashable {
        /// The type, as `ThemeKey<…>` names it.
        var valueType: String
        /// The group's `MARK` title.
        var title: String

        /// The group of keys whose kinds differ between themes.
        static let mixed = Group(valueType: "ThemeValue", title: "Keys whose kind differs between themes")

        /// Every group, in output order; each kind's lookup type (`ValueKind.lookupType`)
        /// is one of them.
        static let allCases = [
            Group(valueType: "ThemeColor", title: "Colors"), Group(valueType: "ThemeFont", title: "Fonts"),
            Group(valueType: "Double", title: "Sizes and numbers"), Group(valueType: "Duration", title: "Durations"),
            Group(valueType: "String", title: "Images and strings"), Group(valueType: "Bool", title: "Flags"), mixed,
        ]

        /// The group of a key of `kind`: the one of its lookup type.
        static func of(_ kind: ThemeValueKind) -> Group {
            let type = ValueKind.of(kind).lookupType
            return allCases.first { $0.valueType == type } ?? mixed
        }
    }

    struct Entry {
        var key: String
        var name: SwiftName
        var group: Group
    }

    private func render(
        _ entries: [Entry], styles: [StyledName], states: [StyledName], themes: [String], folders: [String]
    ) -> String {
        let modifier = accessLevel == .public ? "public " : ""
        var command = "themekit keys"
        if accessLevel != .internal { command += " --access-level \(accessLevel.rawValue)" }
        var lines = [
            "// Generated by `\(command)` from \(folders.joined(separator: ", ")). Do not edit: change the themes "
                + "and run the command again.",
            "// \(entries.count) keys from the themes \(themes.joined(separator: ", ")).",
            "",
            accessLevel == .public ? "public import ThemeKit" : "import ThemeKit",
        ]
        for group in Group.allCases {
            let members = entries.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            let type = "ThemeKey<\(group.valueType)>"
            lines += ["", "// MARK: - \(group.title)", ""]
            lines.append("extension ThemeKey where Value == \(group.valueType) {")
            for entry in members {
                if entry.name.identifier != entry.key {
                    lines.append("    /// The theme key \(Self.literal(entry.key)).")
                }
                lines.append(
                    "    \(modifier)static var \(entry.name.declared): \(type) { ThemeKey(\(Self.literal(entry.key))) }"
                )
            }
            lines.append("}")
        }
        if !styles.isEmpty {
            lines += ["", "// MARK: - Styles", "", "extension ThemeStyleName {"]
            for style in styles {
                if style.name.identifier != style.value {
                    lines.append("    /// The style \(Self.literal(style.value)).")
                }
                lines.append(
                    "    \(modifier)static var \(style.name.declared): ThemeStyleName { "
                        + "ThemeStyleName(\(Self.literal(style.value))) }")
            }
            lines.append("}")
        }
        if !states.isEmpty {
            // After the built-in states, in the order the keys write them.
            let first = (ThemeState.builtIn.map(\.priority).max() ?? -1) + 1
            lines += [
                "", "// MARK: - States beyond the built-in ones, in their priority order", "",
                "extension ThemeState {",
            ]
            for (index, state) in states.enumerated() {
                if state.name.identifier != state.value {
                    lines.append("    /// The state \(Self.literal(state.value)).")
                }
                lines.append(
                    "    \(modifier)static var \(state.name.declared): ThemeState { "
                        + "ThemeState(\(Self.literal(state.value)), priority: \(first + index)) }")
            }
            lines.append("}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a Swift string literal, quotes included: safe in code and in a comment.
    static func literal(_ text: String) -> String {
        let escaped = Escaping.escape(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            case _ where Escaping.isInvisible(scalar): "\\u{\(Escaping.hex(scalar, uppercase: true))}"
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }

    /// The last component of a folder, for the header: never an absolute path, and never a
    /// line break that would end the comment. `.`, `..` and `a/../b` name the folder they
    /// lead to (`themekit keys .` in `Themes/` says `Themes`), so that the header does not
    /// change with where the command was run.
    static func folderLabel(_ directory: String) -> String {
        let last = UserPath.lastComponent(of: UserPath.normalized(directory))
        return String(
            String.UnicodeScalarView(last.unicodeScalars.map { Escaping.isInvisible($0) ? "?" : $0 }))
    }
}

/// What `KeyGenerator` produced: the source, unless an error stopped it, and every problem.
package struct GeneratedKeys: Sendable {
    /// The Swift source; `nil` when any diagnostic is an error.
    package var source: String?
    /// Errors and warnings, sorted by location.
    package var diagnostics: [Diagnostic]
}

/// A key's Swift name: the key itself when it is an identifier, else its escaped form.
struct SwiftName: Hashable {
    /// The identifier, without backticks.
    var identifier: String

    /// The name as declared: with backticks when it is a keyword.
    var declared: String { Self.keywords.contains(identifier) ? "`\(identifier)`" : identifier }

    /// The name for `key`; `nil` when it has no letter, digit or underscore to keep.
    init?(key: String) {
        var parts: [Substring] = []
        var start: String.Index?
        for index in key.indices {
            if Self.isIdentifierCharacter(key[index]) {
                if start == nil { start = index }
            } else if let begin = start {
                parts.append(key[begin..<index])
                start = nil
            }
        }
        if let begin = start { parts.append(key[begin...]) }
        guard let first = parts.first else { return nil }
        var name = String(first)
        for part in parts.dropFirst() {
            name += part.prefix(1).uppercased() + part.dropFirst()
        }
        if let lead = name.first, lead.isASCII, lead.isNumber { name = "_" + name }
        identifier = name
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }

    /// Words that need backticks as a declared name (reserved words, and `Type`/`Protocol`,
    /// which mean metatypes after a type). Backticks around a word that did not need them are
    /// harmless, so the list errs on the long side.
    static let keywords: Set<String> = [
        "_", "Any", "Protocol", "Self", "Type", "as", "associatedtype", "async", "await", "borrowing", "break",
        "case", "catch", "class", "consuming", "continue", "default", "defer", "deinit", "do", "else", "enum",
        "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "nonisolated", "open", "operator", "package", "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "self", "some", "static", "struct",
        "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]
}

extension DiagnosticCode {
    /// themekit keys: two keys whose Swift names would be the same.
    package static let keyNameCollision: DiagnosticCode = "key_name_collision"
    /// themekit keys: a key with no letter, digit or underscore to build a Swift name from.
    package static let unnamedKey: DiagnosticCode = "unnamed_key"
    /// themekit keys: a key that holds different kinds of value in different themes (warning).
    package static let mixedKeyKind: DiagnosticCode = "mixed_key_kind"
}

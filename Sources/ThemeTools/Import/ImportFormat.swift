package import ThemeKit

/// The syntax a source file is written in, from its name: `.json`, `.yaml`/`.yml`, else a
/// property list.
package enum ImportSyntax: Sendable {
    case plist, json, yaml

    /// The syntax of `file` (a format written in one syntax only decides it).
    static func of(file: String, format: ImportFormat?) -> ImportSyntax {
        let lower = file.lowercased()
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return .yaml }
        return .plist
    }

    /// Reads `bytes` into a located tree.
    func read(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        switch self {
        case .plist: try ImportNode.plist(bytes, file: file)
        case .json: try JSONTreeReader.read(bytes, file: file)
        case .yaml: try YAMLTreeReader.read(bytes, file: file)
        }
    }
}

/// The theme managers `themekit import` reads (`--from`), and what each one's loader decides
/// that the import must decide the same way: how it reads a color, the font size it uses
/// when none is given, how it names and links its themes. Each decision is taken from the
/// system's own loader (the Importing article cites the file).
package enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// DB5 (`quartermaster/DB5`): one plist of themes by name; every theme inherits from
    /// the one named `default` (any case); nested dictionaries are key paths.
    case db5
    /// SwiftTheme (`wxxsw/SwiftTheme`): one plist a theme; nested dictionaries are key
    /// paths; a string `$path` is an alias.
    case swifttheme
    /// Awful (`Awful/Awful.app`, `Themes.plist`): one plist of themes by name, `parent`
    /// links (else `default`), nested dictionaries flattened with their names dropped.
    case awful
    /// BRStyle (`Blue-Rocket/BRStyle`): JSON, one style or a set of named styles over
    /// `default`, with control states.
    case brstyle
    /// Motif (`erichoracek/Motif`): JSON or YAML, `$constants` and `.Classes`.
    case motif
    /// Any other property list whose root is a dictionary: nested dictionaries become dotted
    /// keys, arrays indexed keys.
    case plist
    /// Design tokens, DTCG 2025.10 (SPEC §12): a tokens file, or a resolver document and the
    /// files it names, read by ThemeKit's tokens reader (`DTCGImporter`).
    case dtcg

    /// The name of the system, for notes.
    package var systemName: String {
        switch self {
        case .db5: "DB5"
        case .swifttheme: "SwiftTheme"
        case .awful: "Awful"
        case .brstyle: "BRStyle"
        case .motif: "Motif"
        case .plist: "a property list"
        case .dtcg: "DTCG"
        }
    }

    /// Whether the system reads a plain string that names another key as that key's value,
    /// as ThemeKit does (else such a string is noted: ThemeKit will read it as an alias).
    package var readsNamesAsAliases: Bool { false }

    /// The size a font with no size is given, in points: DB5's `fontForKey:` falls back to
    /// 15; the others have no font sizes of their own, and get UIKit's body size, 17.
    package var defaultFontSize: Double {
        switch self {
        case .db5: 15
        case .swifttheme, .awful, .brstyle, .motif, .plist, .dtcg: 17
        }
    }

    /// Reads a color as the system does: the color, and what the reading loses, if anything.
    package func color(_ text: String) -> (color: ThemeColor, loss: String?)? {
        switch self {
        case .db5:
            // VSTheme.m `colorWithHexString`: every `#` removed, white space trimmed, then the
            // first six characters read as RRGGBB; alpha is always 1 (more digits are ignored,
            // fewer crash by design).
            let digits = text.filter { $0 != "#" }.trimmingXMLSpace()
            guard digits.count >= 6, let color = ThemeColor(hex: String(digits.prefix(6))) else { return nil }
            guard digits.count == 6 else {
                return (color, "DB5 reads the first six digits only: '\(digits.dropFirst(6))' is ignored")
            }
            return (color, nil)
        case .swifttheme:
            // UIColorExtension.swift `init(rgba_throws:)`: `#` required; the text up to the
            // first space; 3, 4, 6 or 8 hex digits, alpha last.
            guard text.hasPrefix("#") else { return nil }
            let first = text.split(separator: " ", omittingEmptySubsequences: false).first.map(String.init) ?? text
            return ThemeColor(hex: first).map { ($0, first == text ? nil : "SwiftTheme reads up to the first space") }
        case .awful:
            // UIColor+.swift `init?(hex:)`: `#` optional, 3, 4, 6 or 8 digits, alpha last.
            return ThemeColor(hex: text).map { ($0, nil) }
        case .brstyle:
            return BRStyleImporter.color(text)
        case .motif:
            return MotifImporter.color(text)
        case .plist, .dtcg:
            return ThemeColor(hex: text).map { ($0, nil) }
        }
    }

    /// Why `text`, in the system's color notation, is no color at all though it reads as
    /// one: a component that is not a finite number (Motif's `rgb(nan,1,1)`). `nil` for
    /// any other text.
    package func refusal(ofColor text: String) -> String? {
        guard self == .motif, case .nonFinite(let component) = MotifImporter.read(text) else { return nil }
        return "a color with a component that is not a finite number ('\(component)')"
    }

    /// Whether `text` is a color as the system writes one, whatever the key: `#` and digits
    /// it reads as a color, or, in Motif, any CSS color it reads (`rgba(…)`, `tomato`).
    /// BRStyle reads colors only in its color settings: never.
    package func isColorLiteral(_ text: String) -> Bool {
        switch self {
        case .brstyle: false
        case .motif: color(text) != nil
        case .db5, .swifttheme, .awful, .plist, .dtcg: text.trimmingXMLSpace().hasPrefix("#") && color(text) != nil
        }
    }

    /// Keys whose values are one of a fixed set of words the system maps to its own enum,
    /// which ThemeKit has no kind for: kept as plain strings, with a note.
    func isEnumKey(_ key: String) -> Bool {
        switch self {
        case .db5: key.hasSuffix("Curve") || key.hasSuffix("TextCaseTransform")
        case .swifttheme:
            key.hasSuffix("StatusBarStyle") || key.hasSuffix("BarStyle") || key.hasSuffix("KeyboardAppearance")
        case .awful: key == "scrollIndicatorStyle"
        case .brstyle, .motif, .plist, .dtcg: false
        }
    }

    /// The format `root`'s shape says (DTCG: a `.json` file with a `$schema` naming the DTCG
    /// schemas, a `resolutionOrder` or a token's `$value`; DB5 and Awful: a dictionary of
    /// theme dictionaries; SwiftTheme: a `$` alias or a status bar style; else a plain
    /// property list). A `.tokens.json`, `.tokens` or `.resolver.json` file is DTCG by its
    /// name, before it is read (`ThemeImporter.run`).
    static func recognise(_ root: ImportNode, file: String) -> ImportFormat {
        let members = root.members ?? []
        if file.lowercased().hasSuffix(".json"), DTCGImporter.recognises(root) { return .dtcg }
        if file.lowercased().hasSuffix(".json"),
            BRStyleImporter.isStyle(root) || (members.contains { BRStyleImporter.isStyle($0.node) })
        {
            return .brstyle
        }
        let lower = file.lowercased()
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
            || members.contains(where: { $0.key.hasPrefix("$") || $0.key.hasPrefix(".") })
        {
            return .motif
        }
        let allDictionaries = !members.isEmpty && members.allSatisfy { $0.node.members != nil }
        if allDictionaries, members.contains(where: { $0.key.lowercased() == "default" }) {
            let awfulKeys: Set<String> = ["parent", "keyboardAppearance", "descriptiveName", "scrollIndicatorStyle"]
            let isAwful = members.contains { theme in
                theme.node.members?.contains { awfulKeys.contains($0.key) || $0.key.hasSuffix("CSS") } ?? false
            }
            return isAwful ? .awful : .db5
        }
        func hasAlias(_ node: ImportNode) -> Bool {
            switch node.value {
            case .string(let text): text.hasPrefix("$")
            case .dict(let members): members.contains { hasAlias($0.node) }
            default: false
            }
        }
        if members.contains(where: { $0.key == "UIStatusBarStyle" }) || hasAlias(root) { return .swifttheme }
        return .plist
    }

    /// The themes the source `root` holds.
    func themes(in root: ImportNode, file: String, notes: inout [ImportNote]) throws(ImportFailure) -> [SourceTheme] {
        switch self {
        case .plist: [GenericPlistImporter.theme(root, file: file, notes: &notes)]
        case .swifttheme: [SwiftThemeImporter.theme(root, file: file, notes: &notes)]
        case .db5: try DB5Importer.themes(root, file: file, notes: &notes)
        case .awful: try AwfulImporter.themes(root, file: file, notes: &notes)
        case .brstyle: [BRStyleImporter.theme(root, file: file, notes: &notes)]
        case .motif: [MotifImporter.theme(root, file: file, notes: &notes)]
        // Read from the file's bytes by ThemeKit's tokens reader, which follows a resolver's
        // files (`ThemeImporter.run`): never from this tree.
        case .dtcg: []
        }
    }
}

/// The file name without folders and without its last extension: a source's theme name.
func baseName(of file: String) -> String {
    let last = file.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? file
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
    return String(last[..<dot])
}

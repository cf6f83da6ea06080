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
        case .plist: try PlistTreeReader.read(bytes, file: file)
        case .json, .yaml:
            throw ImportFailure(
                "no importer reads \(self == .json ? "JSON" : "YAML") yet",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}

/// The theme managers `themekit import` reads (`--from`), and what each one's loader decides
/// that the import must decide the same way: how it reads a color, the font size it uses
/// when none is given.
package enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// Any other property list whose root is a dictionary: nested dictionaries become dotted
    /// keys, arrays indexed keys.
    case plist

    /// The name of the system, for notes.
    package var systemName: String {
        switch self {
        case .plist: "a property list"
        }
    }

    /// Whether the system reads a plain string that names another key as that key's value,
    /// as ThemeKit does (else such a string is noted: ThemeKit will read it as an alias).
    package var readsNamesAsAliases: Bool {
        switch self {
        case .plist: false
        }
    }

    /// The size a font with no size is given, in points.
    package var defaultFontSize: Double {
        switch self {
        case .plist: 17
        }
    }

    /// Reads a color as the system does, or `nil`.
    package func color(_ text: String) -> ThemeColor? {
        switch self {
        case .plist: ThemeColor(hex: text)
        }
    }

    /// The format `root`'s shape (and its file's name) says.
    static func recognise(_ root: ImportNode, file: String) -> ImportFormat {
        .plist
    }

    /// The themes the source `root` holds.
    func themes(in root: ImportNode, file: String, notes: inout [ImportNote]) throws(ImportFailure) -> [SourceTheme] {
        switch self {
        case .plist: [GenericPlistImporter.theme(root, file: file, notes: &notes)]
        }
    }
}

/// The file name without folders and without its last extension: a source's theme name.
func baseName(of file: String) -> String {
    let last = file.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? file
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
    return String(last[..<dot])
}

import ThemeKit

/// `--from plist`: any property list whose root is a dictionary, as one theme named after
/// its file. Nested dictionaries become dotted keys (`Lists.listTextColor`), arrays indexed
/// keys (`items.0.x`); values are typed by the last key's suffix, colors read in CSS order
/// (alpha last), as ThemeKit reads them.
enum GenericPlistImporter {
    static func theme(_ root: ImportNode, file: String, notes: inout [ImportNote]) -> SourceTheme {
        var theme = SourceTheme(name: baseName(of: file), at: root.location)
        flatten(root, path: "", into: &theme, notes: &notes)
        return theme
    }

    /// Adds `node` under the key `path` (and its members under `path.key`, its items under
    /// `path.N`).
    static func flatten(_ node: ImportNode, path: String, into theme: inout SourceTheme, notes: inout [ImportNote]) {
        func joined(_ next: String) -> String { path.isEmpty ? next : path + "." + next }
        switch node.value {
        case .dict(let members):
            if members.isEmpty, !path.isEmpty {
                notes.append(
                    ImportNote("'\(path)' is an empty dictionary: nothing is written for it", at: node.location))
            }
            for member in members {
                flatten(member.node, path: joined(member.key), into: &theme, notes: &notes)
            }
        case .array(let items):
            if items.isEmpty {
                notes.append(ImportNote("'\(path)' is an empty array: nothing is written for it", at: node.location))
            }
            for (index, item) in items.enumerated() {
                flatten(item, path: joined(String(index)), into: &theme, notes: &notes)
            }
        case .string, .integer, .real, .bool:
            if let scalar = node.scalar {
                theme.set(path, FlatEntry(scalar, source: path, at: node.location), notes: &notes)
            }
        case .date(let text):
            notes.append(ImportNote("'\(path)' is a date: kept as the plain string '\(text)'", at: node.location))
            theme.set(path, FlatEntry(.string(text), source: path, at: node.location), notes: &notes)
        case .data:
            notes.append(ImportNote("'\(path)' is <data>, which a theme cannot hold: dropped", at: node.location))
        case .null:
            notes.append(ImportNote("'\(path)' is null, which a theme cannot hold: dropped", at: node.location))
        }
    }
}

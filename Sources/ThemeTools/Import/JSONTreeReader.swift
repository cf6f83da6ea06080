import ThemeKit
import ThemeSupport

/// Reads JSON (RFC 8259) into located `ImportNode`s: a mapper over the package's one JSON
/// reader (`JSONReader`), which keeps every value's line and column (Unicode scalars) and
/// a key written twice in its place, for the importers to note.
package enum JSONTreeReader {
    /// How deep objects and arrays may nest.
    static let maxDepth = 512

    /// Reads the JSON `bytes`; `file` names it in locations.
    ///
    /// - Throws: `ImportFailure` at the first syntax error, or for text that is not UTF-8.
    package static func read(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes, duplicateKeys: .keep, maximumDepth: maxDepth)
        } catch {
            throw ImportFailure(error.message, at: location(error.location, file))
        }
        return node(root, file)
    }

    private static func location(_ location: JSONLocation, _ file: String) -> SourceLocation {
        SourceLocation(file: file, line: location.line, column: location.column)
    }

    private static func node(_ node: JSONNode, _ file: String) -> ImportNode {
        let value: ImportNode.Value
        switch node.value {
        case .null: value = .null
        case .bool(let flag): value = .bool(flag)
        case .integer(let whole): value = .integer(whole)
        case .real(let real): value = .real(real)
        case .string(let text): value = .string(text)
        case .array(let elements): value = .array(elements.map { self.node($0, file) })
        case .object(let members):
            value = .dict(
                members.map {
                    ImportMember(
                        key: $0.key, keyLocation: location($0.keyLocation, file), node: self.node($0.value, file))
                })
        }
        return ImportNode(value, at: location(node.location, file))
    }
}

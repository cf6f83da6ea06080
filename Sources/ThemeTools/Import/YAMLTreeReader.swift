import ThemeKit
import Yams

/// Reads YAML into located `ImportNode`s through Yams (libyaml), whose nodes carry their
/// `Mark` (1-based line and column, columns in Unicode scalars, as ThemeKit counts them).
/// Scalars are typed by Yams's resolver (YAML 1.1 core schema): `null`, booleans,
/// integers, floats, else strings; a quoted scalar is always a string.
package enum YAMLTreeReader {
    /// How deep mappings and sequences may nest.
    static let maxDepth = 512

    /// Reads the YAML `bytes` (the first document); `file` names it in locations.
    ///
    /// - Throws: `ImportFailure` for a syntax error (at Yams's mark), text that is not UTF-8,
    ///   or an empty document.
    package static func read(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportFailure("the file is not UTF-8 text", at: start)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw failure(error, file: file)
        } catch {
            throw ImportFailure("\(error)", at: start)
        }
        guard let root else { throw ImportFailure("the YAML document is empty", at: start) }
        return try convert(root, file: file, depth: 0)
    }

    static func failure(_ error: YamlError, file: String) -> ImportFailure {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return ImportFailure(
                "malformed YAML: \(problem)", at: SourceLocation(file: file, line: mark.line, column: mark.column))
        default:
            return ImportFailure("malformed YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    static func location(_ node: Node, file: String) -> SourceLocation {
        let mark = node.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    static func convert(_ node: Node, file: String, depth: Int) throws(ImportFailure) -> ImportNode {
        let at = location(node, file: file)
        guard depth < maxDepth else { throw ImportFailure("values are nested more than \(maxDepth) deep", at: at) }
        switch node {
        case .mapping(let mapping):
            var members: [ImportMember] = []
            for (key, value) in mapping {
                let name = key.string ?? key.scalar?.string ?? "\(key)"
                members.append(
                    ImportMember(
                        key: name, keyLocation: location(key, file: file),
                        node: try convert(value, file: file, depth: depth + 1)))
            }
            return ImportNode(.dict(members), at: at)
        case .sequence(let sequence):
            var items: [ImportNode] = []
            for item in sequence { items.append(try convert(item, file: file, depth: depth + 1)) }
            return ImportNode(.array(items), at: at)
        case .scalar(let scalar):
            if node.null != nil { return ImportNode(.null, at: at) }
            if let flag = node.bool { return ImportNode(.bool(flag), at: at) }
            if let number = node.int { return ImportNode(.integer(number), at: at) }
            if let number = node.float { return ImportNode(.real(number), at: at) }
            return ImportNode(.string(scalar.string), at: at)
        case .alias:
            return ImportNode(.null, at: at)
        }
    }
}

package import ThemeKit
import ThemeSupport

/// A value of a source theme file as read, with where it was written: what every importer
/// works from, whatever the file's syntax (a property list, JSON or YAML).
package struct ImportNode: Sendable, Hashable {
    /// What the node holds.
    package enum Value: Sendable, Hashable {
        case string(String)
        case integer(Int)
        case real(Double)
        case bool(Bool)
        /// A dictionary's members, in file order (duplicates kept: the importers note them).
        case dict([ImportMember])
        case array([ImportNode])
        /// A plist `<data>`: bytes a theme has no value for.
        case data
        /// A plist `<date>`, as written.
        case date(String)
        /// JSON's and YAML's `null`.
        case null
    }

    /// What the node holds.
    package var value: Value
    /// Where the value starts.
    package var location: SourceLocation

    /// Creates a node.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The node as a flat value, when it is a string, a number or a bool: what every
    /// importer writes as it is, unless its format reads it otherwise.
    package var scalar: FlatValue? {
        switch value {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .bool(let flag): .bool(flag)
        case .dict, .array, .data, .date, .null: nil
        }
    }

    /// The members, when the node is a dictionary.
    package var members: [ImportMember]? {
        if case .dict(let members) = value { return members }
        return nil
    }

    /// The string, when the node is one.
    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The first member named `key`, when the node is a dictionary.
    package subscript(key: String) -> ImportNode? {
        members?.first { $0.key == key }?.node
    }

    /// What the node is, for a note: `a dictionary`, `an array`, …
    package var noun: String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .bool: "a flag"
        case .dict: "a dictionary"
        case .array: "an array"
        case .data: "data"
        case .date: "a date"
        case .null: "null"
        }
    }
}

extension ImportNode {
    /// Reads the property list `bytes` through ThemeKit's reader (libxml2, with its limits
    /// and refusals: no DOCTYPE internal subset, no entity but the five predefined ones,
    /// UTF-8 or UTF-16) into a located tree; `file` names it in locations.
    ///
    /// - Throws: `ImportFailure` for broken XML, a root that is not a `<dict>`, or a value
    ///   that is not a property-list value.
    static func plist(_ bytes: [UInt8], file: String) throws(ImportFailure) -> ImportNode {
        let tree = PropertyListReader().parseTree(bytes, file: file)
        let document = tree.document
        if let first = document.diagnostics.first {
            throw ImportFailure(first.message, at: first.location)
        }
        guard let root = document.root else {
            throw ImportFailure(
                "no property list here: the file has no root element", at: .init(file: file, line: 1, column: 1))
        }
        guard root.kind == .dict else {
            throw ImportFailure(
                "the root is <\(root.elementName)>, not a <dict>: there are no keys to import",
                at: document.location(at: root.range.start))
        }
        if let problem = tree.diagnostics.first {
            throw ImportFailure(problem.message, at: problem.location)
        }
        guard let node = tree.root else {
            throw ImportFailure("the property list holds no value", at: document.location(at: root.range.start))
        }
        return ImportNode(node)
    }

    /// The node of a property-list value, and of everything under it.
    init(_ node: PropertyListNode) {
        let value: Value =
            switch node.value {
            case .string(let text): .string(text)
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .bool(let flag): .bool(flag)
            case .dict(let members):
                .dict(members.map { ImportMember(key: $0.key, keyLocation: $0.keyLocation, node: ImportNode($0.node)) })
            case .array(let items): .array(items.map(ImportNode.init))
            case .data: .data
            case .date(let text): .date(text)
            }
        self.init(value, at: node.location)
    }
}

/// One key of a dictionary and its value.
package struct ImportMember: Sendable, Hashable {
    /// The key as written.
    package var key: String
    /// Where the key was written.
    package var keyLocation: SourceLocation
    /// The value.
    package var node: ImportNode

    /// Creates a member.
    package init(key: String, keyLocation: SourceLocation, node: ImportNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.node = node
    }
}

/// Why a source file cannot be imported at all (exit 1): its syntax is broken, its root is
/// not a dictionary, or it is not the format asked for. Located; nothing is written.
package struct ImportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    package var location: SourceLocation
    /// What is wrong, for a person.
    package var message: String
    /// The source's other problems, when it has several (each said once, in source order).
    package var others: [ImportFailure] = []

    /// Creates a failure.
    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `FILE:LINE:COL: error: MESSAGE`, with the path shown through `path`; one line for
    /// each of `others` after it.
    package func rendered(_ path: (String) -> String = { $0 }) -> String {
        ([self] + others).map { Self.line($0.location, "error", $0.message, path: path) }.joined(separator: "\n")
    }

    /// `FILE:LINE:COL: KIND: MESSAGE`, the path shown through `path` and escaped as every
    /// text a person reads: how an import's failures and notes are written.
    static func line(_ location: SourceLocation, _ kind: String, _ message: String, path: (String) -> String)
        -> String
    {
        "\(Escaping.visible(path(location.file))):\(location.line):\(location.column): \(kind): "
            + Escaping.visible(message)
    }

    package var description: String { rendered() }
}

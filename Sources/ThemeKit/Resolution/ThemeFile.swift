/// One theme file, read and checked on its own: a flat dictionary of scalars with no key
/// written twice. Inheritance and aliases are the business of the layers above.
package struct ThemeFile: Sendable {
    /// The document as the reader produced it.
    package let document: PropertyListDocument
    /// Every problem with this file on its own: the reader's `parse_error`s, then
    /// `not_flat` and `duplicate_key`, sorted by position.
    package let diagnostics: [Diagnostic]
    /// Each key's first entry, as an index into `document.entries`. Later duplicates are
    /// left out (they are reported in `diagnostics`), and so are keys whose first value is
    /// nested (reported as `not_flat`).
    package let index: [String: Int]

    /// The path the file was read from.
    package var path: String { document.file }

    /// Keys whose first value is a `<dict>`, `<array>`, `<data>` or `<date>`.
    package let nestedKeys: Set<String>

    /// The first scalar entry for `key`, if the file has one.
    package subscript(key: String) -> PropertyListEntry? {
        index[key].map { document.entries[$0] }
    }

    /// The keys with a scalar value, in no particular order.
    package var keys: Dictionary<String, Int>.Keys { index.keys }

    /// Whether the file has no errors of its own.
    package var isValid: Bool { !diagnostics.contains { $0.severity == .error } }

    /// Checks a document read by `PropertyListReader`.
    package init(_ document: PropertyListDocument) {
        self.document = document
        var diagnostics = document.diagnostics
        var index = [String: Int](minimumCapacity: document.entries.count)
        func diagnostic(
            _ code: DiagnosticCode, _ message: String, at range: SourceRange, key: String? = nil,
            notes: [Diagnostic.Note] = []
        ) -> Diagnostic {
            document.diagnostic(code, message, at: range, key: key, notes: notes)
        }

        if let root = document.root, root.kind != .dict {
            diagnostics.append(
                diagnostic(
                    .notFlat, "the root is <\(root.elementName)>; a theme's root is a <dict> of keys and values",
                    at: root.range))
        }
        var nestedKeys: Set<String> = []
        for (position, entry) in document.entries.enumerated() {
            // One hash lookup per key on the common path: insert, and undo on a duplicate.
            if let first = index.updateValue(position, forKey: entry.key) {
                index[entry.key] = first
                let firstStart = document.position(at: document.entries[first].keyRange.start)
                diagnostics.append(
                    diagnostic(
                        .duplicateKey,
                        "duplicate key '\(entry.key)': it is first defined on line \(firstStart.line)",
                        at: entry.keyRange, key: entry.key,
                        notes: [.init("'\(entry.key)' is first defined here", at: document.location(firstStart))]))
                continue
            }
            if case .nested(let kind) = entry.value {
                nestedKeys.insert(entry.key)
                diagnostics.append(
                    diagnostic(
                        .notFlat,
                        "'\(entry.key)' is \(kind == .array ? "an" : "a") <\(kind.rawValue)>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
                        at: entry.valueRange, key: entry.key))
            }
        }
        for key in nestedKeys { index[key] = nil }
        self.diagnostics = diagnostics.sorted()
        self.index = index
        self.nestedKeys = nestedKeys
    }

    /// Reads and checks the file at `path`; locations name it `displayPath` (by default
    /// `path`).
    ///
    /// - Throws: `ThemeError` (`io_error`) only when the file cannot be read at all.
    package static func read(
        _ path: String, displayPath: String? = nil, reader: PropertyListReader = PropertyListReader()
    ) throws(ThemeError) -> ThemeFile {
        ThemeFile(try reader.read(contentsOf: path, displayPath: displayPath))
    }
}

/// One theme file, read and checked on its own: a flat dictionary of scalars with no key
/// written twice. Inheritance and aliases are the business of the layers above.
public struct ThemeFile: Sendable {
    /// The document as the reader produced it.
    public let document: PropertyListDocument
    /// Every problem with this file on its own: the reader's `parse_error`s, then
    /// `not_flat` and `duplicate_key`, sorted by position.
    public let diagnostics: [Diagnostic]
    /// Each scalar key's first entry. Nested values and later duplicates are left out
    /// (both are reported in `diagnostics`).
    public let entries: [String: PropertyListEntry]

    /// The path the file was read from.
    public var path: String { document.file }

    /// Whether the file has no errors of its own.
    public var isValid: Bool { !diagnostics.contains { $0.severity == .error } }

    /// Checks a document read by `PropertyListReader`.
    public init(_ document: PropertyListDocument) {
        self.document = document
        var diagnostics = document.diagnostics
        var entries: [String: PropertyListEntry] = [:]
        entries.reserveCapacity(document.entries.count)
        var lines: SourceLines?
        func diagnostic(
            _ code: DiagnosticCode, _ message: String, at span: SourceSpan, notes: [Diagnostic.Note] = []
        ) -> Diagnostic {
            let index = lines ?? document.lines()
            lines = index
            return document.diagnostic(code, message, at: span, lines: index, notes: notes)
        }

        if let root = document.root, root.kind != .dict {
            diagnostics.append(
                diagnostic(
                    .notFlat, "the root is <\(root.elementName)>; a theme's root is a <dict> of keys and values",
                    at: root.span))
        }
        var firstSpans: [String: SourceSpan] = [:]
        for entry in document.entries {
            if let first = firstSpans[entry.key] {
                diagnostics.append(
                    diagnostic(
                        .duplicateKey,
                        "duplicate key '\(entry.key)': it is first defined on line \(first.start.line)",
                        at: entry.keySpan,
                        notes: [.init("'\(entry.key)' is first defined here", at: document.location(first.start))]))
                continue
            }
            firstSpans[entry.key] = entry.keySpan
            if case .nested(let kind) = entry.value {
                diagnostics.append(
                    diagnostic(
                        .notFlat,
                        "'\(entry.key)' is a <\(kind.rawValue)>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
                        at: entry.valueSpan))
            } else {
                entries[entry.key] = entry
            }
        }
        self.diagnostics = diagnostics.sorted()
        self.entries = entries
    }

    /// Reads and checks the file at `path`.
    ///
    /// - Throws: `ThemeError` (`io_error`) only when the file cannot be read at all.
    public static func read(
        _ path: String, reader: PropertyListReader = PropertyListReader()
    ) throws(ThemeError) -> ThemeFile {
        ThemeFile(try reader.read(contentsOf: path))
    }
}

/// The kind of a property-list element.
package enum PropertyListKind: String, Sendable, Hashable, CaseIterable {
    case string, integer, real, bool, dict, array, data, date
}

/// A value as written in the root dictionary of a property list.
package enum PropertyListValue: Sendable, Hashable {
    /// `<string>`: the text exactly as written, entities decoded.
    case string(String)
    /// `<integer>`.
    case integer(Int)
    /// `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case bool(Bool)
    /// A `<dict>`, `<array>`, `<data>` or `<date>`: recorded with its location, not read,
    /// because a theme is flat.
    case nested(PropertyListKind)

    /// The element kind this value was written as.
    package var kind: PropertyListKind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .real: .real
        case .bool: .bool
        case .nested(let kind): kind
        }
    }
}

/// One key and its value from the root dictionary, with where each was written.
///
/// Where is kept as byte offsets into the document's text; the document that holds the
/// entry turns them into lines and columns on request (`PropertyListDocument.keySpan(of:)`
/// and `valueSpan(of:)`).
package struct PropertyListEntry: Sendable, Hashable {
    /// The key's text.
    package var key: String
    /// The value that follows the key.
    package var value: PropertyListValue
    /// From `<key>` to just past `</key>`, as byte offsets.
    package var keyRange: SourceRange
    /// From the value's opening tag to just past its closing tag (or past `<true/>`), as
    /// byte offsets.
    package var valueRange: SourceRange

    /// Creates an entry.
    package init(key: String, value: PropertyListValue, keyRange: SourceRange, valueRange: SourceRange) {
        self.key = key
        self.value = value
        self.keyRange = keyRange
        self.valueRange = valueRange
    }
}

/// An XML comment, kept so that the linter can read its suppression comments.
package struct PropertyListComment: Sendable, Hashable {
    /// The text between `<!--` and `-->`, as written.
    package var text: String
    /// From `<!--` to just past `-->`, as byte offsets (`PropertyListDocument.span(of:)`
    /// gives lines and columns).
    package var range: SourceRange
}

/// The root element of the property list: `<dict>` for a theme, anything else is an error.
package struct PropertyListRoot: Sendable, Hashable {
    /// The root element's kind, or `nil` for an element that is not a property-list type.
    package var kind: PropertyListKind?
    /// The root element's name as written.
    package var elementName: String
    /// Where the root element starts and ends, as byte offsets
    /// (`PropertyListDocument.span(of:)` gives lines and columns).
    package var range: SourceRange
}

/// What the reader made of one file: the root dictionary's entries in file order with
/// duplicates kept, its comments, and the problems that stopped or hindered reading.
///
/// The reader judges only the XML and the scalars' text (`parse_error`). Whether the
/// document is a valid theme (flat, no duplicate keys, …) is decided by the layers above,
/// from what is recorded here.
package struct PropertyListDocument: Sendable {
    /// The path the document was read from, as given.
    package let file: String
    /// The root dictionary's entries, in file order, duplicates kept. A scalar whose text
    /// did not parse is left out and reported in `diagnostics`. Made from `store` on the
    /// first request, then shared.
    package var entries: [PropertyListEntry] { store.entries }
    /// The entries as the reader packed them, and the index of their keys.
    var store: EntryStore

    /// How many entries there are (without making them into `PropertyListEntry` values).
    package var entryCount: Int { store.count }
    /// Every comment in the file, in file order.
    package internal(set) var comments: [PropertyListComment] = []
    /// The root element, if the reader got as far as it.
    package internal(set) var root: PropertyListRoot?
    /// Problems with the XML or the scalars' text, all coded `parse_error`, in file order.
    package internal(set) var diagnostics: [Diagnostic] = []
    /// The UTF-8 text the byte offsets refer to (after a BOM is dropped or UTF-16 decoded).
    let text: SourceText

    init(file: String, text: SourceText) {
        self.file = file
        self.text = text
        self.store = EntryStore(file: file, empty: text)
    }

    /// Everything the reader recorded, as text: entries with their offsets, duplicates,
    /// comments, root and diagnostics. Two readings of one input (`PropertyListReader`'s
    /// `fastPath` on and off) are held to the same record.
    var record: String {
        let duplicates = (0..<store.count).map { store.isFirstOfKey($0) ? "" : "d\($0)" }.joined()
        return "\(entries)\n\(duplicates)\n\(comments)\n\(String(describing: root))\n"
            + diagnostics.map(\.rendered).joined(separator: "\n")
    }

    /// Whether the reader found nothing wrong.
    package var isReadable: Bool { diagnostics.isEmpty }

    /// The location of a position in this document's file.
    package func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, position)
    }

    /// The location of a byte offset in this document's file.
    package func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: file, position(at: offset))
    }

    /// An index of this document's lines, for quoting source lines in diagnostics and
    /// turning byte offsets into lines and columns.
    ///
    /// Built the first time it is asked for (one pass over the text), then shared.
    package func lines() -> SourceLines { text.lines }

    /// The 1-based line and column of a byte offset of this document's text (columns in
    /// Unicode scalars; LF and CRLF end a line, a lone CR does not).
    package func position(at offset: Int) -> SourcePosition {
        text.lines.position(at: offset)
    }

    /// The lines and columns of a range of this document's text.
    package func span(of range: SourceRange) -> SourceSpan {
        Self.span(of: range, in: text.lines)
    }

    /// Where `entry`'s key was written, from `<key>` to just past `</key>`; `entry` must be
    /// one of this document's.
    package func keySpan(of entry: PropertyListEntry) -> SourceSpan {
        span(of: entry.keyRange)
    }

    /// Where `entry`'s value was written, from its opening tag to just past its closing
    /// tag; `entry` must be one of this document's.
    package func valueSpan(of entry: PropertyListEntry) -> SourceSpan {
        span(of: entry.valueRange)
    }

    static func span(of range: SourceRange, in lines: SourceLines) -> SourceSpan {
        SourceSpan(start: lines.position(at: range.start), end: lines.position(at: range.end))
    }

    /// A diagnostic at a span of this document, quoting its source line.
    package func diagnostic(
        _ code: DiagnosticCode,
        severity: Severity = .error,
        _ message: String,
        at span: SourceSpan,
        key: String? = nil,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        return Diagnostic(
            code, severity: severity, message, at: location(span.start), end: span.end, key: key,
            sourceLine: text.lines.text(ofLine: span.start.line), notes: notes)
    }

    /// A diagnostic at a range of this document, quoting its source line.
    package func diagnostic(
        _ code: DiagnosticCode,
        severity: Severity = .error,
        _ message: String,
        at range: SourceRange,
        key: String? = nil,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        diagnostic(
            code, severity: severity, message, at: Self.span(of: range, in: text.lines), key: key, notes: notes)
    }
}

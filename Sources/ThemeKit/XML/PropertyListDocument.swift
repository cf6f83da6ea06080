/// The kind of a property-list element.
public enum PropertyListKind: String, Sendable, Hashable, CaseIterable {
    case string, integer, real, bool, dict, array, data, date
}

/// A value as written in the root dictionary of a property list.
public enum PropertyListValue: Sendable, Hashable {
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
    public var kind: PropertyListKind {
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
public struct PropertyListEntry: Sendable, Hashable {
    /// The key's text.
    public var key: String
    /// The value that follows the key.
    public var value: PropertyListValue
    /// From `<key>` to `</key>`.
    public var keySpan: SourceSpan
    /// From the value's opening tag to the end of its closing tag (or of `<true/>`).
    public var valueSpan: SourceSpan

    /// Creates an entry.
    public init(key: String, value: PropertyListValue, keySpan: SourceSpan, valueSpan: SourceSpan) {
        self.key = key
        self.value = value
        self.keySpan = keySpan
        self.valueSpan = valueSpan
    }
}

/// An XML comment, kept so that the linter can read its suppression comments.
public struct PropertyListComment: Sendable, Hashable {
    /// The text between `<!--` and `-->`, as written.
    public var text: String
    /// From `<!--` to just past `-->`.
    public var span: SourceSpan
}

/// The root element of the property list: `<dict>` for a theme, anything else is an error.
public struct PropertyListRoot: Sendable, Hashable {
    /// The root element's kind, or `nil` for an element that is not a property-list type.
    public var kind: PropertyListKind?
    /// The root element's name as written.
    public var elementName: String
    /// Where the root element starts and ends.
    public var span: SourceSpan
}

/// What the reader made of one file: the root dictionary's entries in file order with
/// duplicates kept, its comments, and the problems that stopped or hindered reading.
///
/// The reader judges only the XML and the scalars' text (`parse_error`). Whether the
/// document is a valid theme (flat, no duplicate keys, …) is decided by the layers above,
/// from what is recorded here.
public struct PropertyListDocument: Sendable {
    /// The path the document was read from, as given.
    public let file: String
    /// The root dictionary's entries, in file order, duplicates kept. A scalar whose text
    /// did not parse is left out and reported in `diagnostics`.
    public internal(set) var entries: [PropertyListEntry] = []
    /// Every comment in the file, in file order.
    public internal(set) var comments: [PropertyListComment] = []
    /// The root element, if the reader got as far as it.
    public internal(set) var root: PropertyListRoot?
    /// Problems with the XML or the scalars' text, all coded `parse_error`, in file order.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The UTF-8 text the positions refer to (after a BOM is dropped or UTF-16 decoded).
    let text: SourceText

    init(file: String, text: SourceText) {
        self.file = file
        self.text = text
    }

    /// Whether the reader found nothing wrong.
    public var isReadable: Bool { diagnostics.isEmpty }

    /// The location of a position in this document's file.
    public func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: file, position)
    }

    /// An index of this document's lines, for quoting source lines in diagnostics.
    ///
    /// Built the first time it is asked for (one pass over the text), then shared.
    public func lines() -> SourceLines { text.lines }

    /// A diagnostic at a span of this document, quoting its source line.
    public func diagnostic(
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
}

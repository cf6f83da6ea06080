// Where things are, in one pair of public types: `SourceLocation` (a file, a line and a
// column: where a diagnostic or a value is) and `SourcePosition` (a line and a column in a
// file already known: where a diagnostic's element ends). Both are 1-based and count
// columns in Unicode scalars, as Yams's `Mark` does. The reader's byte offsets
// (`SourceRange`) and their line-and-column form (`SourceSpan`) are the package's own.

/// The stretch of a file that one element covers: from its `<` to just past its `>`.
package struct SourceSpan: Sendable, Hashable {
    /// Where the element starts (its `<`).
    package var start: SourcePosition
    /// Just past the element's last character, as an exclusive end.
    package var end: SourcePosition

    /// Creates a span.
    package init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

/// The stretch of a document's text that one element covers, as UTF-8 byte offsets: from
/// its `<` to just past its `>`.
///
/// The reader records offsets rather than lines and columns: positions are needed only
/// to report or explain, and the document works them out on request
/// (`PropertyListDocument.span(of:)`). Offsets of one document compare in file order.
/// They are kept in 32 bits (a theme is at most 64 MiB); larger values given to the
/// initialiser are clamped.
package struct SourceRange: Sendable, Hashable {
    private var storedStart: Int32
    private var storedEnd: Int32

    /// The byte offset of the element's first character (its `<`).
    package var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(clamping: newValue) }
    }

    /// The byte offset just past the element's last character, as an exclusive end.
    package var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Int32(clamping: newValue) }
    }

    /// Creates a range from byte offsets.
    package init(start: Int, end: Int) {
        storedStart = Int32(clamping: start)
        storedEnd = Int32(clamping: end)
    }
}

/// A position in a named file: what a diagnostic points at.
///
/// `description` is `path:line:column`, the form compilers and editors understand. Line 0
/// stands for the file as a whole (a theme that does not exist, a name that is refused):
/// its `description` is the path alone.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Creates a location from a file and a position in it.
    public init(file: String, _ position: SourcePosition) {
        self.init(file: file, line: position.line, column: position.column)
    }

    /// The line and column without the file.
    public var position: SourcePosition { SourcePosition(line: line, column: column) }

    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }

    /// A location for a file as a whole rather than a position in it.
    package static func wholeFile(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 0, column: 0)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

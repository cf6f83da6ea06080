/// A 1-based line and column inside one file.
///
/// Columns count Unicode scalars from the start of the line, so a multibyte character
/// before a key moves its column by one, not by its UTF-8 length. A tab is one column.
///
/// Lines and columns are kept in 32 bits (a theme is at most 64 MiB, so neither can reach
/// 2³¹). Larger values given to the initialiser are clamped.
public struct SourcePosition: Sendable, Hashable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The 1-based line.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Self.clamped(newValue) }
    }

    /// The 1-based column, in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Self.clamped(newValue) }
    }

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        storedLine = Self.clamped(line)
        storedColumn = Self.clamped(column)
    }

    private static func clamped(_ value: Int) -> Int32 {
        Int32(clamping: value)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

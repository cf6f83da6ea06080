import ThemeSupport

/// A stable identifier for a kind of problem, such as `duplicate_key`.
///
/// Codes never change once published: tests, suppression comments and CI filters match on
/// them. They are the same strings `themelint` uses as rule ids. ThemeKit declares the codes
/// of what it refuses to load; ThemeLint declares those of its own checks.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The code as written, in `snake_case`.
    public var rawValue: String

    /// Creates a code from its `snake_case` spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The file is not a readable XML property list: malformed XML, a wrong encoding, an
    /// unknown element, a scalar whose text does not parse, a refused DTD feature.
    public static let parseError: DiagnosticCode = "parse_error"
    /// The root is not a `<dict>`, or a value is a `<dict>`, `<array>`, `<data>` or `<date>`.
    public static let notFlat: DiagnosticCode = "not_flat"
    /// A key appears twice in one file.
    public static let duplicateKey: DiagnosticCode = "duplicate_key"
    /// The file could not be read at all (unreadable, a directory, a dangling link).
    public static let ioError: DiagnosticCode = "io_error"
    /// A theme name that is not `[A-Za-z0-9][A-Za-z0-9._-]*`; refused before any file is read.
    public static let invalidThemeName: DiagnosticCode = "invalid_theme_name"
    /// No `<name>.plist` in the theme folder.
    public static let themeNotFound: DiagnosticCode = "theme_not_found"
    /// An alias that names no key: `@name`, or a typed value that is neither valid nor a key.
    public static let unresolvedAlias: DiagnosticCode = "unresolved_alias"
    /// Aliases that lead back to where they started.
    public static let aliasCycle: DiagnosticCode = "alias_cycle"
    /// A `…Font` with no `…FontSize`, on its own key or along its alias chain.
    public static let missingFontSize: DiagnosticCode = "missing_font_size"
    /// A `…Color` whose value is not a hex color.
    public static let invalidColor: DiagnosticCode = "invalid_color"
    /// A `…Size` whose value is not a number greater than zero.
    public static let invalidSize: DiagnosticCode = "invalid_size"
    /// A `…Font` whose value is not a font name (a string).
    public static let invalidFont: DiagnosticCode = "invalid_font"
    /// An `…Image` whose value is not an image name (a string).
    public static let invalidImage: DiagnosticCode = "invalid_image"
    /// `INHERITED_THEME` names a theme that does not exist or is not a valid name.
    public static let missingParent: DiagnosticCode = "missing_parent"
    /// `INHERITED_THEME` leads back to a theme already in the chain.
    public static let inheritanceCycle: DiagnosticCode = "inheritance_cycle"
    /// A length (`…Width`, `…Height`, `…Radius`, `…Padding`, `…Spacing`) that is not a
    /// number of 0 or more.
    public static let invalidLength: DiagnosticCode = "invalid_length"
    /// An opacity (`…Alpha`, `…Opacity`) that is not a number from 0 to 1.
    public static let invalidOpacity: DiagnosticCode = "invalid_opacity"
    /// A duration (`…Duration`, `…Delay`) that is not a number of seconds, 0 or more.
    public static let invalidDuration: DiagnosticCode = "invalid_duration"
    /// `APPEARANCE` is neither `light` nor `dark`.
    public static let invalidAppearance: DiagnosticCode = "invalid_appearance"
    /// `DARK_THEME` or `LIGHT_THEME` names a theme that does not exist or is not a valid name.
    public static let missingPartner: DiagnosticCode = "missing_partner"

}

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// Breaks the theme: loading fails, `themelint` exits 1.
    case error
    /// Suspicious but loadable: `themelint` exits 0 unless `--strict`.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// One problem found in a theme, with everything needed to report it like a compiler.
public struct Diagnostic: Sendable, Hashable {
    /// A secondary location that explains the problem, such as a key's first definition.
    public struct Note: Sendable, Hashable {
        /// What the note says about its location.
        public var message: String
        /// Where it points.
        public var location: SourceLocation

        /// Creates a note.
        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// The stable code of this kind of problem.
    public var code: DiagnosticCode
    /// How serious it is.
    public var severity: Severity
    /// A sentence a person can act on, without a trailing period.
    public var message: String
    /// Where the problem starts.
    public var location: SourceLocation
    /// Where the offending element ends (exclusive), in the same file, if known.
    public var end: SourcePosition?
    /// The theme key the problem is about, if it is about one. Tools use it to follow a
    /// problem across edits that move it (SARIF fingerprints).
    public var key: String?
    /// The text of the line at `location`, without its line break, if known.
    public var sourceLine: String?
    /// Further locations that explain the problem.
    public var notes: [Note]

    /// Creates a diagnostic.
    public init(
        _ code: DiagnosticCode,
        severity: Severity = .error,
        _ message: String,
        at location: SourceLocation,
        end: SourcePosition? = nil,
        key: String? = nil,
        sourceLine: String? = nil,
        notes: [Note] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.end = end
        self.key = key
        self.sourceLine = sourceLine
        self.notes = notes
    }

    /// The one-line form: `path:line:col: error: message [code]`. The path and the message
    /// have their control and invisible characters escaped (`\n`, `\u{1b}`, …), so that a
    /// key or a path quoted in them cannot break the line or forge another.
    public var summary: String {
        "\(Escaping.visible(location.description)): \(severity.rawValue): \(Escaping.visible(message)) [\(code)]"
    }

    /// The compiler-style form: the summary, the source line with a caret under the
    /// column (and tildes to the end of the element when it ends on the same line), then
    /// each note on a line of its own. Escaped as `summary` is; the source line keeps its
    /// tabs, and the caret counts each escaped character as the width of its escape.
    package var rendered: String {
        var lines = [summary]
        if let sourceLine {
            lines.append(Escaping.escape(sourceLine, Self.sourceEscape))
            let sameLineEnd = end.flatMap { $0.line == location.line ? $0 : nil }
            lines.append(Self.marker(under: sourceLine, from: location.column, to: sameLineEnd))
        }
        for note in notes {
            lines.append("\(Escaping.visible(note.location.description)): note: \(Escaping.visible(note.message))")
        }
        return lines.joined(separator: "\n")
    }

    /// How a source line is shown: as `Escaping.visible`, but with its tabs kept, which the
    /// caret's line copies.
    private static func sourceEscape(_ scalar: Unicode.Scalar) -> String? {
        scalar == "\t" ? nil : Escaping.visibleEscape(scalar)
    }

    /// `^~~~` placed under `column`, copying tabs from the source so that the caret lines
    /// up however wide the reader's tabs are.
    private static func marker(under line: String, from column: Int, to end: SourcePosition?)
        -> String
    {
        var marker = ""
        var scalars = line.unicodeScalars.makeIterator()
        for _ in 1..<max(column, 1) {
            guard let scalar = scalars.next() else {
                marker.append(" ")
                continue
            }
            if scalar == "\t" {
                marker.append("\t")
            } else {
                let width = sourceEscape(scalar)?.count ?? 1
                marker.append(String(repeating: " ", count: width))
            }
        }
        marker.append("^")
        if let end, end.column > max(column, 1) + 1 {
            // Under every scalar up to the end, each as wide as it is shown.
            var width = 0
            for _ in max(column, 1)..<end.column {
                guard let scalar = scalars.next() else { break }
                width += scalar == "\t" ? 1 : sourceEscape(scalar)?.count ?? 1
            }
            if width > 1 { marker.append(String(repeating: "~", count: width - 1)) }
        }
        return marker
    }
}

extension Diagnostic: Comparable {
    /// Orders by file, line, column, then code, so that reports are deterministic.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String { summary }
}

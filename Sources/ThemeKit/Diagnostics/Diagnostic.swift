import ThemeSupport

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

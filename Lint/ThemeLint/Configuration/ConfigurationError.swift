public import ThemeKit

/// A configuration file that cannot be used: what is wrong, and where, as a line and column
/// and as a JSON path (`.rules.min_contrast.pairs[1].minimum`). Exit status 2.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as reported.
    public var file: String
    /// Where in the document: a jq-style path, `.` for the document itself, empty when the
    /// file is not JSON at all.
    public var jsonPath: String
    /// Where in the text: the value, key or syntax error the message is about.
    public var position: SourcePosition?
    /// What is wrong, for a person.
    public var message: String

    /// Creates an error.
    public init(file: String, jsonPath: String, position: SourcePosition? = nil, message: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.position = position
        self.message = message
    }

    /// `file:line:column: .json.path: message`, as themelint's other problems start; a
    /// syntax error has no JSON path, an error built in code may have no position.
    public var description: String {
        let place = position.map { "\(file):\($0.line):\($0.column):" } ?? "\(file):"
        return jsonPath.isEmpty ? "\(place) \(message)" : "\(place) \(jsonPath): \(message)"
    }
}

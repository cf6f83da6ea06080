public import ThemeKit

/// A configuration file that cannot be used: what is wrong, and where, as a JSON path
/// (`.rules.min_contrast.pairs[1].minimum`). Exit status 2.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as reported.
    public var file: String
    /// Where in the document: a jq-style path, `.` for the document itself, empty when the
    /// file is not JSON at all.
    public var jsonPath: String
    /// Where in the text, for a file that is not JSON at all.
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

    /// `file: .json.path: message`, or `file:line:column: message` for a syntax error.
    public var description: String {
        if let position { return "\(file):\(position.line):\(position.column): \(message)" }
        return jsonPath.isEmpty ? "\(file): \(message)" : "\(file): \(jsonPath): \(message)"
    }
}

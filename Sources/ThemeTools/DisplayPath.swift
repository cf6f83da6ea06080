public import ThemeKit

/// How a tool shows a file path: relative to the current directory where the file lies
/// under it, as given otherwise, so that output is the same on every machine.
public struct DisplayPath: Sendable, Hashable {
    /// The directory paths are made relative to (absolute, no trailing slash needed).
    public var currentDirectory: String

    /// Creates a display rule for paths under `currentDirectory`.
    public init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// `path` relative to the current directory when it lies under it, without `./`
    /// segments or doubled slashes; as given otherwise (ThemeKit's `PathDisplay`, which the
    /// linter shows its paths with too).
    public func callAsFunction(_ path: String) -> String {
        PathDisplay.relative(path, to: currentDirectory)
    }

    /// `location` with its file shown by this rule.
    public func callAsFunction(_ location: SourceLocation) -> SourceLocation {
        var location = location
        location.file = self(location.file)
        return location
    }

    /// Every diagnostic of `error` rendered compiler-style, its paths and its notes' paths
    /// shown by this rule, one after another with a final line break.
    public func rendered(_ error: ThemeError) -> String {
        error.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.location = self(diagnostic.location)
            diagnostic.notes = diagnostic.notes.map { note in
                var note = note
                note.location = self(note.location)
                return note
            }
            return diagnostic.rendered + "\n"
        }.joined()
    }
}

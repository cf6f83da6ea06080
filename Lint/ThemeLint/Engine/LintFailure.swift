/// A problem with how themelint was called or with the file system, rather than with a
/// theme: exit status 2.
public struct LintFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var message: String

    /// Creates a failure.
    package init(_ message: String) { self.message = message }

    public var description: String { message }
}

// TEMPORARY: mirrors the watcher API being built on the live-reload branch.
extension DirectoryWatcher {
    public enum Change: Sendable, Hashable {
        case files(Set<String>)
        case rescan
        case stopped(ThemeError)
    }

    convenience init(
        directory: String, quietPeriod: Duration, onChange: @escaping @Sendable (DirectoryWatcher.Change) -> Void
    ) throws(ThemeError) {
        try self.init(directory: directory, quietPeriod: quietPeriod, queue: nil) { names in onChange(.files(names)) }
    }

    public var isWatching: Bool { true }
}

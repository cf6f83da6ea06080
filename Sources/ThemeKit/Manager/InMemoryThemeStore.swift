import ThemeSupport

/// Keeps the theme name in memory: for tests, previews and apps that do not persist.
public final class InMemoryThemeStore: ThemeStore {
    private let state: Locked<(name: String?, saves: Int)>

    /// A store holding `name`, as if it had been saved.
    public init(_ name: String? = nil) {
        state = Locked((name, 0))
    }

    /// The name saved last.
    public var name: String? { state.withLock { $0.name } }
    /// How many times a name was saved.
    package var saveCount: Int { state.withLock { $0.saves } }

    public func loadThemeName() throws -> String? { name }

    public func saveThemeName(_ name: String) throws {
        state.withLock {
            $0.name = name
            $0.saves += 1
        }
    }
}

import ThemeSupport

/// A binding made by `ThemeManager.bind(_:_:)`: an object that restyles itself on the main
/// actor with every theme the manager takes.
///
/// The binding ends by itself when its owner is released; `cancel()` ends it sooner. Keeping
/// the returned value is optional: dropping it does not end the binding.
public final class ThemeBinding: Sendable {
    private let cancelled = Locked(false)

    init() {}

    /// Ends the binding: its closure is not called again (from any thread; a call already
    /// running on the main actor finishes).
    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { cancelled.withLock { $0 } }
}

/// The bindings of one manager, on the main actor.
///
/// Each binding remembers the number of the last change it applied, so a change is applied
/// once however the deliveries interleave with `bind` (which applies the current theme at
/// once). Applying runs app code, which may bind, cancel or change the theme: a change made
/// from inside a binding is applied after the current round, by the outer loop.
@MainActor
final class BindingRegistry {
    private struct Entry {
        let binding: ThemeBinding
        /// Applies the theme to the owner; false once the owner is gone.
        let apply: @MainActor (Theme) -> Bool
        var version: UInt64
    }

    private var entries: [Entry] = []
    private var isApplying = false

    nonisolated init() {}

    /// How many bindings are live.
    var count: Int { entries.count }

    /// Adds a binding that has already applied the theme numbered `version`.
    func add(_ binding: ThemeBinding, version: UInt64, apply: @escaping @MainActor (Theme) -> Bool) {
        entries.append(Entry(binding: binding, apply: apply, version: version))
    }

    /// Applies each change that `next` hands out, in order, to every binding that has not
    /// applied it yet, and drops bindings whose owner is gone or that were cancelled. Does
    /// nothing when called from inside a binding: the outer call goes on to the new change.
    func applyChanges(from next: () -> (version: UInt64, theme: Theme)?) {
        guard !isApplying else { return }
        isApplying = true
        defer { isApplying = false }
        while let (version, theme) = next() {
            var index = 0
            // A binding added meanwhile is appended, with the version it already applied.
            while index < entries.count {
                let entry = entries[index]
                if entry.binding.isCancelled {
                    entries.remove(at: index)
                    continue
                }
                if entry.version < version {
                    entries[index].version = version
                    if !entry.apply(theme) {
                        entries.remove(at: index)
                        continue
                    }
                }
                index += 1
            }
        }
        entries.removeAll { $0.binding.isCancelled }
    }
}

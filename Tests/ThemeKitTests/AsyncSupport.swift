import Foundation
import Synchronization
import Testing

@testable import ThemeKit

/// Waits (bounded) until `predicate` holds, yielding the caller's actor between tries so that
/// work queued for it (a binding round on the main actor) can run; returns whether it held.
func eventually(
    isolation: isolated (any Actor)? = #isolation, tries: Int = 500, _ predicate: () -> Bool
) async throws -> Bool {
    for _ in 0..<tries {
        if predicate() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return predicate()
}

/// A count shared with `@Sendable` callbacks.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

/// The failure notifications one center posts: the theme named and the `ThemeError`.
final class FailureLog: Sendable {
    private final class Entries: Sendable {
        let list = Mutex<[(theme: String, error: ThemeError?)]>([])
    }

    private let entries = Entries()

    init(_ center: NotificationCenter) {
        _ = center.addObserver(
            forName: ThemeManager.didFailToReloadNotification, object: nil, queue: nil
        ) { [entries] note in
            let theme = note.userInfo?[ThemeManager.themeKey] as? String ?? "?"
            let error = note.userInfo?[ThemeManager.errorKey] as? ThemeError
            entries.list.withLock { $0.append((theme, error)) }
        }
    }

    var themes: [String] { entries.list.withLock { $0.map(\.theme) } }
    var codes: [[DiagnosticCode]] { entries.list.withLock { $0.map { $0.error?.codes ?? [] } } }
    var count: Int { entries.list.withLock { $0.count } }
    var errors: [ThemeError?] { entries.list.withLock { $0.map(\.error) } }
}

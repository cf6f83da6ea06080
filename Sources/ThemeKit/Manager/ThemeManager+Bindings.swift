import Foundation

/// Bindings: objects on the main actor that style themselves from every theme.
extension ThemeManager {
    /// Styles `owner` with the current theme now, then with every new theme, on the main
    /// actor, until `owner` is released or the binding is cancelled.
    ///
    /// ```swift
    /// ThemeManager.shared.bind(label) { label, theme in
    ///     label.textColor = theme.color(forKey: "textColor")
    /// }
    /// ```
    ///
    /// The manager holds `owner` weakly, and `apply` until the binding ends (so a closure
    /// that captures a manager of its own, not `shared`, should capture it weakly). A change
    /// made on the main actor is applied before `changeTheme` returns; one made elsewhere
    /// (live reload, a background task) is applied on the main actor soon after, in order.
    /// A binding that falls more than 64 changes behind skips the oldest; it always applies
    /// the newest.
    @MainActor
    @discardableResult
    public func bind<Owner: AnyObject>(
        _ owner: Owner, _ apply: @escaping @MainActor (Owner, Theme) -> Void
    ) -> ThemeBinding {
        startIfNeeded()
        let binding = ThemeBinding()
        let live = bindings.count + 1
        let (theme, version) = state.withLock { state in
            state.bindingCount = live
            return (state.theme, state.version)
        }
        bindings.add(binding, version: version) { [weak owner] theme in
            guard let owner else { return false }
            apply(owner, theme)
            return true
        }
        apply(owner, theme)
        return binding
    }

    /// Binds an object that styles itself (`ThemeApplying`): `bind(object) { $0.applyTheme($1) }`.
    @MainActor
    @discardableResult
    public func bind(_ object: some ThemeApplying) -> ThemeBinding {
        bind(object) { object, theme in object.applyTheme(theme) }
    }

    /// Applies queued changes to the bindings: now when on the main thread, else soon on
    /// the main queue.
    func applyBindings() {
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { applyBindingRound() }
            return
        }
        let schedules = state.withLock { state -> Bool in
            guard !state.bindingQueue.isEmpty, !state.isBindingRoundScheduled else { return false }
            state.isBindingRoundScheduled = true
            return true
        }
        if schedules {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.applyBindingRound() }
            }
        }
    }

    @MainActor
    private func applyBindingRound() {
        state.withLock { $0.isBindingRoundScheduled = false }
        bindings.applyChanges {
            state.withLock { state in state.bindingQueue.isEmpty ? nil : state.bindingQueue.removeFirst() }
        }
        let live = bindings.count
        state.withLock { $0.bindingCount = live }
    }

    /// Changes that bindings may fall behind by before the oldest are skipped (the newest
    /// is always applied).
    static let bindingQueueLimit = 64
}

import Foundation

/// Delivering what the changes queued: saving, Observation, the streams, then the
/// notifications, in order and with no lock held.
extension ThemeManager {
    /// What must be told, queued in the order the changes happened.
    enum Delivery: Sendable {
        /// A change, and the choice to save with it (nil: the saved choice stays).
        case change(ThemeChange, saving: ThemeChoice?, subscribers: [AsyncStream<ThemeChange>.Continuation])
        case failure(theme: String, error: ThemeError)
        /// A choice to save with no change of theme (the theme in use is pinned).
        case save(ThemeChoice)
    }

    /// A notification to post, queued by the first stage of delivery in its order.
    enum Post: Sendable {
        case changed(ThemeChange)
        case failed(theme: String, error: ThemeError)
        case notSaved(theme: String, error: StoreFailure)
    }

    /// A store's error, carried to the notification that reports it.
    ///
    /// `@unchecked Sendable`: a `ThemeStore` may throw any error; it is handed over once, to
    /// the notification's `userInfo`, and never touched by the manager meanwhile.
    struct StoreFailure: @unchecked Sendable {
        let error: any Error
    }

    /// Delivers everything queued, in order, unless another thread (or an outer frame of
    /// this one) is delivering: that one then delivers it after the item in hand.
    ///
    /// Two stages, each with its own outbox: the first saves the choice, invalidates
    /// observers of `Observable` and feeds the streams; the second posts the notifications.
    /// The first stage queues the second's items, so both keep the order of the changes.
    func deliver() {
        if state.withLock({ $0.outbox.claim() }) {
            while let item = state.withLock({ $0.outbox.next() }) {
                deliver(item)
            }
        }
        post()
        applyBindings()
    }

    private func deliver(_ item: Delivery) {
        switch item {
        case .change(let change, let choice, let subscribers):
            if let choice { save(choice, theme: change.theme.name) }
            state.withLock { $0.posts.append(.changed(change)) }
            registrar.willSet(self, keyPath: \.currentTheme)
            registrar.didSet(self, keyPath: \.currentTheme)
            for subscriber in subscribers { subscriber.yield(change) }
        case .failure(let theme, let error):
            state.withLock { $0.posts.append(.failed(theme: theme, error: error)) }
        case .save(let choice):
            save(choice, theme: choice.baseName)
        }
    }

    /// Saves `choice` to the store, with no lock held; a failure is posted about `theme`.
    private func save(_ choice: ThemeChoice, theme: String) {
        guard let store = state.withLock({ $0.store }) else { return }
        do {
            try store.saveThemeName(choice.storedText)
        } catch {
            let failure = StoreFailure(error: error)
            state.withLock { $0.posts.append(.notSaved(theme: theme, error: failure)) }
        }
    }

    /// Posts the queued notifications, in order, unless another thread is posting.
    private func post() {
        if MainQueue.isCurrent, !Thread.isMainThread {
            // On Linux, once an async `main` has started, the main queue (and the main actor)
            // runs on a worker thread. Foundation there posts to a `queue: .main` observer by
            // queueing it on the main queue and waiting, which from the main queue itself
            // never ends: post from the private queue instead.
            deliverLater()
            return
        }
        guard state.withLock({ $0.posts.claim() }) else { return }
        while let post = state.withLock({ $0.posts.next() }) {
            switch post {
            case .changed(let change):
                center.post(
                    name: Self.didChangeThemeNotification, object: self,
                    userInfo: [
                        Self.previousThemeKey: change.previousTheme.name, Self.themeKey: change.theme.name,
                        Self.themeValueKey: change.theme,
                    ])
            case .failed(let theme, let error):
                center.post(
                    name: Self.didFailToReloadNotification, object: self,
                    userInfo: [Self.themeKey: theme, Self.errorKey: error])
            case .notSaved(let theme, let failure):
                center.post(
                    name: Self.didFailToSaveThemeNotification, object: self,
                    userInfo: [Self.themeKey: theme, Self.errorKey: failure.error])
            }
        }
    }

    /// Delivers from the private queue, for changes made on a thread that must not wait.
    func deliverLater() {
        deliveryQueue.async { [weak self] in self?.deliver() }
    }
}

/// Whether code runs on the main queue, which is where the main actor runs: the main thread
/// on Apple platforms and in synchronous Linux programs, a worker thread once an async
/// `main` on Linux has handed the main queue to dispatch.
enum MainQueue {
    /// Marks the main queue; set once, by the lazy initializer.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

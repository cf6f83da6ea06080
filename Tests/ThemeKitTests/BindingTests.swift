import Dispatch
import Foundation
import Testing

@testable import ThemeKit

/// A UI object as an app has them: main-actor state, styled by a binding.
@MainActor
private final class Label {
    var textColor: ThemeColor?
    var applied = 0
    /// The names of the themes applied, in order.
    var themes: [String] = []
}

/// Counts a binding's calls apart from its owner, so that counting does not keep it alive.
@MainActor
private final class Calls {
    var count = 0
}

/// An object that styles itself and binds itself in its initializer: what SPEC §5.1 says
/// must compile in Swift 6 mode with no `assumeIsolated` and no `@unchecked Sendable`.
@MainActor
private final class Screen: ThemeApplying {
    var backgroundColor: ThemeColor?
    var themes: [String] = []

    init(manager: ThemeManager) {
        manager.bind(self)
    }

    func applyTheme(_ theme: Theme) {
        backgroundColor = theme.color(forKey: "primaryColor")
        themes.append(theme.name)
    }
}

/// `bind(_:_:)` and `ThemeApplying` (SPEC §5.1): applied at once, then once per change, on
/// the main actor; the owner held weakly; cancellable.
@Suite("Bindings", .serialized)
@MainActor
struct BindingTests {
    private let blue = ThemeColor(hex: "#0000FF")
    private let black = ThemeColor(hex: "#000000")

    @discardableResult
    private func bindLabel(_ label: Label, to manager: ThemeManager) -> ThemeBinding {
        manager.bind(label) { label, theme in
            label.textColor = theme.color(forKey: "primaryColor")
            label.applied += 1
            label.themes.append(theme.name)
        }
    }

    @Test("bind applies the current theme at once")
    func bindAppliesAtOnce() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("dark"))
        let label = Label()
        bindLabel(label, to: manager)
        #expect(label.applied == 1)
        #expect(label.themes == ["dark"])
        #expect(label.textColor == black)
    }

    @Test("a change on the main actor is applied before changeTheme returns, once per change")
    func mainActorChangeAppliesBeforeReturning() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        bindLabel(label, to: manager)
        try manager.changeTheme("dark")
        #expect(label.applied == 2)
        #expect(label.textColor == black)
        try manager.changeTheme("default")
        #expect(label.applied == 3)
        #expect(label.textColor == blue)
        try manager.reloadTheme()
        #expect(label.themes == ["default", "dark", "default", "default"])
    }

    @Test("a failed change and a no-op change apply nothing")
    func failedAndNoOpChangesApplyNothing() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        bindLabel(label, to: manager)
        #expect(throws: ThemeError.self) { try manager.changeTheme("missing") }
        try manager.changeTheme("default")  // the current theme: a no-op
        #expect(label.applied == 1)
        #expect(label.textColor == blue)
        // The binding is still live: the next real change reaches it, once.
        try manager.changeTheme("dark")
        #expect(label.applied == 2)
        #expect(label.themes == ["default", "dark"])
    }

    @Test("the owner is held weakly: once it goes, the binding calls nothing and keeps nothing alive")
    func ownerIsHeldWeakly() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let calls = Calls()
        var label: Label? = Label()
        weak let watched = label
        if let label {
            manager.bind(label) { label, theme in
                calls.count += 1
                label.textColor = theme.color(forKey: "primaryColor")
            }
        }
        #expect(calls.count == 1)
        label = nil
        #expect(watched == nil)
        try manager.changeTheme("dark")
        try manager.changeTheme("default")
        #expect(calls.count == 1)
    }

    @Test("cancel() stops further calls")
    func cancelStopsCalls() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        let binding = bindLabel(label, to: manager)
        #expect(!binding.isCancelled)
        try manager.changeTheme("dark")
        binding.cancel()
        #expect(binding.isCancelled)
        try manager.changeTheme("default")
        try manager.reloadTheme()
        #expect(label.themes == ["default", "dark"])
        #expect(label.textColor == black)
    }

    @Test("a change made off the main actor is applied on the main actor, soon after")
    func offMainChangeAppliesOnMainActor() async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        manager.bind(label) { label, theme in
            // Traps (fails the run) if the binding runs anywhere but the main queue.
            dispatchPrecondition(condition: .onQueue(.main))
            MainActor.assertIsolated()
            label.textColor = theme.color(forKey: "primaryColor")
            label.themes.append(theme.name)
        }
        try await Task.detached { try manager.changeTheme("dark") }.value
        #expect(try await eventually { label.themes == ["default", "dark"] })
        #expect(label.textColor == black)

        let thread = Thread { try? manager.changeTheme("default") }
        thread.start()
        #expect(try await eventually { label.themes == ["default", "dark", "default"] })
        #expect(label.textColor == blue)
    }

    @Test("changes made off the main actor are each applied once, in order")
    func offMainChangesApplyInOrder() async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        bindLabel(label, to: manager)
        let names = (0..<10).map { $0.isMultiple(of: 2) ? "dark" : "default" }
        try await Task.detached {
            for name in names { try manager.changeTheme(name) }
        }.value
        #expect(try await eventually { label.themes.count == 11 })
        #expect(label.themes == ["default"] + names)
    }

    /// Makes `names` changes from another thread while the main actor waits, so that no
    /// binding round can run meanwhile.
    private func changeWhileMainActorIsBusy(_ manager: ThemeManager, _ names: [String]) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for name in names { try? manager.changeTheme(name) }
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test("a binding more than 64 changes behind skips the oldest and applies the newest, in order")
    func bindingFarBehindSkipsTheOldest() async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        bindLabel(label, to: manager)
        let names = (0..<100).map { $0.isMultiple(of: 2) ? "dark" : "default" }
        changeWhileMainActorIsBusy(manager, names)
        #expect(label.themes == ["default"])
        #expect(try await eventually { label.themes.count > 1 })
        #expect(label.themes == ["default"] + names.suffix(ThemeManager.bindingQueueLimit))
        #expect(label.textColor == blue)
    }

    @Test("setting directory after start applies the theme restored from the new folder")
    func directoryChangeApplies() throws {
        let folder = try twoThemes()
        let other = try TemporaryDirectory()
        try other.theme("default", ["primaryColor": "00ff00"])
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        bindLabel(label, to: manager)
        manager.directory = other.path
        #expect(label.themes == ["default", "default"])
        #expect(label.textColor == ThemeColor(hex: "#00FF00"))
    }

    @Test("a binding that changes the theme itself: no trap; the nested change follows the current round")
    func bindingChangesTheme() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let changer = Label()
        let other = Label()
        var seenByOtherDuringNestedChange: [String] = []
        // Weakly: the manager holds the binding, so a strong capture would keep both alive.
        manager.bind(changer) { [weak manager] changer, theme in
            changer.themes.append(theme.name)
            guard theme.name == "dark" else { return }
            try? manager?.changeTheme("default")
            // Applied after this round, not inside this call.
            seenByOtherDuringNestedChange = other.themes
        }
        bindLabel(other, to: manager)
        try manager.changeTheme("dark")
        #expect(manager.currentThemeName == "default")
        #expect(changer.themes == ["default", "dark", "default"])
        #expect(other.themes == ["default", "dark", "default"])
        #expect(seenByOtherDuringNestedChange == ["default"])
        #expect(other.textColor == blue)
    }

    @Test("a ThemeApplying object that binds itself: applyTheme at once and on every change")
    func themeApplyingBindsItself() throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let screen = Screen(manager: manager)
        #expect(screen.themes == ["default"])
        #expect(screen.backgroundColor == blue)
        try manager.changeTheme("dark")
        #expect(screen.themes == ["default", "dark"])
        #expect(screen.backgroundColor == black)
    }

    @Test("live reload: the binding applies the reloaded theme on the main actor")
    func liveReloadAppliesOnMainActor() async throws {
        let folder = try twoThemes()
        let manager = ThemeManager(directory: folder.path)
        let label = Label()
        manager.bind(label) { label, theme in
            dispatchPrecondition(condition: .onQueue(.main))
            MainActor.assertIsolated()
            label.textColor = theme.color(forKey: "primaryColor")
            label.applied += 1
        }
        try manager.startWatching(quietPeriod: .milliseconds(20))
        defer { manager.stopWatching() }
        try folder.theme(
            "default", ["themeName": "default", "primaryColor": "123456", "titleFont": "A", "titleFontSize": "1"])
        #expect(try await eventually { label.textColor == ThemeColor(hex: "#123456") })
        #expect(label.applied >= 2)
    }
}

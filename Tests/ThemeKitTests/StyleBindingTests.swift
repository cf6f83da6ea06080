import Foundation
import Observation
import Synchronization
import Testing

@testable import ThemeKit

/// A button as an app has one: main-actor state, styled as a named style.
@MainActor
private final class Button {
    var tintColor: ThemeColor?
    /// The winning key of each styling, in order.
    var sources: [String] = []
}

/// `bind(_:style:states:in:_:)`: a bound control restyles when the theme changes and when
/// its states change, from the keys its style, states and containers name.
@Suite("Style bindings", .serialized)
@MainActor
struct StyleBindingTests {
    /// Two themes whose button keys differ, so each styling says which theme and key won.
    private func themes() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (name, digit) in [("default", "1"), ("dark", "2")] {
            try folder.write(
                "\(name).plist",
                """
                <plist version="1.0"><dict>
                <key>actionColor</key><string>#00000\(digit)</string>
                <key>Button.actionColor</key><string>#0000a\(digit)</string>
                <key>Button:highlighted.actionColor</key><string>#0000b\(digit)</string>
                <key>Button:disabled.actionColor</key><string>#0000c\(digit)</string>
                <key>Popover/Button.actionColor</key><string>#0000d\(digit)</string>
                </dict></plist>
                """)
        }
        return folder
    }

    private func bind(_ button: Button, to manager: ThemeManager, in containers: [String] = [])
        -> ThemeStyleBinding
    {
        manager.bind(button, style: "Button", in: containers) { button, style in
            button.tintColor = style.color(forKey: "actionColor")
            button.sources.append(style.sourceKey(forProperty: "actionColor") ?? "-")
        }
    }

    @Test("a state change restyles at once; a change of theme restyles in the current states")
    func restylesOnStateAndTheme() throws {
        let folder = try themes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("default"))
        let button = Button()
        let styling = bind(button, to: manager)
        #expect(button.tintColor == ThemeColor(hex: "#0000a1"))
        styling.states = [.highlighted]
        #expect(button.tintColor == ThemeColor(hex: "#0000b1"))
        styling.states = [.highlighted]  // the same states: no restyle
        try manager.changeTheme("dark")
        #expect(button.tintColor == ThemeColor(hex: "#0000b2"))
        styling.states = [.highlighted, .disabled]  // disabled comes first in priority
        #expect(button.tintColor == ThemeColor(hex: "#0000c2"))
        styling.states = []
        #expect(
            button.sources == [
                "Button.actionColor", "Button:highlighted.actionColor", "Button:highlighted.actionColor",
                "Button:disabled.actionColor", "Button.actionColor",
            ])
        #expect(styling.style?.theme.name == "dark")
        #expect(styling.style?.states == [])
    }

    @Test("containers are the binding's: a button in a popover reads the popover's keys")
    func containers() throws {
        let folder = try themes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("default"))
        let button = Button()
        let styling = bind(button, to: manager, in: ["Popover"])
        #expect(button.sources == ["Popover/Button.actionColor"])
        styling.states = [.highlighted]  // a state beats a container
        #expect(button.sources.last == "Button:highlighted.actionColor")
    }

    @Test("a typed style name binds the same style")
    func typedName() throws {
        let folder = try themes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("default"))
        let button = Button()
        let styling = manager.bind(button, style: ThemeStyleName("Button"), states: [.disabled]) { button, style in
            button.sources.append(style.sourceKey(forProperty: "actionColor") ?? "-")
        }
        #expect(styling.name == "Button")
        #expect(button.sources == ["Button:disabled.actionColor"])
    }

    @Test("a cancelled binding restyles on neither a state nor a theme change")
    func cancel() throws {
        let folder = try themes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("default"))
        let button = Button()
        let styling = bind(button, to: manager)
        styling.cancel()
        #expect(styling.binding.isCancelled)
        styling.states = [.highlighted]
        try manager.changeTheme("dark")
        #expect(button.sources == ["Button.actionColor"])
    }

    @Test("the binding ends with its owner, and a dropped binding still restyles on theme changes")
    func ownerLifetime() throws {
        let folder = try themes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("default"))
        var button: Button? = Button()
        weak let released = button
        var calls = 0
        manager.bind(button!, style: "Button") { _, _ in calls += 1 }
        try manager.changeTheme("dark")
        #expect(calls == 2)
        button = nil
        #expect(released == nil)
        try manager.changeTheme("default")
        #expect(calls == 2)
    }

    @Test("ThemeManager.style is observed: a change of theme invalidates what read it")
    func observed() throws {
        let folder = try themes()
        let manager = ThemeManager(directory: folder.path, store: InMemoryThemeStore("default"))
        let changed = Mutex(false)
        let color = withObservationTracking {
            manager.style("Button", states: [.highlighted]).color(forKey: "actionColor")
        } onChange: {
            changed.withLock { $0 = true }
        }
        #expect(color == ThemeColor(hex: "#0000b1"))
        try manager.changeTheme("dark")
        #expect(changed.withLock { $0 })
    }
}

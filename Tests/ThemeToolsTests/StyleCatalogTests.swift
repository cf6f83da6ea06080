import Testing
import ThemeKit

@testable import ThemeTools

/// `StyleCatalog`: the styles and states the tools find in a theme's keys.
@Suite struct StyleCatalogTests {
    static let theme = Theme(
        name: "t",
        values: [
            "tintColor": .color(ThemeColor(red: 0, green: 0, blue: 0)),
            "cornerRadius": .size(4),
            "Button.tintColor": .color(ThemeColor(red: 1, green: 0, blue: 0)),
            "Outer/Button:pressed.borderColor": .color(ThemeColor(red: 0, green: 1, blue: 0)),
            "Danger.INHERITED_STYLE": .string("Button"),
            "Danger:loading.titleColor": .color(ThemeColor(red: 0, green: 0, blue: 1)),
            "Other.shadowColor": .color(ThemeColor(red: 1, green: 1, blue: 1)),
        ])

    @Test("styles by name with their keys and parent; states beyond the built-in ones, known after them")
    func catalog() {
        let catalog = StyleCatalog(theme: Self.theme)
        #expect(catalog.styles.map(\.name) == ["Button", "Danger", "Other"])
        #expect(catalog.styles[0].keys.map(\.key) == ["Button.tintColor", "Outer/Button:pressed.borderColor"])
        #expect(catalog.styles[1].parent == "Button")
        #expect(catalog.styles[1].keys.map(\.key) == ["Danger:loading.titleColor"])
        #expect(catalog.customStates == ["loading", "pressed"])
        #expect(catalog.knownStates.map(\.rawValue).suffix(2) == ["loading", "pressed"])
    }

    @Test("a style sees the global keys and its chain's properties, not another style's")
    func properties() {
        #expect(
            StyleCatalog.properties(of: Self.theme, chain: ["Danger", "Button"])
                == ["borderColor", "cornerRadius", "tintColor", "titleColor"])
        #expect(StyleCatalog.properties(of: Self.theme, chain: ["Nobody"]) == ["cornerRadius", "tintColor"])
    }

    @Test("states by name: known ones, else the unknown one with a suggestion")
    func statesByName() {
        let catalog = StyleCatalog(theme: Self.theme)
        #expect(
            (try? catalog.states(named: ["pressed", "highlighted"]).get())?.map(\.rawValue).sorted() == [
                "highlighted", "pressed",
            ])
        guard case .failure(let unknown) = catalog.states(named: ["hovered", "presed"]) else {
            Issue.record("presed is no state")
            return
        }
        #expect(unknown.name == "presed")
        #expect(unknown.description.hasPrefix("unknown state 'presed'; did you mean 'pressed'? (known: disabled, "))
    }
}

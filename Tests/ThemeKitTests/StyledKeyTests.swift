import Testing

@testable import ThemeKit

/// `StyledKey`: the one reading of `[Container/…/]Style[:state…].property` the linter and
/// the tools share (SPEC §9).
@Suite("Styled keys")
struct StyledKeyTests {
    @Test(
        "a styled key splits into containers, style, states as written, and the property after the last '.'",
        arguments: [
            ("Button.tintColor", [], "Button", [], "tintColor"),
            ("Button:highlighted.tintColor", [], "Button", ["highlighted"], "tintColor"),
            ("Button:selected:highlighted.tintColor", [], "Button", ["selected", "highlighted"], "tintColor"),
            (
                "UIWindow/UIPopoverController/MyCustomButton:disabled.actionColor",
                ["UIWindow", "UIPopoverController"],
                "MyCustomButton", ["disabled"], "actionColor"
            ),
            ("Sub.INHERITED_STYLE", [], "Sub", [], "INHERITED_STYLE"),
            // The prefix is the text before the last '.', as the style lookup reads it.
            ("com.example.title", [], "com.example", [], "title"),
            ("Card.titleFontSize", [], "Card", [], "titleFontSize"),
        ] as [(String, [String], String, [String], String)])
    func splits(_ key: String, _ containers: [String], _ style: String, _ states: [String], _ property: String)
        throws
    {
        let styled = try #require(StyledKey(key))
        #expect(styled.containers == containers)
        #expect(styled.style == style)
        #expect(styled.states == states)
        #expect(styled.property == property)
        #expect(styled.key == key)
    }

    @Test(
        "a key with no '.', or with an empty part, is not styled",
        arguments: [
            "tintColor", "INHERITED_THEME", ".tintColor", "Button.", "/Button.tintColor", "Outer//Button.tintColor",
            "Outer/.tintColor", "Button:.tintColor", ":hovered.tintColor", "Button::hovered.tintColor", "",
        ])
    func notStyled(_ key: String) {
        #expect(StyledKey(key) == nil)
    }

    @Test("the prefix is what a style's lookup writes before the property")
    func prefixMatchesLookup() throws {
        let theme = Theme(
            name: "t",
            values: [
                "Outer/Button:highlighted.tintColor": .color(ThemeColor(red: 1, green: 0, blue: 0)),
                "tintColor": .color(ThemeColor(red: 0, green: 0, blue: 1)),
            ])
        let styled = try #require(StyledKey("Outer/Button:highlighted.tintColor"))
        let style = theme.style(styled.style, states: [.highlighted], in: styled.containers)
        #expect(style.sourceKey(forProperty: styled.property) == styled.prefix + "." + styled.property)
        #expect(styled.with(states: []).key == "Outer/Button.tintColor")
        #expect(StyledKey(containers: ["A"], style: "S", states: ["x", "y"], property: "p").key == "A/S:x:y.p")
    }

    @Test("known states: the built-in ones, then the project's own in the order given, each once")
    func knownStates() {
        let known = ThemeState.known(adding: ["pressed", "hovered", "loading", "pressed"])
        #expect(known.map(\.rawValue) == ThemeState.builtIn.map(\.rawValue) + ["pressed", "loading"])
        #expect(known == known.sorted())
        #expect(ThemeState.known(adding: []) == ThemeState.builtIn)
    }
}

import Testing
import ThemeKit
import ThemeTools

/// Motif's `rgb()`, `rgba()`, `hsl()` and `hsla()` read their components as numbers, and a
/// number can be `nan`, `inf` or too large for a `Double`. Such a component is no color:
/// the value is dropped with a located note, never written as a made-up color (and never
/// trapped on).
@Suite("Import: colors with a component that is not a finite number")
struct ImportNonFiniteColorTests {
    @Test(
        "a Motif color with a NaN or infinite component, in JSON or YAML, is dropped with a note at the value",
        arguments: [
            ("hsl(0, nan%, 50%)", "nan%"), ("rgb(nan,1,1)", "nan"), ("rgba(0,0,0,nan)", "nan"),
            ("rgb(inf, 0, 0)", "inf"), ("hsla(-infinity, 50%, 50%, 1)", "-infinity"),
            ("rgba(0, 0, 0, 1e999)", "1e999"), ("HSL(NaN, 10%, 10%)", "nan"),
        ])
    func nonFiniteComponentIsDroppedWithANote(color: String, component: String) throws {
        let message =
            "'.Label.textColor' is '\(color)', a color with a component that is not a finite number ('\(component)'): dropped"
        let json = "{\".Label\": {\"textColor\": \"\(color)\"}}"
        let fromJSON = try ThemeImporter.run([.init(file: "Theme.json", bytes: Array(json.utf8))], format: .motif)
        #expect(fromJSON.themes.first?.values["Label.textColor"] == nil)
        #expect(fromJSON.notes.map(\.message) == [message])
        #expect(fromJSON.notes.map(\.location) == [SourceLocation(file: "Theme.json", line: 1, column: 26)])

        let yaml = ".Label:\n  textColor: \(color)\n"
        let fromYAML = try ThemeImporter.run([.init(file: "Theme.yaml", bytes: Array(yaml.utf8))], format: .motif)
        #expect(fromYAML.themes.first?.values["Label.textColor"] == nil)
        #expect(fromYAML.notes.map(\.message) == [message])
        #expect(fromYAML.notes.map(\.location) == [SourceLocation(file: "Theme.yaml", line: 2, column: 14)])
    }

    @Test("a Motif constant in color notation with a NaN component is dropped with a note, not kept as text")
    func nonFiniteConstantIsDropped() throws {
        let json = "{\"$Shade\": \"rgba(0, 0, 0, nan)\", \"$Other\": \"rgba(0, 0, 0, 0.5)\"}"
        let output = try ThemeImporter.run([.init(file: "Theme.json", bytes: Array(json.utf8))], format: .motif)
        let theme = try #require(output.themes.first)
        #expect(theme.values["Shade"] == nil)
        // A constant in color notation is declared a color (issue 35: colors under keys with no Color suffix).
        #expect(theme.values["Other"] == .string("#00000080"))
        #expect(theme.values["Other.$type"] == .string("color"))
        #expect(
            output.notes.map(\.message).contains(
                "'$Shade' is 'rgba(0, 0, 0, nan)', a color with a component that is not a finite number ('nan'): dropped"
            ))
    }
}

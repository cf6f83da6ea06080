import TestSupport
import Testing

/// What each front end is built from: themelint writes its output through ThemeOutput, as
/// themekit does, and does not pull in themekit's ThemeTools.
@Suite struct DependencyTests {
    @Test func themelintDependsOnThemeOutputNotThemeTools() throws {
        let themelint = try PackageSources.target("themelint")
        #expect(themelint.contains("path: \"Lint/themelint\""))
        #expect(themelint.contains("\"ThemeOutput\""))
        #expect(!themelint.contains("ThemeTools"))
    }

    @Test func themekitAndThemeLintWriteThroughThemeOutput() throws {
        #expect(try PackageSources.target("themekit").contains("\"ThemeOutput\""))
        #expect(try PackageSources.target("ThemeLint").contains("\"ThemeOutput\""))
    }
}

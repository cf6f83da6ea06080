import Foundation
import Testing

@testable import ThemeKit

/// Keys as `themekit keys` generates them, for the shipped kinds of value.
extension ThemeKey where Value == ThemeColor {
    fileprivate static var primaryColor: ThemeKey<ThemeColor> { ThemeKey("primaryColor") }
}

extension ThemeKey where Value == ThemeFont {
    fileprivate static var headerFont: ThemeKey<ThemeFont> { ThemeKey("headerFont") }
    /// A font key that names a color in the theme: the wrong kind.
    fileprivate static var primaryColorAsFont: ThemeKey<ThemeFont> { ThemeKey("primaryColor") }
}

extension ThemeKey where Value == Double {
    fileprivate static var cornerSize: ThemeKey<Double> { ThemeKey("cornerSize") }
    fileprivate static var columns: ThemeKey<Double> { ThemeKey("columns") }
}

extension ThemeKey where Value == String {
    fileprivate static var logoImage: ThemeKey<String> { ThemeKey("logoImage") }
    fileprivate static var title: ThemeKey<String> { ThemeKey("title") }
}

extension ThemeKey where Value == Bool {
    fileprivate static var animated: ThemeKey<Bool> { ThemeKey("animated") }
    /// A flag key that names a string in the theme: the wrong kind.
    fileprivate static var titleAsFlag: ThemeKey<Bool> { ThemeKey("title") }
}

extension ThemeKey where Value == ThemeValue {
    fileprivate static var anyTitle: ThemeKey<ThemeValue> { ThemeKey("title") }
}

@Suite struct ThemeKeyTests {
    /// A theme with one value of every kind.
    static func everyKind() throws -> (TemporaryDirectory, Theme) {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "primaryColor": "#336699", "headerFont": "Menlo", "headerFontSize": "<integer>17</integer>",
                "cornerSize": "<real>4.5</real>", "columns": "<integer>3</integer>", "logoImage": "appLogo",
                "title": "Hello", "animated": "<true/>",
            ])
        return (folder, try folder.loader.load("default"))
    }

    @Test func typedSubscriptReturnsTheValueOfEachKind() throws {
        let (_, theme) = try Self.everyKind()
        let color: ThemeColor? = theme[.primaryColor]
        #expect(color == theme.color(forKey: "primaryColor"))
        #expect(color?.hexString == ThemeColor(hex: "#336699")?.hexString)
        #expect(theme[.headerFont] == ThemeFont(name: "Menlo", size: 17))
        #expect(theme[.cornerSize] == 4.5)
        #expect(theme[.columns] == 3)
        #expect(theme[.logoImage] == "appLogo")
        #expect(theme[.title] == "Hello")
        #expect(theme[.animated] == true)
        #expect(theme[.anyTitle] == .string("Hello"))
    }

    @Test func keyOfTheWrongKindIsNilNotATrap() throws {
        let (_, theme) = try Self.everyKind()
        #expect(theme.values["primaryColor"] != nil)
        #expect(theme[.primaryColorAsFont] == nil)
        #expect(theme[.titleAsFlag] == nil)
        #expect(theme[ThemeKey<Double>("logoImage")] == nil)
        #expect(theme[ThemeKey<ThemeColor>("headerFont")] == nil)
    }

    @Test func missingKeyIsNil() throws {
        let (_, theme) = try Self.everyKind()
        #expect(theme[ThemeKey<ThemeColor>("nowhereColor")] == nil)
        #expect(Theme.empty(named: "x")[.primaryColor] == nil)
    }

    @Test func keysAreValuesComparedByName() {
        #expect(ThemeKey<ThemeColor>("primaryColor") == .primaryColor)
        #expect(ThemeKey<ThemeColor>("primaryColor") != ThemeKey<ThemeColor>("secondaryColor"))
        let set: Set = [ThemeKey<String>.title, ThemeKey<String>("title"), .logoImage]
        #expect(set.count == 2)
        #expect(ThemeKey<Bool>.animated.description == "animated")
    }

    @Test func managerSubscriptReadsTheCurrentTheme() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["primaryColor": "#000000", "title": "Day"])
        try folder.theme("dark", ["INHERITED_THEME": "default", "primaryColor": "#FFFFFF"])
        let manager = ThemeManager(directory: folder.path, notificationCenter: NotificationCenter())
        #expect(manager[.primaryColor] == ThemeColor(hex: "#000000"))
        try manager.changeTheme("dark")
        #expect(manager[.primaryColor] == ThemeColor(hex: "#FFFFFF"))
        #expect(manager[.primaryColor] == manager.color(forKey: "primaryColor"))
        #expect(manager[.title] == "Day", "inherited from default")
        #expect(manager[.primaryColorAsFont] == nil)
    }
}

import Foundation
import Testing

@testable import ThemeKit

@Suite("Value kinds: lengths, opacities, durations and numeric strings")
struct ValueKindTests {
    @Test(
        "a key's suffix gives its kind; FontSize is a size",
        arguments: [
            ("primaryColor", ThemeValueKind.color), ("headerFont", .font), ("headerFontSize", .size),
            ("gapSize", .size),
            ("logoImage", .image), ("borderWidth", .length), ("rowHeight", .length), ("cornerRadius", .length),
            ("cellPadding", .length), ("lineSpacing", .length), ("disabledAlpha", .opacity),
            ("overlayOpacity", .opacity), ("fadeDuration", .duration), ("tooltipDelay", .duration),
        ])
    func suffixGivesKind(key: String, kind: ThemeValueKind) {
        #expect(ValueKind.typed(forKey: key)?.kind == kind)
    }

    @Test("keys with no typed suffix are untyped, even when a suffix is inside them")
    func untypedKeys() {
        for key in ["title", "colorName", "Widths", "radiusX", "", "é", "Size "] {
            #expect(ValueKind.typed(forKey: key) == nil, "\(key)")
        }
    }

    @Test("no suffix ends another, so the matching order cannot matter, and each fits a word")
    func suffixesAreIndependent() {
        let suffixes = ValueKind.typed.flatMap(\.suffixes)
        #expect(suffixes.allSatisfy { (1...8).contains($0.utf8.count) }, "the matcher reads eight bytes")
        for a in suffixes {
            for b in suffixes where a != b { #expect(!a.hasSuffix(b), "\(a) ends in \(b)") }
        }
    }

    @Test("the size and font numbers, written as literals, are those typedNumber gives")
    func sizeAndFontNumbers() {
        #expect(ValueKind.typed[Int(ValueKind.sizeNumber) - 1].kind == .size)
        #expect(ValueKind.typed[Int(ValueKind.fontNumber) - 1].kind == .font)
        for (key, number) in [("gapSize", ValueKind.sizeNumber), ("headerFont", ValueKind.fontNumber)] {
            let found = Array(key.utf8).withUnsafeBufferPointer(ValueKind.keySuffixes.typedNumber(forKey:))
            #expect(found == number, "\(key)")
        }
    }

    @Test("a font size names its font, compared on the bytes")
    func fontKeyOfSize() {
        #expect(ValueKind.fontKey(ofSize: "headerFontSize") == "headerFont")
        #expect(ValueKind.fontKey(ofSize: "FontSize") == "Font")
        #expect(ValueKind.fontKey(ofSize: "éFontSize") == "éFont")
        for key in ["Size", "headerfontsize", "headerFontSizes", "headerFontSize\u{301}", "ontSize", ""] {
            #expect(ValueKind.fontKey(ofSize: key) == nil, "\(key)")
        }
        #expect(ValueKind.sizeKey(ofFont: "headerFont") == "headerFontSize")
    }

    static let theme = plist([
        "cornerRadius": "<string>5</string>", "borderWidth": "<real>0.5</real>", "rowHeight": "<integer>0</integer>",
        "disabledAlpha": "<real>0.4</real>", "overlayOpacity": "<string>1</string>",
        "fadeDuration": "<real>0.25</real>", "tooltipDelay": "<integer>2</integer>",
        "title": "<string> 17.5 </string>", "label": "<string>17px</string>", "count": "<integer>3</integer>",
    ])

    @Test("RNThemeManager's <string>5</string> radius reads as 5, and every number through number(forKey:)")
    func numbersReadAsNumbers() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("default.plist", Self.theme)
        let theme = try ThemeLoader(directory: folder.path).load("default")
        #expect(theme.number(forKey: "cornerRadius") == 5)
        #expect(theme.number(forKey: "borderWidth") == 0.5)
        #expect(theme.number(forKey: "rowHeight") == 0)
        #expect(theme.number(forKey: "disabledAlpha") == 0.4)
        #expect(theme.number(forKey: "overlayOpacity") == 1)
        #expect(theme.number(forKey: "title") == 17.5, "an untyped numeric string is a number")
        #expect(theme.string(forKey: "title") == " 17.5 ", "and still the string it was written as")
        #expect(theme.number(forKey: "label") == nil)
        #expect(theme[ThemeKey<Double>("cornerRadius")] == 5)
        #expect(theme[ThemeKey<Double>("title")] == 17.5)
        #expect(theme[ThemeKey<Double>("count")] == 3)
    }

    @Test("durations are seconds, looked up as Duration")
    func durations() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("default.plist", Self.theme)
        let theme = try ThemeLoader(directory: folder.path).load("default")
        #expect(theme.duration(forKey: "fadeDuration") == .milliseconds(250))
        #expect(theme.duration(forKey: "tooltipDelay") == .seconds(2))
        #expect(theme[ThemeKey<Duration>("fadeDuration")] == .milliseconds(250))
        #expect(theme.duration(forKey: "count") == nil, "only a duration key is a duration")
        #expect(theme.number(forKey: "fadeDuration") == 0.25)
    }

    @Test(
        "a value out of its kind's range is an error at the value, with the kind's words",
        arguments: [
            ("cornerRadius", "<integer>-1</integer>", DiagnosticCode.invalidLength, "a length of 0 or more"),
            ("cornerRadius", "<string>5pt</string>", .invalidLength, "a length of 0 or more"),
            ("disabledAlpha", "<real>1.5</real>", .invalidOpacity, "a number from 0 to 1"),
            ("disabledAlpha", "<real>-0.1</real>", .invalidOpacity, "a number from 0 to 1"),
            ("fadeDuration", "<real>-1</real>", .invalidDuration, "a number of seconds (0 or more, below 2^63)"),
            ("fadeDuration", "<real>1e19</real>", .invalidDuration, "a number of seconds (0 or more, below 2^63)"),
            ("fadeDuration", "<true/>", .invalidDuration, "a number of seconds (0 or more, below 2^63)"),
        ])
    func outOfRange(key: String, value: String, code: DiagnosticCode, expected: String) throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("default.plist", "<plist><dict>\n<key>\(key)</key>\(value)\n</dict></plist>")
        let diagnostics = ThemeLoader(directory: folder.path).analyze("default").diagnostics
        #expect(diagnostics.map(\.code) == [code])
        let first = try #require(diagnostics.first)
        #expect(first.message.hasSuffix("which is not \(expected)"))
        #expect((first.location.line, first.location.column) == (2, 1 + "<key>\(key)</key>".count))
    }

    @Test("a would-be alias in a length is a dangling alias, with a suggestion")
    func lengthAlias() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write(
            "default.plist",
            plist(["baseRadius": "<integer>4</integer>", "cornerRadius": "<string>baseRadiu</string>"]))
        let diagnostics = ThemeLoader(directory: folder.path).analyze("default").diagnostics
        #expect(diagnostics.map(\.code) == [.unresolvedAlias])
        #expect(
            diagnostics.first?.message
                == "'cornerRadius' is 'baseRadiu', which is neither a length of 0 or more nor a key; did you mean 'baseRadius'?"
        )
    }

    @Test("a Duration is never asked to hold what it cannot: 2^63 seconds and more are refused")
    func durationBounds() {
        #expect(Duration(themeValue: .number(0x1p63)) == nil)
        #expect(Duration(themeValue: .number(-1)) == nil)
        #expect(Duration(themeValue: .number(0x1p62)) == .seconds(0x1p62))
        #expect(Duration(themeValue: .string("1.5")) == .milliseconds(1500))
    }
}

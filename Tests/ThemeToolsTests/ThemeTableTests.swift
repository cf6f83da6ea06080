import Foundation
import Testing
import ThemeKit
import ThemeOutput
import ThemeTools

@Suite struct ThemeTableTests {
    /// The shipped themes, with paths shown relative to the package root.
    static func shipped(_ name: String) throws -> ThemeTable {
        let theme = try ThemeLoader(directory: Paths.themes).load(name)
        return ThemeTable(theme: theme, path: DisplayPath(currentDirectory: Paths.packageRoot.path))
    }

    @Test func walksTheWholeAliasChainToWhereTheValueIsWritten() throws {
        let table = try Self.shipped("lowcontrast")
        let row = try #require(table.rows.first { $0.key == "buttonTextColor" })
        #expect(row.aliasChain == ["headerTextColor", "backgroundColor", "canvasColor"])
        #expect(row.value == .color(try #require(ThemeColor(hex: "F2F2F2"))))
        #expect(row.definedAt == SourceLocation(file: "Themes/default.plist", line: 47, column: 2))
        #expect(row.valueAt == SourceLocation(file: "Themes/lowcontrast.plist", line: 18, column: 2))
    }

    @Test func aFontNamesTheKeyItsSizeCameFrom() throws {
        let table = try Self.shipped("lowcontrast")
        let row = try #require(table.rows.first { $0.key == "buttonFont" })
        #expect(row.value == .font(ThemeFont(name: "Helvetica-Light", size: 20)))
        #expect(row.aliasChain == ["headerFont"])
        #expect(row.sizeKey == "headerFontSize")
        #expect(row.sizeAt == SourceLocation(file: "Themes/default.plist", line: 55, column: 2))
    }

    @Test func aValueWrittenInPlaceHasNoChain() throws {
        let table = try Self.shipped("lowcontrast")
        let row = try #require(table.rows.first { $0.key == "brandColor" })
        #expect(row.aliasChain.isEmpty)
        #expect(row.sizeKey == nil)
        #expect(row.definedAt?.file == "Themes/lowcontrast.plist")
    }

    @Test func rowsAreSortedAndLineageAndFilesAreKept() throws {
        let table = try Self.shipped("dark")
        #expect(table.rows.map(\.key) == table.rows.map(\.key).sorted())
        #expect(table.rows.count == 33)
        #expect(table.lineage == ["dark", "default"])
        #expect(table.files == ["Themes/dark.plist", "Themes/default.plist"])
    }

    @Test func aLongChainShowsItsFirstLinksHowManyMoreAndItsEnd() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let links = (0..<6).map { "<key>link\($0)Color</key><string>@link\($0 + 1)Color</string>" }.joined()
        try "<plist><dict>\(links)<key>link6Color</key><string>#336699</string></dict></plist>\n"
            .write(to: folder.appendingPathComponent("default.plist"), atomically: true, encoding: .utf8)
        let theme = try ThemeLoader(directory: folder.path).load("default")
        let table = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: folder.path))
        #expect(table.rows.count == 7)
        for (index, row) in table.rows.enumerated() {
            let whole = theme.aliasChain(forKey: row.key)
            #expect(whole == (index + 1..<7).map { "link\($0)Color" }, "\(row.key)")
            #expect(row.aliasChain == Array(whole.prefix(ThemeTable.shownLinks)), "\(row.key)")
            #expect(row.aliasLength == whole.count, "\(row.key)")
            #expect(row.aliasEnd == whole.last, "\(row.key)")
            #expect(
                row.valueAt == SourceLocation(file: "default.plist", line: 1, column: 329), "the value of link6Color")
        }
        let lines = table.text.split(separator: "\n")
        #expect(lines[2].hasSuffix("→ link1Color → link2Color → link3Color → … 2 more → link6Color (default.plist:1)"))
        #expect(lines[4].hasSuffix("→ link3Color → link4Color → link5Color → link6Color (default.plist:1)"))
        #expect(lines[7].hasSuffix("→ link6Color (default.plist:1)"))
        #expect(table.json.contains("\"aliasLength\" : 6"))
    }

    @Test func aLongValueSharedByManyKeysIsCutInEachRow() {
        let long = String(repeating: "é", count: 300)
        let theme = Theme(name: "t", values: ["aTitle": .string(long), "bTitle": .string("short")])
        let lines = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: "/")).text.split(separator: "\n")
        let cut = String(repeating: "é", count: ThemeTable.maximumValueLength)
        #expect(lines[2].contains("\"" + cut + "…(200 more bytes)\""))
        #expect(!lines[2].contains(cut + "é"))
        #expect(lines[3].contains("\"short\""))
    }

    @Test func bidiOverridesAndC1ControlsAreShownEscaped() {
        let theme = Theme(name: "t", values: ["a\u{202E}Title": .string("x\u{9B}31my\u{2067}z")])
        let text = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: "/")).text
        #expect(text.contains("a\\u{202e}Title"))
        #expect(text.contains("\"x\\u{9b}31my\\u{2067}z\""))
        #expect(!text.unicodeScalars.contains { [0x202E, 0x9B, 0x2067].contains($0.value) })
    }

    @Test func oneLongKeyDoesNotPadEveryRow() {
        let long = String(repeating: "k", count: 100) + "Size"
        let theme = Theme(name: "t", values: ["aSize": .size(1), long: .size(2)])
        let lines = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: "/")).text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix("aSize" + String(repeating: " ", count: 40 - 5 + 2) + "size"), "padded to 40")
        #expect(lines[3].hasPrefix(long + "  size"), "a longer key is written whole, then two spaces")
    }

    @Test func textRowsStayOnOneLineWhateverTheValueHolds() {
        let theme = Theme(name: "t", values: ["note": .string("two\nlines \"q\""), "tab\tkey": .bool(true)])
        let text = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: "/")).text
        #expect(text.split(separator: "\n").count == 4, "heading, column titles and one line per key")
        #expect(text.contains(#""two\nlines \"q\"""#))
        #expect(text.contains(#"tab\tkey"#))
    }

    @Test func jsonEscapesAndTypesEveryValue() throws {
        let theme = Theme(
            name: "t",
            values: [
                "aColor": .color(ThemeColor(red: 1, green: 0, blue: 0, alpha: 0.4)),
                "bFont": .font(ThemeFont(name: "A\"B", size: 12.5)), "cSize": .size(3), "d": .bool(false),
                "e": .string("x\u{1}\\"),
            ])
        let json = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: "/")).json
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let values = try #require(parsed["values"] as? [[String: Any]])
        #expect(values.map { $0["key"] as? String } == ["aColor", "bFont", "cSize", "d", "e"])
        #expect(values[0]["value"] as? String == "#FF000066")
        #expect((values[1]["value"] as? [String: Any])?["name"] as? String == "A\"B")
        #expect((values[1]["value"] as? [String: Any])?["size"] as? Double == 12.5)
        #expect(values[2]["value"] as? Int == 3)
        #expect(values[4]["value"] as? String == "x\u{1}\\")
        #expect(json.contains(#""x\u0001\\""#))
    }
}

@Suite struct DisplayPathTests {
    @Test func pathsUnderTheCurrentDirectoryBecomeRelative() {
        let path = DisplayPath(currentDirectory: "/work/pkg")
        #expect(path("/work/pkg/Themes/a.plist") == "Themes/a.plist")
        #expect(path("./Themes//a.plist") == "Themes/a.plist")
        #expect(path("/work/pkg/./Themes/a.plist") == "Themes/a.plist")
        #expect(
            path("/work/pkgs/a.plist") == "/work/pkgs/a.plist", "a sibling folder with a longer name stays absolute")
        #expect(path("/elsewhere/a.plist") == "/elsewhere/a.plist")
        #expect(path("/work/pkg") == "/work/pkg")
    }

    @Test func diagnosticsAreRenderedWithRelativePaths() {
        let location = SourceLocation(file: "/work/pkg/Themes/a.plist", line: 3, column: 2)
        let diagnostic = Diagnostic(
            .duplicateKey, "twice", at: location,
            notes: [.init("first here", at: SourceLocation(file: "/work/pkg/Themes/a.plist", line: 1, column: 2))])
        let text = DisplayPath(currentDirectory: "/work/pkg/").rendered(ThemeError(diagnostic))
        #expect(
            text == """
                Themes/a.plist:3:2: error: twice [duplicate_key]
                Themes/a.plist:1:2: note: first here

                """)
    }

    @Test func theTableNamesTheAppearanceAndPartnersInItsHeadingAndJSON() throws {
        let path = DisplayPath(currentDirectory: "/")
        let night = ThemeTable(theme: PartnerExportTests.night, path: path)
        #expect(night.text.hasPrefix("night: 4 keys, dark (light partner: day)\n"))
        let lone = ThemeTable(theme: Theme(name: "t", values: [:]), path: path)
        #expect(lone.text.hasPrefix("t: 0 keys, light\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(night.json.utf8)) as? [String: Any])
        #expect(object["appearance"] as? String == "dark")
        #expect(object["lightTheme"] as? String == "day")
        #expect(object["darkTheme"] is NSNull)
        let shipped = try ThemeTableTests.shipped("dark")
        #expect(shipped.heading == "dark: 33 keys, inherits default, dark (light partner: default)")
    }
}

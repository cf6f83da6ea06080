import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeOutput
import ThemeTools

/// `AssetCatalogExporter` and `AssetCatalogWriter`: a theme and its partner as an Xcode asset
/// catalog (issue 38), against a catalog written by hand in the layout Xcode writes.
@Suite struct AssetCatalogExportTests {
    static func hex(_ text: String) -> ThemeValue {
        .color(ThemeColor(hex: text) ?? ThemeColor(red: 0, green: 0, blue: 0))
    }

    /// A light theme and its dark partner: a color both have, one with alpha and a dotted key,
    /// one only the light theme has, one only the dark theme has, and a value that is no color.
    static let day = Theme(
        name: "day",
        values: [
            "inkColor": hex("000000"), "canvasColor": hex("FFFFFF"), "brand.accent": hex("F93D38CC"),
            "lineColor": hex("808080"), "logoImage": .string("sun"),
        ], appearance: .light, darkThemeName: "night")
    static let night = Theme(
        name: "night",
        values: [
            "inkColor": hex("FFFFFF"), "canvasColor": hex("1C1C1E"), "brand.accent": hex("FF453A"),
            "glowColor": hex("FFD60A"), "logoImage": .string("moon"),
        ], appearance: .dark, lightThemeName: "day")

    /// The golden catalog, `Fixtures/XCAssets/day-night.xcassets`, written by hand after catalogs
    /// Xcode wrote: every file, by path inside the catalog.
    static func golden() throws -> [String: String] {
        let folder = Paths.fixtures.appendingPathComponent("XCAssets/day-night.xcassets")
        return try files(in: folder.path)
    }

    /// Every regular file under `folder`, by path relative to it, with its text.
    static func files(in folder: String) throws -> [String: String] {
        var out: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = folder + "/" + path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            out[path] = try String(contentsOfFile: full, encoding: .utf8)
        }
        return out
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aLightThemeAndItsDarkPartnerMakeTheGoldenCatalogFileForFile() throws {
        let catalog = try AssetCatalogExporter.catalog(Self.day, partner: Self.night)
        let golden = try Self.golden()
        #expect(catalog.files.map(\.path) == golden.keys.sorted())
        for file in catalog.files {
            #expect(file.text == golden[file.path], "\(file.path)")
        }
    }

    @Test func everyContentsFileHasTheFieldsXcodeWrites() throws {
        let catalog = try AssetCatalogExporter.catalog(Self.day, partner: Self.night)
        for file in catalog.files {
            let object = try Self.object(file.text)
            let info = try #require(object["info"] as? [String: Any], "\(file.path)")
            #expect(info["author"] as? String == "xcode")
            #expect(info["version"] as? Int == 1)
            guard file.path != "Contents.json" else {
                #expect(object.count == 1, "the catalog's Contents.json is info alone")
                continue
            }
            #expect(file.path.hasSuffix(".colorset/Contents.json"))
            #expect(Set(object.keys) == ["colors", "info"])
            let colors = try #require(object["colors"] as? [[String: Any]])
            #expect(colors.count == 1 || colors.count == 2)
            for (index, variant) in colors.enumerated() {
                #expect(variant["idiom"] as? String == "universal")
                let color = try #require(variant["color"] as? [String: Any])
                #expect(color["color-space"] as? String == "srgb")
                let components = try #require(color["components"] as? [String: String])
                #expect(Set(components.keys) == ["red", "green", "blue", "alpha"])
                for value in components.values {
                    let number = try #require(Double(value), "\(value)")
                    #expect((0...1).contains(number))
                    #expect(value.split(separator: ".").last?.count == 3, "Xcode's three decimals: \(value)")
                }
                let appearances = variant["appearances"] as? [[String: String]]
                #expect(appearances == (index == 0 ? nil : [["appearance": "luminosity", "value": "dark"]]))
            }
        }
        // Members in the order Xcode writes them: sorted by name.
        let text = try #require(catalog.files.first { $0.path == "inkColor.colorset/Contents.json" }?.text)
        let members = [
            "\"colors\"", "\"appearances\"", "\"color\"", "\"color-space\"", "\"components\"", "\"alpha\"",
            "\"blue\"", "\"green\"", "\"red\"", "\"idiom\"", "\"info\"", "\"author\"", "\"version\"",
        ]
        var position = text.startIndex
        for member in members {
            let found = try #require(text.range(of: member + " : ", range: position..<text.endIndex), "\(member)")
            position = found.upperBound
        }
    }

    @Test func aDarkThemeWithALightPartnerPutsTheLightColorsInTheUniversalVariant() throws {
        let fromDark = try AssetCatalogExporter.catalog(Self.night, partner: Self.day)
        let fromLight = try AssetCatalogExporter.catalog(Self.day, partner: Self.night)
        #expect(fromDark == fromLight, "the pair is one catalog, whichever of the two is named")
    }

    @Test func aThemeWithNoPartnerHasUniversalColorsOnly() throws {
        let catalog = try AssetCatalogExporter.catalog(Self.night)
        #expect(
            catalog.files.map(\.path) == [
                "Contents.json", "brandAccent.colorset/Contents.json", "canvasColor.colorset/Contents.json",
                "glowColor.colorset/Contents.json", "inkColor.colorset/Contents.json",
            ])
        for file in catalog.files.dropFirst() {
            let colors = try #require(try Self.object(file.text)["colors"] as? [[String: Any]])
            #expect(colors.count == 1)
            #expect(colors[0]["appearances"] == nil)
        }
        let ink = try Self.object(try #require(catalog.files.first { $0.path.hasPrefix("inkColor.") }).text)
        let color = (ink["colors"] as? [[String: Any]])?.first?["color"] as? [String: Any]
        #expect(
            color?["components"] as? [String: String] == [
                "red": "1.000", "green": "1.000", "blue": "1.000", "alpha": "1.000",
            ])
    }

    @Test func keysAreNamedForXcodeAndEachRenameSaysWhy() {
        let names = AssetCatalogNames(keys: [
            "color.bg.primary", "Brand Blue/500", "100", "primaryColor", "primary", "Primary", "a-b", "aB", "café",
            "inkColor",
        ])
        let table = names.entries.map { [$0.key, $0.name, $0.reason ?? ""] }
        #expect(
            table == [
                ["100", "color100", "an asset's name is ASCII letters and digits, starting with a letter"],
                ["Brand Blue/500", "BrandBlue500", "an asset's name is ASCII letters and digits"],
                ["Primary", "Primary", ""],
                ["a-b", "aB2", "an asset's name is ASCII letters and digits, and 'aB' has that name already"],
                ["aB", "aB", ""],
                ["café", "caf", "an asset's name is ASCII letters and digits"],
                ["color.bg.primary", "colorBgPrimary", "an asset's name is ASCII letters and digits"],
                ["inkColor", "inkColor", ""],
                [
                    "primary", "primary2",
                    "'Primary' has that name already (Xcode's names ignore case and a trailing Color)",
                ],
                [
                    "primaryColor", "primaryColor2",
                    "'Primary' has that name already (Xcode's names ignore case and a trailing Color)",
                ],
            ])
    }

    @Test func manyKeysWithOneBaseNameTakeSuccessiveSuffixes() {
        let keys = (0..<50).map { "a" + String(repeating: ".", count: $0 + 1) } + ["a", "a2"]
        let names = AssetCatalogNames(keys: keys)
        #expect(Set(names.entries.map { $0.name.lowercased() }).count == keys.count, "every name is unique")
        #expect(names.entries.first { $0.key == "a" }?.name == "a")
        #expect(names.entries.first { $0.key == "a2" }?.name == "a2")
        #expect(
            names.entries.filter { $0.key.hasPrefix("a.") }.map(\.name).sorted() == (3...52).map { "a\($0)" }.sorted())
    }

    @Test func aVeryLongKeyIsCutToTheLongestName() {
        let key = String(repeating: "x", count: 300)
        let names = AssetCatalogNames(keys: [key, key + "y"])
        #expect(
            names.entries.map(\.name) == [String(repeating: "x", count: 200), String(repeating: "x", count: 199) + "2"])
        #expect(names.entries.first?.reason == "an asset's name is at most 200 characters")
    }

    @Test func aComponentThatIsNoNumberInRangeIsAnErrorNotAClampedColor() {
        let theme = Theme(
            name: "odd",
            values: [
                "nanColor": .color(ThemeColor(red: .nan, green: 0, blue: 0)),
                "overColor": .color(ThemeColor(red: 0, green: 2, blue: 0)),
            ])
        #expect(throws: ThemeExporter.ExportError.self) { try AssetCatalogExporter.catalog(theme) }
        do {
            _ = try AssetCatalogExporter.catalog(theme)
        } catch {
            #expect(
                error.description == """
                    key 'nanColor' has NaN, which an asset catalog cannot express: change the value or the key
                    key 'overColor' has a component outside 0…1, which an asset catalog cannot express: change the value or the key
                    """)
        }
    }

    // MARK: Components

    @Test func sourceColorsInSRGBOrDisplayP3KeepTheirSpaceAndComponentsAsWritten() {
        let p3 = TokenColor(space: .displayP3, components: .number(0.2), .number(0.4), .number(0.9))
        let written = AssetCatalogExporter.components(ThemeColor(red: 0, green: 0, blue: 0), source: p3)
        #expect(
            written
                == .init(space: "display-p3", red: "0.200", green: "0.400", blue: "0.900", alpha: "1.000"))
        let srgb = TokenColor(
            space: .srgb, components: .number(0.0667), .number(0.0941), .number(0.1529), alpha: 0.25, hex: "#111827")
        #expect(
            AssetCatalogExporter.components(ThemeColor(red: 0, green: 0, blue: 0), source: srgb)
                == .init(space: "srgb", red: "0.0667", green: "0.0941", blue: "0.1529", alpha: "0.250"))
    }

    @Test func otherSpacesAreSRGBInsideItAndDisplayP3Outside() throws {
        // OKLCH inside sRGB (the fixture's blue 300).
        let inside = TokenColor(space: .oklch, components: .number(0.75), .number(0.1), .number(250))
        let inSRGB = AssetCatalogExporter.components(ThemeColor(red: 0, green: 0, blue: 0), source: inside)
        #expect(inSRGB.space == "srgb")
        let converted = inside.converted().color
        #expect(inSRGB.red == String(format: "%.3f", converted.red))
        // Display P3's green written in OKLCH (CSS Color 4's conversion, to 6 digits): outside
        // sRGB, inside Display P3.
        let oklab = TokenColor(space: .oklch, components: .number(0.848_829), .number(0.368_528), .number(145.644_956))
        let outside = AssetCatalogExporter.components(ThemeColor(red: 0, green: 0, blue: 0), source: oklab)
        #expect(outside.space == "display-p3")
        #expect([outside.red, outside.green, outside.blue, outside.alpha] == ["0.000", "1.000", "0.000", "1.000"])
        // Rec. 2020's green: outside Display P3 too, mapped into it.
        let wide = TokenColor(space: .rec2020, components: .number(0), .number(1), .number(0))
        let mapped = AssetCatalogExporter.components(ThemeColor(red: 0, green: 0, blue: 0), source: wide)
        #expect(mapped.space == "display-p3")
        #expect(wide.convertedToDisplayP3().wasOutOfGamut)
        for value in [mapped.red, mapped.green, mapped.blue] {
            #expect((0...1).contains(try #require(Double(value))))
        }
        // An sRGB source out of its range is converted too, never written out of range.
        let over = TokenColor(space: .srgb, components: .number(1.2), .number(0), .number(0))
        #expect(
            AssetCatalogExporter.components(ThemeColor(red: 1, green: 0, blue: 0), source: over).space == "display-p3")
    }

    // MARK: Writing

    /// Writing `night`'s catalog to `path` fails with `message`.
    static func expectRefused(
        _ path: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(throws: AssetCatalogWriter.Failure(message: message), sourceLocation: sourceLocation) {
            try AssetCatalogWriter.write(try AssetCatalogExporter.catalog(Self.night), to: path)
        }
    }

    @Test func theWrittenCatalogIsTheCatalogAndTheMarkerAndTwiceIsTheSameBytes() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/Tokens.xcassets"
        let catalog = try AssetCatalogExporter.catalog(Self.day, partner: Self.night)
        try AssetCatalogWriter.write(catalog, to: path)
        let first = try Self.files(in: path)
        var expected = Dictionary(uniqueKeysWithValues: catalog.files.map { ($0.path, $0.text) })
        expected[AssetCatalogWriter.marker.name] = AssetCatalogWriter.marker.text
        #expect(first == expected)
        try AssetCatalogWriter.write(catalog, to: path)
        #expect(try Self.files(in: path) == first)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["Tokens.xcassets"],
            "no scratch folder is left")
    }

    @Test func aCatalogThemekitWroteIsReplacedWholeAndAnyOtherFolderIsRefused() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/Tokens.xcassets"
        try AssetCatalogWriter.write(try AssetCatalogExporter.catalog(Self.day, partner: Self.night), to: path)
        try AssetCatalogWriter.write(try AssetCatalogExporter.catalog(Self.night), to: path)
        #expect(!FileManager.default.fileExists(atPath: path + "/lineColor.colorset"), "a color gone is gone")

        try scratch.write("Assets.xcassets/AppIcon.appiconset/Contents.json", "{}\n")
        Self.expectRefused(
            scratch.path + "/Assets.xcassets",
            "not replacing \(scratch.path)/Assets.xcassets: it is not a catalog themekit wrote "
                + "(it has no .themekit-export); remove it or give another folder")
        #expect(try Self.files(in: scratch.path + "/Assets.xcassets") == ["AppIcon.appiconset/Contents.json": "{}\n"])

        try scratch.write("File.xcassets", "text\n")
        Self.expectRefused(
            scratch.path + "/File.xcassets", "not replacing \(scratch.path)/File.xcassets: it is not a folder")
        try FileManager.default.createDirectory(
            atPath: scratch.path + "/Empty.xcassets", withIntermediateDirectories: false)
        try AssetCatalogWriter.write(try AssetCatalogExporter.catalog(Self.night), to: scratch.path + "/Empty.xcassets")
        #expect(
            FileManager.default.fileExists(atPath: scratch.path + "/Empty.xcassets/inkColor.colorset/Contents.json"))
    }

    @Test func aWriteThatFailsPartWayLeavesNothingNewAndTheOldCatalogAsItWas() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/Tokens.xcassets"
        let catalog = try AssetCatalogExporter.catalog(Self.day, partner: Self.night)
        var written = 0
        func failing(_ text: String, _ file: String) throws(OutputFile.WriteError) {
            written += 1
            // The third file goes where no folder is: the system's own failure.
            try OutputFile.write(text, to: written < 3 ? file : scratch.path + "/missing/file")
        }
        #expect(throws: AssetCatalogWriter.Failure(message: "cannot write \(path): No such file or directory")) {
            try AssetCatalogWriter.write(catalog, to: path, writeFile: failing)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [], "nothing is left")

        try AssetCatalogWriter.write(try AssetCatalogExporter.catalog(Self.night), to: path)
        let before = try Self.files(in: path)
        written = 0
        #expect(throws: AssetCatalogWriter.Failure.self) {
            try AssetCatalogWriter.write(catalog, to: path, writeFile: failing)
        }
        #expect(try Self.files(in: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["Tokens.xcassets"])
    }

    @Test func aParentThatIsNoFolderLeavesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("file", "text\n")
        Self.expectRefused(
            scratch.path + "/file/Tokens.xcassets", "cannot write \(scratch.path)/file/Tokens.xcassets: Not a directory"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["file"])
    }

    @Test(.enabled(if: geteuid() != 0, "root writes into a read-only folder"))
    func anUnwritableParentLeavesNothing() throws {
        let scratch = try Scratch()
        let parent = scratch.path + "/locked"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent) }
        Self.expectRefused(parent + "/Tokens.xcassets", "cannot write \(parent)/Tokens.xcassets: Permission denied")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == [])
    }
}

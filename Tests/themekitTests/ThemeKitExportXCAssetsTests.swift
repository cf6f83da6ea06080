import Foundation
import TestSupport
import Testing
import ThemeKit

/// `themekit export NAME --format xcassets -o DIR.xcassets` (issue 38), end to end with the
/// built tool: the shipped themes and the DTCG design system as Xcode asset catalogs.
@Suite("themekit export --format xcassets, end to end", .serialized)
struct ThemeKitExportXCAssetsTests {
    /// Each colorset of the catalog at `path`, by name: its variants' `color` objects, the
    /// universal one first.
    static func colorsets(at path: String) throws -> [String: [[String: Any]]] {
        var out: [String: [[String: Any]]] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: path) where entry.hasSuffix(".colorset") {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(entry)/Contents.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let colors = try #require(object["colors"] as? [[String: Any]])
            out[String(entry.dropLast(".colorset".count))] = try colors.map {
                try #require($0["color"] as? [String: Any])
            }
        }
        return out
    }

    /// The design-system fixture copied into a scratch folder and its theme `name` exported
    /// there as `Acme.xcassets`: the folder and the run, which must have succeeded.
    static func exportDesignSystem(
        _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (Scratch, CLI.Result) {
        let scratch = try Scratch()
        try ThemeKitImportDTCGTests.copyDesignSystem(into: scratch)
        let result = try CLI.run(
            ["export", name, "--themes", ".", "--format", "xcassets", "-o", "Acme.xcassets"], tool: "themekit",
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return (scratch, result)
    }

    /// The components of a variant's color as 8-bit hex (`#RRGGBB`, `#RRGGBBAA` when not
    /// opaque), as ThemeColor writes it.
    static func hex(_ color: [String: Any]) throws -> String {
        let components = try #require(color["components"] as? [String: String])
        let value = { (name: String) throws -> Double in try #require(Double(components[name] ?? "")) }
        return ThemeColor(
            red: try value("red"), green: try value("green"), blue: try value("blue"), alpha: try value("alpha")
        )
        .hexString
    }

    @Test("a shipped theme and its dark partner: a colorset per color key, the partner's as the dark appearance")
    func shippedThemeExports() throws {
        let scratch = try Scratch()
        let themes = CLI.packageRoot.appendingPathComponent("Themes").path
        let result = try CLI.run(
            ["export", "default", "--themes", themes, "--format", "xcassets", "-o", "Default.xcassets"],
            tool: "themekit", in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "", "the shipped themes' keys are asset names as they are")
        let catalog = scratch.path + "/Default.xcassets"
        let root = try String(contentsOfFile: catalog + "/Contents.json", encoding: .utf8)
        #expect(root == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
        let sets = try Self.colorsets(at: catalog)
        let light = try ThemeLoader(directory: themes).load("default")
        let dark = try ThemeLoader(directory: themes).load("dark")
        let keys = light.values.filter { if case .color = $0.value { true } else { false } }.keys
        #expect(Set(sets.keys) == Set(keys))
        for key in keys {
            let variants = try #require(sets[key])
            #expect(variants.count == 2, "\(key)")
            #expect(try Self.hex(variants[0]) == light.color(forKey: key)?.hexString, "\(key)")
            #expect(try Self.hex(variants[1]) == dark.color(forKey: key)?.hexString, "\(key)")
            #expect(variants.allSatisfy { $0["color-space"] as? String == "srgb" })
        }

        // The dark theme names default as its partner: the same catalog, byte for byte.
        let again = try CLI.run(
            ["export", "dark", "--themes", themes, "--format", "xcassets", "-o", "Default.xcassets"],
            tool: "themekit", in: scratch.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.colorsets(at: catalog).keys.sorted() == sets.keys.sorted())
    }

    @Test("exporting twice gives identical bytes")
    func exportIsDeterministic() throws {
        let scratch = try Scratch()
        let themes = CLI.packageRoot.appendingPathComponent("Themes").path
        var runs: [[String: Data]] = []
        for name in ["One.xcassets", "Two.xcassets"] {
            let result = try CLI.run(
                ["export", "lowcontrast", "--themes", themes, "--format", "xcassets", "-o", name], tool: "themekit",
                in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            var files: [String: Data] = [:]
            let folder = scratch.path + "/" + name
            for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
                }
            }
            runs.append(files)
        }
        #expect(runs[0] == runs[1])
        #expect(runs[0].count > 2)
    }

    @Test("-o must name a NAME.xcassets folder, and --format xcassets needs -o: usage errors, exit 2")
    func outputMustBeACatalog() throws {
        let scratch = try Scratch()
        let themes = CLI.packageRoot.appendingPathComponent("Themes").path
        let noSuffix = try CLI.run(
            ["export", "default", "--themes", themes, "--format", "xcassets", "-o", "Colors"], tool: "themekit",
            in: scratch.url)
        #expect(noSuffix.status == 2)
        #expect(noSuffix.stderr == "themekit: error: an asset catalog is a folder named NAME.xcassets: Colors is not\n")
        let noName = try CLI.run(
            ["export", "default", "--themes", themes, "--format", "xcassets", "-o", ".xcassets"], tool: "themekit",
            in: scratch.url)
        #expect(noName.status == 2)
        #expect(
            noName.stderr == "themekit: error: an asset catalog is a folder named NAME.xcassets: .xcassets is not\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(".xcassets").path))
        let none = try CLI.run(
            ["export", "default", "--themes", themes, "--format", "xcassets"], tool: "themekit", in: scratch.url)
        #expect(none.status == 2)
        #expect(none.stderr == "themekit: error: --format xcassets writes a folder: give it with -o NAME.xcassets\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])

        try scratch.write("Assets.xcassets/Contents.json", "{}\n")
        let mine = try CLI.run(
            ["export", "default", "--themes", themes, "--format", "xcassets", "-o", "Assets.xcassets"],
            tool: "themekit",
            in: scratch.url)
        #expect(mine.status == 2)
        #expect(
            mine.stderr
                == "themekit: error: not replacing Assets.xcassets: it is not a catalog themekit wrote "
                + "(it has no .themekit-export); remove it or give another folder\n")
    }

    @Test("-o writes a CSS or JSON export to a file, as standard output would have it")
    func outputFileForTextFormats() throws {
        let scratch = try Scratch()
        let themes = CLI.packageRoot.appendingPathComponent("Themes").path
        for format in ["css", "json"] {
            let printed = try CLI.run(["export", "default", "--themes", themes, "--format", format], tool: "themekit")
            let written = try CLI.run(
                ["export", "default", "--themes", themes, "--format", format, "-o", "out.\(format)"], tool: "themekit",
                in: scratch.url)
            #expect(written.status == 0, "\(written.stderr)")
            #expect(written.stdout == "")
            #expect(try String(contentsOfFile: scratch.path + "/out.\(format)", encoding: .utf8) == printed.stdout)
        }
    }

    @Test("the DTCG design system: every dark appearance is the dark context's color, a note for each rename")
    func designSystemExports() throws {
        let (scratch, result) = try Self.exportDesignSystem("dark")
        let notes = result.stderr.split(separator: "\n")
        #expect(
            notes.contains(
                "themekit: note: 'color.bg.primary' is the colorset colorBgPrimary: an asset's name is ASCII letters and digits"
            ))
        #expect(
            notes.contains(
                "themekit: note: 'color.palette.blue.500' is the colorset colorPaletteBlue500: an asset's name is ASCII letters and digits"
            ))
        let sets = try Self.colorsets(at: scratch.path + "/Acme.xcassets")
        let light = try ThemeLoader(directory: scratch.path).load("light")
        let dark = try ThemeLoader(directory: scratch.path).load("dark")
        let keys = dark.values.filter { if case .color = $0.value { true } else { false } }.keys
        #expect(sets.count == keys.count)
        #expect(notes.count == keys.count, "every key of the design system is dotted")
        for key in keys {
            let name = key.split(separator: ".").enumerated().map {
                $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst()
            }
            .joined()
            let variants = try #require(sets[name], "\(key) as \(name)")
            #expect(variants.count == 2)
            // An sRGB variant is the theme's color; a Display P3 one is the brand blue as written.
            for (variant, theme) in zip(variants, [light, dark]) where variant["color-space"] as? String == "srgb" {
                #expect(try Self.hex(variant) == theme.color(forKey: key)?.hexString, "\(key)")
            }
        }
        let changed = keys.filter { light.color(forKey: $0) != dark.color(forKey: $0) }
        #expect(changed.count >= 5, "the dark context changes the background, the text and the accent")

        // The brand blue was picked in Display P3: it stays so, with its components, wherever
        // it is the color (the palette's, the light accent's, the light button's through two
        // aliases); the dark accent is OKLCH inside sRGB, written in sRGB.
        let p3: [String: Any] = [
            "color-space": "display-p3",
            "components": ["red": "0.200", "green": "0.400", "blue": "0.900", "alpha": "1.000"],
        ]
        func same(_ one: [String: Any]?, _ other: [String: Any]) -> Bool {
            (one as NSDictionary?)?.isEqual(to: other) ?? false
        }
        #expect(same(sets["colorPaletteBlue500"]?[0], p3) && same(sets["colorPaletteBlue500"]?[1], p3))
        for name in ["colorFgAccent", "buttonBackground"] {
            #expect(same(sets[name]?[0], p3), "\(name)")
            #expect(sets[name]?[1]["color-space"] as? String == "srgb", "\(name)")
            #expect(try Self.hex(try #require(sets[name]?[1])) == "#7CB3EB")
        }
        // sRGB components written with four decimals stay so; a hex string (a lenient read)
        // and an OKLCH gray are the theme's sRGB color; alpha as written.
        let gray900: [String: Any] = [
            "color-space": "srgb",
            "components": ["red": "0.0667", "green": "0.0941", "blue": "0.1529", "alpha": "1.000"],
        ]
        #expect(same(sets["colorBgPrimary"]?[1], gray900))
        let subtle: [String: Any] = [
            "color-space": "srgb", "components": ["red": "0.122", "green": "0.161", "blue": "0.216", "alpha": "1.000"],
        ]
        #expect(same(sets["colorBgSubtle"]?[1], subtle))
        #expect(try Self.hex(try #require(sets["colorBgSubtle"]?[0])) == "#F3F4F6")
        let shadow: [String: Any] = [
            "color-space": "srgb", "components": ["red": "0.000", "green": "0.000", "blue": "0.000", "alpha": "0.250"],
        ]
        #expect(same(sets["cardShadowColor"]?[0], shadow) && same(sets["cardShadowColor"]?[1], shadow))
    }
}

/// `themekit keys --asset-catalog NAME` (issue 38): the colorsets' names as Swift constants.
@Suite("themekit keys --asset-catalog, end to end", .serialized)
struct ThemeKitAssetCatalogKeysTests {
    @Test("the design system's colorset names as constants, each named and valued as its colorset, that compile")
    func designSystemKeysCompileAndNameEveryColorset() throws {
        let (scratch, _) = try ThemeKitExportXCAssetsTests.exportDesignSystem("light")
        let keys = try CLI.run(
            ["keys", "--asset-catalog", "light", ".", "-o", "ColorAssets.swift"], tool: "themekit", in: scratch.url)
        #expect(keys.status == 0, "\(keys.stderr)")
        #expect(keys.stderr == "")
        let source = try String(contentsOfFile: scratch.path + "/ColorAssets.swift", encoding: .utf8)
        let colorsets = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/Acme.xcassets")
            .filter { $0.hasSuffix(".colorset") }.map { String($0.dropLast(".colorset".count)) }.sorted()
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "static let ") else { return nil }
            let rest = line[range.upperBound...]
            let name = rest.prefix { $0 != " " }
            #expect(rest.hasSuffix(" = \"\(name)\""), "\(line)")
            return String(name)
        }
        #expect(declared.sorted() == colorsets)
        #expect(
            source.contains(
                "    /// The theme key \"color.bg.primary\".\n    static let colorBgPrimary = \"colorBgPrimary\"\n"))
        #expect(source.hasPrefix("// Generated by `themekit keys --asset-catalog light`"))

        let use = try scratch.write(
            "Use.swift",
            """
            let background: String = ThemeColorAsset.colorBgPrimary
            let accent: String = ThemeColorAsset.buttonBackground
            let all = [background, accent]

            """)
        let compiled = try SwiftCompiler.typecheck([scratch.url.appendingPathComponent("ColorAssets.swift"), use])
        #expect(compiled.status == 0, "\(compiled.stderr)")
    }

    @Test("a keyword or renamed key compiles; --access-level public declares them public")
    func keywordsAndPublicCompile() throws {
        let scratch = try Scratch()
        try scratch.write(
            "Themes/default.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$type</key><string>color</string>
            <key>default</key><string>#112233</string>
            <key>class</key><string>#445566</string>
            <key>brand.primary</key><string>#778899</string>
            <key>primary</key><string>#000000</string>
            <key>Primary</key><string>#FFFFFF</string>
            </dict></plist>

            """)
        let keys = try CLI.run(
            ["keys", "--asset-catalog", "default", "--access-level", "public", "-o", "ColorAssets.swift"],
            tool: "themekit", in: scratch.url)
        #expect(keys.status == 0, "\(keys.stderr)")
        let source = try String(contentsOfFile: scratch.path + "/ColorAssets.swift", encoding: .utf8)
        #expect(source.contains("public enum ThemeColorAsset {\n"))
        #expect(source.contains("    public static let `default` = \"default\"\n"))
        #expect(source.contains("    /// The theme key \"primary\".\n    public static let primary2 = \"primary2\"\n"))
        let use = try scratch.write(
            "Use.swift", "let names = [ThemeColorAsset.default, ThemeColorAsset.class, ThemeColorAsset.brandPrimary]\n")
        let compiled = try SwiftCompiler.typecheck([scratch.url.appendingPathComponent("ColorAssets.swift"), use])
        #expect(compiled.status == 0, "\(compiled.stderr)")

        let two = try CLI.run(
            ["keys", "--asset-catalog", "default", "Themes", "Themes"], tool: "themekit", in: scratch.url)
        #expect(two.status == 2)
        #expect(two.stderr == "themekit: error: --asset-catalog reads one folder of themes: 2 given\n")
    }
}

import TestSupport
import Testing
import ThemeBenchSupport
import ThemeKit

@Suite("The benchmark's input generator")
struct GeneratorTests {
    @Test(
        "generated themes load without error and have the advertised key counts", arguments: [20, 100, 1_000, 10_000])
    func generatedThemesAreHonest(keys: Int) throws {
        let generator = ThemeGenerator(keys: keys, seed: 7)
        let child = ThemeFile(
            PropertyListReader().parse(Array(generator.child(parentName: "base").utf8), file: "child.plist"))
        let parent = ThemeFile(PropertyListReader().parse(Array(generator.parent().utf8), file: "base.plist"))
        #expect(child.diagnostics == [])
        #expect(parent.diagnostics == [])
        #expect(child.document.entries.count == keys)
        #expect(parent.document.entries.count == generator.parentKeys)
        let loader = ThemeLoader(directory: "/generated")
        let files = [loader.path(of: "child"): child, loader.path(of: "base"): parent]
        let analysis = loader.analyze("child") { path in
            files[path].map { .success($0) }
                ?? .failure(ThemeError(Diagnostic(.themeNotFound, path, at: .wholeFile(path))))
        }
        #expect(analysis.diagnostics == [])
        let theme = try #require(analysis.theme)
        #expect(theme.values.count == generator.mergedValues)
        #expect(theme.lineage == ["child", "base"])
    }

    @Test("the mix holds what the benchmark claims: 3-deep aliases into the parent, font aliases, every type")
    func mixIsRealistic() throws {
        let generator = ThemeGenerator(keys: 1_000)
        let loader = ThemeLoader(directory: "/generated")
        let child = ThemeFile(PropertyListReader().parse(Array(generator.child(parentName: "base").utf8), file: "c"))
        let parent = ThemeFile(PropertyListReader().parse(Array(generator.parent().utf8), file: "p"))
        let files = [loader.path(of: "child"): child, loader.path(of: "base"): parent]
        let theme = try #require(
            loader.analyze("child") { files[$0].map { .success($0) } ?? .failure(ThemeError([])) }.theme)
        let kinds = Set(
            theme.values.values.map { value -> String in
                switch value {
                case .color: "color"
                case .font: "font"
                case .size: "size"
                case .image: "image"
                case .string: "string"
                case .number: "number"
                case .bool: "bool"
                }
            })
        #expect(kinds == ["color", "font", "size", "image", "string", "number", "bool"])
        // alias5a → alias5b → alias5c → a palette color of the parent.
        let source = try #require(theme.sources["alias5aColor"])
        #expect(source.aliasOf == "alias5bColor")
        #expect(theme.sources["alias5bColor"]?.aliasOf == "alias5cColor")
        #expect(theme.sources["alias5cColor"]?.value.file == "p")
        #expect(
            theme.color(forKey: "alias5aColor") == theme.color(forKey: theme.sources["alias5cColor"]?.aliasOf ?? ""))
        // A font alias takes the size of the parent's font.
        #expect(theme.sources["item8Font"]?.sizeKey?.hasPrefix("palette") == true)
        #expect(
            ThemeGenerator(keys: 100, seed: 1).child(parentName: "b")
                != ThemeGenerator(keys: 100, seed: 2).child(parentName: "b"))
    }
}

@Suite("The benchmark's lint corpus")
struct LintCorpusTests {
    @Test("standalone themes load alone, and children of them override without adding keys")
    func standaloneThemes() throws {
        let parent = ThemeFile(
            PropertyListReader().parse(Array(ThemeGenerator(keys: 100).standalone().utf8), file: "d"))
        let child = ThemeFile(
            PropertyListReader().parse(
                Array(ThemeGenerator(keys: 100, seed: 3).standalone(inheriting: "default").utf8), file: "c"))
        #expect(parent.document.entries.count == 100)
        #expect(child.document.entries.count == 100)
        #expect(parent.diagnostics == [] && child.diagnostics == [])
        #expect(Set(child.keys).subtracting(parent.keys) == ["INHERITED_THEME"])
        let loader = ThemeLoader(directory: "/g")
        let files = [loader.path(of: "default"): parent, loader.path(of: "child"): child]
        let read: ThemeLoader.FileReader = { files[$0].map { .success($0) } ?? .failure(ThemeError([])) }
        #expect(loader.analyze("default", reader: read).theme?.values.count == 100)
        #expect(loader.analyze("child", reader: read).theme?.values.count == 100)
    }
}

@Suite("The benchmark's DTCG design system")
struct TokensGeneratorTests {
    @Test(
        "the generated resolver reads without an error and each theme resolves to the values it advertises",
        arguments: [50, 500, 5_000])
    func designSystemIsHonest(tokens: Int) throws {
        let generator = TokensGenerator(tokens: tokens)
        let scratch = try Scratch()
        for (name, text) in generator.files() { try scratch.write(name, text) }
        let read = try TokensReader.themes(contentsOf: scratch.path + "/" + TokensGenerator.resolverName)
        #expect(read.diagnostics.isEmpty)
        #expect(read.documents.flatMap(\.errors).isEmpty)
        #expect(read.documents.count == 4)
        #expect(read.themes.map(\.name) == ["light", "dark"])
        #expect(read.defaultTheme == "light")
        let written = read.documents.reduce(0) { $0 + $1.document.entries.filter { !$0.key.contains("$") }.count }
        #expect(written == tokens + tokens / 50 * 6, "every token once, a shadow as 5 members and a border as 3")
        for theme in read.themes {
            let analysis = theme.resolved()
            #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics.map(\.summary))")
            let resolved = try #require(analysis.theme)
            #expect(resolved.values.count == generator.valuesPerTheme)
        }
    }

    @Test("the design system crosses files and color spaces: a component's color binds to the context's shade")
    func designSystemIsRealistic() throws {
        let scratch = try Scratch()
        for (name, text) in TokensGenerator(tokens: 500).files() { try scratch.write(name, text) }
        let read = try TokensReader.themes(contentsOf: scratch.path + "/" + TokensGenerator.resolverName)
        let light = try #require(read.themes[0].resolved().theme)
        let dark = try #require(read.themes[1].resolved().theme)
        // component.c1 → mode.c3 → palette.hue2.s100 (light) or palette.hue2.s600 (dark).
        #expect(light.color(forKey: "component.c1") == light.color(forKey: "palette.hue2.s100"))
        #expect(dark.color(forKey: "component.c1") == dark.color(forKey: "palette.hue2.s600"))
        #expect(light.color(forKey: "component.c1") != dark.color(forKey: "component.c1"))
        #expect(light.number(forKey: "border.b1.width") == light.number(forKey: "space.d2"))
        #expect(light.number(forKey: "space.d7") == 32, "2 rem at 16 px a rem")
        let spaces = Set(read.documents.flatMap { $0.colorSources.values.map(\.space) })
        #expect(spaces == [.srgb, .oklch, .displayP3])
    }
}

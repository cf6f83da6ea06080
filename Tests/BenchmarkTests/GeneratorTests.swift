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

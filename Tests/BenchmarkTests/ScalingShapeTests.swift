import Foundation
import Testing
import ThemeBenchSupport
import ThemeKit
import ThemeLint
import ThemeOutput
import ThemeTools

/// `themebench --scaling` measures time and memory on these shapes; these tests pin, at a
/// small size, that each shape is what it says and that the tools answer it correctly.
/// They never time anything.
@Suite("The scaling benchmark's shapes")
struct ScalingShapeTests {
    /// What the linter says about each lint shape at n = 6, by rule.
    static let expected: [String: [DiagnosticCode: Int]] = [
        "line-duplicates": [.duplicateKey: 5],
        // The first set's hex string, once, though both themes read it.
        "lint-dtcg-resolver-many-files": [.tokenNote: 1],
        // The base set's hex string, once, though every context's theme reads it.
        "lint-dtcg-resolver-many-contexts": [.tokenNote: 1],
        "line-colors": [.invalidColor: 6],
        "line-not-flat": [.notFlat: 6],
        "cr-lines": [.invalidColor: 6],
        "orphan-sizes": [.orphanFontSize: 6],
        // The first comment stands above the first `k`, which is no duplicate.
        "disable-next-line": [.superfluousDisable: 1],
        "superfluous-disables": [.superfluousDisable: 6],
        // The first comment silences the five duplicates; the five after it silence nothing.
        "disable-file": [.superfluousDisable: 5],
        "misspelt-directives": [.invalidDisable: 6],
        "case-pairs": [.caseCollision: 6],
        "case-group": [.caseCollision: 5],
        "dangling-aliases": [.unresolvedAlias: 6],
        "unknown-overrides": [.unknownOverride: 6],
        "long-name": [.unresolvedAlias: 1],
        "alias-chain-lint": [:],
        "alias-cycle": [.aliasCycle: 1],
        "inheritance-chain-lint": [:],
        // Each theme below `base` adds a key under the declared `color`.
        "inheritance-chain-declared-lint": [.unknownOverride: 6],
        // Each theme adds a key under a group it declares: no declaration lacks keys.
        "all-declaring-chain-lint": [.unknownOverride: 6],
        // Every theme of the cycle says so once (7 themes at n = 6).
        "inheritance-cycle": [.inheritanceCycle: 7],
        // The root's duplicate, once, though every theme below it meets it.
        "broken-chain-lint": [.duplicateKey: 1],
        // Each theme's own duplicate once, though the themes below meet them all.
        "error-chain-lint": [.duplicateKey: 7],
        "many-themes": [:],
        // Each theme below `default` sets a key no ancestor has.
        "growing-chain-lint": [.unknownOverride: 6],
        // Each theme's two keys are new to its lineage; the styles' chains and bases are found
        // at the root, so no style rule reports.
        "style-chain-lint": [.unknownOverride: 12],
        // One cycle, reported once; every key out of order, and none with a base.
        "style-keys-lint": [.styleCycle: 1, .stateOrder: 6, .stateWithoutBase: 6],
        "wide-parent-lint": [.unknownOverride: 6],
        // Each theme below `default` adds a key no ancestor has; descriptiveName is inherited.
        "override-chain-lint": [.unknownOverride: 6],
        // Each theme below `default` adds a key; primaryColor, baseSize and revision are
        // inherited, and every alias that reads them still resolves.
        "mapping-chain-lint": [.unknownOverride: 6],
        "retyping-chain-lint": [.unknownOverride: 6],
        "mapping-children-lint": [:],
        "contrast-pairs": [.minContrast: 6],
        // Each of the six dark partners, through the light theme naming it.
        "contrast-partners": [.minContrast: 6],
        // The one dark partner all six light themes name, once.
        "contrast-one-partner": [.minContrast: 1],
        "char-references": [:],
        "duplicates-text": [.duplicateKey: 5],
        "duplicates-json": [.duplicateKey: 5],
        "duplicates-github": [.duplicateKey: 5],
        "duplicates-sarif": [.duplicateKey: 5],
        // Configuration shapes: the pair reaches `default`, the last of its names.
        "contrast-theme-names": [.minContrast: 1],
        "excluded-names": [:],
        "excluded-globs": [:],
    ]

    static func write(_ shape: ScalingShape, n: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shape-\(UUID().uuidString)")
        for (path, text) in shape.files(n) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test("every lint shape has an expectation, and the ids are unique")
    func everyShapeIsPinned() {
        let ids = ScalingShape.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for shape in ScalingShape.all {
            if case .lint = shape.tool { #expect(Self.expected[shape.id] != nil, "\(shape.id)") }
        }
    }

    @Test("every shape's configuration at 4n is within themelint's limit for one, so the run at 4n measures it")
    func configurationsFitAt4n() {
        for shape in ScalingShape.all {
            guard let text = shape.files(4 * shape.n)[ScalingShape.configurationPath] else { continue }
            #expect(text.utf8.count <= LintConfiguration.maximumFileSize, "\(shape.id): \(text.utf8.count) bytes")
        }
    }

    @Test("the linter finds what each shape holds", arguments: ScalingShape.all.filter { Self.expected[$0.id] != nil })
    func lintShapes(shape: ScalingShape) throws {
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configurationPath = folder.appendingPathComponent(ScalingShape.configurationPath).path
        let configuration =
            FileManager.default.fileExists(atPath: configurationPath)
            ? try LintConfiguration.load(path: configurationPath) : LintConfiguration()
        let report = try ThemeLinter(currentDirectory: folder.path, configuration: configuration)
            .lint(paths: ["Themes"])
        let counts = Dictionary(report.diagnostics.map { ($0.code, 1) }, uniquingKeysWith: +)
        #expect(counts == Self.expected[shape.id], "\(shape.id): \(report.diagnostics.map(\.summary))")
        if shape.id.hasPrefix("excluded-") {
            // Two files at n = 6, `t-1` excluded: default and t-0 are linted.
            #expect(report.fileCount == 2, "\(shape.id)")
        }
        if shape.id == "dangling-aliases" {
            #expect(report.diagnostics.allSatisfy { $0.message.contains("did you mean 'item") })
        }
    }

    @Test(
        "the tools and the loader load each of their shapes whole",
        arguments: ScalingShape.all.filter {
            Self.expected[$0.id] == nil && !$0.id.hasPrefix("import-") && $0.tool != .readTokens
                && !$0.id.hasPrefix("lsp-dtcg-")
                && $0.tool != .resolveTokens && $0.tool != .managerSwitch && $0.tool != .managerReload
                && $0.tool != .exportTheme("light", format: "xcassets")
                && $0.tool != .exportTheme("light", format: "dtcg")
        })
    func toolShapes(shape: ScalingShape) throws {
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let themes = folder.appendingPathComponent("Themes").path
        let collection = ThemeCollection(directory: themes)
        if ["keys-inheritance-cycle", "keys-broken-chain", "keys-error-chain"].contains(shape.id) {
            // No theme of a cycle, or of a chain whose root has an error, loads.
            #expect(collection.themes.isEmpty)
            #expect(collection.failures.count == 7)
            let code: DiagnosticCode = shape.id == "keys-inheritance-cycle" ? .inheritanceCycle : .duplicateKey
            #expect(collection.failures.values.allSatisfy { $0.diagnostics.contains { $0.code == code } })
            return
        }
        if ["load-line-duplicates", "lsp-one-line-duplicates"].contains(shape.id) {
            // Duplicate keys are errors: the manager's degraded load keeps the one key.
            #expect(collection.failures.keys.sorted() == ["default"])
            let theme = try ThemeLoader(directory: themes).load("default", allowingErrors: true)
            #expect(theme.values.count == 1)
            #expect(theme.problems.count == 5)
            return
        }
        #expect(collection.failures.isEmpty, "\(shape.id): \(collection.failures)")
        let theme = try #require(collection.theme(named: "default"))
        let table = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: folder.path))
        #expect(table.rows.count == theme.values.count)
        if shape.id.hasSuffix("alias-chain") {
            // link0Color → … → link6Color: 7 keys, the first 6 links from the value.
            #expect(table.rows.first?.aliasLength == 6)
            #expect(table.rows.first?.aliasEnd == "link6Color")
        }
        if shape.id == "load-side-text" {
            // The CDATA text, read whole from the side buffer; the comments are no values.
            #expect(theme.string(forKey: "k0Title") == "title 0")
            #expect(theme.values.count == 6)
        }
        if shape.id == "load-bare-aliases" {
            // Each title color is its background color by a bare name; each font its own.
            let group = "screen5NavigationBar"
            #expect(theme.color(forKey: group + "TitleColor") == theme.color(forKey: group + "BackgroundColor"))
            #expect(theme.font(forKey: group + "TitleFont") == ThemeFont(name: "HelveticaNeue-Medium-5", size: 17))
            #expect(theme.values.count == 30)
        }
        if shape.id.hasPrefix("load-declared-kind-") {
            // Every key is typed by a declaration, and no declaration is a value.
            #expect(!theme.values.isEmpty)
            #expect(theme.values.keys.allSatisfy { !$0.contains("$") })
            #expect(theme.values.keys.allSatisfy { theme.declaredKind(ofKey: $0) != nil })
        }
        if shape.id == "keys-declared-chain" {
            // base's 4 colors and one of each theme below it, every one typed by color.$type.
            #expect(theme.values.count == 10)
            #expect(theme.values.keys.allSatisfy { theme.declaredKind(ofKey: $0)?.kind.kind == .color })
            #expect(collection.keyKinds.count == 10)
            #expect(collection.keyKinds.allSatisfy { $0.kind == .color })
        }
        if shape.id == "keys-wide-declaring-parent" {
            // default's 60 colors, typed by its color.$type, and each child's own under it.
            #expect(theme.values.count == 60)
            let child = try #require(collection.theme(named: "c5"))
            #expect(child.values.count == 61)
            #expect(child.declaredKind(ofKey: "color.c5")?.kind.kind == .color)
            #expect(child.values.keys.allSatisfy { !$0.contains("$") })
            #expect(collection.keyKinds.count == 66)
            #expect(collection.keyKinds.allSatisfy { $0.kind == .color })
        }
        if shape.id == "keys-many-declarations-parent" {
            // default's 60 colors, each typed by its group's $type, and each child's own.
            #expect(theme.values.count == 60)
            let child = try #require(collection.theme(named: "c5"))
            #expect(child.values.count == 61)
            #expect(child.declaredKind(ofKey: "g5.c")?.declaredBy == "g5.$type")
            #expect(collection.keyKinds.count == 66)
            #expect(collection.keyKinds.allSatisfy { $0.kind == .color })
        }
        if shape.id == "keys-declared-mapping-chain" {
            // base's 3 keys and one of each theme below it; the root's aliases read the last
            // theme's color.a, 5 · 2,654,435 in its low 24 bits.
            #expect(theme.values.count == 9)
            #expect(theme.color(forKey: "color.a") == ThemeColor(hex: "ca846f"))
            #expect(theme.color(forKey: "color.b") == ThemeColor(hex: "ca846f"))
            #expect(theme.color(forKey: "color.c") == ThemeColor(hex: "ca846f"))
            #expect(try #require(collection.theme(named: "t0")).color(forKey: "color.b") == ThemeColor(hex: "000000"))
            #expect(collection.keyKinds.count == 9)
            #expect(collection.keyKinds.allSatisfy { $0.kind == .color })
        }
        if shape.id == "keys-all-declaring-chain" {
            // base's color.a and each theme's p<i>.k, each typed by its own theme's declaration.
            #expect(theme.values.count == 7)
            #expect(theme.declaredKind(ofKey: "p5.k")?.kind.kind == .color)
            #expect(theme.declaredKind(ofKey: "p0.k")?.kind.kind == .color)
            #expect(theme.values.keys.allSatisfy { theme.declaredKind(ofKey: $0)?.kind.kind == .color })
            #expect(collection.keyKinds.count == 7)
            #expect(collection.keyKinds.allSatisfy { $0.kind == .color })
        }
        if shape.id == "keys-growing-chain" {
            // Each of the 7 themes adds a key: the last has them all, and so do the keys.
            #expect(try #require(collection.theme(named: "t5")).values.count == 7)
            #expect(collection.keyKinds.count == 7)
            #expect(collection.themes.count == 7)
        }
        if shape.id == "keys-override-chain" {
            // Each of the 7 themes adds a key and sets descriptiveName: the last has them all.
            let last = try #require(collection.theme(named: "t5"))
            #expect(last.values.count == 8)
            #expect(last.string(forKey: "descriptiveName") == "Theme 5")
            #expect(collection.keyKinds.count == 8)
        }
        if shape.id == "keys-wide-overriding" {
            // 60 keys in `default`; each child sets one of its colors again.
            let child = try #require(collection.theme(named: "c5"))
            #expect(child.values.count == 60)
            #expect(child.color(forKey: "p25Color") == ThemeColor(hex: "0a0b0c"))
            #expect(collection.keyKinds.count == 60)
        }
        if shape.id == "keys-mapping-chain" {
            // The root's 7 mapping keys and its own, and one more in each of the 6 themes; the
            // root's aliases read the last theme's primaryColor.
            let last = try #require(collection.theme(named: "t5"))
            #expect(last.values.count == 14)
            #expect(last.color(forKey: "borderColor") == last.color(forKey: "primaryColor"))
            // t5's own primaryColor, 5 · 2,654,435 in its low 24 bits.
            #expect(last.color(forKey: "linkColor") == ThemeColor(hex: "ca846f"))
            // Sized through the root's alias by t4's baseSize (every other theme sets it).
            #expect(last.font(forKey: "titleFont")?.size == 16)
            #expect(collection.keyKinds.count == 14)
        }
        if shape.id == "keys-retyping-chain" {
            // revision is a number, a bool and a string in turn: one key of mixed kind.
            let last = try #require(collection.theme(named: "t5"))
            #expect(last.values.count == 8)
            #expect(last.string(forKey: "revision") == "revision 5")
            #expect(collection.keyKinds.first { $0.key == "revision" }.map { $0.kind == nil } == true)
        }
        if shape.id == "keys-mapping-children" {
            let child = try #require(collection.theme(named: "c5"))
            #expect(child.values.count == 67)
            #expect(child.color(forKey: "borderColor") == ThemeColor(hex: "ca846f"))
            #expect(collection.keyKinds.count == 67)
        }
        if shape.id == "keys-wide-parent" {
            // 60 keys in `default`, and one of its own in each of the 6 children.
            #expect(try #require(collection.theme(named: "c5")).values.count == 61)
            #expect(collection.keyKinds.count == 66)
            #expect(collection.themes.count == 7)
        }
        if shape.id == "lsp-open-many" {
            // `default` and the 6 themes opened, each inheriting it.
            #expect(collection.themes.count == 7)
            #expect(try #require(collection.theme(named: "t5")).lineage.count == 2)
        }
        if shape.id == "preview-partners" {
            // `default` and 6 pairs, each dark partner beside its light theme on the page.
            #expect(collection.themes.count == 13)
            let page = PreviewPage.render(
                collection, folder: "Themes", path: DisplayPath(currentDirectory: folder.path))
            #expect(page.contains("<small class=\"appearance\">light · dark partner: d5</small>"))
            #expect(page.components(separatedBy: "<span class=\"ratio pass\">").count == 14, "each theme's own")
        }
        if shape.id == "preview-text-colors" {
            #expect(theme.values.count == 12)
            #expect(PreviewPage.backgroundKey(of: theme) == "k0BackgroundColor")
        }
        if shape.id.hasSuffix("style-keys") {
            // Button's 6 properties, and the global tintColor it sees too.
            let styled = ThemeTable(
                theme: theme, style: theme.style("Button"), path: DisplayPath(currentDirectory: folder.path))
            #expect(styled.rows.count == 7)
            #expect(styled.rows.first { $0.key == "p5Color" }?.sourceKey == "Button.p5Color")
            #expect(StyleCatalog(theme: theme).styles.map(\.keys.count) == [6])
            let page = PreviewPage.render(
                collection, folder: "Themes", path: DisplayPath(currentDirectory: folder.path))
            #expect(page.contains("from <code>Button.p5Color</code>"))
        }
        if shape.id == "show-style-containers" {
            let path = try String(
                contentsOf: folder.appendingPathComponent(ScalingShape.containersPath), encoding: .utf8)
            #expect(path == "C0/C1/C2/C3/C4/C5")
            let style = theme.style("Button", in: path.split(separator: "/").map(String.init))
            // The longest written path wins p0Color; each other property has its container's key.
            #expect(style.sourceKey(forProperty: "p0Color") == "C4/C5/Button.p0Color")
            #expect(style.sourceKey(forProperty: "p3Color") == "C3/Button.p3Color")
            let styled = ThemeTable(theme: theme, style: style, path: DisplayPath(currentDirectory: folder.path))
            #expect(styled.rows.count == 6)
        }
        if shape.id.hasSuffix("inheritance-chain") {
            // The chain's last theme inherits every other: 6 + 1 themes.
            let last = try #require(collection.theme(named: shape.tool == .load ? "default" : "t5"))
            #expect(last.lineage.count == 7)
            #expect(collection.themes.count == 7)
        }
    }

    @Test(
        "themekit keys says from its survey what it says from every theme whole",
        arguments: ScalingShape.all.filter { $0.tool == .keys })
    func keysShapesSurveyedAsWhole(shape: ScalingShape) throws {
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let themes = folder.appendingPathComponent("Themes").path
        let whole = KeyGenerator().generate(from: [ThemeCollection(directory: themes)])
        let surveyed = KeyGenerator().generate(from: [KeySurvey(directory: themes)])
        #expect(surveyed.source == whole.source, "\(shape.id)")
        #expect(surveyed.diagnostics == whole.diagnostics, "\(shape.id)")
        if shape.id == "keys-retyping-chain" {
            // revision is a string in default, then a number, a bool and a string again.
            #expect(whole.diagnostics.map(\.code) == [.mixedKeyKind])
            #expect(
                whole.diagnostics.first?.notes.map(\.message) == [
                    "a string in 'default'", "a number in 't0'", "a bool in 't1'",
                ])
        }
    }

    @Test("linting one theme of a chain reports its ancestors' problems too, each once")
    func oneThemeOfAnErrorChain() throws {
        let shape = try #require(ScalingShape.all.first { $0.id == "error-chain-lint" })
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["Themes/t5.plist"])
        let duplicates = report.diagnostics.filter { $0.code == .duplicateKey }
        #expect(duplicates.count == 7, "t5, its five ancestors t0 … t4, and default")
        #expect(Set(duplicates.map(\.location.file)).count == 7)
        let alone = ThemeLoader(directory: folder.appendingPathComponent("Themes").path).analyze("t5")
        // The same problems as the theme analysed alone (which names files by full path).
        let named = { (diagnostics: [Diagnostic]) in
            Set(
                diagnostics.map {
                    "\(($0.location.file as NSString).lastPathComponent):\($0.location.line) \($0.message)"
                })
        }
        #expect(named(alone.diagnostics) == named(duplicates))
    }

    @Test(
        "themekit import reads each of its shapes whole and writes themes that lint clean",
        arguments: ScalingShape.all.filter { $0.id.hasPrefix("import-") })
    func importShapes(shape: ScalingShape) throws {
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .importing(let from) = shape.tool, let format = ImportFormat(rawValue: from) else {
            Issue.record("\(shape.id) does not run themekit import")
            return
        }
        let source = folder.appendingPathComponent(shape.importSource ?? ScalingShape.importSourcePath(for: from))
        let input = [ThemeImporter.Source(file: source.path, bytes: Array(try Data(contentsOf: source)))]
        if ["import-yaml-alias-bomb", "import-plist-long-nested-keys"].contains(shape.id) {
            // Refused at every size that shows the cost: here already at n = 6 (10^6 values
            // from 6 lines) and at n = 200 (keys of 40 × 200 characters for 200 values).
            let big = try Self.write(shape, n: 200)
            defer { try? FileManager.default.removeItem(at: big) }
            let refused = big.appendingPathComponent(shape.importSource ?? "")
            #expect(throws: ImportFailure.self) {
                try ThemeImporter.run(
                    [.init(file: refused.path, bytes: Array(try Data(contentsOf: refused)))], format: format)
            }
            if shape.id == "import-plist-long-nested-keys" {
                #expect(try ThemeImporter.run(input, format: format).themes.first?.values.count == 6)
            }
            return
        }
        let output = try ThemeImporter.run(input, format: format)
        let written = try ImportWriter.write(
            output.themes, to: folder.appendingPathComponent("Imported").path, force: false)
        switch shape.id {
        case "import-plist-sections":
            #expect(written.count == 1)
            #expect(output.themes.first?.values.count == 6 * 5)
        case "import-db5-themes":
            #expect(written.count == 7, "Default and 6 themes")
        case "import-db5-variants":
            #expect(written.count == 14, "Default, 6 themes, and the ~regular child of each")
            // Default's 6 variant keys are written once, not in every child: the output is
            // linear in the input.
            let keys: Int = output.themes.reduce(0) { $0 + $1.values.count }
            #expect(keys == 6 * 2 + 6 * 2)
            let theme = try ThemeLoader(directory: folder.appendingPathComponent("Imported").path).load(
                "theme-5-regular")
            #expect(theme.lineage.count == 3, "theme-5-regular, default-regular, default")
            #expect(theme.values.count == 6 + 1)
        case "import-yaml-merge-chain":
            #expect(written.count == 1)
            #expect(output.themes.first?.values["K5.p0"] == .integer(0), "merged along the chain")
            #expect(output.themes.first?.values.count == 6 * 7 / 2)
        case "import-awful-override-chain":
            #expect(written.count == 7)
            let theme = try ThemeLoader(directory: folder.appendingPathComponent("Imported").path).load("t5")
            #expect(theme.lineage.count == 7)
            #expect(theme.values.count == 8)
            #expect(theme.string(forKey: "descriptiveName") == "Theme 5")
        case "import-json-escapes":
            #expect(written.count == 1)
            #expect(output.themes.first?.values["label"] == .string("\né\"\\🎨x"))
            #expect(output.themes.first?.values.count == 2, "the constant and the style's property that names it")
        case "import-json-one-line", "import-json-deep-arrays":
            #expect(written.count == 1)
            #expect(output.themes.first?.values.count == 6)
        case "import-dtcg-resolver":
            #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == ["dark.plist", "light.plist"])
            // 6 colors, 6 references, easing's 4 sub-keys, 1 duration, 6 transitions of 6
            // keys (a delay, a duration, a timing function's 4), 6 tints; and their `$type`s.
            for theme in output.themes {
                #expect(theme.values.keys.count { DeclarationKind.of(key: $0) == nil } == 6 + 6 + 4 + 1 + 6 * 6 + 6)
                #expect(theme.values["button.b5.timingFunction.x1"] == .string("@easing.standard.x1"))
            }
            let light = try ThemeLoader(directory: folder.appendingPathComponent("Imported").path).load("light")
            #expect(light.color(forKey: "tint.t5") != nil)
        case "import-dtcg-tokens-studio":
            #expect(written.count == 6)
            // The source set's 20 colors and the theme's own accent, each with a declaration.
            #expect(output.themes.allSatisfy { $0.values.keys.count { DeclarationKind.of(key: $0) == nil } == 21 })
            let t5 = try ThemeLoader(directory: folder.appendingPathComponent("Imported").path).load("t5")
            #expect(t5.color(forKey: "brand.accent") == t5.color(forKey: "palette.c5"))
        case "import-motif-classes":
            #expect(written.count == 1)
            #expect(output.themes.first?.values.count == 6 * 3, "a constant and a style of two properties each")
        default:
            // default, t0 … t5, each inheriting the one before: the last has them all.
            #expect(written.count == 7)
            let theme = try ThemeLoader(directory: folder.appendingPathComponent("Imported").path).load("t5")
            #expect(theme.lineage.count == 7)
            #expect(theme.values.count == 7)
        }
    }

    /// What each DTCG shape reads to at n = 6: (themes, entries over all their files).
    static let tokensExpected: [String: (themes: Int, entries: Int)] = [
        // `n.$type` and 6 tokens.
        "dtcg-long-reference-chain": (1, 7),
        // The `$type` of the innermost group and 6 tokens.
        "dtcg-deep-groups": (1, 7),
        // 6 colors, `base.$type`, their 6 copies and the `$type`'s; `shadow.$type`, the base
        // shadow's 5 members and their 5 `$type`s; 6 aliases of 5 members with their `$type`s.
        "dtcg-wide-group": (1, 14 + 11 + 60),
        // `p.$type` and 6 numbers (the array tokens of an unknown-to-DTCG type are skipped with
        // a note each, not errors).
        "dtcg-wide-pointers": (1, 8),
        // 6 themes, each the set (7 entries) and one context (2 entries).
        "dtcg-resolver-many-contexts": (6, 6 * 9),
        // One theme of 6 files, each `f<i>.$type`, `f<i>.a`, `f<i>.b`, `top.$type` and `top`.
        "dtcg-resolver-many-files": (1, 6 * 5),
        // 8 themes, each the base set (6 colors and its `$type`), three contexts (6 references
        // and a `$type` each) and the light/dark modifier's APPEARANCE and partner.
        "dtcg-resolver-modifier-combinations": (8, 8 * (7 + 3 * 7 + 2)),
        // 6 colors with the 6 `$type`s of the extension's declaredTypes, and its 6 images (a
        // token's own `$type` is no declaration in a file ThemeKit exported).
        "dtcg-themekit-extension": (1, 18),
    ]

    /// What each resolved DTCG shape's themes hold at n = 6, over all its themes.
    static let tokensResolved: [String: Int] = [
        // f0.a … f5.a, f0.b … f5.b and top.
        "dtcg-resolver-many-files": 13,
        // 6 colors and 3 × 6 references, in each of 8 themes.
        "dtcg-resolver-modifier-combinations": 8 * 24,
    ]

    @Test(
        "the tokens reader reads each DTCG shape whole, without an error",
        arguments: ScalingShape.all.filter { $0.tool == .readTokens || $0.tool == .resolveTokens })
    func tokensShapes(shape: ScalingShape) throws {
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let resolver = folder.appendingPathComponent(ScalingShape.tokensResolverPath).path
        let path =
            FileManager.default.fileExists(atPath: resolver)
            ? resolver : folder.appendingPathComponent(ScalingShape.tokensFilePath).path
        let read = try TokensReader.themes(contentsOf: path)
        #expect(read.diagnostics.isEmpty)
        #expect(read.documents.allSatisfy { $0.errors.isEmpty })
        let entries = read.themes.reduce(0) { $0 + $1.files.reduce(0) { $0 + $1.document.entryCount } }
        let expected = try #require(Self.tokensExpected[shape.id])
        #expect(read.themes.count == expected.themes)
        #expect(entries == expected.entries)
        guard shape.tool == .resolveTokens else { return }
        var values = 0
        for theme in read.themes {
            let resolved = theme.resolved()
            #expect(resolved.errors.isEmpty, "\(theme.name): \(resolved.errors.map(\.summary))")
            values += resolved.theme?.count ?? 0
        }
        #expect(values == Self.tokensResolved[shape.id])
    }

    @Test(
        "a manager on each manager shape's folder starts on light and switches to dark, each theme whole",
        arguments: ScalingShape.all.filter { $0.tool == .managerSwitch || $0.tool == .managerReload })
    func managerShapes(shape: ScalingShape) throws {
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = ThemeManager(
            directory: folder.appendingPathComponent(ScalingShape.managerTokensFolder).path,
            notificationCenter: NotificationCenter())
        #expect(manager.currentThemeName == "light")
        #expect(!manager.isDegraded)
        let values = TokensGenerator(tokens: 50).valuesPerTheme
        #expect(manager.currentTheme.count == values)
        try manager.changeTheme("dark")
        #expect(manager.currentTheme.count == values)
        try manager.reloadTheme()
        #expect(!manager.isDegraded)
        // The shape grows with n: 4n writes about four times the tokens.
        let grown = shape.files(200).values.reduce(0) { $0 + $1.utf8.count }
        let small = shape.files(50).values.reduce(0) { $0 + $1.utf8.count }
        #expect(grown > 3 * small)
    }

    @Test("a resolver's later file wins, and a reference reaches through every file before it")
    func manyFilesResolveAcrossFiles() throws {
        let shape = try #require(ScalingShape.all.first { $0.id == "dtcg-resolver-many-files" })
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let read = try TokensReader.themes(
            contentsOf: folder.appendingPathComponent(ScalingShape.tokensResolverPath).path)
        let theme = try #require(read.themes.first?.resolved().theme)
        #expect(theme.number(forKey: "top") == 5)
        #expect(theme.number(forKey: "f5.a") == 1)
        #expect(theme.number(forKey: "f5.b") == 5)
    }

    @Test("the language server's tokens shape: n color tokens on one line, a third of them dangling references")
    func lspTokensShape() throws {
        let shape = try #require(ScalingShape.all.first { $0.id == "lsp-dtcg-one-line" })
        let folder = try Self.write(shape, n: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(ScalingShape.lspTokensPath).path
        let read = try TokensReader.read(contentsOf: path)
        #expect(read.errors.isEmpty)
        #expect(read.document.entryCount == 7)
        let analysis = ThemeAnalysis.merging([read.themeFile], name: "design")
        #expect(analysis.diagnostics.map(\.code) == [.unresolvedAlias, .unresolvedAlias])
        let theme = try #require(analysis.degradedTheme)
        #expect(theme.color(forKey: "c.t4") == theme.color(forKey: "c.t3"))
        #expect(theme.color(forKey: "c.t0") != nil)
    }
}

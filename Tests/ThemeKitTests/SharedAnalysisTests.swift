import Foundation
import Testing

@testable import ThemeKit

/// The tools and the linter analyse every theme of a folder in one `ThemeLoader.Session`,
/// which resolves a theme from what its parent's merge keeps instead of its whole chain.
/// Whatever the folder, the results must be those of analysing each theme on its own.
@Suite("Analyses that share a session")
struct SharedAnalysisTests {
    /// Analyses every theme of `folder` both ways and compares everything they say.
    static func expectSameAnalyses(in folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let loader = ThemeLoader(directory: folder)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let names = loader.availableThemes()
        #expect(!names.isEmpty, sourceLocation: sourceLocation)
        // In reverse order too, so that children meet their ancestors both made and not.
        for name in names + names.reversed() {
            let alone = loader.analyze(name)
            let shared = loader.analyze(name, in: session)
            #expect(shared.diagnostics == alone.diagnostics, "\(name)", sourceLocation: sourceLocation)
            // In a cycle, a shared analysis keeps the theme and its parent only.
            if !alone.diagnostics.contains(where: { $0.code == .inheritanceCycle }) {
                #expect(shared.lineage == alone.lineage, "\(name)", sourceLocation: sourceLocation)
            } else {
                // …so its lineage is the start of the one alone, and names no theme twice.
                #expect(alone.lineage.starts(with: shared.lineage), "\(name)", sourceLocation: sourceLocation)
                #expect(Set(shared.lineage).count == shared.lineage.count, "\(name)", sourceLocation: sourceLocation)
            }
            #expect(shared.parentName == alone.lineage.dropFirst().first, "\(name)", sourceLocation: sourceLocation)
            #expect(shared.files.first?.path == alone.files.first?.path, "\(name)", sourceLocation: sourceLocation)
            #expect(
                shared.mergedKeys.map(Set.init) == alone.mergedKeys.map(Set.init), "\(name)",
                sourceLocation: sourceLocation)
            let introduced = { (analysis: ThemeAnalysis) in
                analysis.introducedKeys.map { Set($0.filter { $0 != ThemeName.inheritanceKey }) }
            }
            #expect(introduced(shared) == introduced(alone), "\(name)", sourceLocation: sourceLocation)
            #expect((shared.theme == nil) == (alone.theme == nil), "\(name)", sourceLocation: sourceLocation)
            guard let mine = shared.theme, let theirs = alone.theme else { continue }
            // What the shortcuts give without resolving the merged theme (the kinds
            // `themekit keys` lists) is what the whole resolution gives.
            for change in shared.changedKeys ?? [] {
                #expect(
                    change.kind == theirs.kind(ofKey: change.key), "\(name).\(change.key)",
                    sourceLocation: sourceLocation)
            }
            if let added = shared.addedTheme {
                for key in added.values.keys {
                    #expect(
                        added.kind(ofKey: key) == theirs.kind(ofKey: key), "\(name).\(key)",
                        sourceLocation: sourceLocation)
                    #expect(
                        added.declaredKind(ofKey: key)?.declaredBy == theirs.declaredKind(ofKey: key)?.declaredBy,
                        "\(name).\(key)", sourceLocation: sourceLocation)
                    #expect(
                        added.description(ofKey: key) == theirs.description(ofKey: key), "\(name).\(key)",
                        sourceLocation: sourceLocation)
                }
            }
            #expect(mine.values == theirs.values, "\(name)", sourceLocation: sourceLocation)
            #expect(mine.lineage == theirs.lineage, "\(name)", sourceLocation: sourceLocation)
            #expect(mine.files == theirs.files, "\(name)", sourceLocation: sourceLocation)
            #expect(mine.parentName == theirs.lineage.dropFirst().first, "\(name)", sourceLocation: sourceLocation)
            for key in theirs.values.keys {
                #expect(
                    mine.source(forKey: key) == theirs.source(forKey: key), "\(name).\(key)",
                    sourceLocation: sourceLocation)
                #expect(
                    mine.declaredKind(ofKey: key)?.declaredBy == theirs.declaredKind(ofKey: key)?.declaredBy,
                    "\(name).\(key)", sourceLocation: sourceLocation)
                #expect(
                    mine.declaredKind(ofKey: key)?.kind.kind == theirs.declaredKind(ofKey: key)?.kind.kind,
                    "\(name).\(key)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the shipped themes and RNThemeManager's")
    func realFolders() {
        let root = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        Self.expectSameAnalyses(in: root.appendingPathComponent("Themes").path)
        Self.expectSameAnalyses(in: Fixtures.url("rnthememanager").path)
        Self.expectSameAnalyses(in: Fixtures.url("rnthememanager-repo").path)
    }

    /// A chain where late binding matters: `default` aliases keys that descendants set
    /// again, a middle theme's every key is set again below it (so the merge drops its
    /// file), a font's size comes from an ancestor, and a child adds a key of its own.
    @Test("a chain whose merge drops ancestors and re-binds aliases")
    func lateBindingAcrossADroppedAncestor() throws {
        let folder = try TemporaryDirectory()
        func theme(_ entries: [(String, String)]) -> String {
            "<plist><dict>" + entries.map { "<key>\($0.0)</key>\($0.1)" }.joined() + "</dict></plist>\n"
        }
        try folder.write(
            "default.plist",
            theme([
                ("inkColor", "<string>#000000</string>"), ("textColor", "<string>@inkColor</string>"),
                ("bodyFont", "<string>Avenir</string>"), ("bodyFontSize", "<integer>12</integer>"),
                ("titleFont", "<string>bodyFont</string>"), ("nameTitle", "<string>base</string>"),
            ]))
        try folder.write(
            "middle.plist",
            theme([("INHERITED_THEME", "<string>default</string>"), ("inkColor", "<string>#111111</string>")]))
        try folder.write(
            "lower.plist",
            theme([("INHERITED_THEME", "<string>middle</string>"), ("inkColor", "<string>#222222</string>")]))
        try folder.write(
            "leaf.plist",
            theme([
                ("INHERITED_THEME", "<string>lower</string>"), ("bodyFont", "<string>Georgia</string>"),
                ("extraColor", "<string>@textColor</string>"),
            ]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let leaf = loader.analyze("leaf", in: session)
        #expect(leaf.lineage == ["leaf", "lower", "middle", "default"])
        // leaf sets bodyFont, which the inherited titleFont reads: it is checked from what it
        // changes, against its parent's merged keys, and resolved whole only when asked for.
        #expect(leaf.resolvesFromParent)
        #expect(leaf.files.map(\.path).map { ($0 as NSString).lastPathComponent } == ["leaf.plist", "lower.plist"])
        // Its theme, resolved whole when asked for, from the files that still set a key
        // (middle's only key is set again by lower): late binding reaches lower's inkColor.
        #expect(leaf.theme?.color(forKey: "textColor") == ThemeColor(hex: "222222"))
        #expect(leaf.theme?.font(forKey: "titleFont") == ThemeFont(name: "Georgia", size: 12))
        #expect(leaf.introducedKeys == ["extraColor"])
    }

    @Test("broken lineages: a missing parent, a cycle, a parent with errors, a bad parent name")
    func brokenLineages() throws {
        let folder = try TemporaryDirectory()
        let plain = "<plist><dict><key>aColor</key><string>#123456</string></dict></plist>\n"
        func child(of parent: String, _ more: String = "") -> String {
            "<plist><dict><key>INHERITED_THEME</key><string>\(parent)</string>\(more)</dict></plist>\n"
        }
        try folder.write("default.plist", plain)
        try folder.write("orphan.plist", child(of: "nowhere"))
        try folder.write("loopA.plist", child(of: "loopB"))
        try folder.write("loopB.plist", child(of: "loopA"))
        try folder.write(
            "broken.plist",
            child(of: "default", "<key>aColor</key><string>#1</string><key>x</key><true/><key>x</key><true/>"))
        try folder.write("belowBroken.plist", child(of: "broken"))
        try folder.write("badName.plist", child(of: "no/such"))
        try folder.write("belowOrphan.plist", child(of: "orphan"))
        try folder.write("aboveLoop.plist", child(of: "loopA", "<key>x</key><true/><key>x</key><true/>"))
        try folder.write("unreadable.plist", "<plist><dict><key>aColor</key>")
        try folder.write("belowUnreadable.plist", child(of: "unreadable"))
        try folder.write("belowBelowUnreadable.plist", child(of: "belowUnreadable"))
        try folder.write("badLoopA.plist", child(of: "badLoopB", "<key>y</key><true/><key>y</key><true/>"))
        try folder.write("badLoopB.plist", child(of: "badLoopA", "<key>z</key><array/>"))
        try folder.write("nested.plist", child(of: "default", "<key>deepColor</key><dict/>"))
        // A theme that names itself, and one above it (the fuzzer found its lineage listed twice).
        try folder.write("selfLoop.plist", child(of: "selfLoop"))
        try folder.write("aboveSelfLoop.plist", child(of: "selfLoop"))
        try folder.write("belowNested.plist", child(of: "nested", "<key>dColor</key><string>@deepColor</string>"))
        Self.expectSameAnalyses(in: folder.path)
    }

    @Test("a long inheritance cycle is named in a message of bounded length, by each of its themes")
    func longCycle() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<50 {
            try folder.write(
                "t\(index).plist",
                "<plist><dict><key>INHERITED_THEME</key><string>t\((index + 1) % 50)</string></dict></plist>\n")
        }
        Self.expectSameAnalyses(in: folder.path)
        let message = ThemeLoader(directory: folder.path).analyze("t7").diagnostics.map(\.message)
        #expect(message == ["inheritance cycle: t7 → t8 → t9 → … 46 more → t6 → t7"])
    }

    @Test("a long chain: every theme as alone, and each shares its ancestors' links")
    func longChain() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "default.plist",
            "<plist><dict>" + (0..<8).map { "<key>k\($0)Color</key><string>#00000\($0)</string>" }.joined()
                + "</dict></plist>\n")
        for index in 0..<40 {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            try folder.write(
                "t\(index).plist",
                "<plist><dict><key>INHERITED_THEME</key><string>\(parent)</string>"
                    + "<key>k\(index % 8)Color</key><string>@k\((index + 1) % 8)Color</string></dict></plist>\n")
        }
        Self.expectSameAnalyses(in: folder.path)
    }

    /// `default` and `t0` … `t<count-1>`, each inheriting the one before and adding keys of
    /// its own (a color, a font with its size, an alias of its own color).
    static func writeGrowingChain(_ count: Int, in folder: TemporaryDirectory) throws {
        try folder.write("default.plist", "<plist><dict><key>rootColor</key><string>#010203</string></dict></plist>\n")
        for index in 0..<count {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            try folder.write(
                "t\(index).plist",
                "<plist><dict><key>INHERITED_THEME</key><string>\(parent)</string>"
                    + "<key>k\(index)Color</key><string>#0000\(index % 10)\(index % 10)</string>"
                    + "<key>k\(index)Font</key><string>Avenir</string><key>k\(index)FontSize</key><integer>12</integer>"
                    + "<key>k\(index)TintColor</key><string>@k\(index)Color</string></dict></plist>\n")
        }
    }

    @Test("a chain where each theme adds keys: each theme as alone, resolved from its own file and its parent's")
    func chainOfAddedKeys() throws {
        let folder = try TemporaryDirectory()
        try Self.writeGrowingChain(40, in: folder)
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = loader.availableThemes().map { loader.analyze($0, in: session) }
        // The work of a theme that only adds keys is its own file's (and its parent's, for
        // what it inherits), not its chain's: 2 files each, where every theme of the chain
        // was resolved from every ancestor (40 · 43 / 2 files in all).
        #expect(analyses.reduce(0) { $0 + $1.files.count } == 1 + 2 * 40)
        #expect(analyses.filter(\.addsKeysOnly).count == 40)
        let last = try #require(analyses.first { $0.name == "t39" })
        #expect(last.mergedKeys?.count == 1 + 4 * 40)
        #expect(last.addedTheme?.values.count == 4)
        #expect(last.theme?.color(forKey: "k0TintColor") == ThemeColor(hex: "000000"))
        #expect(last.introducedKeys.map(Set.init) == ["k39Color", "k39Font", "k39FontSize", "k39TintColor"])
    }

    /// `default` and `t0` … `t<count-1>`, each inheriting the one before, each adding a key
    /// of its own and setting `descriptiveName` and `baseColor` again, as an Awful theme
    /// chain does: keys no inherited value names.
    static func writeOverridingChain(_ count: Int, in folder: TemporaryDirectory) throws {
        try folder.write(
            "default.plist",
            "<plist><dict><key>descriptiveName</key><string>Default</string>"
                + "<key>baseColor</key><string>#010203</string><key>tintColor</key><string>baseColor</string>"
                + "<key>count</key><integer>1</integer></dict></plist>\n")
        for index in 0..<count {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            try folder.write(
                "t\(index).plist",
                "<plist><dict><key>INHERITED_THEME</key><string>\(parent)</string>"
                    + "<key>descriptiveName</key><string>Theme \(index)</string>"
                    + "<key>count</key><integer>\(index)</integer>"
                    + "<key>k\(index)Color</key><string>#0000\(index % 10)\(index % 10)</string></dict></plist>\n")
        }
    }

    @Test("a chain where each theme adds a key and sets inherited ones that no inherited value reads: its own keys")
    func chainOfOverridingThemes() throws {
        let folder = try TemporaryDirectory()
        try Self.writeOverridingChain(40, in: folder)
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = loader.availableThemes().map { loader.analyze($0, in: session) }
        // Each theme's work is its own file's and its parent's, not its chain's (40 · 43 / 2
        // files in all when each was resolved with every ancestor that still sets a key).
        #expect(analyses.reduce(0) { $0 + $1.files.count } == 1 + 2 * 40)
        #expect(analyses.filter(\.addsKeysOnly).count == 40)
        let last = try #require(analyses.first { $0.name == "t39" })
        #expect(last.addedTheme?.values.count == 3)
        #expect(last.theme?.string(forKey: "descriptiveName") == "Theme 39")
        #expect(last.theme?.number(forKey: "count") == 39)
        #expect(last.theme?.color(forKey: "tintColor") == ThemeColor(hex: "010203"))
        #expect(last.introducedKeys == ["k39Color"])
    }

    @Test(
        "a theme that sets inherited keys is resolved with its chain when an inherited value reads one, or it changes kind"
    )
    func overridesThatChangeInheritedOnes() throws {
        let folder = try TemporaryDirectory()
        try Self.writeOverridingChain(1, in: folder)
        // baseColor is named by the inherited tintColor: it changes tintColor.
        try folder.write(
            "rebases.plist",
            "<plist><dict><key>INHERITED_THEME</key><string>default</string>"
                + "<key>baseColor</key><string>#aabbcc</string></dict></plist>\n")
        // An untyped key set again as a bool, and one set to a string that names a key.
        try folder.write(
            "rekinds.plist",
            "<plist><dict><key>INHERITED_THEME</key><string>default</string>"
                + "<key>count</key><true/></dict></plist>\n")
        try folder.write(
            "realiases.plist",
            "<plist><dict><key>INHERITED_THEME</key><string>default</string>"
                + "<key>descriptiveName</key><string>own</string><key>own</key><integer>3</integer></dict></plist>\n")
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let adding = loader.availableThemes().filter { loader.analyze($0, in: session).addsKeysOnly }
        #expect(adding == ["t0"])
        #expect(loader.analyze("rebases", in: session).theme?.color(forKey: "tintColor") == ThemeColor(hex: "aabbcc"))
        #expect(loader.analyze("rekinds", in: session).theme?.bool(forKey: "count") == true)
        #expect(loader.analyze("realiases", in: session).theme?.number(forKey: "descriptiveName") == 3)
    }

    /// `default`, a mapping root (SPEC §3): `primaryColor`, aliases that read it (bare,
    /// explicit, through another alias), a font sized through an alias, an untyped `brand`
    /// that a color reads, and `revision`. Then `t0` … `t<count-1>`, each inheriting the one
    /// before, each setting `primaryColor`, `revision` with another kind than its parent's,
    /// every other one `baseSize`, and adding a color that aliases `linkColor`.
    static func writeMappingChain(_ count: Int, in folder: TemporaryDirectory) throws {
        try folder.write(
            "default.plist",
            "<plist><dict><key>primaryColor</key><string>#336699</string>"
                + "<key>buttonColor</key><string>primaryColor</string>"
                + "<key>linkColor</key><string>@primaryColor</string>"
                + "<key>borderColor</key><string>buttonColor</string>"
                + "<key>titleFont</key><string>Helvetica</string><key>titleFontSize</key><string>@baseSize</string>"
                + "<key>baseSize</key><integer>17</integer>"
                + "<key>brand</key><string>#112233</string><key>accentColor</key><string>brand</string>"
                + "<key>revision</key><string>first</string></dict></plist>\n")
        for index in 0..<count {
            let parent = index == 0 ? "default" : "t\(index - 1)"
            let revision = index % 2 == 0 ? "<integer>\(index)</integer>" : "<true/>"
            let size = index % 2 == 0 ? "<key>baseSize</key><integer>\(10 + index)</integer>" : ""
            try folder.write(
                "t\(index).plist",
                "<plist><dict><key>INHERITED_THEME</key><string>\(parent)</string>"
                    + "<key>primaryColor</key><string>#0000\(index % 10)\(index % 10)</string>"
                    + "<key>revision</key>\(revision)\(size)"
                    + "<key>k\(index)Color</key><string>linkColor</string></dict></plist>\n")
        }
    }

    @Test("a mapping chain, each theme setting keys inherited aliases read: each theme's own keys and their dependents")
    func chainOfMappingThemes() throws {
        let folder = try TemporaryDirectory()
        try Self.writeMappingChain(40, in: folder)
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = loader.availableThemes().map { loader.analyze($0, in: session) }
        // Each theme's work is its own file's and its parent's, not its chain's (40 · 43 / 2
        // files in all when each was resolved with every ancestor that still sets a key).
        #expect(analyses.reduce(0) { $0 + $1.files.count } == 1 + 2 * 40)
        #expect(analyses.allSatisfy { $0.diagnostics.isEmpty })
        let last = try #require(analyses.first { $0.name == "t39" })
        #expect(last.theme?.color(forKey: "borderColor") == ThemeColor(hex: "000099"))
        #expect(last.theme?.color(forKey: "k39Color") == ThemeColor(hex: "000099"))
        #expect(last.theme?.font(forKey: "titleFont")?.size == 48)
        #expect(last.theme?.bool(forKey: "revision") == true)
        #expect(last.introducedKeys == ["k39Color"])
    }

    /// Mapping themes whose changes break inherited keys, or leave them whole in ways that
    /// are easy to get wrong: the session must say what each theme says alone, problems and
    /// values alike.
    @Test("mapping themes that break what inherits their keys, or change it in roundabout ways")
    func mappingThemesThatBreakOrBend() throws {
        let folder = try TemporaryDirectory()
        try Self.writeMappingChain(2, in: folder)
        func child(_ name: String, of parent: String = "default", _ entries: String) throws {
            try folder.write(
                name + ".plist",
                "<plist><dict><key>INHERITED_THEME</key><string>\(parent)</string>\(entries)</dict></plist>\n")
        }
        // primaryColor no color (the root's aliases reach it), brand a number (accentColor
        // reaches it), a cycle through the root's aliases, a size of 0 reached by a font.
        try child("navy", "<key>primaryColor</key><string>navy</string>")
        try child("numbered", "<key>brand</key><integer>7</integer>")
        try child("cyclic", "<key>primaryColor</key><string>borderColor</string>")
        try child("unsized", "<key>baseSize</key><integer>0</integer>")
        try child("unsizedAgain", of: "unsized", "<key>primaryColor</key><string>#010101</string>")
        try child("dangling", "<key>primaryColor</key><string>@nowhere</string>")
        // Clean, in roundabout ways: primaryColor through an inherited alias of another
        // key, brand through a new key, a font sized by its own new size key, a font
        // made an alias of another font, a new key an inherited value names.
        try child(
            "roundabout",
            "<key>primaryColor</key><string>accentColor</string><key>brand</key><string>newBrand</string>"
                + "<key>newBrand</key><string>#abcdef</string><key>titleFontSize</key><integer>20</integer>")
        try child(
            "fontAlias",
            "<key>bodyFont</key><string>Avenir</string><key>bodyFontSize</key><integer>11</integer>"
                + "<key>titleFont</key><string>bodyFont</string><key>titleFontSize</key><string>x</string>")
        try child(
            "fontAliasUnsized", "<key>titleFont</key><string>otherFont</string><key>otherFont</key><string>A</string>")
        try child("named", "<key>first</key><string>#123123</string><key>revision</key><integer>2</integer>")
        try child(
            "renamed", of: "named", "<key>first</key><integer>3</integer><key>brand</key><string>revision</string>")
        try child(
            "retitled", "<key>titleFont</key><integer>12</integer><key>baseSize</key><string>@titleFontSize</string>")
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let errors = loader.availableThemes().filter { !loader.analyze($0, in: session).errors.isEmpty }
        #expect(
            errors == [
                "cyclic", "dangling", "fontAlias", "fontAliasUnsized", "navy", "numbered", "renamed", "retitled",
                "unsized", "unsizedAgain",
            ])
        #expect(
            loader.analyze("roundabout", in: session).theme?.color(forKey: "accentColor") == ThemeColor(hex: "abcdef"))
        #expect(loader.analyze("named", in: session).theme?.string(forKey: "revision") == nil)
    }

    /// Keys added below a parent that change how an inherited key resolves, or that depend
    /// on an inherited key, or below a parent with a problem: such a theme does not only
    /// add keys, and is resolved with its chain.
    @Test("added keys that an inherited value names, that size an inherited font, or that name an inherited key")
    func addedKeysThatChangeOrUseInheritedOnes() throws {
        let folder = try TemporaryDirectory()
        func theme(_ parent: String?, _ entries: [(String, String)]) -> String {
            let inherit = parent.map { [("INHERITED_THEME", "<string>\($0)</string>")] } ?? []
            return "<plist><dict>" + (inherit + entries).map { "<key>\($0.0)</key>\($0.1)" }.joined()
                + "</dict></plist>\n"
        }
        try folder.write(
            "default.plist",
            theme(
                nil,
                [
                    ("title", "<string>label</string>"), ("aFont", "<string>bFont</string>"),
                    ("bFont", "<string>Avenir</string>"), ("bFontSize", "<integer>12</integer>"),
                    ("inkColor", "<string>#000000</string>"), ("dFontSize", "<integer>14</integer>"),
                    ("refColor", "<string>@inkColor</string>"),
                ]))
        // An inherited value becomes an alias of the added key.
        try folder.write("namedByParent.plist", theme("default", [("label", "<string>Hello</string>")]))
        // An inherited font, sized along its alias chain, gets a size of its own.
        try folder.write("sizesParentFont.plist", theme("default", [("aFontSize", "<integer>20</integer>")]))
        // Added keys that name inherited ones, by a bare name or `@`.
        try folder.write("namesParentKey.plist", theme("default", [("cColor", "<string>inkColor</string>")]))
        try folder.write("namesParentKeyAt.plist", theme("default", [("eColor", "<string>@refColor</string>")]))
        // An added font sized by an inherited size.
        try folder.write("usesParentSize.plist", theme("default", [("dFont", "<string>Futura</string>")]))
        // An added key with an error of its own, and a parent with one.
        try folder.write("ownError.plist", theme("default", [("badColor", "<string>#zz</string>")]))
        try folder.write("belowError.plist", theme("ownError", [("fColor", "<string>#ffffff</string>")]))
        // Only added keys, one differing from an inherited one in case alone: added only.
        try folder.write("addsOnly.plist", theme("default", [("InkColor", "<string>#111111</string>")]))
        try folder.write("addsBelow.plist", theme("addsOnly", [("gTitle", "<string>g</string>")]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let adding = loader.availableThemes().filter { loader.analyze($0, in: session).addsKeysOnly }
        #expect(adding == ["addsBelow", "addsOnly"])
        #expect(loader.analyze("namedByParent", in: session).theme?.string(forKey: "title") == "Hello")
        #expect(loader.analyze("sizesParentFont", in: session).theme?.font(forKey: "aFont")?.size == 20)
        #expect(loader.analyze("belowError", in: session).errors.map(\.code) == [.invalidColor])
    }

    @Test(
        "a chain below a declared kind: a theme that only adds keys is checked alone against the declarations it inherits"
    )
    func chainBelowADeclaration() throws {
        let folder = try TemporaryDirectory()
        func theme(_ parent: String?, _ entries: [(String, String)]) -> String {
            let inherit = parent.map { [("INHERITED_THEME", "<string>\($0)</string>")] } ?? []
            return "<plist><dict>" + (inherit + entries).map { "<key>\($0.0)</key>\($0.1)" }.joined()
                + "</dict></plist>\n"
        }
        try folder.write(
            "default.plist",
            theme(
                nil,
                [
                    ("color.$type", "<string>color</string>"), ("color.$description", "<string>Colors</string>"),
                    ("color.a", "<string>#112233</string>"),
                ]))
        for index in 0..<10 {
            try folder.write(
                "t\(index).plist",
                theme(
                    index == 0 ? "default" : "t\(index - 1)",
                    [("color.c\(index)", "<string>#3366\(index)\(index)</string>")]))
        }
        // Added keys under the declared prefix whose values are no colors.
        try folder.write("badText.plist", theme("t9", [("color.bad", "<string>#zz</string>")]))
        try folder.write("badNumber.plist", theme("t9", [("color.n", "<integer>3</integer>")]))
        // A theme that declares: a declaration that retypes inherited keys, one of the whole
        // theme, and one that types only the keys it adds.
        try folder.write("retypes.plist", theme("t9", [("color.c0.$type", "<string>dimension</string>")]))
        try folder.write("retypesAll.plist", theme("t9", [("$type", "<string>string</string>")]))
        try folder.write(
            "declaresMore.plist",
            theme("t9", [("size.$type", "<string>dimension</string>"), ("size.w", "<integer>4</integer>")]))
        // Below a theme that declares: both declarations reach the keys added.
        try folder.write("addsBoth.plist", theme("declaresMore", [("size.h", "<integer>5</integer>")]))
        try folder.write("badBelow.plist", theme("declaresMore", [("size.v", "<string>#123456</string>")]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = loader.availableThemes().map { loader.analyze($0, in: session) }
        // declaresMore's size.$type reaches only the key it adds: it adds keys only too.
        #expect(
            analyses.filter(\.addsKeysOnly).map(\.name).sorted()
                == ["addsBoth", "declaresMore"] + (0..<10).map { "t\($0)" })
        // Each resolved from its own file and the declaring ones: the declared kind is given.
        let last = try #require(analyses.first { $0.name == "t9" })
        #expect(last.addedTheme?.values.count == 1)
        #expect(last.addedTheme?.declaredKind(ofKey: "color.c9")?.kind.kind == .color)
        #expect(last.addedTheme?.declaredKind(ofKey: "color.c9")?.declaredBy == "color.$type")
        #expect(last.addedTheme?.description(ofKey: "color.c9") == "Colors")
        let both = try #require(analyses.first { $0.name == "addsBoth" })
        #expect(both.addedTheme?.declaredKind(ofKey: "size.h")?.declaredBy == "size.$type")
        #expect(both.theme?.declaredKind(ofKey: "color.c3")?.declaredBy == "color.$type")
        let errors = { (name: String) in analyses.first { $0.name == name }?.errors.map(\.code) }
        #expect(errors("badText") == [.invalidColor])
        #expect(errors("badNumber") == [.invalidColor])
        #expect(errors("retypes") == [.invalidLength])
        #expect(errors("badBelow") == [.invalidLength])
        #expect(analyses.first { $0.name == "badText" }?.errors.first?.notes.count == 1)
    }

    @Test("a declaring file's declarations-only copy holds its first declarations alone, read at the file's places")
    func declarationsOnlyCopy() throws {
        let source = """
            <plist><dict><key>color.a</key><string>#112233</string>
            <key>color.$type</key><string>color</string>
            <key>color.$type</key><string>dimension</string>
            <key>size.$description</key><string>Sizes &amp; gaps</string>
            <key>size.w</key><integer>4</integer></dict></plist>
            """
        let file = ThemeFile(PropertyListReader().parse(Array(source.utf8), file: "t.plist"))
        let copy = ThemeFile(declarationsOf: file)
        // The first color.$type (the second is a duplicate) and size.$description.
        #expect(copy.document.store.count == 2)
        #expect(copy.diagnostics.isEmpty)
        #expect(copy.declarations.map(\.entry) == file.declarations.map(\.entry))
        #expect(copy["color.$type"]?.value == .string("color"))
        #expect(copy["size.$description"]?.value == .string("Sizes & gaps"))
        #expect(copy["color.a"] == nil)
        #expect(copy.path == file.path)
    }

    @Test(
        "children of a wide declaring parent: each resolved alone against its declarations, as a whole resolution finds"
    )
    func childrenOfAWideDeclaringParent() throws {
        let folder = try TemporaryDirectory()
        func theme(_ parent: String?, _ entries: [(String, String)]) -> String {
            let inherit = parent.map { [("INHERITED_THEME", "<string>\($0)</string>")] } ?? []
            return "<plist><dict>\n" + (inherit + entries).map { "<key>\($0.0)</key>\($0.1)\n" }.joined()
                + "</dict></plist>\n"
        }
        try folder.write(
            "default.plist",
            theme(
                nil,
                (0..<50).map { ("color.p\($0)", "<string>#1122\(10 + $0)</string>") } + [
                    ("color.$type", "<string>color</string>"),
                    ("color.$description", "<string>Colors &amp; tints</string>"),
                    ("color.old.$deprecated", "<string>Use color.p0</string>"),
                ]))
        for index in 0..<8 {
            try folder.write(
                "c\(index).plist", theme("default", [("color.c\(index)", "<string>#3366\(index)\(index)</string>")]))
        }
        try folder.write("deprecatedKey.plist", theme("default", [("color.old.x", "<string>#445566</string>")]))
        try folder.write("badChild.plist", theme("default", [("color.bad", "<string>#zz</string>")]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = loader.availableThemes().map { loader.analyze($0, in: session) }
        let addsOnly = (0..<8).map { "c\($0)" } + ["deprecatedKey"]
        #expect(analyses.filter(\.addsKeysOnly).map(\.name).sorted() == addsOnly)
        let child = try #require(analyses.first { $0.name == "c7" })
        #expect(child.addedTheme?.values.count == 1)
        #expect(child.addedTheme?.declaredKind(ofKey: "color.c7")?.declaredBy == "color.$type")
        #expect(child.addedTheme?.description(ofKey: "color.c7") == "Colors & tints")
        let deprecated = try #require(analyses.first { $0.name == "deprecatedKey" })
        #expect(deprecated.addedTheme?.deprecation(ofKey: "color.old.x") == "Use color.p0")
        let bad = try #require(analyses.first { $0.name == "badChild" })
        #expect(bad.errors.map(\.code) == [.invalidColor])
        // The note names the parent's declaration where it is written: line 52 of default.plist.
        let note = try #require(bad.errors.first?.notes.first)
        #expect(note.location.file.hasSuffix("default.plist"))
        #expect(note.location.line == 52)
    }

    /// A theme of `entries` below `parent` (none for a root), one entry a line.
    static func theme(_ parent: String?, _ entries: [(String, String)]) -> String {
        let inherit = parent.map { [("INHERITED_THEME", "<string>\($0)</string>")] } ?? []
        return "<plist><dict>\n" + (inherit + entries).map { "<key>\($0.0)</key>\($0.1)\n" }.joined()
            + "</dict></plist>\n"
    }

    @Test(
        "a mapping chain below a declaration: each theme checked from its changes against the declared kinds, as a whole resolution finds"
    )
    func mappingChainBelowADeclaration() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "default.plist",
            Self.theme(
                nil,
                [
                    ("color.$type", "<string>color</string>"), ("color.a", "<string>#112233</string>"),
                    ("color.b", "<string>@color.a</string>"), ("color.c", "<string>color.a</string>"),
                    ("size.$type", "<string>dimension</string>"), ("size.w", "<integer>4</integer>"),
                    ("text.$type", "<string>string</string>"), ("text.title", "<string>Hello</string>"),
                    ("text.sub", "<string>@text.title</string>"),
                    // A suffix kind a declaration overrides: an untyped string, not a color.
                    ("accent.$type", "<string>string</string>"), ("accent.mainColor", "<string>hello</string>"),
                    ("accent.copy", "<string>@accent.mainColor</string>"),
                ]))
        for index in 0..<10 {
            try folder.write(
                "t\(index).plist",
                Self.theme(
                    index == 0 ? "default" : "t\(index - 1)",
                    [
                        ("color.a", "<string>#3366\(index)\(index)</string>"),
                        ("color.k\(index)", "<string>#4466\(index)\(index)</string>"),
                    ]))
        }
        // Changes the declared kinds allow: an untyped declared key set to a number (what
        // aliases it holds a number too), and a key whose suffix says color declared a string.
        try folder.write("renumbers.plist", Self.theme("t9", [("text.title", "<integer>3</integer>")]))
        try folder.write("rewords.plist", Self.theme("t9", [("accent.mainColor", "<string>world</string>")]))
        // Changes that break a declared kind: no color, a declared color aliasing a
        // dimension, a declared dimension set to a color, a declared color aliasing a declaration.
        try folder.write("notAColor.plist", Self.theme("t9", [("color.a", "<string>#zz</string>")]))
        try folder.write("aliasesASize.plist", Self.theme("t9", [("color.a", "<string>@size.w</string>")]))
        try folder.write("sizeIsAColor.plist", Self.theme("t9", [("size.w", "<string>#123456</string>")]))
        try folder.write("namesADeclaration.plist", Self.theme("t9", [("color.a", "<string>@color.$type</string>")]))
        // A declaration that retypes inherited keys, one that declares them their kind again.
        try folder.write(
            "retypes.plist",
            Self.theme("t9", [("color.$type", "<string>dimension</string>"), ("color.a", "<string>#010101</string>")]))
        try folder.write(
            "redeclares.plist",
            Self.theme("t9", [("color.$type", "<string>color</string>"), ("color.a", "<string>#020202</string>")]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = Dictionary(
            uniqueKeysWithValues: loader.availableThemes().map { ($0, loader.analyze($0, in: session)) })
        let fromParent = analyses.values.filter(\.resolvesFromParent).map(\.name).sorted()
        #expect(fromParent == ["redeclares", "renumbers", "rewords"] + (0..<10).map { "t\($0)" })
        let last = try #require(analyses["t9"])
        let changed = Dictionary(uniqueKeysWithValues: (last.changedKeys ?? []).map { ($0.key, $0.kind) })
        #expect(changed == ["color.a": .color, "color.k9": .color, "color.b": .color, "color.c": .color])
        let renumbered = (analyses["renumbers"]?.changedKeys ?? []).map { "\($0.key) \($0.kind)" }.sorted()
        #expect(renumbered == ["text.sub number", "text.title number"])
        let reworded = (analyses["rewords"]?.changedKeys ?? []).map { "\($0.key) \($0.kind)" }.sorted()
        #expect(reworded == ["accent.copy string", "accent.mainColor string"])
        let errors = { (name: String) in analyses[name]?.errors.map(\.code) }
        #expect(errors("notAColor") == [.invalidColor])
        #expect(errors("aliasesASize") == [.invalidColor])
        #expect(errors("sizeIsAColor") == [.invalidLength])
        #expect(errors("namesADeclaration") == [.unresolvedAlias])
        #expect(errors("retypes")?.isEmpty == false)
        #expect(errors("retypes")?.allSatisfy { $0 == .invalidLength } == true)
    }

    @Test(
        "a chain in which every theme declares: a theme whose declarations reach no inherited key is resolved alone"
    )
    func chainOfDeclaringThemes() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "default.plist",
            Self.theme(
                nil,
                [
                    ("color.$type", "<string>color</string>"), ("color.$description", "<string>Colors</string>"),
                    ("color.a", "<string>#112233</string>"), ("color.b", "<string>@color.a</string>"),
                    ("title", "<string>Hello world</string>"),
                ]))
        for index in 0..<10 {
            try folder.write(
                "t\(index).plist",
                Self.theme(
                    index == 0 ? "default" : "t\(index - 1)",
                    [
                        ("p\(index).$type", "<string>color</string>"),
                        ("p\(index).$description", "<string>Group \(index)</string>"),
                        ("p\(index).k", "<string>#3366\(index)\(index)</string>"),
                        ("color.k\(index)", "<string>#4466\(index)\(index)</string>"),
                    ]))
        }
        // Declarations that reach inherited keys: another kind (p3.k is no length), the
        // whole theme a color (title is none; the groups keep their own), and the same kind
        // again (no key changes kind).
        try folder.write(
            "retypes.plist",
            Self.theme("t9", [("p3.$type", "<string>dimension</string>"), ("q.w", "<integer>2</integer>")]))
        try folder.write("retypesAll.plist", Self.theme("t9", [("$type", "<string>color</string>")]))
        try folder.write(
            "redeclares.plist",
            Self.theme("t9", [("p3.$type", "<string>color</string>"), ("p3.z", "<string>#555555</string>")]))
        // A description of inherited keys changes no kind.
        try folder.write(
            "describes.plist",
            Self.theme(
                "t9", [("color.$description", "<string>Tints</string>"), ("color.y", "<string>#666666</string>")]))
        // Declares a group of its own and sets a key an inherited alias reads.
        try folder.write(
            "declaresAndMaps.plist",
            Self.theme(
                "t9",
                [
                    ("q.$type", "<string>dimension</string>"), ("q.w", "<integer>3</integer>"),
                    ("color.a", "<string>#778899</string>"),
                ]))
        // Declares a group of its own with a value that does not fit it.
        try folder.write(
            "badOwn.plist",
            Self.theme("t9", [("q.$type", "<string>dimension</string>"), ("q.w", "<string>#778899</string>")]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let analyses = Dictionary(
            uniqueKeysWithValues: loader.availableThemes().map { ($0, loader.analyze($0, in: session)) })
        let addsOnly = analyses.values.filter(\.addsKeysOnly).map(\.name).sorted()
        #expect(addsOnly == ["describes", "redeclares"] + (0..<10).map { "t\($0)" })
        let last = try #require(analyses["t9"])
        #expect(last.addedTheme?.declaredKind(ofKey: "p9.k")?.declaredBy == "p9.$type")
        #expect(last.addedTheme?.description(ofKey: "p9.k") == "Group 9")
        #expect(last.addedTheme?.declaredKind(ofKey: "color.k9")?.declaredBy == "color.$type")
        #expect(last.addedTheme?.description(ofKey: "color.k9") == "Colors")
        #expect(analyses["describes"]?.addedTheme?.description(ofKey: "color.y") == "Tints")
        let mapped = (analyses["declaresAndMaps"]?.changedKeys ?? []).map { "\($0.key) \($0.kind)" }.sorted()
        #expect(mapped == ["color.a color", "color.b color", "q.w length"])
        #expect(analyses["retypes"]?.resolvesFromParent == false)
        #expect(analyses["retypes"]?.errors.map(\.code) == [.invalidLength])
        #expect(analyses["retypesAll"]?.resolvesFromParent == false)
        #expect(analyses["retypesAll"]?.errors.isEmpty == false)
        #expect(analyses["retypesAll"]?.degradedTheme?.kind(ofKey: "p3.k") == .color)
        #expect(analyses["badOwn"]?.errors.map(\.code) == [.invalidLength])
    }

    @Test(
        "children of a parent declaring many groups: each resolved alone with the declarations nearest its keys only"
    )
    func childrenOfAParentDeclaringManyGroups() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "default.plist",
            Self.theme(
                nil,
                (0..<40).flatMap {
                    [
                        ("g\($0).$type", "<string>color</string>"),
                        ("g\($0).$description", "<string>Group \($0) &amp; more</string>"),
                        ("g\($0).a", "<string>#1122\(10 + $0)</string>"),
                    ]
                } + [("$type", "<string>dimension</string>"), ("w", "<integer>2</integer>")]))
        for index in 0..<6 {
            try folder.write(
                "c\(index).plist", Self.theme("default", [("g\(index).c", "<string>#3366\(index)\(index)</string>")]))
        }
        try folder.write("badChild.plist", Self.theme("default", [("g7.c", "<integer>7</integer>")]))
        try folder.write("wide.plist", Self.theme("default", [("h", "<integer>3</integer>")]))
        Self.expectSameAnalyses(in: folder.path)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        let child = loader.analyze("c5", in: session)
        #expect(child.addedTheme?.declaredKind(ofKey: "g5.c")?.declaredBy == "g5.$type")
        #expect(child.addedTheme?.description(ofKey: "g5.c") == "Group 5 & more")
        // Its own two entries and the two declarations over g5.c, not the parent's 81.
        #expect(child.deferred?.link.addedKeys?.values.provenance.entries.count == 4)
        let wide = loader.analyze("wide", in: session)
        #expect(wide.addedTheme?.declaredKind(ofKey: "h")?.declaredBy == "$type")
        #expect(wide.deferred?.link.addedKeys?.values.provenance.entries.count == 3)
        let bad = loader.analyze("badChild", in: session)
        #expect(bad.errors.map(\.code) == [.invalidColor])
        // The note names the parent's declaration where it is written: line 23 of default.plist.
        let note = try #require(bad.errors.first?.notes.first)
        #expect(note.location.file.hasSuffix("default.plist"))
        #expect(note.location.line == 23)
    }
}

import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// Themes that declare kinds (SPEC §2) below a root that declares: a theme whose
/// declarations reach no inherited key with another kind is resolved from its parent, and
/// `declaration_without_keys` asks the session's index of the lineage's prefixes rather than
/// walking its merged theme. What it reports must be what the walk reports.
@Suite("themelint on chains of themes that declare")
struct DeclaringChainLintTests {
    /// The root declares `color.$type`; `t0` a group of its own; `t1` a misspelt group, the
    /// root's group again (same kind) and the whole theme (`$type`, of another kind: its
    /// keys are resolved whole); `t2` `t0`'s group again and a group with no key.
    static let themes: [String: [(String, String)]] = [
        "default": [("color.$type", "<string>color</string>"), ("color.a", "<string>#112233</string>")],
        "t0": [
            ("INHERITED_THEME", "<string>default</string>"), ("p.$type", "<string>color</string>"),
            ("p.k", "<string>#223344</string>"),
        ],
        "t1": [
            ("INHERITED_THEME", "<string>t0</string>"), ("colr.$type", "<string>color</string>"),
            ("color.$type", "<string>color</string>"), ("color.b", "<string>#334455</string>"),
        ],
        "t2": [
            ("INHERITED_THEME", "<string>t1</string>"), ("p.$type", "<string>color</string>"),
            ("q.r.$type", "<string>dimension</string>"), ("q.w", "<integer>1</integer>"),
        ],
        "wholeTheme": [("INHERITED_THEME", "<string>t2</string>"), ("$type", "<string>string</string>")],
        "emptyRoot": [("$type", "<string>color</string>")],
    ]

    @Test("declaration_without_keys below declarations: by the session's index, as the walk of the merged theme says")
    func declarationsWithoutKeysInAChain() throws {
        let folder = try MappingChainLintTests.Folder(Self.themes)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        // t0, t1 and t2 are resolved from their parents, so the rule asks the index.
        for name in ["t0", "t1", "t2"] {
            let analysis = loader.analyze(name, in: session)
            #expect(analysis.resolvesFromParent, "\(name)")
            #expect(analysis.hasMergedKeys(under: "color") == true, "\(name)")
            #expect(analysis.hasMergedKeys(under: "colr") == false, "\(name)")
        }
        #expect(loader.analyze("wholeTheme", in: session).hasMergedKeys(under: "") == nil)
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        let said = report.diagnostics.filter { $0.code == .declarationWithoutKeys }.map(\.summary)
        #expect(
            said == [
                "emptyRoot.plist:3:2: warning: '$type' declares the kind of a theme that has no key [declaration_without_keys]",
                "t1.plist:4:2: warning: 'colr.$type' declares the kind of no key: the theme and its ancestors have neither 'colr' nor a key under it [declaration_without_keys]",
                "t2.plist:5:2: warning: 'q.r.$type' declares the kind of no key: the theme and its ancestors have neither 'q.r' nor a key under it [declaration_without_keys]",
            ])
    }
}

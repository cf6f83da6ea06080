import Foundation
import TestSupport
import Testing

/// ThemeKit's and ThemeLint's public surfaces are what an app uses, pinned symbol by symbol:
/// Fixtures/PublicSurface/ holds each module's public symbols and conformances as
/// `Scripts/public-surface.py` lists them from the module's symbol graph, so that a new
/// public declaration (or one gone, or changed) is a diff a reviewer sees. Helpers that only
/// the linter and the tools call are `package`, and so are not in the lists.
/// `THEMEKIT_UPDATE_GOLDEN=1` (or `Scripts/public-surface.sh --update`) rewrites the lists.
@Suite struct PublicSurfaceTests {
    @Test("the public symbols are the reviewed list", arguments: ["ThemeKit", "ThemeLint"])
    func publicSymbolsAreTheReviewedList(module: String) throws {
        let fresh = try PublicSurface.list(of: module)
        let golden = Golden(folder: PublicSurface.folder)
        if golden.isUpdating {
            try golden.expect(fresh, "\(module).txt")
            return
        }
        let reviewed = try String(
            contentsOf: PublicSurface.folder.appendingPathComponent("\(module).txt"), encoding: .utf8)
        let difference = PublicSurface.difference(from: reviewed, to: fresh)
        #expect(
            difference.isEmpty,
            """
            \(module)'s public surface changed (- reviewed, + now); if that is meant, rewrite the list \
            with Scripts/public-surface.sh --update and review its diff:
            \(difference)
            """)
    }

    @Test func differenceNamesEachLineOnlyOneSideHas() {
        #expect(PublicSurface.difference(from: "a\nb\nc\n", to: "a\nb\nc\n") == "")
        #expect(PublicSurface.difference(from: "a\nb\nc\n", to: "a\nc\nd\n") == "- b\n+ d")
        #expect(
            PublicSurface.difference(from: "a\nb\n", to: "b\na\n") == "(the same lines, in another order or spacing)")
    }
}

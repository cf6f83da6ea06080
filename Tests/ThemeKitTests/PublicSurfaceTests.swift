import TestSupport
import Testing

/// ThemeKit's public surface is what an app uses: helpers that only the linter and the
/// tools call are `package`, so that an app's completion list and ThemeKit's documentation
/// show the theme manager, not the tools' formatting.
@Suite struct PublicSurfaceTests {
    /// Helpers of the linter and the tools: the contrast ratio as min_contrast and the
    /// preview print it, a number as the tools write it, the output helpers, and the
    /// manager's folder watcher (an app starts watching through `startWatching()`).
    @Test(
        "a helper of the linter and the tools is not public",
        arguments: [
            "func contrastRatioText(", "func text(of number:", "enum JSONOutput", "enum Escaping",
            "PathDisplay", "DisplayPath", "enum OutputFile", "class DirectoryWatcher", "enum Change",
        ])
    func toolHelperIsNotPublic(declaration: String) throws {
        let declared = try PackageSources.publicDeclarations(under: "Sources/ThemeKit").filter {
            $0.contains(declaration)
        }
        #expect(declared.isEmpty, "public in ThemeKit: \(declared)")
    }
}

import Foundation
import TestSupport
import Testing

/// The documentation shows real code: every `swift` block of the manager article
/// (`TheManager.md` in ThemeKit's DocC catalog), of the README's quick start and of the
/// ThemeLint landing page type-checks against the built libraries in Swift 6 language mode,
/// each as the `main.swift` of an app.
@Suite("the manager article's and the README quick start's snippets compile", .serialized)
struct ReadmeSnippetTests {
    /// The `swift` code blocks of `file` (relative to the package root), from the line
    /// `section` to the next `## ` heading, or of the whole file when `section` is nil.
    static func snippets(in file: String, section: String? = nil) throws -> [String] {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
        var inSection = section == nil
        var block: [Substring]?
        var blocks: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let section, block == nil, line.hasPrefix("## ") { inSection = line == section }
            guard inSection else { continue }
            if var lines = block {
                if line == "```" {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line == "```swift" {
                block = []
            }
        }
        return blocks
    }

    /// Every `swift` block of the manager article.
    static func managerSnippets() throws -> [String] {
        try snippets(in: "Sources/ThemeKit/ThemeKit.docc/TheManager.md")
    }

    /// The `swift` blocks of the README's `## Quick start`.
    static func quickStartSnippets() throws -> [String] {
        try snippets(in: "README.md", section: "## Quick start")
    }

    /// The `swift` blocks of the styles article's BRStyle example (once in the README's quick
    /// start): an app that reads a style and binds a button to it.
    static func stylesExampleSnippets() throws -> [String] {
        try snippets(
            in: "Sources/ThemeKit/ThemeKit.docc/Styles.md", section: "## From BRStyle: an app's styles, end to end")
    }

    @Test("the manager article has its snippets: bind first, then lookups, notifications and changes()")
    func articleShowsBindFirst() throws {
        let snippets = try Self.managerSnippets()
        #expect(snippets.count >= 4)
        #expect(snippets.first?.contains(".bind(self)") == true)
        let all = snippets.joined()
        for shown in ["didChangeThemeNotification", "changes()", "withObservationTracking", "ThemeApplying"] {
            #expect(all.contains(shown), "the manager article shows no \(shown)")
        }
    }

    @Test("the README's quick start has an app that binds and switches themes")
    func quickStartShowsAnApp() throws {
        let snippets = try Self.quickStartSnippets()
        #expect(snippets.count >= 1)
        let all = snippets.joined()
        for shown in [".bind(self)", "changeTheme("] {
            #expect(all.contains(shown), "the README's quick start shows no \(shown)")
        }
    }

    @Test("the styles article's BRStyle example reads a highlighted style and binds a button to a style")
    func stylesExampleShowsStyles() throws {
        let all = try Self.stylesExampleSnippets().joined()
        for shown in [".style(\"MyCustomButton\"", "bind(delete, style:", "styling.states.insert(.highlighted)"] {
            #expect(all.contains(shown), "the styles article's example shows no \(shown)")
        }
    }

    @Test("each swift block of the manager article and the README's quick start type-checks in Swift 6 mode")
    func snippetsTypeCheck() throws {
        // With the ThemeLint landing page's (a tool of one's own running the linter) and the
        // styles article's example.
        let snippets =
            try Self.managerSnippets() + Self.quickStartSnippets() + Self.stylesExampleSnippets()
            + Self.snippets(in: "Lint/ThemeLint/ThemeLint.docc/ThemeLint.md")
        try #require(snippets.count >= 6)
        let scratch = try Scratch()
        for (index, snippet) in snippets.enumerated() {
            let folder = scratch.url.appendingPathComponent("snippet\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let main = folder.appendingPathComponent("main.swift")
            try Data(snippet.utf8).write(to: main)
            let result = try SwiftCompiler.typecheck([main])
            #expect(
                result.status == 0, "snippet \(index + 1) does not compile:\n\(snippet)\n\(result.stderr)" as Comment)
        }
    }

    @Test("the check fails on a snippet that does not compile")
    func brokenSnippetFails() throws {
        let scratch = try Scratch()
        let main = scratch.url.appendingPathComponent("main.swift")
        // A snippet that is wrong in Swift 6: main-actor work from a @Sendable notification block.
        let text = """
            import Foundation
            import ThemeKit

            @MainActor func restyle() {}
            _ = NotificationCenter.default.addObserver(
                forName: ThemeManager.didChangeThemeNotification, object: nil, queue: .main
            ) { _ in restyle() }

            """
        try Data(text.utf8).write(to: main)
        let result = try SwiftCompiler.typecheck([main])
        #expect(result.status != 0)
        #expect(result.stderr.contains("restyle"))
    }
}

import Foundation
import TestSupport
import Testing

/// The README's manager section shows real code: every `swift` block in it type-checks
/// against the built ThemeKit in Swift 6 language mode, each as the `main.swift` of an app.
@Suite("README manager snippets compile", .serialized)
struct ReadmeSnippetTests {
    /// The `swift` code blocks between `## The manager` and the next `## ` heading.
    static func managerSnippets() throws -> [String] {
        let readme = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inSection = false
        var block: [Substring]?
        var blocks: [String] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## The manager" }
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

    @Test("the manager section has its snippets: bind first, then lookups, notifications and changes()")
    func sectionShowsBindFirst() throws {
        let snippets = try Self.managerSnippets()
        #expect(snippets.count >= 4)
        #expect(snippets.first?.contains(".bind(self)") == true)
        let all = snippets.joined()
        for shown in ["didChangeThemeNotification", "changes()", "withObservationTracking", "ThemeApplying"] {
            #expect(all.contains(shown), "the manager section shows no \(shown)")
        }
    }

    @Test("each swift block of the manager section type-checks in Swift 6 mode")
    func snippetsTypeCheck() throws {
        let snippets = try Self.managerSnippets()
        try #require(!snippets.isEmpty)
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
        // The old README's observer: main-actor work from a @Sendable notification block.
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

import Foundation
import TestSupport
import Testing

/// The README is the front page: what ThemeKit is, how to install it, a quick start for an
/// app, a designer, an editor and CI, and a line for each article. The reference lives in
/// the DocC articles, which the README links, one line each.
@Suite("The README")
struct ReadmeTests {
    static let longest = 300

    static func readme() throws -> String {
        try String(contentsOf: PackageSources.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("the README is at most 300 lines: what does not fit is in an article")
    func readmeIsShort() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= Self.longest, "the README has \(lines) lines; move the detail into a DocC article")
    }

    @Test(
        "the README's documentation list has a line for every article of both DocC catalogs",
        arguments: ["Sources/ThemeKit/ThemeKit.docc", "Lint/ThemeLint/ThemeLint.docc"])
    func readmeListsEveryArticle(catalog: String) throws {
        let readme = try Self.readme()
        let documentation = try #require(
            readme.range(of: "\n## Documentation\n").map { readme[$0.upperBound...] }, "no ## Documentation")
        let folder = PackageSources.root.appendingPathComponent(catalog)
        let articles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        // The landing pages (ThemeKit.md, ThemeLint.md) are the catalogs' own: linked elsewhere.
        let landing = URL(fileURLWithPath: catalog).deletingPathExtension().lastPathComponent + ".md"
        #expect(articles.contains(landing))
        for article in articles where article != landing {
            let line = "- ["
            let link = "](\(catalog)/\(article)): "
            #expect(
                documentation.split(separator: "\n").contains { $0.hasPrefix(line) && $0.contains(link) },
                "the README's documentation list has no line for \(catalog)/\(article)")
        }
    }
}

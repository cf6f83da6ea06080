import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// `themelint Themes` with `Themes` a symbolic link to a folder lints the folder, as themekit
/// and the manager read it, rather than saying "no themes"; linked folders inside a searched
/// tree are not skipped without a word. A link named on the command line is followed; inside
/// a tree, links to folders are followed once each, with no loop.
@Suite("themelint follows symbolic links to folders")
struct SymbolicLinkDiscoveryTests {
    /// A theme with one bad color, so that each file linted shows in the report.
    private static let badTheme =
        "<plist version=\"1.0\">\n<dict>\n\t<key>aColor</key><string>#12345</string>\n</dict>\n</plist>\n"

    private final class Tree {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        func theme(_ path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try SymbolicLinkDiscoveryTests.badTheme.write(to: url, atomically: true, encoding: .utf8)
        }

        func link(_ path: String, to destination: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
        }

        func lintedFiles(_ paths: [String]) throws -> [String] {
            let report = try ThemeLinter(currentDirectory: root.path).lint(paths: paths)
            return report.diagnostics.map(\.location.file)
        }
    }

    @Test("a link to a folder named on the command line is searched, its themes under the link's name")
    func followsGivenLink() throws {
        let tree = try Tree()
        try tree.theme("real/default.plist")
        try tree.link("Themes", to: "real")
        #expect(try tree.lintedFiles(["Themes"]) == ["Themes/default.plist"])
        #expect(try tree.lintedFiles(["Themes/"]) == ["Themes/default.plist"])
    }

    @Test("links to folders inside a tree are followed once each, a loop back up the tree not at all")
    func followsLinksInsideTreeOnce() throws {
        let tree = try Tree()
        try tree.theme("repo/Themes/default.plist")
        try tree.theme("shared/brand/default.plist")
        try tree.link("repo/Themes/brand", to: "../../shared/brand")
        try tree.link("repo/Themes/again", to: "../../shared/brand")
        try tree.link("repo/Themes/sub/up", to: "../..")
        try tree.link("repo/Themes/self", to: ".")
        #expect(
            try tree.lintedFiles(["repo"]) == ["repo/Themes/again/default.plist", "repo/Themes/default.plist"])
    }

    @Test("a folder reached both directly and through a link is reported under its own path")
    func realPathWins() throws {
        let tree = try Tree()
        try tree.theme("Themes/dark/default.plist")
        try tree.link("Themes/a-link", to: "dark")
        #expect(try tree.lintedFiles(["Themes"]) == ["Themes/dark/default.plist"])
    }
}

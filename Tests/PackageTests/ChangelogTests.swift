import Foundation
import TestSupport
import Testing
import ThemeSupport

/// The version has one place in the code (`ThemeKitVersion`, which every tool prints); the
/// CHANGELOG's newest release must name the same one, or a release says one thing and prints
/// another.
@Suite("The CHANGELOG")
struct ChangelogTests {
    @Test("the CHANGELOG's newest release is ThemeKitVersion, and it keeps an Unreleased section")
    func changelogNamesTheVersion() throws {
        #expect(try PackageSources.newestRelease() == ThemeKitVersion.current)
        let changelog = try String(
            contentsOf: PackageSources.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## [Unreleased]\n"), "Keep a Changelog's Unreleased section")
    }
}

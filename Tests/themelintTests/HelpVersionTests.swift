import Foundation
import Testing

/// Every executable of the package answers `--help` and `--version`, and they all print the
/// one version of the package (issue 26: `themekit-demo --help` looked for a theme in a
/// folder named `--help`).
@Suite("--help and --version on every executable, end to end")
struct HelpVersionTests {
    static let tools = ["themelint", "themekit", "themekit-demo", "themebench"]

    @Test("--help prints the usage and exits 0", arguments: tools)
    func helpIsAnswered(tool: String) throws {
        let result = try CLI.run(["--help"], tool: tool)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: ") || result.stdout.hasPrefix("USAGE: "))
        #expect(result.stdout.contains("USAGE: \(tool)"))
        #expect(result.stdout.contains("--version"))
        #expect(result.stderr.isEmpty)
    }

    @Test("--version prints the package's one version, the same for every tool")
    func versionIsOne() throws {
        let versions = try Self.tools.map { tool in
            let result = try CLI.run(["--version"], tool: tool)
            #expect(result.status == 0, "\(tool)")
            return result.stdout
        }
        #expect(versions.allSatisfy { $0 == versions[0] }, "\(versions)")
        #expect(versions[0].wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil)
    }

    /// Issue 27: the version has one place in the code (`ThemeKitVersion`); the CHANGELOG's
    /// newest release must name the same one, or a release says one thing and prints another.
    @Test("the CHANGELOG's newest release is the version --version prints")
    func changelogNamesTheVersion() throws {
        let changelog = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}/).map { String($0.1) }
        }
        let newest = try #require(releases.first, "no '## [x.y.z] - YYYY-MM-DD' heading in CHANGELOG.md")
        let printed = try CLI.run(["--version"], tool: "themekit")
        #expect(printed.stdout == newest + "\n")
        #expect(changelog.contains("\n## [Unreleased]\n"), "Keep a Changelog's Unreleased section")
    }

    @Test("themekit-demo: an unknown option, or two folders, is a usage error (exit 2)")
    func demoUsageErrors() throws {
        let unknown = try CLI.run(["--bogus"], tool: "themekit-demo")
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr == "themekit-demo: error: unknown option '--bogus'\nRun 'themekit-demo --help' for usage.\n")
        #expect(unknown.stdout.isEmpty)
        let two = try CLI.run(["Themes", "Other"], tool: "themekit-demo")
        #expect(two.status == 2)
        #expect(two.stderr.hasPrefix("themekit-demo: error: give at most one folder, not 2\n"))
    }
}

import TestSupport
import Testing

/// Every executable of the package answers `--help` and `--version` (themekit-demo reads
/// neither as the name of a themes folder), and prints the package's one version: the
/// CHANGELOG's newest release.
@Suite("--help and --version of every executable, end to end")
struct HelpVersionTests {
    static let tools = ["themelint", "themekit", "themekit-demo", "themebench"]

    @Test("--help prints the usage and exits 0", arguments: tools)
    func helpIsAnswered(tool: String) throws {
        try CLI.expectHelp(tool)
    }

    @Test("--version prints the package's one version, the CHANGELOG's newest release", arguments: tools)
    func versionIsTheNewestRelease(tool: String) throws {
        try CLI.expectVersion(tool)
    }
}

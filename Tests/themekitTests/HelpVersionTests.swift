import TestSupport
import Testing

/// themekit and themekit-demo answer `--help` and `--version` as every executable of the
/// package does (themekit-demo reads neither as the name of a themes folder), and print the
/// package's one version: the CHANGELOG's newest release.
@Suite("themekit and themekit-demo --help and --version, end to end")
struct HelpVersionTests {
    static let tools = ["themekit", "themekit-demo"]

    @Test("--help prints the usage and exits 0", arguments: tools)
    func helpIsAnswered(tool: String) throws {
        try CLI.expectHelp(tool)
    }

    @Test("--version prints the package's one version, the CHANGELOG's newest release", arguments: tools)
    func versionIsTheNewestRelease(tool: String) throws {
        try CLI.expectVersion(tool)
    }
}

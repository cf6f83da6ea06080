import TestSupport
import Testing

/// themelint answers `--help` and `--version` as every executable of the package does, and
/// prints the package's one version: the CHANGELOG's newest release.
@Suite("themelint --help and --version, end to end")
struct HelpVersionTests {
    @Test("--help prints the usage and exits 0")
    func helpIsAnswered() throws {
        try CLI.expectHelp("themelint")
    }

    @Test("--version prints the package's one version, the CHANGELOG's newest release")
    func versionIsTheNewestRelease() throws {
        try CLI.expectVersion("themelint")
    }
}

import TestSupport
import Testing

/// A report that cannot reach standard output (a full disk, here `/dev/full`) is an I/O
/// error, exit 2 with a message: `print` says nothing of a failed write, so a tool that
/// trusted it would exit 0 (or 1) with the report lost.
@Suite("themelint: standard output that cannot be written", .enabled(if: CLI.hasFullDisk))
struct StandardOutputTests {
    @Test(
        "themelint: a report lost is exit 2, whether the themes were clean or not",
        arguments: [
            ["Themes"], ["Tests/ThemeKitTests/Fixtures/bad"], ["--list-rules"], ["--format", "json", "Themes"],
        ])
    func themelint(arguments: [String]) throws {
        let result = try CLI.runIntoFullDisk("themelint", ["--no-config"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("themelint: error: cannot write to standard output"))
    }
}

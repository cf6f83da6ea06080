import Foundation
import Testing

/// A report that cannot reach standard output (a full disk, here `/dev/full`) is an I/O
/// error, exit 2 with a message: `print` says nothing of a failed write, and the tools used
/// to exit 0 (or 1) with the report lost.
@Suite("Standard output that cannot be written", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
struct StandardOutputTests {
    /// Runs `tool` with standard output on `/dev/full`: its status and standard error.
    private func runIntoFullDisk(_ tool: String, _ arguments: [String]) throws -> CLI.Result {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        return try CLI.run(executable: CLI.binary(tool), arguments, in: CLI.packageRoot, output: full)
    }

    @Test(
        "themekit: a table, an export or a page lost is exit 2",
        arguments: [
            ["show", "default", "--themes", "Themes"], ["export", "default", "--themes", "Themes"],
            ["preview", "Themes"], ["keys", "Themes"],
        ])
    func themekit(arguments: [String]) throws {
        let result = try runIntoFullDisk("themekit", arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("themekit: error: cannot write to standard output"))
    }

    @Test(
        "themelint: a report lost is exit 2, whether the themes were clean or not",
        arguments: [
            ["Themes"], ["Tests/ThemeKitTests/Fixtures/bad"], ["--list-rules"], ["--format", "json", "Themes"],
        ])
    func themelint(arguments: [String]) throws {
        let result = try runIntoFullDisk("themelint", ["--no-config"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("themelint: error: cannot write to standard output"))
    }
}

import Foundation
import TestSupport
import Testing

/// What themekit writes beyond the themes: the files `-o` names, and standard output.
@Suite("themekit: output files and standard output, end to end", .serialized)
struct OutputTests {
    @Test("an output file that cannot be written says why, in the system's words, for the keys and the page")
    func outputFilesSayWhy() throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme([])])
        let reason = "No such file or directory"
        let keys = try CLI.run(["keys", "Themes", "-o", "/nonexistent/dir/Keys.swift"], tool: "themekit", in: app.root)
        #expect(keys.status == 2)
        #expect(keys.stderr == "themekit: error: cannot write the keys to /nonexistent/dir/Keys.swift: \(reason)\n")
        let page = try CLI.run(["preview", "Themes", "-o", "/nonexistent/dir/p.html"], tool: "themekit", in: app.root)
        #expect(page.stderr == "themekit: error: cannot write the page to /nonexistent/dir/p.html: \(reason)\n")
    }

    /// Standard output that cannot be written (a full disk, here `/dev/full`) is an I/O error,
    /// exit 2 with a message: `print` says nothing of a failed write, so a tool that trusted
    /// it would exit 0 with the output lost.
    @Test(
        "a table, an export or a page lost on standard output is exit 2", .enabled(if: CLI.hasFullDisk),
        arguments: [
            ["show", "default", "--themes", "Themes"], ["export", "default", "--themes", "Themes"],
            ["preview", "Themes"], ["keys", "Themes"],
        ])
    func lostStandardOutputIsExit2(arguments: [String]) throws {
        let result = try CLI.runIntoFullDisk("themekit", arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("themekit: error: cannot write to standard output"))
    }
}

import Foundation
import TestSupport
import Testing

/// What themelint reads and writes beyond the themes: standard input with `--stdin-path`,
/// and the output files.
@Suite("themelint: standard input and output files, end to end", .serialized)
struct InputOutputTests {
    /// Runs `command` with `sh -c` in `directory`, with the built tools first on the PATH.
    static func shell(_ command: String, in directory: URL) throws -> CLI.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        environment["GITHUB_STEP_SUMMARY"] = nil
        let tools = try CLI.binary().deletingLastPathComponent().path
        environment["PATH"] = tools + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return try CLI.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory, environment: environment)
    }

    @Test("--stdin-path stops reading standard input past the 64 MiB limit: exit 2, nothing linted")
    func standardInputIsBounded() throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme([])])
        // 200 MB of keys: a reader that took standard input whole would hold all of it (and,
        // with `yes` alone, without end, grow to 4 GB) before refusing it.
        let result = try Self.shell(
            "yes '<key>a</key><true/>' | head -c 200000000 | themelint --no-config --stdin-path Themes/x.plist -",
            in: app.root)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "themelint: error: standard input is over the limit of 67108864 bytes for a theme file: nothing was linted\n"
        )
        #expect(result.stdout.isEmpty)
        // At the limit exactly, the input is linted.
        let small = try CLI.run(
            ["--no-config", "--stdin-path", "Themes/x.plist", "-"], in: app.root,
            input: theme(["<key>INHERITED_THEME</key><string>default</string>"]))
        #expect(small.status == 0)
        #expect(small.stdout == "0 errors, 0 warnings in 1 file\n")
    }

    @Test("an output file that cannot be written says why, in the system's words, for every output path")
    func outputFilesSayWhy() throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme([])])
        let reason = "No such file or directory"
        for format in ["text", "json", "sarif", "github"] {
            let result = try CLI.run(
                ["--no-config", "--format", "\(format)=/nonexistent/dir/x.\(format)", "Themes"], in: app.root)
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "themelint: error: cannot write \(format) output to /nonexistent/dir/x.\(format): \(reason)\n")
        }
        let summary = try CLI.run(
            ["--no-config", "Themes"], in: app.root, environment: ["GITHUB_STEP_SUMMARY": "/nonexistent/dir/summary.md"]
        )
        #expect(summary.status == 2)
        #expect(
            summary.stderr
                == "themelint: error: cannot write the step summary to /nonexistent/dir/summary.md: \(reason)\n")
        let baseline = try CLI.run(
            ["--no-config", "--write-baseline", "/nonexistent/dir/b.json", "Themes"], in: app.root)
        #expect(baseline.stderr == "themelint: error: cannot write the baseline /nonexistent/dir/b.json: \(reason)\n")
    }
}

import Foundation
import TestSupport
import Testing

/// The scripts in Scripts/ and what the README's commands leave behind.
@Suite("Scripts and the README's commands leave the user's files alone", .serialized)
struct ScriptTests {
    @Test("adoption-demo.sh works in a folder of its own: a MyApp folder already in TMPDIR survives")
    func adoptionDemoDeletesOnlyItsOwnFolder() throws {
        let scratch = try TemporaryRepository(["MyApp/keep.txt": "the user's\n"])
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.root.path
        environment["GITHUB_ACTIONS"] = nil
        environment["GITHUB_STEP_SUMMARY"] = nil
        let result = try CLI.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            [CLI.packageRoot.appendingPathComponent("Scripts/adoption-demo.sh").path], environment: environment)
        #expect(result.status == 0)
        #expect(try scratch.read("MyApp/keep.txt") == "the user's\n")
        // Its own folder is gone again, and only the user's is left.
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).sorted()
        #expect(left == [".git", "MyApp"])
        #expect(result.stdout.hasSuffix("$ themelint --config bad.json .\n[exit 2]\n"))
        #expect(
            result.stderr.hasSuffix(
                "themelint: error: bad.json:1:21: .disabled_rules[0]: unknown rule 'unknown_overide'; did you mean 'unknown_override'?; themelint --list-rules lists the rules\n"
            ))
    }

    @Test(
        "the page the README's 'themekit preview Themes/ -o preview.html' writes at the root is ignored by git",
        .enabled(if: FileManager.default.fileExists(atPath: CLI.packageRoot.appendingPathComponent(".git").path)))
    func previewPageIsIgnored() throws {
        let result = try CLI.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "check-ignore", "--no-index", "-q", "preview.html"],
            in: CLI.packageRoot)
        #expect(result.status == 0, "preview.html is not ignored: \(result.stderr)")
    }
}

import Foundation
import TestSupport
import Testing

/// What `themekit import` may overwrite, and what a failed import leaves: all or nothing for
/// the folder, and never an input or a file of the same run overwritten by the report.
@Suite("themekit import: all or nothing, end to end", .serialized)
struct ImportSafetyTests {
    static func source(_ color: String) -> String {
        "<plist version=\"1.0\"><dict><key>aColor</key><string>\(color)</string></dict></plist>\n"
    }

    func run(_ arguments: [String], in scratch: Scratch) throws -> CLI.Result {
        try CLI.run(["import"] + arguments, tool: "themekit", in: scratch.url)
    }

    func read(_ path: String, in scratch: Scratch) throws -> String {
        try String(contentsOf: scratch.url.appendingPathComponent(path), encoding: .utf8)
    }

    func list(_ path: String, in scratch: Scratch) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent(path).path).sorted()
    }

    @Test("--force with a folder in the way of one theme moves nothing in: the folder is left as it was")
    func forceWithAFolderInTheWayChangesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", Self.source("#111"))
        try scratch.write("b.plist", Self.source("#222"))
        try scratch.write("Themes/a.plist", "old a")
        try scratch.write("Themes/b.plist/keep", "a folder named like a theme")
        let result = try run(["a.plist", "b.plist", "-o", "Themes", "--force"], in: scratch)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "themekit: error: cannot replace Themes/b.plist: it is a folder, and --force replaces files only\n")
        #expect(try read("Themes/a.plist", in: scratch) == "old a")
        #expect(try list("Themes", in: scratch) == ["a.plist", "b.plist"])
        #expect(try list("Themes/b.plist", in: scratch) == ["keep"])
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "--report naming an input or a theme the run writes is refused before anything is written",
        arguments: [
            ("./a.plist", "the report ./a.plist is the input a.plist: give the report a path of its own"),
            ("in/../a.plist", "the report in/../a.plist is the input a.plist: give the report a path of its own"),
            ("link.json", "the report link.json is the input a.plist: give the report a path of its own"),
            (
                "Themes/a.plist",
                "the report Themes/a.plist is the theme Themes/a.plist this import writes: give the report a path of its own"
            ),
            (
                "Themes/./a.plist",
                "the report Themes/./a.plist is the theme Themes/a.plist this import writes: give the report a path of its own"
            ),
            ("Themes", "the report Themes is the folder the themes go to: give the report a path of its own"),
        ])
    func reportNeverOverwritesAnInputOrAnOutput(report: String, message: String) throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", Self.source("#111"))
        try scratch.write("in/x", "")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("link.json").path, withDestinationPath: "a.plist")
        let result = try run(["a.plist", "-o", "Themes", "--report", report], in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr == "themekit: error: \(message)\n")
        #expect(try read("a.plist", in: scratch) == Self.source("#111"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Themes").path))
    }

    @Test("--report into the existing theme of the same name is refused, and the theme there is kept")
    func reportOverAnExistingThemeIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("default.plist", Self.source("#111"))
        try scratch.write("Themes/default.plist", "old")
        let result = try run(
            ["default.plist", "-o", "Themes", "--force", "--report", "Themes/default.plist"], in: scratch)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "themekit: error: the report Themes/default.plist is the theme Themes/default.plist this import writes: give the report a path of its own\n"
        )
        #expect(try read("Themes/default.plist", in: scratch) == "old")
    }

    @Test("a report that cannot be written fails before the themes are written, in the system's words")
    func unwritableReportFailsFirst() throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", Self.source("#111"))
        let result = try run(["a.plist", "-o", "Themes", "--report", "missing/r.json"], in: scratch)
        #expect(result.status == 2)
        #expect(
            result.stderr == "themekit: error: cannot write the report to missing/r.json: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Themes").path))
    }

    @Test("a report inside the folder the import makes is written there, beside the themes")
    func reportInsideANewFolder() throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", Self.source("#111"))
        let result = try run(["a.plist", "-o", "Themes", "--report", "Themes/report.json"], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try list("Themes", in: scratch) == ["a.plist", "report.json"])
        #expect(try read("Themes/report.json", in: scratch).hasPrefix("{"))
    }

    @Test("a folder that cannot be made says the system's reason")
    func unmakeableFolderSaysWhy() throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", Self.source("#111"))
        let result = try run(["a.plist", "-o", "/proc/x"], in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr == "themekit: error: cannot make /proc/x: No such file or directory\n")
    }
}

/// Every output file of every tool says why it could not be written in the system's words
/// (`strerror` of the call that failed), never Foundation's paraphrase.
@Suite("Output files that cannot be written, end to end", .serialized)
struct OutputFileReasonTests {
    @Test(
        "a full device says 'No space left on device', for each tool's output file", .enabled(if: CLI.hasFullDisk),
        arguments: [
            (
                ["preview", "Themes", "-o", "/dev/full"], "themekit",
                "themekit: error: cannot write the page to /dev/full"
            ),
            (["keys", "Themes", "-o", "/dev/full"], "themekit", "themekit: error: cannot write the keys to /dev/full"),
            (
                ["import", "a.plist", "-o", "out", "--report", "/dev/full"], "themekit",
                "themekit: error: cannot write the report to /dev/full"
            ),
            (
                ["--no-config", "Themes", "--format", "sarif=/dev/full"], "themelint",
                "themelint: error: cannot write sarif output to /dev/full"
            ),
            (
                ["--no-config", "Themes", "--write-baseline", "/dev/full"], "themelint",
                "themelint: error: cannot write the baseline /dev/full"
            ),
        ])
    func fullDeviceSaysWhy(arguments: [String], tool: String, message: String) throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", ImportSafetyTests.source("#111"))
        try scratch.write("Themes/default.plist", theme(["<key>aColor</key><string>#fff</string>"]))
        let result = try CLI.run(arguments, tool: tool, in: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("\(message): No space left on device\n"), "\(result.stderr)")
        // The report is the import's last step: the themes it wrote are taken out again.
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out").path))
    }
}

/// swift-corelibs-foundation's `NSString` path methods trap on a one-character relative path:
/// every path the tools take is handled without them.
@Suite("themekit: one-character output paths, end to end", .serialized)
struct OneCharacterPathTests {
    @Test(
        "one-character, ./-prefixed and trailing-slash output paths are written, not trapped on",
        arguments: [
            (["import", "a.plist", "-o", "X"], "X/a.plist"),
            (["import", "a.plist", "-o", "./X"], "X/a.plist"),
            (["import", "a.plist", "-o", "X/"], "X/a.plist"),
            (["import", "a.plist", "-o", "X", "--report", "r"], "r"),
            (["import", "a.plist", "-o", "X", "--report", "./r"], "r"),
            (["preview", "Themes", "-o", "p"], "p"),
            (["keys", "Themes", "-o", "k"], "k"),
            (["keys", "Themes", "-o", "./k"], "k"),
        ])
    func oneCharacterPathsAreWritten(arguments: [String], written: String) throws {
        let scratch = try Scratch()
        try scratch.write("a.plist", ImportSafetyTests.source("#111"))
        try scratch.write("Themes/default.plist", theme(["<key>aColor</key><string>#fff</string>"]))
        let result = try CLI.run(arguments, tool: "themekit", in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(written).path))
    }
}

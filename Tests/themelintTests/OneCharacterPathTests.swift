import Foundation
import TestSupport
import Testing

/// swift-corelibs-foundation's `NSString` path methods trap on a one-character relative path:
/// themelint's output files are written without them.
@Suite("themelint: one-character output paths, end to end", .serialized)
struct OneCharacterPathTests {
    @Test(
        "one-character and ./-prefixed output paths are written, not trapped on",
        arguments: [
            (["--write-baseline", "b"], "b"), (["--write-baseline", "./b"], "b"),
            (["--format", "sarif=s"], "s"), (["--format", "json=j", "--format", "text"], "j"),
        ])
    func oneCharacterPathsAreWritten(arguments: [String], written: String) throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme(["<key>aColor</key><string>#zz</string>"])])
        let result = try CLI.run(["--no-config", "Themes"] + arguments, in: app.root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: app.url(written).path))
    }

    @Test("an output file that cannot be written says the system's reason", arguments: ["/proc/x", "/proc/x/y"])
    func unwritableOutputSaysWhy(path: String) throws {
        let app = try TemporaryRepository(["Themes/default.plist": theme([])])
        let result = try CLI.run(["--no-config", "Themes", "--format", "sarif=\(path)"], in: app.root)
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix(": No such file or directory\n"), "\(result.stderr)")
    }
}

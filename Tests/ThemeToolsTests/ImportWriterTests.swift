import Foundation
import TestSupport
import Testing
import ThemeTools

/// `ImportWriter` is all or nothing: what fails after the first theme moved in (here the
/// command's last step, its report) takes the themes out again and puts back what they
/// replaced.
@Suite("Import writer: all or nothing", .serialized)
struct ImportWriterTests {
    static func imported(_ names: [String]) throws -> [ImportedTheme] {
        let sources = names.map { name in
            ThemeImporter.Source(
                file: "\(name).plist",
                bytes: Array("<plist><dict><key>aColor</key><string>#123</string></dict></plist>".utf8))
        }
        return try ThemeImporter.run(sources, format: .plist).themes
    }

    struct Refused: Error {}

    @Test("a failed last step puts back every file the themes replaced and takes out the new ones")
    func failedLastStepRestoresTheFolder() throws {
        let scratch = try Scratch()
        try scratch.write("Themes/a.plist", "old a")
        try scratch.write("Themes/c.plist", "old c")
        let folder = scratch.url.appendingPathComponent("Themes").path
        let themes = try Self.imported(["a", "b", "c"])
        #expect(throws: ImportWriter.Failure.output("no report")) {
            try ImportWriter.write(themes, to: folder, force: true) { () throws(ImportWriter.Failure) in
                throw .output("no report")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.plist", "c.plist"])
        #expect(try String(contentsOfFile: folder + "/a.plist", encoding: .utf8) == "old a")
        #expect(try String(contentsOfFile: folder + "/c.plist", encoding: .utf8) == "old c")
    }

    @Test("a failed last step into a new folder leaves no folder")
    func failedLastStepLeavesNoNewFolder() throws {
        let scratch = try Scratch()
        let folder = scratch.url.appendingPathComponent("New").path
        #expect(throws: ImportWriter.Failure.output("no report")) {
            try ImportWriter.write(try Self.imported(["a"]), to: folder, force: false) {
                () throws(ImportWriter.Failure) in throw .output("no report")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("with a last step that succeeds, the themes replace the old files and nothing else is left")
    func successReplacesAndCleansUp() throws {
        let scratch = try Scratch()
        try scratch.write("Themes/a.plist", "old a")
        let folder = scratch.url.appendingPathComponent("Themes").path
        var ran = false
        let written = try ImportWriter.write(try Self.imported(["a", "b"]), to: folder, force: true) {
            ran = true
        }
        #expect(ran)
        #expect(written == [folder + "/a.plist", folder + "/b.plist"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.plist", "b.plist"])
        #expect(try String(contentsOfFile: folder + "/a.plist", encoding: .utf8) != "old a")
    }
}

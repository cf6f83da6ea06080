import Foundation
import Testing
import ThemeOutput

@Suite struct OutputFileTests {
    @Test func regularAndNewFilesAreReplacedLinksFollowedDevicesWrittenInPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.txt").path
        let link = folder.appendingPathComponent("link.txt").path
        let chain = folder.appendingPathComponent("chain.txt").path
        let dangling = folder.appendingPathComponent("dangling.txt").path
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.txt")
        try FileManager.default.createSymbolicLink(atPath: chain, withDestinationPath: link)
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "new.txt")
        #expect(OutputFile.destination(of: file) == .replace(file))
        #expect(
            OutputFile.destination(of: folder.appendingPathComponent("b.txt").path)
                == .replace(
                    folder.appendingPathComponent("b.txt").path))
        #expect(OutputFile.destination(of: link) == .replace(file))
        #expect(OutputFile.destination(of: chain) == .replace(file))
        #expect(OutputFile.destination(of: dangling) == .replace(folder.appendingPathComponent("new.txt").path))
        #expect(OutputFile.destination(of: "/dev/null") == .inPlace)
        #expect(OutputFile.destination(of: "/dev/stdout") == .inPlace)

        try OutputFile.write("through", to: chain)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "through")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "a.txt")
        try OutputFile.write("new", to: dangling)
        #expect(try String(contentsOfFile: dangling, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "new.txt")
        try OutputFile.write("gone", to: "/dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a device")
    }

    @Test func aNewFileIsWrittenDirectlyAndAnythingAlreadyThereIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Contents.json").path
        try OutputFile.writeNew("{}\n", to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{}\n")
        let mask = umask(0)
        umask(mask)
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Contents.json"])

        let existing = #expect(throws: OutputFile.WriteError.self) { try OutputFile.writeNew("again\n", to: file) }
        #expect(existing?.path == file && existing?.reason == "File exists")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{}\n", "the file there is left as it was")
        let dangling = folder.appendingPathComponent("dangling.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "elsewhere.json")
        let link = #expect(throws: OutputFile.WriteError.self) { try OutputFile.writeNew("{}\n", to: dangling) }
        #expect(link?.path == dangling && link?.reason == "File exists", "a link is not written through")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere.json").path))
    }
}

import Foundation
import Testing
import ThemeOutput

@Suite struct OutputFileStagingTests {
    @Test("a staged output touches nothing until committed, and leaves nothing when dropped")
    func stagedOutputIsAllOrNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json").path
        try "old".write(toFile: file, atomically: true, encoding: .utf8)
        do {
            let staged = try OutputFile.stage("new", to: file)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
            _ = staged
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.json"])
        let staged = try OutputFile.stage("new", to: file)
        try staged.commit()
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.json"])
    }

    @Test("a path that cannot be staged fails at once, in the system's words")
    func unstageablePathSaysWhy() {
        let error = #expect(throws: OutputFile.WriteError.self) {
            _ = try OutputFile.stage("x", to: "/nonexistent/r.json")
        }
        #expect(error?.path == "/nonexistent/r.json")
        #expect(error?.reason == "No such file or directory")
    }
}

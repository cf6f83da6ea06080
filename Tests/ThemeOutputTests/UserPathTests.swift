import Foundation
import Testing
import ThemeOutput

/// `UserPath` takes apart any path a user gives, as `dirname` and `basename` do, where
/// `NSString`'s path methods trap (a one-character relative path).
@Suite struct UserPathTests {
    @Test(
        "folder and last component of the odd paths, as dirname and basename say",
        arguments: [
            ("X", ".", "X"), ("./X", ".", "X"), ("X/", ".", "X"), ("/", "/", "/"), ("..", ".", ".."),
            ("", ".", ""), (".", ".", "."), ("/a", "/", "a"), ("a/b", "a", "b"), ("a//b//", "a", "b"),
            ("//", "/", "/"), ("../x", "..", "x"), ("é/ü", "é", "ü"),
        ])
    func folderAndLastComponent(path: String, folder: String, last: String) {
        #expect(UserPath.folder(of: path) == folder)
        #expect(UserPath.lastComponent(of: path) == last)
    }

    @Test(
        "a name goes into a folder with one slash",
        arguments: [("X", "X/a"), ("X/", "X/a"), ("/", "/a"), ("", "a"), ("..", "../a"), (".", "./a")])
    func appending(folder: String, joined: String) {
        #expect(UserPath.appending("a", to: folder) == joined)
    }

    @Test("resolved follows links and takes out ., .. and doubled slashes, for paths that exist and not")
    func resolvedPaths() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("userpath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("real/in"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link").path, withDestinationPath: "real")
        let real = try #require(
            realpath(root.path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        let base = root.path
        #expect(UserPath.resolved(base + "/link/in") == real + "/real/in")
        #expect(UserPath.resolved(base + "/link//./in/../new.json") == real + "/real/new.json")
        #expect(UserPath.resolved(base + "/missing/./a/../b") == real + "/missing/b")
        #expect(UserPath.isSameFile(base + "/link/x.json", base + "/real/in/../x.json"))
        #expect(!UserPath.isSameFile(base + "/link/x.json", base + "/real/y.json"))
        #expect(UserPath.resolved("/") == "/")
        #expect(UserPath.resolved("/..") == "/")
    }

    @Test("a path longer than the system's limit is taken apart as text, not looked up")
    func longPathsStayText() {
        let long = "/" + String(repeating: "a/", count: 5_000) + "../b"
        #expect(UserPath.resolved(long) == "/" + String(repeating: "a/", count: 4_999) + "b")
    }

    @Test("the system's reason for an error is strerror's text")
    func reasons() {
        #expect(UserPath.reason(ENOENT) == "No such file or directory")
        #expect(UserPath.reason(EACCES) == "Permission denied")
        #expect(UserPath.reason(EROFS) == "Read-only file system")
    }
}

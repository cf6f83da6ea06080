import Foundation
import TestSupport
import Testing

@Suite("themekit preview, end to end", .serialized)
struct ThemeKitPreviewTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("preview Themes/ -o FILE: one self-contained page for the shipped themes")
    func writesShippedPage() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("preview.html").path
        let result = try CLI.run(["preview", "Themes/", "-o", file], tool: "themekit")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        let page = try String(contentsOfFile: file, encoding: .utf8)
        try CLI.golden.expect(page, "preview-themes.html")
        let rest = page.replacingOccurrences(of: #"http-equiv="Content-Security-Policy""#, with: "")
        for forbidden in ["http", "//", "src=", "href=", "@import", "url("] {
            #expect(!rest.lowercased().contains(forbidden), "found \(forbidden)")
        }
        let stdout = try CLI.run(["preview", "Themes/"], tool: "themekit")
        #expect(stdout.stdout == page, "without -o the page goes to standard output")
    }

    @Test("some themes fail: the page is written with the others, diagnostics on stderr, exit 1")
    func failuresAreExit1() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = { (body: String) in "<plist version=\"1.0\"><dict>\(body)</dict></plist>" }
        try plist("<key>textColor</key><string>#000</string>")
            .write(to: folder.appendingPathComponent("default.plist"), atomically: true, encoding: .utf8)
        try plist("<key>titleFont</key><string>Menlo</string>")
            .write(to: folder.appendingPathComponent("broken.plist"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["preview", ".", "-o", "page.html"], tool: "themekit", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("broken.plist:1:"))
        #expect(result.stderr.contains("[missing_font_size]"))
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.contains("<h3>broken</h3>"))
        #expect(page.contains("<th class=\"theme\">default<small>root theme</small></th>"))
    }

    @Test("no such folder, a folder with no themes, an unwritable output: exit 2")
    func usageErrorsAreExit2() throws {
        let missing = try CLI.run(["preview", "Nowhere"], tool: "themekit")
        #expect(missing.status == 2)
        #expect(missing.stderr == "themekit: error: no such folder: Nowhere\n")
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try CLI.run(["preview", "."], tool: "themekit", in: folder)
        #expect(empty.status == 2)
        #expect(empty.stderr == "themekit: error: no themes (*.plist) in .\n")
        let unwritable = try CLI.run(["preview", "Themes", "-o", "/nonexistent/dir/p.html"], tool: "themekit")
        #expect(unwritable.status == 2)
        #expect(
            unwritable.stderr
                == "themekit: error: cannot write the page to /nonexistent/dir/p.html: No such file or directory\n")
    }

    @Test("-o writes through a symlink, into /dev/stdout in place; an empty -o is exit 2")
    func outputToLinkDeviceAndEmptyPath() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try CLI.run(["preview", "Themes/"], tool: "themekit").stdout
        let target = folder.appendingPathComponent("page.html").path
        let link = folder.appendingPathComponent("current.html").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let linked = try CLI.run(["preview", "Themes/", "-o", link], tool: "themekit")
        #expect(linked.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
        let device = try CLI.run(["preview", "Themes/", "-o", "/dev/stdout"], tool: "themekit")
        #expect(device.status == 0)
        #expect(device.stdout == expected)
        let keys = try CLI.run(["keys", "Themes", "-o", "/dev/stdout"], tool: "themekit")
        #expect(keys.status == 0)
        #expect(keys.stdout == (try CLI.run(["keys", "Themes"], tool: "themekit").stdout))
        let empty = try CLI.run(["preview", "Themes/", "-o", ""], tool: "themekit")
        #expect(empty.status == 2)
        #expect(empty.stderr == "themekit: error: give a file to write the page to: the path is empty\n")
    }
}

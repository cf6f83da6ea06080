package import Foundation

/// A temporary app repository (a folder with a `.git` in it): files written from text,
/// removed at the end.
package struct TemporaryRepository: ~Copyable {
    package let root: URL

    package init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("themelint-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    package func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    package func write(_ text: String, to path: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    package func read(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }
}

/// A theme whose root dict holds `entries`, one a line (line 3 holds the first).
package func theme(_ entries: [String]) -> String {
    "<plist version=\"1.0\">\n<dict>\n" + entries.map { "\t\($0)\n" }.joined() + "</dict>\n</plist>\n"
}

/// A theme whose key would print a forged problem line, for the tests that check every text a
/// person reads escapes its controls.
package enum ForgedProblemLine {
    /// The key as the theme writes it, with character references for its line breaks.
    package static let key = "&#10;Themes/secret.plist:9:9: error: forged problem [duplicate_key]&#10;"
    /// The key as a report must show it: on the problem's own line, its breaks as `\n`.
    package static let shown = #"\nThemes/secret.plist:9:9: error: forged problem [duplicate_key]\n"#
    /// The key written twice, so that `duplicate_key` quotes it.
    package static let theme = TestSupport.theme([
        "<key>\(key)</key><string>a</string>",
        "<key>\(key)</key><string>b</string>",
    ])
}

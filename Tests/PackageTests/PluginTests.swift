import Foundation
import TestSupport
import Testing

/// The two SwiftPM plugins cannot share a target, so each holds a copy of the code that
/// finds a package's `Themes` folders, between `// BEGIN ThemeFolders` and
/// `// END ThemeFolders`. The copies must stay the same text: copies that differ (one
/// skipping `node_modules`, `Pods`, …, the other not) make the two plugins find different
/// folders.
@Suite("The plugins' copies of ThemeFolders")
struct PluginTests {
    static let plugins = [
        "Plugins/ThemeLintPlugin/ThemeLintPlugin.swift", "Plugins/ThemeKeysPlugin/ThemeKeysPlugin.swift",
    ]

    /// The text from the `BEGIN` line to the `END` line of `file`, both included.
    static func block(in file: String) throws -> Substring? {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
        guard let begin = text.range(of: "// BEGIN ThemeFolders"), let end = text.range(of: "// END ThemeFolders"),
            begin.upperBound <= end.lowerBound
        else { return nil }
        return text[begin.lowerBound..<end.upperBound]
    }

    @Test("both plugins hold the same ThemeFolders, byte for byte")
    func copiesAreIdentical() throws {
        let blocks = try Self.plugins.map(Self.block(in:))
        let lint = try #require(blocks[0], "no ThemeFolders block in \(Self.plugins[0])")
        let keys = try #require(blocks[1], "no ThemeFolders block in \(Self.plugins[1])")
        #expect(lint.contains("enum ThemeFolders"))
        #expect(lint == keys, "the plugins' ThemeFolders differ: change both together")
    }
}

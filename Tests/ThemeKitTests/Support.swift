import Foundation
import Testing

@testable import ThemeKit

/// Fixtures are read from the source tree, so that golden files can be compared with (and,
/// with THEMEKIT_UPDATE_GOLDEN=1, rewritten in) the files a reviewer sees.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name)))
    }

    /// Parses a fixture, naming it by its path under Fixtures/ so locations are stable.
    static func document(_ name: String, reader: PropertyListReader = PropertyListReader()) throws
        -> PropertyListDocument
    {
        reader.parse(try bytes(name), file: name)
    }

    static func themeFile(_ name: String) throws -> ThemeFile {
        ThemeFile(try document(name))
    }
}

/// A scratch folder removed when the value is released.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("themekit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Array(contents.utf8))
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

func position(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

func span(_ startLine: Int, _ startColumn: Int, _ endLine: Int, _ endColumn: Int) -> SourceSpan {
    SourceSpan(start: position(startLine, startColumn), end: position(endLine, endColumn))
}

/// Writes a theme whose entries sit one per line from line 3: `\t<key>K</key>V`, so a key is
/// at column 2 of line 3 + its index and its value right after it. A value that does not
/// start with `<` is written as a `<string>`.
func plist(_ entries: KeyValuePairs<String, String>) -> String {
    var text = "<plist version=\"1.0\">\n<dict>\n"
    for (key, value) in entries {
        let xml = value.hasPrefix("<") ? value : "<string>\(value)</string>"
        text += "\t<key>\(key)</key>\(xml)\n"
    }
    return text + "</dict>\n</plist>\n"
}

extension TemporaryDirectory {
    /// Writes `<name>.plist` with `plist(entries)`.
    @discardableResult
    func theme(_ name: String, _ entries: KeyValuePairs<String, String>) throws -> String {
        try write(name + ".plist", plist(entries))
    }

    var loader: ThemeLoader { ThemeLoader(directory: path) }
}

/// A small deterministic generator, so that a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

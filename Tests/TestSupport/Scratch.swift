package import Foundation

/// A scratch folder removed when released.
package final class Scratch {
    package let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "themekit-keys-\(UUID().uuidString)")
    package var path: String { url.path }

    package init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

    @discardableResult
    package func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

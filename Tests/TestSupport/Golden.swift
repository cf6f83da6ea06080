package import Foundation
package import Testing

/// Golden files: output a test produces, compared byte for byte with a file kept in the
/// repository (SwiftGen keeps its generated output the same way).
///
/// `THEMEKIT_UPDATE_GOLDEN=1 swift test` rewrites each golden file with what its test
/// produced before comparing, so that a deliberate change of output is one command and a
/// diff to review.
package struct Golden: Sendable {
    /// The folder the golden files are in.
    package let folder: URL

    /// Golden files in `folder`.
    package init(folder: URL) {
        self.folder = folder
    }

    /// Whether this run rewrites golden files (`THEMEKIT_UPDATE_GOLDEN=1`) instead of
    /// only comparing with them.
    package static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["THEMEKIT_UPDATE_GOLDEN"] == "1"
    }

    /// Expects `text` to be the golden file `name`'s contents; an update run rewrites the
    /// file first. With `rewrite: false` the file is only read: another test owns it.
    package func expect(
        _ text: String, _ name: String, rewrite: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appendingPathComponent(name)
        if rewrite, Self.isUpdating {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "golden file \(name)", sourceLocation: sourceLocation)
    }
}

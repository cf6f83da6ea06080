package import Foundation
package import Testing

/// Golden files: output a test produces, compared byte for byte with a file kept in the
/// repository (SwiftGen keeps its generated output the same way).
///
/// `THEMEKIT_UPDATE_GOLDEN=1 swift test` rewrites each golden file with what its test
/// produced, and then fails that test, as swift-snapshot-testing's record mode does: an
/// update run is one command and a diff to review, and a variable left set (in a shell, in
/// CI) can never make a run pass. Run the tests again without it to compare.
package struct Golden: Sendable {
    /// The folder the golden files are in.
    package let folder: URL
    /// Whether `expect` rewrites the files (and fails) instead of only comparing with them.
    package let isUpdating: Bool

    /// Golden files in `folder`; an update run (`THEMEKIT_UPDATE_GOLDEN=1`) unless
    /// `updating` says otherwise.
    package init(folder: URL, updating: Bool = Golden.isUpdating) {
        self.folder = folder
        self.isUpdating = updating
    }

    /// Whether this run rewrites golden files (`THEMEKIT_UPDATE_GOLDEN=1`) instead of
    /// only comparing with them.
    package static var isUpdating: Bool {
        isUpdating(environment: ProcessInfo.processInfo.environment)
    }

    /// Whether `environment` asks for an update run: `THEMEKIT_UPDATE_GOLDEN` is `1`.
    package static func isUpdating(environment: [String: String]) -> Bool {
        environment["THEMEKIT_UPDATE_GOLDEN"] == "1"
    }

    /// Expects `text` to be the golden file `name`'s contents. An update run rewrites the
    /// file instead and records a failure saying so. With `rewrite: false` the file is only
    /// read: another test owns it.
    package func expect(
        _ text: String, _ name: String, rewrite: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appendingPathComponent(name)
        if rewrite, isUpdating {
            try text.write(to: url, atomically: true, encoding: .utf8)
            Self.recordRewrite(of: url, sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "golden file \(name)", sourceLocation: sourceLocation)
    }

    /// Records the failure that ends every test that rewrote a golden file, so that an
    /// update run never passes: what was written has not been compared with anything yet.
    package static func recordRewrite(of url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record(
            "rewrote the golden file \(url.lastPathComponent) (THEMEKIT_UPDATE_GOLDEN=1): review the diff, then run the tests again without the variable",
            sourceLocation: sourceLocation)
    }
}

import Foundation
import TestSupport

extension CLI {
    /// The golden files of themelint's end-to-end tests: this target's Fixtures/.
    static let golden = Golden(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures"))
}

import Foundation
import Testing
import ThemeKit
import ThemeTools

/// The package's shipped themes, and this target's fixtures.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let themes = packageRoot.appendingPathComponent("Themes").path
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
}

@Suite struct ThemeCollectionTests {
    @Test func loadsEveryShippedTheme() throws {
        let collection = ThemeCollection(directory: Paths.themes)
        #expect(collection.failures.isEmpty)
        #expect(collection.themes.map(\.name) == ["dark", "default", "highcontrast", "lowcontrast"])
        let lowcontrast = try #require(collection.theme(named: "lowcontrast"))
        #expect(lowcontrast.lineage == ["lowcontrast", "default"])
    }

    @Test func keepsFailuresAndLoadsTheRest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collection-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = { (body: String) in
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
        }
        try plist("<key>textColor</key><string>#000</string><key>titleFont</key><string>Menlo</string>")
            .write(to: folder.appendingPathComponent("broken.plist"), atomically: true, encoding: .utf8)
        try plist("<key>textColor</key><string>#fff</string><key>label</key><string>x</string>")
            .write(to: folder.appendingPathComponent("good.plist"), atomically: true, encoding: .utf8)
        try plist("<key>textColor</key><string>#111</string><key>label</key><true/>")
            .write(to: folder.appendingPathComponent("other.plist"), atomically: true, encoding: .utf8)
        let collection = ThemeCollection(directory: folder.path)
        #expect(collection.themes.map(\.name) == ["good", "other"])
        #expect(collection.failures["broken"]?.codes == [.missingFontSize])
        let kinds = Dictionary(uniqueKeysWithValues: collection.keyKinds.map { ($0.key, $0.kind) })
        #expect(kinds["textColor"] == .some(.color))
        #expect(kinds["label"] == .some(nil), "a string in one theme and a bool in another has no one kind")
    }
}

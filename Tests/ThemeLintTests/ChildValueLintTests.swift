import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// `themelint` blames a child's bad value on the child, never on an unchanged parent
/// (`default.plist:4:…: 'backgroundColor' resolves through 'canvasColor' …` would be an
/// annotation on a file nobody touched). The child's value is the one error; the parent's
/// alias is its note, in every format that carries notes.
@Suite("themelint reports a child's bad value once")
struct ChildValueLintTests {
    @Test("one error, in the child, with the parent's alias as a note in JSON and SARIF")
    func oneErrorWithNote() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = "<plist version=\"1.0\">\n<dict>\n"
        try
            (header + "\t<key>canvasColor</key><string>#ffffff</string>\n"
            + "\t<key>backgroundColor</key><string>canvasColor</string>\n</dict>\n</plist>\n")
            .write(to: folder.appendingPathComponent("default.plist"), atomically: true, encoding: .utf8)
        try
            (header + "\t<key>INHERITED_THEME</key><string>default</string>\n"
            + "\t<key>canvasColor</key><string>#12345</string>\n</dict>\n</plist>\n")
            .write(to: folder.appendingPathComponent("dark.plist"), atomically: true, encoding: .utf8)
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        #expect(
            report.diagnostics.map(\.summary) == [
                "dark.plist:4:24: error: 'canvasColor' is '#12345', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]"
            ])
        let note = "'backgroundColor' is an alias that reaches this value"
        #expect(report.diagnostics.first?.notes.map(\.message) == [note])
        #expect(report.diagnostics.first?.notes.map(\.location.description) == ["default.plist:4:28"])
        #expect(JSONReporter.report(report).contains(note))
        let sarif = SARIFReporter.report(report)
        #expect(sarif.contains("\"relatedLocations\""))
        #expect(sarif.contains(note))
        #expect(!GitHubReporter.report(report).contains("file=default.plist"))
    }

    @Test("a grandchild that sets one of the parent's aliases does not repeat the child's error")
    func grandchildDoesNotRepeat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = "<plist version=\"1.0\">\n<dict>\n"
        try
            (header + "\t<key>canvasColor</key><string>#ffffff</string>\n"
            + "\t<key>backgroundColor</key><string>canvasColor</string>\n"
            + "\t<key>borderColor</key><string>canvasColor</string>\n</dict>\n</plist>\n")
            .write(to: folder.appendingPathComponent("default.plist"), atomically: true, encoding: .utf8)
        try
            (header + "\t<key>INHERITED_THEME</key><string>default</string>\n"
            + "\t<key>canvasColor</key><string>#12345</string>\n</dict>\n</plist>\n")
            .write(to: folder.appendingPathComponent("dark.plist"), atomically: true, encoding: .utf8)
        try
            (header + "\t<key>INHERITED_THEME</key><string>dark</string>\n"
            + "\t<key>borderColor</key><string>#000000</string>\n</dict>\n</plist>\n")
            .write(to: folder.appendingPathComponent("dark-contrast.plist"), atomically: true, encoding: .utf8)
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        #expect(report.diagnostics.map(\.location.description) == ["dark.plist:4:24"])
        #expect(
            report.diagnostics.first?.notes.map(\.message) == [
                "'backgroundColor' is an alias that reaches this value",
                "'borderColor' is an alias that reaches this value",
            ])
    }
}

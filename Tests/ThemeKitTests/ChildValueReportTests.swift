import Foundation
import Testing

@testable import ThemeKit

/// One bad value in a child is reported once, at the child's value, not again at the
/// unchanged parent's alias that reaches it (an error on a file nobody touched): the
/// parent's alias is a note on it.
@Suite("Problems reported at the child's value")
struct ChildValueReportTests {
    /// `default` maps `backgroundColor` (line 4) through `canvasColor` (line 3).
    private func parent(in folder: TemporaryDirectory) throws {
        try folder.theme(
            "default", ["canvasColor": "#ffffff", "backgroundColor": "canvasColor", "borderColor": "backgroundColor"])
    }

    @Test("a bad color in a child is one error at the child's value, the parent's aliases are notes")
    func badChildColorIsOneError() throws {
        let folder = try TemporaryDirectory()
        try parent(in: folder)
        let child = try folder.theme("dark", ["INHERITED_THEME": "default", "canvasColor": "#12345"])
        let analysis = folder.loader.analyze("dark")
        #expect(
            analysis.diagnostics.map(\.summary) == [
                "\(child):4:24: error: 'canvasColor' is '#12345', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]"
            ])
        let parentPath = folder.path + "/default.plist"
        #expect(
            analysis.diagnostics.first?.notes == [
                Diagnostic.Note(
                    "'backgroundColor' is an alias that reaches this value",
                    at: SourceLocation(file: parentPath, line: 4, column: 28)),
                Diagnostic.Note(
                    "'borderColor' is an alias that reaches this value",
                    at: SourceLocation(file: parentPath, line: 5, column: 24)),
            ])
        // The parent alone is fine.
        #expect(folder.loader.analyze("default").diagnostics.isEmpty)
    }

    @Test("the manager's error for the child holds the problem once, and the aliases read nil in a partial load")
    func managerErrorOnce() throws {
        let folder = try TemporaryDirectory()
        try parent(in: folder)
        try folder.theme("dark", ["INHERITED_THEME": "default", "canvasColor": "#12345"])
        #expect(throws: ThemeError.self) { try folder.loader.load("dark") }
        do {
            _ = try folder.loader.load("dark")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.invalidColor])
            #expect(error.diagnostics.allSatisfy { $0.location.file.hasSuffix("dark.plist") })
        }
        let partial = try folder.loader.load("dark", allowingErrors: true)
        #expect(partial.color(forKey: "canvasColor") == nil)
        #expect(partial.color(forKey: "backgroundColor") == nil)
        #expect(partial.color(forKey: "borderColor") == nil)
    }

    @Test(
        "a child value of another kind that parents' aliases reach: one error at the child's value, each alias a note")
    func childValueOfAnotherKind() throws {
        let folder = try TemporaryDirectory()
        let child = try folder.theme("dark", ["INHERITED_THEME": "default", "canvasName": "canvas"])
        try folder.theme(
            "default", ["canvasName": "fff", "backgroundColor": "canvasName", "borderColor": "canvasName"])
        #expect(folder.loader.analyze("default").diagnostics.isEmpty)
        let broken = folder.loader.analyze("dark")
        #expect(
            broken.diagnostics.map(\.summary) == [
                "\(child):4:23: error: 'backgroundColor' resolves through 'canvasName' to 'canvas', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]"
            ])
        #expect(broken.diagnostics.first?.key == "canvasName")
        #expect(
            broken.diagnostics.first?.notes == [
                Diagnostic.Note(
                    "'backgroundColor' is an alias that reaches this value",
                    at: SourceLocation(file: folder.path + "/default.plist", line: 4, column: 28)),
                Diagnostic.Note(
                    "'borderColor' is an alias that reaches this value",
                    at: SourceLocation(file: folder.path + "/default.plist", line: 5, column: 24)),
            ])
    }

    @Test("a child size that a parent's font size reaches: the size's own error, the font size a note")
    func childSizeOfAnotherNumberKind() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            ["baseSize": "<integer>12</integer>", "bodyFont": "Helvetica", "bodyFontSize": "baseSize"])
        let child = try folder.theme("dark", ["INHERITED_THEME": "default", "baseSize": "<integer>0</integer>"])
        let analysis = folder.loader.analyze("dark")
        #expect(analysis.diagnostics.map(\.location.file) == [child])
        #expect(analysis.diagnostics.map(\.code) == [.invalidSize])
        #expect(
            analysis.diagnostics.first?.notes.map(\.message) == ["'bodyFontSize' is an alias that reaches this value"])
    }

    @Test("a cycle a child's override closes through a parent's alias is the child's error, the parent's member a note")
    func cycleClosedByChild() throws {
        let folder = try TemporaryDirectory()
        let parent = try folder.theme("default", ["aColor": "bColor", "bColor": "#ffffff"])
        // Named after the parent, so that the parent's path sorts first.
        let child = try folder.theme("zebra", ["INHERITED_THEME": "default", "bColor": "aColor"])
        #expect(folder.loader.analyze("default").diagnostics.isEmpty)
        let analysis = folder.loader.analyze("zebra")
        #expect(
            analysis.diagnostics.map(\.summary) == [
                "\(child):4:19: error: alias cycle: bColor → aColor → bColor [alias_cycle]"
            ])
        #expect(
            analysis.diagnostics.first?.notes == [
                Diagnostic.Note("'aColor' is part of this cycle", at: SourceLocation(file: parent, line: 3, column: 19))
            ])
    }

    @Test("a bad value in a parent is still reported at the parent, once")
    func parentValueStaysAtParent() throws {
        let folder = try TemporaryDirectory()
        let parent = try folder.theme("default", ["canvasColor": "#12345", "backgroundColor": "canvasColor"])
        try folder.theme("dark", ["INHERITED_THEME": "default", "textColor": "#000000"])
        let analysis = folder.loader.analyze("dark")
        #expect(analysis.diagnostics.map(\.code) == [.invalidColor, .invalidColor])
        #expect(analysis.diagnostics.allSatisfy { $0.location.file == parent })
        #expect(analysis.diagnostics.allSatisfy { $0.notes.isEmpty })
    }
}

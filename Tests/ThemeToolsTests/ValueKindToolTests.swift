import Foundation
import Testing
import ThemeOutput

@testable import ThemeKit
@testable import ThemeTools

/// Every kind of the table (`ValueKind.all`) through every tool: a kind added without its
/// export, its preview section or its key type fails here.
@Suite("Every value kind through every tool")
struct ValueKindToolTests {
    /// A folder whose `default.plist` holds one key per kind (`sample` + the kind's first
    /// suffix, holding the kind's example), plus the size its font needs.
    static func sampleFolder() throws -> (folder: String, keys: [ThemeValueKind: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var entries = ""
        var keys: [ThemeValueKind: String] = [:]
        for kind in ValueKind.all {
            let key = "sample" + (kind.suffixes.first ?? kind.kind.rawValue.capitalized)
            keys[kind.kind] = key
            let value =
                switch kind.kind {
                case .number: "<integer>\(kind.example)</integer>"
                case .bool: kind.example
                default: "<string>\(kind.example)</string>"
                }
            entries += "<key>\(key)</key>\(value)\n"
            if kind.kind == .font { entries += "<key>\(ValueKind.sizeKey(ofFont: key))</key><integer>15</integer>\n" }
        }
        try "<plist><dict>\n\(entries)</dict></plist>\n".write(
            to: folder.appendingPathComponent("default.plist"), atomically: true, encoding: .utf8)
        return (folder.path, keys)
    }

    @Test("each kind's example loads as that kind, and show names the kind")
    func examplesLoadAsTheirKind() throws {
        let (folder, keys) = try Self.sampleFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let theme = try ThemeLoader(directory: folder).load("default")
        let table = ThemeTable(theme: theme, path: DisplayPath(currentDirectory: folder))
        for (kind, key) in keys {
            #expect(theme.kind(ofKey: key) == kind, "\(key)")
            #expect(table.rows.first { $0.key == key }?.kind == kind, "\(key)")
        }
    }

    @Test("each kind is exported to CSS (with its unit) and to JSON")
    func everyKindIsExported() throws {
        let (folder, keys) = try Self.sampleFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let theme = try ThemeLoader(directory: folder).load("default")
        let css = try ThemeExporter.css(theme)
        let json = try ThemeExporter.json(theme)
        for (kind, key) in keys {
            let property = ThemeExporter.cssName(key) + (kind == .font ? "-family" : "")
            #expect(css.contains("  \(property): "), "\(key) is not in the CSS")
            #expect(json.contains("\"\(key)\""), "\(key) is not in the JSON")
            if let unit = ValueKind.of(kind).unit {
                #expect(css.contains("  \(property): \(ValueKind.of(kind).example)\(unit);"), "\(key) has no \(unit)")
            }
        }
        #expect(css.contains("  --sample-alpha: 0.6;\n"), "an opacity has no unit")
        #expect(css.contains("  --sample-duration: 0.25s;\n"))
        #expect(css.contains("  --sample-width: 8px;\n"))
    }

    @Test("each kind has a section in the preview, in the table's order")
    func everyKindHasAPreviewSection() throws {
        let (folder, keys) = try Self.sampleFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = PreviewPage.render(
            ThemeCollection(directory: folder), folder: "kinds", path: DisplayPath(currentDirectory: folder))
        var last = page.startIndex
        for section in PreviewPage.sections {
            let heading = ">\(section.title)</th></tr>"
            let found = try #require(page.range(of: heading), "no section \(section.title)")
            #expect(found.lowerBound > last, "\(section.title) is out of order")
            last = found.lowerBound
        }
        for (kind, key) in keys {
            #expect(PreviewPage.sections.contains { $0.kinds.contains(kind) }, "\(kind) has no section")
            #expect(page.contains("<code>\(key)</code>"), "\(key) is not on the page")
        }
        #expect(page.contains("<code>0.25 s</code>"), "a duration shows its unit")
    }

    @Test("each kind's key is declared with its lookup type")
    func everyKindHasATypedKey() throws {
        let (folder, keys) = try Self.sampleFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generated = KeyGenerator().generate(from: [ThemeCollection(directory: folder)])
        let source = try #require(generated.source)
        for (kind, key) in keys {
            let type = ValueKind.of(kind).lookupType
            #expect(KeyGenerator.Group.allCases.contains { $0.valueType == type }, "no group for \(type)")
            #expect(source.contains("static var \(key): ThemeKey<\(type)>"), "\(key) is not a ThemeKey<\(type)>")
        }
    }
}

import Foundation
import Testing
import ThemeBenchSupport
import ThemeKit
import ThemeTools

/// The `export-dtcg-` scaling shapes (issue 38) export what they claim, at small n.
@Suite("The DTCG export's scaling shapes")
struct DTCGExportShapeTests {
    static func shape(_ id: String) throws -> ScalingShape {
        try #require(ScalingShape.all.first { $0.id == id })
    }

    /// The theme the shape exports (`default`, or the one it names) at size `n`, exported as
    /// the benchmark exports it.
    static func export(_ id: String, n: Int) throws -> String {
        let shape = try shape(id)
        let (name, format): (String, String)
        switch shape.tool {
        case .export(let given): (name, format) = ("default", given)
        case .exportTheme(let named, let given): (name, format) = (named, given)
        default: throw CocoaError(.featureUnsupported)
        }
        let folder = try ScalingShapeTests.write(shape, n: n)
        defer { try? FileManager.default.removeItem(at: folder) }
        let themes = folder.appendingPathComponent("Themes").path
        let loader = ThemeLoader(directory: themes)
        let theme = try loader.load(name)
        let partner = try theme.partnerName.map { try loader.load($0) }
        return try DTCGExporter.export(theme, partner: partner, in: themes, resolver: format == "dtcg-resolver")
    }

    @Test("export-dtcg-from-tokens: each context key a reference, each palette color in the space its file wrote")
    func fromTokens() throws {
        let text = try Self.export("export-dtcg-from-tokens", n: 16)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let palette = try #require(object["palette"] as? [String: Any])
        let colors = try #require(object["color"] as? [String: Any])
        #expect(palette.count == 8)
        #expect(colors.count == 8)
        for index in 0..<8 {
            let written = ((palette["p\(index)"] as? [String: Any])?["$value"] as? [String: Any])?["colorSpace"]
            #expect(written as? String == ["srgb", "display-p3", "oklch", "hsl"][index % 4], "p\(index)")
            #expect((colors["c\(index)"] as? [String: Any])?["$value"] as? String == "{palette.p\(index)}")
        }
    }

    @Test("export-dtcg-alias-chain: each link a reference to the next, typed as its end")
    func aliasChain() throws {
        let text = try Self.export("export-dtcg-alias-chain", n: 6)
        for link in 0..<6 {
            #expect(text.contains(#""link\#(link)Color": { "$type": "color", "$value": "{link\#(link + 1)Color}" }"#))
        }
        #expect(text.contains(#""link6Color": { "$type": "color", "$value": { "colorSpace": "srgb""#))
    }

    @Test("export-dtcg-deep-keys: a group a segment, each key 40 deep")
    func deepKeys() throws {
        let text = try Self.export("export-dtcg-deep-keys", n: 16)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var node: Any? = object["g3"]
        for segment in (1...31).map({ "s\($0)" }) + ["k11", "a", "b", "c", "d", "e", "f", "edgeWidth"] {
            node = (node as? [String: Any])?[segment]
        }
        let token = try #require(node as? [String: Any])
        #expect(token["$type"] as? String == "dimension")
        #expect((token["$value"] as? [String: Any])?["value"] as? Int == 11)
    }

    @Test("export-dtcg-wide and export-dtcg-resolver-pair: every key written, the pair's shared keys once")
    func wideAndPair() throws {
        let wide = try Self.export("export-dtcg-wide", n: 40)
        #expect(wide.split(separator: "\n").count(where: { $0.contains(#""$value""#) }) >= 40)
        let pair = try Self.export("export-dtcg-resolver-pair", n: 8)
        // c0, c2, c4, c6 alike in both: in the shared set; c1, c3, c5, c7 in each context.
        #expect(pair.split(separator: "\n").count(where: { $0.contains(#""c0Color""#) }) == 1)
        #expect(pair.split(separator: "\n").count(where: { $0.contains(#""c1Color""#) }) == 2)
    }
}

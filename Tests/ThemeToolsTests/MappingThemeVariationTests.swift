import Foundation
import Testing
import ThemeKit

@testable import ThemeTools

/// Folders of mapping themes made from a seed: small lineages whose themes set, retype and
/// alias a few keys in every way the resolver tells apart (bare and explicit aliases, names
/// of no key, cycles, fonts and their sizes, a style's parent). A session checks a theme
/// from what it changes; it must say what every theme resolved whole says, and
/// `themekit keys` must write the same from its survey.
@Suite("Mapping themes made from seeds")
struct MappingThemeVariationTests {
    /// A small fast generator (SplitMix64), so that a seed gives the same folder everywhere.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
    }

    static let keys = [
        "primaryColor", "buttonColor", "linkColor", "titleFont", "titleFontSize", "bodyFont", "bodyFontSize",
        "baseSize", "label", "brand", "Card.INHERITED_STYLE", "Card.tintColor", "gapWidth",
    ]

    /// A value for a key, from the generator: a literal of some kind, or a name.
    static func value(_ random: inout Generator) -> String {
        switch random.next(15) {
        case 0, 1, 2: return "<string>#\(String(0x100 + random.next(0xF00), radix: 16))</string>"
        case 3: return "<integer>\(random.next(3))</integer>"
        case 4: return "<real>2.5</real>"
        case 5: return "<true/>"
        case 6: return "<string>plain text</string>"
        case 7: return "<string>@nowhere</string>"
        case 8: return "<string>Card</string>"
        case 9, 10: return "<string>@\(keys[random.next(keys.count)])</string>"
        default: return "<string>\(keys[random.next(keys.count)])</string>"
        }
    }

    /// The folder of `seed`: `default`, with every key, and six themes, each below `default`
    /// or an earlier one, each setting one to three keys.
    static func folder(seed: UInt64) throws -> ScratchThemes {
        var random = Generator(state: seed)
        var themes: [String: String] = [:]
        let root: [(String, String)] = [
            ("primaryColor", "<string>#336699</string>"), ("buttonColor", "<string>primaryColor</string>"),
            ("linkColor", "<string>@buttonColor</string>"), ("titleFont", "<string>Helvetica</string>"),
            ("titleFontSize", "<string>@baseSize</string>"), ("bodyFont", "<string>titleFont</string>"),
            ("baseSize", "<integer>17</integer>"), ("label", "<string>plain</string>"),
            ("brand", "<string>#112233</string>"), ("Card.INHERITED_STYLE", "<string>Base</string>"),
            ("Card.tintColor", "<string>brand</string>"), ("gapWidth", "<integer>4</integer>"),
        ]
        themes["default"] = root.map { "<key>\($0.0)</key>\($0.1)" }.joined()
        for index in 0..<6 {
            let parent = index == 0 || random.next(3) == 0 ? "default" : "t\(random.next(index))"
            var body = "<key>INHERITED_THEME</key><string>\(parent)</string>"
            var used = Set<String>()
            for _ in 0...random.next(3) {
                let key = random.next(5) == 0 ? "new\(random.next(3))Color" : keys[random.next(keys.count)]
                guard used.insert(key).inserted else { continue }
                body += "<key>\(key)</key>\(value(&random))"
            }
            themes["t\(index)"] = body
        }
        return try ScratchThemes(themes)
    }

    @Test("a session says what every theme resolved whole says, and keys writes the same", arguments: 0..<300)
    func sessionAgreesWithWholeThemes(seed: Int) throws {
        let folder = try Self.folder(seed: UInt64(seed) &* 7_919 &+ 17)
        let loader = ThemeLoader(directory: folder.path)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        for name in loader.availableThemes() {
            let alone = loader.analyze(name)
            let shared = loader.analyze(name, in: session)
            #expect(shared.diagnostics == alone.diagnostics, "seed \(seed), \(name)")
            #expect(shared.theme?.values == alone.theme?.values, "seed \(seed), \(name)")
        }
        let whole = KeyGenerator().generate(from: [ThemeCollection(directory: folder.path)])
        let surveyed = KeyGenerator().generate(from: [KeySurvey(directory: folder.path)])
        #expect(surveyed.source == whole.source, "seed \(seed)")
        #expect(surveyed.diagnostics == whole.diagnostics, "seed \(seed)")
    }
}

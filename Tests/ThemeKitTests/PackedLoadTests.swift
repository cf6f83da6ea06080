import Foundation
import Testing

@testable import ThemeKit

/// The packed load: keys read as bytes and hashed once, one table per load, the theme's
/// lookups through that table. It must give what a `[String: …]` of the keys gives: Swift's
/// string equality, every value, every diagnostic.
@Suite("Loading from packed entries")
struct PackedLoadTests {
    /// Keys as a test writes them, and the same keys as Swift calls equal but spelt with
    /// other bytes: a decomposed `é`, and the Kelvin sign, which normalizes to `K`.
    static let spellings: [(written: String, lookedUp: String)] = [
        ("caf\u{E9}Color", "cafe\u{301}Color"),
        ("cafe\u{301}Color", "caf\u{E9}Color"),
        ("KelvinColor", "\u{212A}elvinColor"),
        ("\u{212A}elvinColor", "KelvinColor"),
    ]

    @Test("a key's hash is the same from its bytes and from any string Swift calls equal")
    func hashAgreesWithStringEquality() {
        let keys = [
            "primaryColor", "", "a", "abcdefgh", "abcdefghi", "x".padding(toLength: 300, withPad: "y", startingAt: 0),
        ]
        for key in keys + Self.spellings.flatMap({ [$0.written, $0.lookedUp] }) {
            let fromBytes = Array(key.utf8).withUnsafeBufferPointer { KeyHash.of($0).hash }
            #expect(fromBytes == KeyHash.of(key), "\(key.debugDescription)")
        }
        for (written, lookedUp) in Self.spellings {
            #expect(written == lookedUp)
            #expect(KeyHash.of(written) == KeyHash.of(lookedUp), "\(written.debugDescription)")
        }
        let sizeKey = Array("bodyFont".utf8).withUnsafeBufferPointer { KeyHash.of($0, appending: "Size").hash }
        #expect(sizeKey == KeyHash.of("bodyFontSize"))
        #expect(KeyHash.of("primaryColor") != KeyHash.of("primaryColour"))
    }

    @Test("a key spelt with other bytes that Swift calls equal finds the value, as a dictionary would")
    func lookupsFollowStringEquality() throws {
        for (written, lookedUp) in Self.spellings {
            let folder = try TemporaryDirectory()
            try folder.write("default.plist", plist([written: "#123456"]))
            let theme = try folder.loader.load("default")
            #expect(theme.color(forKey: lookedUp)?.hexString == "#123456", "\(lookedUp.debugDescription)")
            #expect(theme.values[lookedUp] == theme[written])
            #expect(theme.count == 1)
        }
    }

    @Test("two spellings of one key in a file are a duplicate, as in a dictionary of the keys")
    func equalSpellingsAreDuplicates() throws {
        for (written, other) in Self.spellings {
            let file = ThemeFile(
                PropertyListReader().parse(Array(plist([written: "#111111", other: "#222222"]).utf8), file: "t.plist"))
            #expect(file.diagnostics.map(\.code) == [.duplicateKey], "\(written.debugDescription)")
            #expect(file[other]?.value == .string("#111111"))
        }
    }

    @Test("a child overrides a parent key spelt with other bytes that Swift calls equal")
    func overridesFollowStringEquality() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("base", ["caf\u{E9}Color": "#111111", "plainColor": "#333333"])
        try folder.theme("default", ["INHERITED_THEME": "base", "cafe\u{301}Color": "#222222"])
        let theme = try folder.loader.load("default")
        #expect(theme.color(forKey: "caf\u{E9}Color")?.hexString == "#222222")
        #expect(theme.count == 2)
    }

    @Test("a scalar in an ancestor wins over a nested value in the child, which is reported")
    func scalarOverNested() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("base", ["fooColor": "#111111", "barColor": "#222222"])
        try folder.theme("default", ["INHERITED_THEME": "base", "fooColor": "<dict></dict>", "bazColor": "@fooColor"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.code) == [.notFlat])
        let theme = try folder.loader.load("default", allowingErrors: true)
        #expect(theme.color(forKey: "fooColor")?.hexString == "#111111")
        #expect(theme.color(forKey: "bazColor")?.hexString == "#111111")
        #expect(theme["INHERITED_THEME"] == nil)
        #expect(theme.values.keys.sorted() == ["barColor", "bazColor", "fooColor"])
    }

    @Test("an alias of a key that is only ever nested fails without a second diagnostic")
    func aliasOfNestedKey() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["fooColor": "<array/>", "barColor": "@fooColor"])
        let analysis = folder.loader.analyze("default")
        #expect(analysis.diagnostics.map(\.code) == [.notFlat])
        #expect(analysis.mergedKeys?.contains("fooColor") == true)
        let theme = try folder.loader.load("default", allowingErrors: true)
        #expect(theme["barColor"] == nil && theme["fooColor"] == nil)
    }

    @Test("a packed entry stays 40 bytes, with no reference in it")
    func packedEntryLayout() {
        // The reader's memory figures (the Performance article) count 40 bytes an entry.
        #expect(MemoryLayout<PackedEntry>.stride == 40)
        #expect(_isPOD(PackedEntry.self))
    }

    @Test("a font takes the merged theme's size key, whether or not the size is written next to it")
    func fontSizeNextToItOrNot() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "base",
            [
                "titleFont": "Avenir", "titleFontSize": "<integer>12</integer>", "bodyFont": "Avenir",
                "bodyFontSize": "<integer>13</integer>",
            ])
        try folder.theme(
            "default",
            [
                "INHERITED_THEME": "base", "titleFontSize": "<integer>20</integer>",
                "headFont": "Avenir", "otherColor": "#111111", "headFontSize": "<integer>15</integer>",
                "dupFont": "Avenir", "dupFontSize": "<integer>10</integer>", "dupFontSize": "<integer>11</integer>",
                "cafe\u{301}Font": "Avenir", "caf\u{E9}FontSize": "<integer>9</integer>",
                "nestFont": "Avenir", "nestFontSize": "<dict/>",
            ])
        let analysis = folder.loader.analyze("default")
        #expect(Set(analysis.diagnostics.map(\.code)) == [.duplicateKey, .notFlat])
        let theme = try folder.loader.load("default", allowingErrors: true)
        // Written next to its font in the parent, overridden in the child: the child's.
        #expect(theme.font(forKey: "titleFont")?.size == 20)
        #expect(theme.font(forKey: "bodyFont")?.size == 13)
        #expect(theme.font(forKey: "headFont")?.size == 15)
        // A duplicate: the first of the key, next to the font or not.
        #expect(theme.font(forKey: "dupFont")?.size == 10)
        // Other bytes that Swift calls the same key.
        #expect(theme.font(forKey: "caf\u{E9}Font")?.size == 9)
        // A size written next to its font but nested: no value, and no second diagnostic.
        #expect(theme.font(forKey: "nestFont") == nil)
    }

    @Test("an alias of a key of its own kind takes its value; of another kind, or of a broken value, is read again")
    func aliasTakesItsTargetsValue() throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "default",
            [
                "brandColor": "#123456", "titleColor": "brandColor", "deepColor": "titleColor",
                "logoImage": "brandColor", "brandTitle": "brandColor", "badColor": "#12",
                "echoColor": "badColor", "gapSize": "<integer>4</integer>", "padSize": "gapSize",
                "baseFont": "Avenir-Heavy", "baseFontSize": "<integer>20</integer>", "smallFont": "baseFont",
                "smallFontSize": "<integer>11</integer>",
            ])
        let analysis = folder.loader.analyze("default")
        // The broken color is reported where it is written and where it is aliased.
        #expect(analysis.diagnostics.map(\.code) == [.invalidColor, .invalidColor])
        let theme = try folder.loader.load("default", allowingErrors: true)
        let brand = ThemeColor(red: 0x12 / 255.0, green: 0x34 / 255.0, blue: 0x56 / 255.0)
        #expect(theme.color(forKey: "titleColor") == brand)
        #expect(theme.color(forKey: "deepColor") == brand)
        #expect(theme.image(forKey: "logoImage") == "#123456")
        #expect(theme.string(forKey: "brandTitle") == "#123456")
        #expect(theme.number(forKey: "padSize") == 4)
        #expect(theme.font(forKey: "smallFont") == ThemeFont(name: "Avenir-Heavy", size: 11))
        #expect(theme.color(forKey: "echoColor") == nil)
    }

    @Test("a bare alias finds a key only an ancestor has, whose first byte and length no key of the child has")
    func bareAliasIntoAncestor() throws {
        // Each file notes its keys' first bytes and lengths as it is read, and the resolver
        // looks a string up only when some file of the chain has a key of its shape: the
        // child's keys alone (`z…`, other lengths) would rule `brandColor` out.
        let folder = try TemporaryDirectory()
        try folder.theme(
            "base", ["brandColor": "#123456", "brandFont": "Avenir", "brandFontSize": "<integer>9</integer>"])
        try folder.theme(
            "default",
            ["INHERITED_THEME": "base", "zColor": "brandColor", "zFont": "brandFont", "zTitle": "brandColor"])
        let theme = try folder.loader.load("default")
        let brand = ThemeColor(red: 0x12 / 255.0, green: 0x34 / 255.0, blue: 0x56 / 255.0)
        #expect(theme.color(forKey: "zColor") == brand)
        #expect(theme.font(forKey: "zFont") == ThemeFont(name: "Avenir", size: 9))
        #expect(theme.string(forKey: "zTitle") == "#123456")
    }

    @Test("long font names made once each are each font's own: equal lengths, a shared slot, other text")
    func sharedFontNames() throws {
        // Names over 15 bytes go through the resolver's cache of names: same length and
        // same middle and last byte (one slot) but other text, a prefix of another, text
        // decoded from an entity, and the same names again through aliases.
        let names = [
            "HelveticaNeue-Medium", "HelveticaNeue-Medium", "HelveticaXeue-Medium", "HelveticaNeue-Mediu",
            "HelveticaNeue-MediumItalic", "Avenir&amp;Next-Medium", "HelveticaNeue-Medium",
        ]
        var text = "<plist version=\"1.0\">\n<dict>\n"
        for (index, name) in names.enumerated() {
            text += "<key>f\(index)Font</key><string>\(name)</string>\n"
            text += "<key>f\(index)FontSize</key><integer>\(10 + index)</integer>\n"
            text += "<key>alias\(index)Font</key><string>f\(index)Font</string>\n"
        }
        let folder = try TemporaryDirectory()
        try folder.write("default.plist", text + "</dict>\n</plist>\n")
        let theme = try folder.loader.load("default")
        for (index, name) in names.enumerated() {
            let written = name.replacingOccurrences(of: "&amp;", with: "&")
            #expect(theme.font(forKey: "f\(index)Font") == ThemeFont(name: written, size: Double(10 + index)))
            #expect(theme.font(forKey: "alias\(index)Font")?.name == written)
        }
    }

    @Test("values built from decoded or joined text are read from the side buffer")
    func decodedText() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            "default.plist",
            "<plist version=\"1.0\">\r\n<dict>\r\n<key>a&amp;bTitle</key><string>one &lt;two&gt;\r\nthree</string>\r\n"
                + "<key>plainTitle</key><string>plain</string>\r\n</dict>\r\n</plist>\r\n")
        let theme = try folder.loader.load("default")
        #expect(theme.string(forKey: "a&bTitle") == "one <two>\nthree")
        #expect(theme.string(forKey: "plainTitle") == "plain")
        #expect(theme.source(forKey: "plainTitle")?.key == SourceLocation(file: path, line: 5, column: 1))
    }

    @Test("a plain decimal read from bytes is the double Double(String) reads", arguments: 0..<4)
    func plainDecimalsRoundAsDoubleDoes(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) + 1)
        for _ in 0..<2_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if digits > 1, Bool.random(using: &generator) {
                let point = Int.random(in: 1..<digits, using: &generator)
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            if Bool.random(using: &generator) { text = "-" + text }
            let parsed = Array(text.utf8).withUnsafeBufferPointer(ThemeValue.plainDecimal)
            #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        for other in ["1e5", "0x10", "inf", "nan", ".5", "5.", "+5", "1234567890123456", " ", "", "-"] {
            #expect(Array(other.utf8).withUnsafeBufferPointer(ThemeValue.plainDecimal) == nil, "\(other)")
        }
        #expect(Array(" 17.5\n".utf8).withUnsafeBufferPointer(ThemeValue.plainDecimal) == 17.5)
    }

    @Test("removing from the table leaves every other number findable", arguments: 0..<4)
    func tableRemovalKeepsProbeChains(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) + 100)
        var table = KeyTable(capacity: 4)
        var model: [Int: Int] = [:]  // number → hash
        // Few distinct low bits, so that probe chains are long and wrap around the end.
        for number in 0..<300 {
            let hash = Int.random(in: 0..<16, using: &generator) << 32 | Int.random(in: 0..<64, using: &generator)
            #expect(table.insert(number, hash: hash, matching: { $0 == number }) == nil)
            model[number] = hash
            if Int.random(in: 0..<3, using: &generator) == 0, let victim = model.keys.randomElement(using: &generator),
                let victimHash = model[victim]
            {
                guard case .found(_, let slot) = table.probe(hash: victimHash, matching: { $0 == victim }) else {
                    Issue.record("\(victim) not found before its removal")
                    continue
                }
                table.remove(slot: slot)
                model[victim] = nil
            }
        }
        #expect(table.count == model.count)
        for (number, hash) in model {
            #expect(table.find(hash: hash, matching: { $0 == number }) == number)
        }
        #expect(Set(table.numbers) == Set(model.keys))
    }
}

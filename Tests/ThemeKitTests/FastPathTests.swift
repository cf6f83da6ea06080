import Foundation
import Testing

@testable import ThemeKit

/// The C callbacks open and close a plain theme's keys and values themselves, and hand
/// everything else to the Swift builder, which first takes over what C has open. Every
/// input here is read both ways (`PropertyListReader.fastPath` on and off) and must leave
/// the same record: entries and their offsets, duplicates, comments, root, diagnostics.
@Suite("The reader's C callbacks record what the Swift builder alone records")
struct FastPathTests {
    /// Root-dict bodies, each wrapped in a plist: every way a key or a value that C opened
    /// can be interrupted or refused, and the plain cases around them.
    static let bodies: [String] = [
        "<key>a</key><string>x</string><key>b</key><integer>12</integer><key>c</key><real>1.5</real>",
        "<key>t</key><true/><key>f</key><false/><key>t2</key><true></true><key>f2</key><false> </false>",
        "<key>a<b/></key><string>x</string><key>c</key><string>y</string>",
        "<key>a</key><string>x<b/>y</string><key>c</key><integer>1</integer>",
        "<key>a</key><string>x<!-- inside -->y</string><key>b<!-- k --></key><string>z</string>",
        "<key>a&amp;b</key><string>x</string><key>c</key><string>&#x41;B&lt;</string>",
        "<key>a</key><string><![CDATA[<x>]]></string><key>b</key><string>p<![CDATA[q]]>r</string>",
        "<key>a</key><key>b</key><string>x</string><key>c</key>",
        "<string>x</string><key>a</key><true/><integer>3</integer>",
        "<key/><string>empty key</string><key></key><string/><key>e</key><string></string>",
        "<key >a</key ><string\n>x</string><key\t>b</key><integer >4</integer>",
        "<x:key xmlns:x=\"urn:x\">a</x:key><string>x</string><key xmlns=\"urn:d\">b</key><string>y</string>",
        "<key id=\"1\">a</key><string lang=\"en\">x</string><key>b</key><string>y</string>",
        "<key>n</key><integer>1x</integer><key>r</key><real>nan</real><key>e</key><real>1e3</real>"
            + "<key>big</key><integer>99999999999999999999</integer><key>t</key><true>x</true>",
        "<key>a</key><string>x &amp; y</string><key>b</key><string>x & y</string><key>c</key><string>z</string>",
        "<key>a</key><string>&foo;</string><key>b</key><string>y</string>",
        "<key>a</key><string>a\r\nb</string><key>b\r\nc</key><string>\r</string>",
        "<key>café</key><string>crème</string><key>cafe\u{301}</key><string>x</string>",
        "<key>long</key><string>" + String(repeating: "0123456789", count: 120) + "</string>",
        "<key>" + String(repeating: "k", count: 700) + "</key><string>v</string>",
        "<key>a</key><string>1</string><key>a</key><string>2</string><key>A</key><string>3</string>",
        "<key>d</key><dict><key>x</key><string>y</string></dict><key>e</key><array><string>1</string></array>"
            + "<key>f</key><data>AAAA</data><key>g</key><date>2020-01-01T00:00:00Z</date><key>h</key><string>i</string>",
        "<key>a</key><foo>x</foo><key>b</key><plist/><key>c</key><string>y</string>",
        "<key>a</key>junk<string>x</string><key>b</key>  <string>y</string>",
        "<key> spaced </key><string> value </string>",
        "<key>a</key><string>x</string><key>b</key><string>y",
        "<key>a</key><string>x</key><key>b</key><string>y</string>",
        "<key>a</key><string>x</string><key>b",
        "<key>a</key><string>&#0;</string>",
        "<key>a</key><integer>\u{0001}</integer>",
    ]

    static func wrapped(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n" + body
            + "\n</dict>\n</plist>\n"
    }

    /// Whole documents: roots other than a plist's dict, and structures around the root.
    static let documents: [String] = [
        "<dict><key>a</key><string>x</string></dict>",
        "<plist><array><string>x</string></array></plist>",
        "<plist><dict/><dict><key>a</key><string>b</string></dict></plist>",
        "<plist><dict><key>a</key><string>b</string></dict>tail</plist>",
        "<plist><dict><key>a</key><string>b</string>",
        "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY e \"x\">]><plist><dict><key>a</key><string>&e;</string></dict></plist>",
        "<plist><dict><key>a</key><string>b</string></dict></plist><!-- after -->",
        "",
        "<plist><dict><key>a</key><dict><key>b</key><dict><key>c</key><string>d</string></dict></dict></dict></plist>",
    ]

    func readings(_ bytes: [UInt8], limits: ThemeLimits = .standard) -> (fast: String, reference: String) {
        var reader = PropertyListReader(limits: limits)
        let fast = reader.parse(bytes, file: "t.plist").record
        reader.fastPath = false
        return (fast, reader.parse(bytes, file: "t.plist").record)
    }

    @Test("a root-dict body", arguments: bodies.indices)
    func body(_ index: Int) {
        let (fast, reference) = readings(Array(Self.wrapped(Self.bodies[index]).utf8))
        #expect(fast == reference)
    }

    @Test("a whole document", arguments: documents.indices)
    func document(_ index: Int) {
        let (fast, reference) = readings(Array(Self.documents[index].utf8))
        #expect(fast == reference)
    }

    @Test("at the depth limit: a dict and a plist leave no room for a key, then room for one")
    func depthLimit() {
        let bytes = Array(Self.wrapped(Self.bodies[0]).utf8)
        for depth in 1...4 {
            let (fast, reference) = readings(bytes, limits: ThemeLimits(maxDepth: depth))
            #expect(fast == reference, "maxDepth \(depth)")
        }
        let refused = PropertyListReader(limits: ThemeLimits(maxDepth: 2)).parse(bytes, file: "t.plist")
        #expect(refused.diagnostics.first?.message.contains("nested more than 2 deep") == true)
    }

    @Test("every theme and fixture in the repository")
    func repositoryFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for folder in ["Themes", "Tests", "Examples"] {
            guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else {
                continue
            }
            while let path = walker.nextObject() as? String {
                guard path.hasSuffix(".plist") else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(path)
                let (fast, reference) = readings(Array(try Data(contentsOf: url)))
                #expect(fast == reference, "\(folder)/\(path)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test("the record holds what a reading differs by: an offset, a duplicate, a diagnostic")
    func recordTellsReadingsApart() {
        let reader = PropertyListReader()
        let base = reader.parse(Array(Self.wrapped("<key>a</key><string>x</string>").utf8), file: "t.plist").record
        for other in [
            "<key>a</key> <string>x</string>", "<key>a</key><string>x</string><key>a</key><string>x</string>",
            "<key>a</key><string>x</string><key>b</key>",
        ] {
            #expect(reader.parse(Array(Self.wrapped(other).utf8), file: "t.plist").record != base, "\(other)")
        }
    }
}

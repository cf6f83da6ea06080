import Foundation
import Testing

@testable import ThemeKit

/// `PropertyListReader.parseTree`: the whole tree of a plist, nested values included, read by
/// the same libxml2 parse as a theme (what `themekit import` reads other managers' plists with).
@Suite("Reading a property list's whole tree")
struct PropertyListTreeTests {
    static func at(_ line: Int, _ column: Int, file: String = "t.plist") -> ThemeKit.SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    @Test func readsNestedValuesInFileOrderWithTheirLocations() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>zeta</key>
              <dict>
                <key>b</key><integer>0x1F</integer>
                <key>a</key><real> 2.5 </real>
              </dict>
              <key>list</key>
              <array>
                <string>x &amp; <![CDATA[<y>]]></string>
                <true/><false/>
                <integer> 1.5 </integer>
                <date> 2024-01-02T03:04:05Z </date>
                <data>AAEC</data>
                <array/>
              </array>
              <key>zeta</key>
              <string/>
            </dict>
            </plist>
            """
        let tree = PropertyListReader().parseTree(Array(text.utf8), file: "t.plist")
        #expect(tree.document.diagnostics.isEmpty)
        #expect(tree.diagnostics.isEmpty)
        let inner = PropertyListNode(
            .dict([
                .init(key: "b", keyLocation: Self.at(6, 5), node: .init(.integer(31), at: Self.at(6, 17))),
                .init(key: "a", keyLocation: Self.at(7, 5), node: .init(.real(2.5), at: Self.at(7, 17))),
            ]), at: Self.at(5, 3))
        let list = PropertyListNode(
            .array([
                .init(.string("x & <y>"), at: Self.at(11, 5)),
                .init(.bool(true), at: Self.at(12, 5)),
                .init(.bool(false), at: Self.at(12, 12)),
                .init(.real(1.5), at: Self.at(13, 5)),
                .init(.date("2024-01-02T03:04:05Z"), at: Self.at(14, 5)),
                .init(.data, at: Self.at(15, 5)),
                .init(.array([]), at: Self.at(16, 5)),
            ]), at: Self.at(10, 3))
        let expected = PropertyListNode(
            .dict([
                .init(key: "zeta", keyLocation: Self.at(4, 3), node: inner),
                .init(key: "list", keyLocation: Self.at(9, 3), node: list),
                .init(key: "zeta", keyLocation: Self.at(18, 3), node: .init(.string(""), at: Self.at(19, 3))),
            ]), at: Self.at(3, 1))
        #expect(tree.root == expected)
    }

    @Test(
        "a problem inside a nested value is reported at its line and column, and the tree is not read past it",
        arguments: [
            ("<dict><key>b</key></dict>", "the key 'b' has no value", 7),
            ("<dict><key>b</key><key>c</key><string/></dict>", "the key 'b' has no value", 7),
            ("<dict><string>x</string></dict>", "this <string> has no <key> before it", 7),
            ("<dict> hello <key>b</key><true/></dict>", "unexpected text in a <dict>", 7),
            ("<array><string>x</string>oops</array>", "unexpected text in an <array>", 26),
            ("<array><string>a<b/></string></array>", "<b> cannot appear inside <string>", 17),
            ("<array><integer>x1</integer></array>", "'x1' is not an integer", 8),
            ("<array><real>abc</real></array>", "'abc' is not a number", 8),
            ("<array><color>red</color></array>", "<color> is not a property-list element", 8),
            ("<array><x:dict xmlns:x=\"u\"/></array>", "<x:dict> is not a property-list element", 8),
            // As in a theme's root dict: a plist's elements have no namespace.
            ("<array><dict xmlns=\"u\"/></array>", "<dict xmlns=\"u\"> is not a property-list element", 8),
        ])
    func reportsTheFirstProblemOfANestedValue(body: String, message: String, column: Int) {
        let text = "<plist><dict><key>n</key>\n" + body + "\n</dict></plist>"
        let tree = PropertyListReader().parseTree(Array(text.utf8), file: "t.plist")
        #expect(tree.document.diagnostics.isEmpty)
        #expect(tree.root == nil)
        #expect(tree.diagnostics.map(\.code) == [.parseError])
        #expect(tree.diagnostics.first?.message == message)
        #expect(tree.diagnostics.first?.location == Self.at(2, column))
    }

    @Test func keepsTheCarriageReturnsOfAValueAsFoundationDoes() {
        // XML hands a CRLF or a lone CR over as LF; PropertyListSerialization keeps the CR, and
        // so do the managers an import reads (a theme's own reading follows XML).
        let text =
            "<plist><dict>\r\n<key>a\r\nb</key><string>line1\r\nline2\r\n</string>\r\n"
            + "<key>c</key><string>café\r\nx</string><key>d</key><string>a\rb\r\r\nc</string>"
            + "<key>e</key><string>&amp;\r\n</string></dict></plist>"
        let tree = PropertyListReader().parseTree(Array(text.utf8), file: "t.plist")
        let members: [PropertyListMember] =
            tree.root.map { root in
                if case .dict(let members) = root.value { return members }
                return []
            } ?? []
        #expect(members.map(\.key) == ["a\r\nb", "c", "d", "e"])
        #expect(
            members.map(\.node.value) == [
                .string("line1\r\nline2\r\n"), .string("café\r\nx"), .string("a\rb\r\r\nc"), .string("&\r\n"),
            ])
    }

    @Test func keepsTheReadersLimitsAndRefusals() {
        let deep =
            "<plist><dict><key>n</key>" + String(repeating: "<array>", count: 70)
            + String(repeating: "</array>", count: 70) + "</dict></plist>"
        let entity = "<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><dict><key>n</key><array/></dict></plist>"
        let undeclared = "<plist><dict><key>n</key><array><string>&x;</string></array></dict></plist>"
        for text in [deep, entity, undeclared] {
            let tree = PropertyListReader().parseTree(Array(text.utf8), file: "t.plist")
            #expect(tree.root == nil)
            #expect(tree.document.diagnostics.map(\.code) == [.parseError])
            #expect(tree.diagnostics.isEmpty)
        }
        let large = PropertyListReader(limits: ThemeLimits(maxFileSize: 10))
            .parseTree(Array("<plist><dict/></plist>".utf8), file: "t.plist")
        #expect(large.root == nil)
        #expect(large.document.diagnostics.first?.message.contains("over the limit") == true)
    }

    @Test func readsUTF16AsTheFlatReaderDoes() {
        let text = "<plist><dict><key>a</key>\n<array><string>é</string></array></dict></plist>"
        var bigEndian: [UInt8] = []
        var littleEndian: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 {
            bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let expected = PropertyListNode(
            .dict([
                .init(
                    key: "a", keyLocation: Self.at(1, 14),
                    node: .init(.array([.init(.string("é"), at: Self.at(2, 8))]), at: Self.at(2, 1)))
            ]), at: Self.at(1, 8))
        for bytes in [bigEndian, littleEndian] {
            #expect(PropertyListReader().parseTree(bytes, file: "t.plist").root == expected)
        }
    }

    @Test func theFlatReadingIsTheSameWithTheTreeBesideIt() throws {
        let names =
            try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("good").path).map { "good/" + $0 }
            + FileManager.default.contentsOfDirectory(atPath: Fixtures.url("bad").path)
            .filter { $0.hasSuffix(".plist") }.map { "bad/" + $0 }
        #expect(names.count > 20)
        for name in names {
            let bytes = try Fixtures.bytes(name)
            let tree = PropertyListReader().parseTree(bytes, file: name)
            #expect(tree.document.record == PropertyListReader().parse(bytes, file: name).record, "\(name)")
            #expect((tree.root == nil) == !(tree.document.diagnostics.isEmpty && tree.diagnostics.isEmpty), "\(name)")
        }
    }
}

import CLibXML2
import Foundation
import Testing

@testable import ThemeKit

@Suite("Hostile input")
struct AttackTests {
    @Test("an external entity naming /etc/passwd is refused and nothing of the file leaks")
    func externalEntityIsRefused() throws {
        let document = try Fixtures.document("bad/xxe-file.plist")
        #expect(document.diagnostics.map(\.code) == [.parseError])
        #expect(document.entries.isEmpty)
        let everything = document.diagnostics.map(\.rendered).joined()
        #expect(!everything.contains("root:"))
    }

    @Test("an external DTD is never loaded: its entities stay undefined")
    func externalDTDIsNotLoaded() throws {
        // The DTD named by the fixture would define &evil; if it were read.
        let directory = try TemporaryDirectory()
        let dtd = try directory.write("evil.dtd", "<!ENTITY evil \"LOADED\">")
        let source = """
            <?xml version="1.0"?>
            <!DOCTYPE plist SYSTEM "file://\(dtd)">
            <plist><dict><key>title</key><string>&evil;</string></dict></plist>
            """
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.map(\.message).first?.contains("'&evil;' is not allowed") == true)
        #expect(document.entries.isEmpty)
    }

    @Test("libxml2 is asked for NONET, NOERROR, NOWARNING, IGNORE_ENC and NOCDATA, and nothing else")
    func pinsLibxml2Options() {
        // STYLE.md: never NOENT (entities expanded), DTDLOAD (external DTDs read), HUGE
        // (libxml2's size limits off) or RECOVER (broken input silently repaired). The attack
        // tests cannot all see those: with no `externalSubset` or `entityDecl` callback,
        // DTDLOAD and NOENT have nothing to act on, so this pins the set itself.
        let expected =
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOCDATA.rawValue
        #expect(SAXPropertyListParser.options == Int32(expected))
        for forbidden in [XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_HUGE, XML_PARSE_RECOVER] {
            #expect(SAXPropertyListParser.options & Int32(forbidden.rawValue) == 0)
        }
    }

    @Test("the external DTD a DOCTYPE names is never read: a broken one changes nothing")
    func externalDTDIsNeverRead() throws {
        // Read, this DTD would be a fatal error at its second line, and define &evil;.
        let directory = try TemporaryDirectory()
        let dtd = try directory.write("broken.dtd", "<!ENTITY evil \"LOADED\">\n<!ELEMENT plist (((\n")
        let source = """
            <?xml version="1.0"?>
            <!DOCTYPE plist SYSTEM "file://\(dtd)">
            <plist><dict><key>titleColor</key><string>fff</string></dict></plist>
            """
        let document = PropertyListReader().parse(Array(source.utf8), file: "t.plist")
        #expect(document.diagnostics.map(\.summary) == [])
        #expect(document.entries.map(\.key) == ["titleColor"])
    }

    @Test("billion laughs is refused at the DOCTYPE, before any expansion")
    func billionLaughsIsRefused() throws {
        let document = try Fixtures.document("bad/billion-laughs.plist")
        #expect(document.diagnostics.map(\.location.line) == [2])
        #expect(document.entries.isEmpty)
    }

    @Test("100,000 nested arrays stop at the depth limit, without recursion")
    func deepNestingIsBounded() {
        let depth = 100_000
        var source = "<plist><dict><key>deep</key>"
        source += String(repeating: "<array>", count: depth)
        source += String(repeating: "</array>", count: depth)
        source += "</dict></plist>"
        let document = PropertyListReader().parse(Array(source.utf8), file: "deep.plist")
        let problem = document.diagnostics.first
        #expect(document.diagnostics.count == 1)
        #expect(problem?.message == "elements are nested more than 64 deep")
        // <plist>, <dict>, then the 63rd <array> is the 65th element: column 29 + 62 × 7.
        #expect(problem?.location == SourceLocation(file: "deep.plist", line: 1, column: 29 + 62 * 7))
    }

    @Test("a file over the size limit is refused before it is read")
    func oversizedFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("big.plist", String(repeating: " ", count: 2_000))
        let reader = PropertyListReader(limits: .init(maxFileSize: 1_000))
        let document = try reader.read(contentsOf: path)
        #expect(document.diagnostics.map(\.message) == ["the file is 2000 bytes, over the limit of 1000 bytes"])
        #expect(reader.parse([UInt8](repeating: 0x20, count: 1_001), file: "m").diagnostics.count == 1)
        #expect(PropertyListReader.Limits.standard.maxFileSize == 64 << 20)
    }

    @Test("a missing file, a folder and an unreadable file are I/O errors")
    func ioErrors() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: ThemeError.self) { try PropertyListReader().read(contentsOf: directory.path + "/none.plist") }
        do {
            _ = try PropertyListReader().read(contentsOf: directory.path)
            Issue.record("reading a folder succeeded")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.ioError])
            #expect(error.diagnostics.map(\.message) == ["is a directory, not a theme file"])
        }
        do {
            _ = try PropertyListReader().read(contentsOf: directory.path + "/none.plist")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["no such file"])
        }
    }

    @Test("input that is mostly garbage never crashes", arguments: 0..<64)
    func randomBytesNeverCrash(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let prefix = Array("<plist><dict><key>a</key><string>".utf8)
        let noise = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let document = PropertyListReader().parse(prefix + noise, file: "noise.plist")
        #expect(!document.diagnostics.isEmpty)
    }
}

/// A small deterministic generator, so that a failing seed can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

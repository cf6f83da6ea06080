import Testing
import ThemeSupport

@Suite("UTF8Check: RFC 3629, as String(validating:) reads it")
struct UTF8CheckTests {
    @Test(
        "well-formed: the first and last scalar of each length, and the edges around the surrogates",
        arguments: [
            [], [0x00], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            Array("night ☾ 🌙".utf8), [0xEF, 0xBB, 0xBF, 0x41],
        ] as [[UInt8]])
    func acceptsWellFormed(bytes: [UInt8]) {
        #expect(UTF8Check.isValid(bytes))
        #expect(UTF8Check.string(validating: bytes) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(
        "ill-formed: overlongs, surrogates, past U+10FFFF, cut short, stray continuations, bytes never used",
        arguments: [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0x80], [0xBF], [0x41, 0xC2], [0xE1, 0x80],
            [0xF1, 0x80, 0x80], [0xE1, 0x80, 0x41], [0xF1, 0x80, 0x80, 0xC0], [0xC2, 0x41],
        ] as [[UInt8]])
    func refusesIllFormed(bytes: [UInt8]) {
        #expect(!UTF8Check.isValid(bytes))
        #expect(UTF8Check.string(validating: bytes) == nil)
    }

    @Test("a collection without contiguous storage is read the same")
    func readsAnyCollection() {
        #expect(UTF8Check.isValid([0xF0, 0x9F, 0x8C, 0x99].lazy.map { $0 }))
        #expect(!UTF8Check.isValid([0xED, 0xA0, 0x80].lazy.map { $0 }))
        #expect(UTF8Check.isValid(Array("dark".utf8)[1...]))
    }

    /// Every sequence of one and two bytes, every three-byte sequence led by E0–EF, and four-byte
    /// sequences led by F0–F7 over the edges of the continuation range: the answer is the
    /// standard library's, which the sites used before.
    @Test("agrees with String(validating:as:) on every short sequence")
    func agreesWithTheStandardLibrary() {
        var disagreements: [[UInt8]] = []
        func compare(_ bytes: [UInt8]) {
            if UTF8Check.isValid(bytes) != (String(validating: bytes, as: UTF8.self) != nil) {
                disagreements.append(bytes)
            }
        }
        for a in UInt8.min...UInt8.max {
            compare([a])
            for b in UInt8.min...UInt8.max { compare([a, b]) }
        }
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for a in UInt8(0xE0)...0xEF {
            for b in UInt8.min...UInt8.max { for c in edges { compare([a, b, c]) } }
        }
        for a in UInt8(0xF0)...0xF7 {
            for b in UInt8.min...UInt8.max { for c in edges { for d in edges { compare([a, b, c, d]) } } }
        }
        #expect(disagreements.prefix(5) == [])
    }
}

import Testing
import ThemeKit

@testable import ThemeLint

/// The pre-check of `case_collision` and the key it hashes: it must never miss two keys
/// that differ only in ASCII case, nor take keys that differ otherwise for a collision.
@Suite struct CaseCollisionTableTests {
    @Test func findsKeysThatDifferOnlyInCase() {
        #expect(CaseCollisionRule.mayCollide(["primaryColor", "accentColor", "PrimaryColor"]))
        #expect(CaseCollisionRule.mayCollide(["a", "B", "c", "A"]))
    }

    @Test func passesDistinctKeysAtEverySize() {
        // Many distinct keys: the table grows and wraps around without a false alarm here.
        for count in [0, 1, 7, 8, 9, 100, 5_000] {
            let keys = (0..<count).map { "key\($0)Color" }
            #expect(!CaseCollisionRule.mayCollide(keys), "\(count) keys")
        }
    }

    @Test func keysCraftedForTheOldHashAreDistinct() {
        // Six blocks of two choices whose unseeded FNV-1a hashes all share their low 20
        // bits (the slot of the old linear-probing table): 64 distinct keys, no collision,
        // and every case variant of one of them is found.
        let blocks = [
            ("ffkj", "giax"), ("phau", "iias"), ("inec", "xbkj"), ("gwpc", "kfbt"), ("jflw", "zibz"),
            ("jefa", "stjo"),
        ]
        let keys = Set(
            (0..<64).map { bits in
                "key" + blocks.enumerated().map { bits >> $0.offset & 1 == 0 ? $0.element.0 : $0.element.1 }.joined()
            })
        #expect(keys.count == 64)
        #expect(!CaseCollisionRule.mayCollide(Array(keys)))
        #expect(CaseCollisionRule.mayCollide(Array(keys) + ["KEYffkjphauinecgwpcjflwjefa"]))
    }

    @Test func caseVariantsHashAlike() {
        // Every length around the eight-byte words, with capitals in every position.
        for length in 0...19 {
            let lower = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            let upper = lower.uppercased()
            let mixed = String(
                lower.enumerated().map { $0.offset % 3 == 0 ? Character($0.element.uppercased()) : $0.element })
            for variant in [upper, mixed] {
                #expect(CaseInsensitiveKey(lower) == CaseInsensitiveKey(variant))
                #expect(CaseInsensitiveKey(lower).hashValue == CaseInsensitiveKey(variant).hashValue, "\(variant)")
                #expect(
                    Array(variant.utf8).withUnsafeBufferPointer(KeyHash.foldingASCIICase)
                        == Array(lower.utf8).withUnsafeBufferPointer(KeyHash.foldingASCIICase), "\(variant)")
            }
            #expect(CaseInsensitiveKey(lower + "@") != CaseInsensitiveKey(lower + "`"))
            #expect(CaseInsensitiveKey(lower + "[") != CaseInsensitiveKey(lower + "{"))
        }
        #expect(CaseInsensitiveKey("éCOLOR\u{80}Z").hashValue == CaseInsensitiveKey("écolor\u{80}z").hashValue)
    }

    @Test func foldsOnlyASCIILetters() {
        #expect(!CaseCollisionRule.mayCollide(["straße", "STRASSE"]))
        #expect(!CaseCollisionRule.mayCollide(["a_b", "a-b"]))
        #expect(CaseCollisionRule.mayCollide(["éColor", "éCOLOR"]))
    }
}

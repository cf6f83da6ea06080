import Testing

@testable import ThemeLint

/// The quick pre-check of `case_collision`: it may raise a false alarm (the exact check
/// follows), but must never miss two keys that differ only in ASCII case.
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

    @Test func foldsOnlyASCIILetters() {
        #expect(!CaseCollisionRule.mayCollide(["straße", "STRASSE"]))
        #expect(!CaseCollisionRule.mayCollide(["a_b", "a-b"]))
        #expect(CaseCollisionRule.mayCollide(["éColor", "éCOLOR"]))
    }
}

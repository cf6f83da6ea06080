import Testing

@testable import ThemeLint

@Suite("Baseline: what a problem with no key is matched by")
struct BaselineIdentityTests {
    @Test(
        "numbers that say where are left out; quoted names and character codes are kept",
        arguments: [
            (
                "malformed XML: opening and ending tag mismatch: dict line 3 and plist",
                "malformed XML: opening and ending tag mismatch: dict line  and plist"
            ),
            ("'unknown1' is not a themelint rule", "'unknown1' is not a themelint rule"),
            (
                "the control character U+0001 is not allowed in XML",
                "the control character U+0001 is not allowed in XML"
            ),
            (
                "invalid UTF-8: byte 0x80 is not part of a valid character",
                "invalid UTF-8: byte 0x80 is not part of a valid character"
            ),
            (
                "the file is UTF-16 but has an unpaired surrogate near character 41",
                "the file is UTF-16 but has an unpaired surrogate near character "
            ),
            // The apostrophe of a possessive opens no quote: the line number after it goes.
            ("a theme's key on line 12, 'x2'", "a theme's key on line , 'x2'"),
        ])
    func identityKeepsWhatTheMessageNames(message: String, identity: String) {
        #expect(Baseline.identity(ofMessage: message) == identity)
    }

    @Test("two directives naming different unknown rules are two problems")
    func unknownRulesDiffer() {
        #expect(
            Baseline.identity(ofMessage: "'unknown1' is not a themelint rule")
                != Baseline.identity(ofMessage: "'unknown2' is not a themelint rule"))
    }
}

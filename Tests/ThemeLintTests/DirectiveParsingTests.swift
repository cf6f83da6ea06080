import Testing

@testable import ThemeLint

/// How a comment's text is read: every comment starting `themelint:` is either a directive
/// or a reported mistake, never ignored.
@Suite("themelint: comments")
struct DirectiveParsingTests {
    @Test(
        "well-formed directives: the kind and the rule ids, whatever the spacing",
        arguments: [
            (" themelint:disable-next-line a, b ", Suppression.Kind.nextLine, ["a", "b"]),
            ("\n\tthemelint:disable-file a\tb,c\n", .file, ["a", "b", "c"]),
            ("themelint:disable-file", .file, []),
        ])
    func readsDirectives(text: String, kind: Suppression.Kind, ids: [String]) throws {
        let parsed = try #require(Suppression.parse(text[...]))
        #expect(parsed.kind == kind)
        #expect(parsed.ids == ids)
        #expect(parsed.malformed == nil)
    }

    @Test(
        "a comment starting themelint: that is no directive says why",
        arguments: [
            (
                " themelint:disable x ",
                "'themelint:disable' is not a directive (use themelint:disable-next-line or "
                    + "themelint:disable-file, then the rules)"
            ),
            (
                "themelint:disable-fil x",
                "'themelint:disable-fil' is not a directive; did you mean 'themelint:disable-file'?"
            ),
            (
                "themelint:disable-fileunknown_override",
                "put a space between 'themelint:disable-file' and the rule it names"
            ),
            (
                "themelint:",
                "'themelint:' is not a directive (use themelint:disable-next-line or themelint:disable-file, then the rules)"
            ),
        ])
    func reportsMalformedComments(text: String, message: String) throws {
        let parsed = try #require(Suppression.parse(text[...]))
        #expect(parsed.malformed == message)
    }

    @Test("other comments are not themelint's", arguments: [" a comment ", "see themelint:disable-file", "themelint"])
    func ignoresOtherComments(text: String) {
        #expect(Suppression.parse(text[...]) == nil)
    }
}

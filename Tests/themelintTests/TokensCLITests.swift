import Foundation
import TestSupport
import Testing

/// themelint on DTCG files, end to end: the built binary on a resolver's folder, a set on
/// standard input, and `--explain` of a DTCG rule.
@Suite("themelint on DTCG files, end to end", .serialized)
struct TokensCLITests {
    static func folder() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("base.tokens.json", #"{ "n": { "$type": "number", "a": { "$value": 1 } } }"#)
        try scratch.write("more.tokens.json", #"{ "n": { "$type": "number", "b": { "$value": "{n.c}" } } }"#)
        try scratch.write(
            "app.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "all": { "sources": [{ "$ref": "base.tokens.json" }, { "$ref": "more.tokens.json" }] } },
              "resolutionOrder": [{ "$ref": "#/sets/all" }]
            }
            """)
        return scratch
    }

    @Test("a folder of DTCG files: each problem at its line:column in the JSON, exit 1")
    func folderOfTokens() throws {
        let scratch = try Self.folder()
        let result = try CLI.run(["."], in: scratch.url)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "more.tokens.json:1:46: error: '{n.c}' names no key; did you mean '{n.a}'? [unresolved_alias]\n"
                + "1 error, 0 warnings in 3 files\n")
    }

    @Test("--stdin-path lints an unsaved set through the resolver beside it")
    func setOnStandardInput() throws {
        let scratch = try Self.folder()
        let result = try CLI.run(
            executable: CLI.binary("themelint"), ["--stdin-path", "more.tokens.json", "-"], in: scratch.url,
            input: #"{ "n": { "$type": "number", "b": { "$value": "{n.a}" } } }"#)
        #expect(result.status == 0)
        #expect(result.stdout == "0 errors, 0 warnings in 1 file\n")
    }

    @Test("--explain token_reference: its examples in JSON, and how a tokens file silences it")
    func explainsATokensRule() throws {
        let result = try CLI.run(["--explain", "token_reference"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("token_reference (error)\n"))
        #expect(result.stdout.contains(#""org.themekit.lint": {"disable": ["token_reference"]}"#))
        #expect(result.stdout.contains("says: 'bg' is a color, but '{size}' is a dimension"))
    }
}

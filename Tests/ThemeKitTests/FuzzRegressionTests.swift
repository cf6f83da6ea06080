import Foundation
import Testing

@testable import ThemeKit

/// Inputs the fuzzing found or led to (Tests/ThemeKitTests/Fixtures/fuzz/), each pinned:
/// the right problems, and work that stays linear.
@Suite("Fuzzing regressions")
struct FuzzRegressionTests {
    private func analyze(_ bytes: [UInt8]) -> ThemeAnalysis {
        let loader = ThemeLoader(directory: "/fuzz")
        let file = ThemeFile(PropertyListReader().parse(bytes, file: "default.plist"))
        return loader.analyze("default") {
            $0 == loader.path(of: "default") ? .success(file) : .failure(ThemeError([]))
        }
    }

    /// Generous bound, only to catch the quadratic behaviour coming back (it took minutes
    /// on these inputs): sanitizer builds run the suite several times slower.
    private func finishes<T>(within seconds: Int = 60, _ body: () -> T) -> T {
        let start = ContinuousClock.now
        let result = body()
        #expect(ContinuousClock.now - start < .seconds(seconds))
        return result
    }

    @Test("a comment spanning CRLF lines starts at its <!--")
    func commentSpanUnderCRLF() throws {
        let document = try Fixtures.document("fuzz/crlf-comment-span.plist")
        #expect(document.comments.map { document.span(of: $0.range).start } == [position(2, 1)])
        #expect(document.comments.map { document.span(of: $0.range).end } == [position(9, 4)])
    }

    @Test("thousands of duplicate keys on one line: every one reported, no line quoted")
    func oneLineDuplicates() throws {
        let file = finishes { try? Fixtures.themeFile("fuzz/one-line-duplicate-keys.plist") }
        let diagnostics = try #require(file).diagnostics
        #expect(diagnostics.count > 3_000)
        #expect(diagnostics.allSatisfy { $0.code == .duplicateKey && $0.sourceLine == nil })
    }

    @Test("a huge key near a dangling alias gets no suggestion, quickly")
    func longKeySuggestion() throws {
        let analysis = finishes { analyze((try? Fixtures.bytes("fuzz/suggestion-long-key.plist")) ?? []) }
        #expect(!analysis.diagnostics.isEmpty)
        #expect(analysis.diagnostics.allSatisfy { !$0.message.contains("did you mean") })
    }

    @Test("many dangling aliases: all reported, suggestions within a budget, in file order")
    func manyDanglingAliases() throws {
        let fixture = finishes { analyze((try? Fixtures.bytes("fuzz/many-unresolved-aliases.plist")) ?? []) }
        #expect(fixture.diagnostics.count == 920)
        #expect(fixture.diagnostics.allSatisfy { $0.code == .unresolvedAlias })
        // Four times the fixture's size: quadratic work would take a minute here.
        var text = "<plist><dict>\n"
        for index in 0..<8_000 {
            text += "<key>k\(index)</key><true/><key>v\(index)</key><string>@q\(index)</string>\n"
        }
        text += "</dict></plist>\n"
        let large = finishes { analyze(Array(text.utf8)) }
        let dangling = large.diagnostics.filter { $0.code == .unresolvedAlias }
        #expect(dangling.count == 8_000)
        // The first in the file get suggestions; once the budget is spent the rest do not.
        #expect(dangling.first?.message == "'@q0' names no key; did you mean 'k0'?")
        #expect(dangling.last?.message == "'@q7999' names no key")
    }

    @Test("long dangling aliases: the suggestion budget is charged by the length of the names")
    func longDanglingAliases() throws {
        // 120-byte names cost 121 × 7 cells per comparison: counting comparisons alone,
        // 100 of these 2,000 aliases would search all 2,000 keys.
        let stem = String(repeating: "a", count: 114)
        var text = "<plist><dict>\n"
        for index in 0..<2_000 {
            let name = stem + String(100_000 + index)
            text += "<key>\(name)</key><string>@\(name)x</string>\n"
        }
        text += "</dict></plist>\n"
        let analysis = analyze(Array(text.utf8))
        let dangling = analysis.diagnostics.filter { $0.code == .unresolvedAlias }
        #expect(dangling.count == 2_000)
        let suggested = dangling.filter { $0.message.contains("did you mean") }
        let affordable = Suggestions.budget / Suggestions.cost(of: stem + "100000x", candidates: 2_000)
        #expect(suggested.count == affordable)
        #expect(affordable < 20)
        // Not '\(stem)100000', the key that holds the alias: the next closest.
        #expect(dangling.first?.message == "'@\(stem)100000x' names no key; did you mean '\(stem)100001'?")
    }
}

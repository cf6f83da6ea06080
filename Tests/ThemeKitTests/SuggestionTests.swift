import Testing

@testable import ThemeKit

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    /// The textbook optimal-string-alignment distance (Levenshtein plus a swap of two
    /// neighbours as one edit), to check the banded one against.
    static func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        var table = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                row[j] = min(table[i - 1][j] + 1, row[j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], table[i - 2][j - 2] + 1)
                }
            }
            table.append(row)
        }
        return table[a.count][b.count]
    }

    @Test("the banded distance agrees with the full one up to the limit", arguments: 0..<20)
    func bandedDistanceIsExact(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) + 100)
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                UInt8.random(in: 97...100, using: &generator)
            }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                UInt8.random(in: 97...100, using: &generator)
            }
            for limit in 1...3 {
                let expected = min(Self.fullDistance(a, b), limit + 1)
                let banded = Suggestions.editDistance(
                    String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self), limit: limit)
                #expect(banded == expected, "\(a) \(b) limit \(limit)")
            }
        }
    }

    @Test("suggestions: the closest key within the limit, ties alphabetical, none for long names")
    func closest() {
        #expect(Suggestions.closest(to: "primaryColour", among: ["primaryColor", "secondaryColor"]) == "primaryColor")
        #expect(Suggestions.closest(to: "bColor", among: ["aColor", "cColor"]) == "aColor")
        // A swap of two neighbours is one edit, as an extra letter is.
        #expect(Suggestions.closest(to: "drak", among: ["dark", "light"]) == "dark")
        #expect(Suggestions.closest(to: "darkk", among: ["dark", "light"]) == "dark")
        #expect(Suggestions.closest(to: "primaryColro", among: ["primaryColor"]) == "primaryColor")
        #expect(Suggestions.editDistance("ab", "ba", limit: 2) == 1)
        // Optimal string alignment edits no substring twice: `ca` → `abc` is 3, not 2.
        #expect(Suggestions.editDistance("ca", "abc", limit: 3) == 3)
        #expect(Suggestions.closest(to: "zzz", among: ["primaryColor"]) == nil)
        #expect(Suggestions.closest(to: "same", among: ["same"]) == nil)
        let long = String(repeating: "a", count: 200)
        #expect(Suggestions.closest(to: long, among: [long + "b"]) == nil)
    }

    @Test("a budget pays for each comparison and suggests nothing it cannot pay for")
    func budgetIsSpentThenSuggestsNothing() {
        let keys = ["primaryColor", "secondaryColor"]
        let cost = Suggestions.cost(of: "primaryColour", candidates: keys.count)
        var budget = Suggestions.Budget(remaining: cost + cost / 2)
        #expect(budget.closest(to: "primaryColour", among: keys) == "primaryColor")
        #expect(budget.remaining == cost / 2)
        #expect(budget.closest(to: "primaryColour", among: keys) == nil, "cannot pay: nothing compared")
        #expect(budget.remaining == cost / 2)
        // A shorter name costs less and can still be paid for (1 candidate × 64 cells).
        #expect(budget.closest(to: "bColor", among: ["aColor"]) == "aColor")
        #expect(Suggestions.Budget().remaining == Suggestions.budget)
    }

    @Test("the one phrasing of a suggestion, and nothing without one")
    func hintPhrasing() {
        #expect(Suggestions.hint("primaryColor") == "; did you mean 'primaryColor'?")
        #expect(Suggestions.hint(nil) == "")
    }
}

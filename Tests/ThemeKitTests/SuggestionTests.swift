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

    /// Random names over a few letters (so that many are within a typo of one another),
    /// with an uppercase letter, a digit, punctuation and non-ASCII characters among them
    /// (`é` written both composed and decomposed: equal as strings, not as bytes).
    static func randomName(using generator: inout SplitMix64) -> String {
        let pieces = ["a", "b", "c", "d", "C", "1", "_", "é", "e\u{301}", "ж"]
        return (0..<Int.random(in: 0...16, using: &generator)).map { _ in
            pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }.joined()
    }

    @Test("the search that rules candidates out first finds what the first search found", arguments: 0..<20)
    func searchAgreesWithFirstSearch(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) + 300)
        for _ in 0..<100 {
            let candidates = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Self.randomName(using: &generator)
            }
            let prepared = Suggestions.Candidates(candidates)
            for _ in 0..<10 {
                // Half the names are a candidate with an edit or two, so that there is a match.
                var name = Self.randomName(using: &generator)
                if let base = candidates.randomElement(using: &generator), Bool.random(using: &generator) {
                    var bytes = Array(base.utf8)
                    for _ in 0..<Int.random(in: 1...2, using: &generator) where !bytes.isEmpty {
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                            in: 97...100, using: &generator)
                    }
                    name = String(decoding: bytes, as: UTF8.self)
                }
                let expected = FirstSearch.closest(to: name, among: candidates)
                #expect(Suggestions.closest(to: name, among: candidates) == expected, "\(name) among \(candidates)")
                #expect(Suggestions.closest(to: name, among: prepared) == expected, "\(name) among \(candidates)")
            }
        }
    }

    @Test("the classes two names hold never tell more edits than there are", arguments: 0..<10)
    func byteClassesAreALowerBound(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) + 500)
        for _ in 0..<500 {
            let a = Array(Self.randomName(using: &generator).utf8)
            let b = Array(Self.randomName(using: &generator).utf8)
            let bound = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in ByteClasses(a).distance(to: ByteClasses(b)) }
            }
            #expect(bound <= Self.fullDistance(a, b), "\(a) \(b)")
        }
    }

    @Test("prepared candidates are paid for as the same names are")
    func preparedCandidatesCostTheSame() {
        let keys = ["primaryColor", "secondaryColor", "tertiaryColor"]
        var plain = Suggestions.Budget(remaining: Suggestions.cost(of: "primaryColour", candidates: 3) * 2 - 1)
        var prepared = plain
        for _ in 0..<2 {
            #expect(
                plain.closest(to: "primaryColour", among: keys)
                    == prepared.closest(to: "primaryColour", among: Suggestions.Candidates(keys)))
            #expect(plain.remaining == prepared.remaining)
        }
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

/// The search as it was first written (before candidates were ruled out by their byte
/// classes and prepared once): what the search must go on finding.
private enum FirstSearch {
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.utf8)
        guard !target.isEmpty, target.count <= Suggestions.maximumLength else { return nil }
        let limit = target.count <= 4 ? 1 : target.count <= 12 ? 2 : 3
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let length = candidate.utf8.count
            guard abs(length - target.count) <= limit else { continue }
            let distance = Suggestions.editDistance(name, candidate, limit: limit)
            guard distance > 0, distance <= limit else { continue }
            if let current = best,
                current.distance < distance || (current.distance == distance && current.name < candidate)
            {
                continue
            }
            best = (distance, candidate)
        }
        return best?.name
    }
}

/// "Did you mean …?" for names that almost match a key.
///
/// Bounded work whatever the input: names longer than `maximumLength` bytes get no
/// suggestion, candidates whose length is too different are skipped without a look, and
/// the edit distance (optimal string alignment: a swap of two neighbours is one edit, so
/// `drak` finds `dark` as `darkk` does) is computed only in the band of width `2 × limit + 1` around the
/// diagonal, stopping as soon as the whole band is past the limit.
package enum Suggestions: Sendable {
    /// Names longer than this (in UTF-8 bytes) are not matched: no typo is that long.
    package static let maximumLength = 128

    /// The candidate closest to `name` by edit distance (over UTF-8 bytes), if it is close
    /// enough to be a typo: at most 1 edit for names up to 4 bytes, 2 up to 12, 3 beyond.
    /// Ties go to the alphabetically first candidate, so the answer is deterministic.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        var name = name
        return name.withUTF8 { target -> String? in
            guard !target.isEmpty, target.count <= maximumLength else { return nil }
            let limit = target.count <= 4 ? 1 : target.count <= 12 ? 2 : 3
            var rows = DistanceRows(capacity: target.count + limit + 2)
            var best: (distance: Int, name: String)?
            for candidate in candidates {
                let length = candidate.utf8.count
                guard abs(length - target.count) <= limit else { continue }
                var copy = candidate
                let distance = copy.withUTF8 { rows.distance(target, $0, limit: limit) }
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

    /// What comparing `name` with `candidates` candidates is charged against `budget`:
    /// at most the cells of the edit-distance band (the name's length in bytes times the
    /// band's width), and never less than 64 per candidate. Names of up to 12 bytes are
    /// thus charged one comparison each; longer ones their real cost (up to
    /// 128 × 7 cells), so that a budget counted in comparisons cannot be stretched
    /// eighteenfold by long names.
    package static func cost(of name: String, candidates: Int) -> Int {
        let length = name.utf8.count
        let limit = length <= 4 ? 1 : length <= 12 ? 2 : 3
        let cells = length <= maximumLength ? length * (2 * limit + 1) : 0
        return candidates * max(cells, cellsPerComparison)
    }

    /// The least a comparison is charged: the band of a 12-byte name, rounded up.
    static let cellsPerComparison = 64

    /// How much one theme may spend on suggestions: 200,000 comparisons of names of up to
    /// 12 bytes, fewer of longer names.
    package static let budget = 200_000 * cellsPerComparison

    /// The most keys of other files a name is compared with (a child's key with its
    /// ancestors' keys, nearest first): each of many small themes that share a large
    /// lineage then spends a bounded amount, not the lineage's size.
    package static let inheritedCandidates = 512

    /// The one way a message offers a suggestion: `; did you mean 'x'?` appended to it, or
    /// nothing when there is none.
    package static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Suggestion work that one theme, file or run may spend: each `closest` is charged
    /// `cost(of:candidates:)` against `Suggestions.budget`, so that however many names
    /// want a suggestion, the comparisons stay bounded. Spend it in file order, so which
    /// names get a suggestion does not depend on the order of work.
    package struct Budget: Sendable {
        /// What is left to spend, in edit-distance cells.
        package private(set) var remaining: Int

        /// A full budget, or `remaining` for tests.
        package init(remaining: Int = Suggestions.budget) {
            self.remaining = remaining
        }

        /// The candidate closest to `name` (as `Suggestions.closest`), paid for from this
        /// budget; nil, and nothing spent, when the budget cannot pay for the comparison.
        package mutating func closest(to name: String, among candidates: some Collection<String>) -> String? {
            let cost = Suggestions.cost(of: name, candidates: candidates.count)
            guard remaining >= cost else { return nil }
            remaining -= cost
            return Suggestions.closest(to: name, among: candidates)
        }
    }

    /// Optimal-string-alignment distance between two byte strings, or `limit + 1` once it is known to
    /// exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        var (a, b) = (a, b)
        var rows = DistanceRows(capacity: max(a.utf8.count, b.utf8.count) + 2)
        return a.withUTF8 { a in b.withUTF8 { b in rows.distance(a, b, limit: limit) } }
    }
}

/// Three reusable rows of the edit-distance table: the row being filled, the one before,
/// and the one before that (a transposition looks two rows back).
private struct DistanceRows {
    var beforePrevious: [Int]
    var previous: [Int]
    var current: [Int]

    init(capacity: Int) {
        beforePrevious = Array(repeating: 0, count: capacity)
        previous = Array(repeating: 0, count: capacity)
        current = Array(repeating: 0, count: capacity)
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbours (`drak` → `dark`) each cost 1, no substring edited twice.
    mutating func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let over = limit + 1
        if abs(a.count - b.count) > limit { return over }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        if previous.count < b.count + 1 {
            beforePrevious = Array(repeating: 0, count: b.count + 1)
            previous = Array(repeating: 0, count: b.count + 1)
            current = Array(repeating: 0, count: b.count + 1)
        }
        for j in 0...b.count { previous[j] = j <= limit ? j : over }
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[low - 1] = low == 1 && i <= limit ? i : over
            var rowMinimum = over
            for j in low...high {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let deletion = j < i + limit ? previous[j] + 1 : over
                let insertion = current[j - 1] + 1
                var value = min(substitution, deletion, insertion, over)
                // A swap of neighbours: row i - 2 was filled for columns i - 2 - limit up to
                // i - 2 + limit (and its edges), which holds j - 2 here.
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if high < b.count { current[high + 1] = over }
            // A row's least value never falls in the rows below (a swap costs as much as the
            // substitution it replaces), so the band past the limit stays past it.
            if rowMinimum > limit { return over }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        return min(previous[b.count], over)
    }
}

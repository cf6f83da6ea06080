/// "Did you mean …?" for names that almost match a key.
///
/// Bounded work whatever the input: names longer than `maximumLength` bytes get no
/// suggestion, candidates whose length is too different are skipped without a look, those
/// that hold too many classes of bytes the name lacks (or lack too many it holds) after a
/// look at one word (`ByteClasses`), and the edit distance (optimal string alignment: a swap
/// of two neighbours is one edit, so `drak` finds `dark` as `darkk` does) is computed only
/// in the band of width `2 × limit + 1` around the diagonal, stopping as soon as the whole
/// band is past the limit. Candidates searched many times are prepared once (`Candidates`).
package enum Suggestions: Sendable {
    /// Names longer than this (in UTF-8 bytes) are not matched: no typo is that long.
    package static let maximumLength = 128

    /// The candidate closest to `name` by edit distance (over UTF-8 bytes), if it is close
    /// enough to be a typo: at most 1 edit for names up to 4 bytes, 2 up to 12, 3 beyond.
    /// Ties go to the alphabetically first candidate, so the answer is deterministic.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        var name = name
        return name.withUTF8 { target -> String? in
            guard var search = Search(target) else { return nil }
            for candidate in candidates {
                guard search.mayMatch(length: candidate.utf8.count) else { continue }
                var copy = candidate
                copy.withUTF8 { bytes in
                    search.consider(bytes, classes: ByteClasses(bytes)) { candidate }
                }
            }
            return search.best
        }
    }

    /// The candidate closest to `name`, as `closest(to:among:)` finds it among the same
    /// names in the same order, from names prepared once for many searches; never a name
    /// whose bytes are `excluded` (the key that holds a dangling alias, which is no typo of
    /// what it names).
    package static func closest(
        to name: String, among candidates: Candidates, excluding excluded: UnsafeBufferPointer<UInt8>? = nil
    ) -> String? {
        var name = name
        return name.withUTF8 { target -> String? in
            guard var search = Search(target) else { return nil }
            candidates.bytes.withUnsafeBufferPointer { bytes in
                for index in candidates.names.indices {
                    let (start, end) = (candidates.starts[index], candidates.starts[index + 1])
                    guard search.mayMatch(length: end - start) else { continue }
                    let candidate = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if let excluded, excluded.count == candidate.count, KeyHash.equalBytes(excluded, candidate) {
                        continue
                    }
                    search.consider(candidate, classes: candidates.classes[index]) {
                        candidates.names[index]
                    }
                }
            }
            return search.best
        }
    }

    /// Names prepared once to be searched many times (`closest(to:among:)` with each name of
    /// a theme that wants a suggestion): their UTF-8 bytes side by side, so that no search
    /// copies a string, and the byte classes each holds, so that most names are ruled out
    /// without an edit distance.
    package struct Candidates: Sendable {
        /// The names, in the order given.
        package let names: [String]
        /// Every name's UTF-8 bytes, one after another.
        let bytes: [UInt8]
        /// Where each name's bytes start in `bytes`, and where the last one ends.
        let starts: [Int]
        let classes: [ByteClasses]

        /// Prepares `names`, kept in their order (which breaks ties between equal names).
        package init(_ names: some Sequence<String>) {
            self.names = Array(names)
            var bytes: [UInt8] = []
            var starts = [0]
            var classes: [ByteClasses] = []
            starts.reserveCapacity(self.names.count + 1)
            classes.reserveCapacity(self.names.count)
            for name in self.names {
                let start = bytes.count
                bytes.append(contentsOf: name.utf8)
                starts.append(bytes.count)
                classes.append(
                    bytes.withUnsafeBufferPointer { ByteClasses(UnsafeBufferPointer(rebasing: $0[start...])) })
            }
            self.bytes = bytes
            self.starts = starts
            self.classes = classes
        }

        /// How many names there are.
        package var count: Int { names.count }
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

        /// The candidate closest to `name` among prepared candidates, paid for as the same
        /// names are; never `excluded`.
        package mutating func closest(
            to name: String, among candidates: Candidates, excluding excluded: UnsafeBufferPointer<UInt8>? = nil
        ) -> String? {
            let cost = Suggestions.cost(of: name, candidates: candidates.count)
            guard remaining >= cost else { return nil }
            remaining -= cost
            return Suggestions.closest(to: name, among: candidates, excluding: excluded)
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

/// One search for the candidate closest to a name: the best so far, and what rules a
/// candidate out before its edit distance is computed.
private struct Search {
    let target: UnsafeBufferPointer<UInt8>
    let classes: ByteClasses
    let limit: Int
    var rows: DistanceRows
    var best: String?
    /// The distance of `best`, or `limit` while there is none: a candidate further than this
    /// can be neither the best nor a tie.
    var bound: Int

    /// A search for the candidates closest to `target`; nil when it is too long (or empty)
    /// to get a suggestion.
    init?(_ target: UnsafeBufferPointer<UInt8>) {
        guard !target.isEmpty, target.count <= Suggestions.maximumLength else { return nil }
        self.target = target
        classes = ByteClasses(target)
        limit = target.count <= 4 ? 1 : target.count <= 12 ? 2 : 3
        rows = DistanceRows(capacity: target.count + limit + 2)
        bound = limit
    }

    /// Whether a candidate of `length` bytes can be within the limit.
    func mayMatch(length: Int) -> Bool {
        abs(length - target.count) <= limit
    }

    /// Takes the candidate of these bytes (named by `name`, made only when it is needed) if
    /// it is closer than the best so far, or as close and alphabetically first.
    mutating func consider(
        _ candidate: UnsafeBufferPointer<UInt8>, classes candidateClasses: ByteClasses, name: () -> String
    ) {
        // Exact lower bounds of the distance first: each edit changes the length by at most
        // one, and adds or removes at most one byte class (`ByteClasses.distance`).
        guard abs(candidate.count - target.count) <= bound, classes.distance(to: candidateClasses) <= bound else {
            return
        }
        let distance = rows.distance(target, candidate, limit: limit)
        guard distance > 0, distance <= bound else { return }
        if let current = best, distance == bound {
            // As the first search did: a later candidate wins a tie unless the best so far
            // sorts before it (of two names equal as strings, the later one).
            let name = name()
            guard !(current < name) else { return }
            best = name
        } else {
            best = name()
            bound = distance
        }
    }
}

/// Which classes of bytes a name holds, as the bits of a word: each lowercase and
/// uppercase ASCII letter, each digit, any other ASCII byte, any byte of a non-ASCII
/// character.
///
/// A lower bound of the edit distance: an insertion, deletion or substitution adds at
/// most one class that the other name lacks, or removes at most one that it alone has; a
/// swap changes nothing. So two names are at least as many edits apart as the classes one
/// holds and the other lacks (whichever side has more), which a few instructions tell.
struct ByteClasses: Sendable, Equatable {
    var bits: UInt64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var bits: UInt64 = 0
        for byte in bytes { bits |= 1 << Self.class(of: byte) }
        self.bits = bits
    }

    static func `class`(of byte: UInt8) -> UInt64 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte - UInt8(ascii: "A")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0")) + 52
        case 0x80...: 63
        default: 62
        }
    }

    /// The least number of edits between names of these classes.
    func distance(to other: ByteClasses) -> Int {
        max((bits & ~other.bits).nonzeroBitCount, (other.bits & ~bits).nonzeroBitCount)
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

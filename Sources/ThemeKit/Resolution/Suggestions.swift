/// "Did you mean …?" for names that almost match a key.
public enum Suggestions {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a typo:
    /// at most 1 edit for names up to 4 characters, 2 up to 12, 3 beyond. Ties go to the
    /// alphabetically first candidate, so the answer is deterministic.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        let limit = target.count <= 4 ? 1 : target.count <= 12 ? 2 : 3
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars, limit: limit)
            guard distance <= limit else { continue }
            if let current = best,
                current.distance < distance || (current.distance == distance && current.name < candidate)
            {
                continue
            }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// Levenshtein distance, stopping early once every path exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

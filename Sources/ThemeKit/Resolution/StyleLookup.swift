import Synchronization

/// The order in which a style's lookup tries its keys (SPEC §9), as key prefixes: a style
/// of the `INHERITED_STYLE` chain, a subset of the states and a subsequence of the
/// containers, written `Outer/Inner/Style:state:state`. A property's key is a prefix, `.`,
/// and the property; the global key comes after every prefix.
enum StyleCandidates {
    /// The non-empty subsets of `0..<count` (indices of states in priority order), larger
    /// first, equal sizes by their states compared in priority order; then the empty one.
    static func stateSubsets(count: Int) -> [[Int]] {
        var subsets = nonEmptySubsets(count: count)
        subsets.sort { a, b in a.count != b.count ? a.count > b.count : a.lexicographicallyPrecedes(b) }
        return subsets + [[]]
    }

    /// The non-empty order-preserving subsequences of `0..<count` (indices of containers,
    /// outermost first), longer first, equal lengths innermost first (compared from their
    /// innermost container out: the one with the more inner container wins); then the
    /// empty one.
    static func containerSubsequences(count: Int) -> [[Int]] {
        var subsequences = nonEmptySubsets(count: count)
        subsequences.sort { a, b in
            a.count != b.count ? a.count > b.count : b.reversed().lexicographicallyPrecedes(a.reversed())
        }
        return subsequences + [[]]
    }

    /// Every non-empty subset of `0..<count`, each ascending.
    private static func nonEmptySubsets(count: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        var subsets: [[Int]] = []
        subsets.reserveCapacity((1 << count) - 1)
        for mask in 1..<(1 << count) {
            subsets.append((0..<count).filter { mask & (1 << $0) != 0 })
        }
        return subsets
    }

    /// Every prefix, in lookup order, for the styles `chain` (the asked-for style first),
    /// the states `states` (in priority order) and the containers `containers` (outermost
    /// first).
    static func prefixes(chain: [String], states: [ThemeState], containers: [String]) -> [String] {
        let subsets = stateSubsets(count: states.count)
        let subsequences = containerSubsequences(count: containers.count)
        var prefixes: [String] = []
        prefixes.reserveCapacity(chain.count * subsets.count * subsequences.count)
        for style in chain {
            for subset in subsets {
                var styled = style
                for index in subset { styled += ":" + states[index].rawValue }
                for subsequence in subsequences {
                    var prefix = ""
                    for index in subsequence { prefix += containers[index] + "/" }
                    prefixes.append(prefix + styled)
                }
            }
        }
        return prefixes
    }
}

/// What a theme's keys say about styles, found once per theme on its first style: the text
/// before the last `.` of every key that has one, each with a filter of the properties
/// written after it. A style made for the theme keeps only the prefixes some key starts with
/// (most candidates of a style name no key), and a lookup probes only the prefixes whose
/// filter may hold its property.
struct StylePrefixes: Sendable {
    let filters: [String: PropertyFilter]

    init(keys: (_ body: (String) -> Void) -> Void) {
        var filters: [String: PropertyFilter] = [:]
        keys { key in
            guard let dot = key.utf8.lastIndex(of: UInt8(ascii: ".")) else { return }
            let property = String(key[key.utf8.index(after: dot)...])
            filters[String(key[..<dot]), default: PropertyFilter()].insert(hash: KeyHash.of(property))
        }
        self.filters = filters
    }
}

/// A 256-bit filter of property names by their `KeyHash`: `contains` may say yes for a
/// property never inserted (then a probe finds nothing), never no for one inserted.
struct PropertyFilter: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The word and bit of `hash`: its top eight bits (the key tables use the low ones).
    @inline(__always)
    private static func place(_ hash: Int) -> (word: Int, bit: UInt64) {
        let top = Int(UInt64(UInt(bitPattern: hash)) >> 56)
        return (top >> 6, 1 << UInt64(top & 63))
    }

    mutating func insert(hash: Int) {
        let (word, bit) = Self.place(hash)
        switch word {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    func contains(hash: Int) -> Bool {
        let (word, bit) = Self.place(hash)
        let chosen =
            switch word {
            case 0: words.0
            case 1: words.1
            case 2: words.2
            default: words.3
            }
        return chosen & bit != 0
    }
}

/// A theme storage's `StylePrefixes`, built on first use and shared by every copy of the
/// theme.
final class StyleCache: Sendable {
    private let built = Mutex<StylePrefixes?>(nil)

    /// The prefixes, built with `make` the first time.
    func prefixes(_ make: () -> StylePrefixes) -> StylePrefixes {
        if let built = built.withLock({ $0 }) { return built }
        let prefixes = make()
        built.withLock { $0 = prefixes }
        return prefixes
    }
}

extension LoadedValues {
    /// The value of the key `prefix` `.` `property`, found by hashing the joined bytes in a
    /// buffer on the stack: no string is made.
    func value(forPrefix prefix: String, property: String) -> ThemeValue? {
        var prefix = prefix
        var property = property
        let id: Int? = prefix.withUTF8 { head in
            property.withUTF8 { tail in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head.count + 1 + tail.count) { joined in
                    _ = UnsafeMutableBufferPointer(rebasing: joined[..<head.count]).initialize(fromContentsOf: head)
                    joined[head.count] = UInt8(ascii: ".")
                    _ = UnsafeMutableBufferPointer(rebasing: joined[(head.count + 1)...]).initialize(
                        fromContentsOf: tail)
                    return provenance.table.find(key: UnsafeBufferPointer(joined), in: provenance.entries)
                }
            }
        }
        return id.flatMap { value($0) }
    }
}

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

/// What a theme's keys say about styles, found once per theme on its first style: for the
/// text before the last `.` of every key that has one (a prefix), the properties written
/// after it with their values. A style made for the theme merges the lists of its
/// candidate prefixes, in lookup order, into one table of its own (most candidates of a
/// style name no key, and are skipped whole).
struct StylePrefixes: Sendable {
    let properties: [String: [StyledProperty]]

    init(of storage: some ThemeStorage) {
        var properties: [String: [StyledProperty]] = [:]
        storage.forEachKey { key in
            guard let dot = key.utf8.lastIndex(of: UInt8(ascii: ".")) else { return }
            let name = String(key[key.utf8.index(after: dot)...])
            guard name != ThemeStyle.inheritedStyleProperty, let found = storage.value(forKey: key) else { return }
            properties[String(key[..<dot]), default: []].append(
                StyledProperty(name: name, hash: KeyHash.of(name), value: found))
        }
        self.properties = properties
    }
}

/// A property written after a style's prefix, such as `actionColor` in
/// `MyCustomButton:highlighted.actionColor`, with its resolved value.
struct StyledProperty: Sendable {
    let name: String
    let hash: Int
    let value: ThemeValue
}

/// What one style reads before the global keys: for each property some candidate key
/// supplies, the first such key's value and the candidate it came from, in a table keyed by
/// the property's hash. A lookup hashes the property once, as a plain lookup does, and probes
/// this table: no string is made, and the candidates cost nothing each.
struct StyleTable: Sendable {
    private var table = KeyTable()
    private var found: [(property: StyledProperty, prefix: Int32)] = []
    /// The candidate prefixes that supply some property, in lookup order.
    private(set) var prefixes: [String] = []

    /// Adds the properties of `prefix` that no earlier candidate supplied.
    mutating func add(prefix: String, properties: [StyledProperty]) {
        let number = Int32(prefixes.count)
        var added = false
        for property in properties {
            // The probe reads `found` as a parameter, not a copy kept alive across the
            // append: a debug build would otherwise copy the array at each one.
            guard case .vacant(let slot) = Self.probe(table, found, property.name, hash: property.hash) else {
                continue
            }
            table.place(found.count, hash: property.hash, in: slot)
            found.append((property, number))
            added = true
        }
        if added { prefixes.append(prefix) }
    }

    @inline(__always)
    private static func probe(
        _ table: KeyTable, _ found: [(property: StyledProperty, prefix: Int32)], _ name: String, hash: Int
    ) -> KeyTable.Probe {
        table.probe(hash: hash, matching: { found[$0].property.name == name })
    }

    var isEmpty: Bool { found.isEmpty }

    /// The value the style's keys give `property` (of hash `hash`), and the prefix of the
    /// key that gives it; `nil` when only a global key could.
    @inline(__always)
    func lookup(_ property: String, hash: Int) -> (value: ThemeValue, prefix: String)? {
        guard case .found(let index, _) = Self.probe(table, found, property, hash: hash) else { return nil }
        return (found[index].property.value, prefixes[Int(found[index].prefix)])
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

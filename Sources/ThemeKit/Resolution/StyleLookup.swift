import ThemeSupport

/// What a theme's keys say about styles, found once per theme on its first style: for the
/// text before the last `.` of every key that has one (a prefix), the properties written
/// after it with their values, and the prefix read into its parts (`StyledKey`), listed
/// under its style's name. A style's build asks only the prefixes of its chain's styles
/// which of them its states and containers reach.
struct StylePrefixes: Sendable {
    /// One prefix some key writes, such as `UIWindow/MyCustomButton:highlighted`.
    struct Written: Sendable {
        let prefix: String
        /// Outermost first.
        let containers: [String]
        /// As written.
        let states: [String]
        let properties: [StyledProperty]
    }

    /// The prefixes, by the name of the style they are written for.
    let byStyle: [String: [Written]]

    init(of storage: some ThemeStorage) {
        var properties: [String: [StyledProperty]] = [:]
        storage.forEachKey { key in
            guard let dot = key.utf8.lastIndex(of: UInt8(ascii: ".")) else { return }
            let name = String(key[key.utf8.index(after: dot)...])
            guard name != ThemeStyle.inheritedStyleProperty, let found = storage.value(forKey: key) else { return }
            properties[String(key[..<dot]), default: []].append(
                StyledProperty(name: name, hash: KeyHash.of(name), value: found))
        }
        var byStyle: [String: [Written]] = [:]
        for (prefix, written) in properties {
            // A prefix with an empty part (`/Button`, `Button:`) is no style's: no lookup
            // can write it.
            guard let parts = StyledKey(prefix + ".p") else { continue }
            byStyle[parts.style, default: []].append(
                Written(prefix: prefix, containers: parts.containers, states: parts.states, properties: written))
        }
        self.byStyle = byStyle
    }

    /// The prefixes a style of `chain` (the asked-for style first) in `states` (in priority
    /// order) inside `containers` (outermost first) reaches, in lookup order (SPEC §9): by
    /// style of the chain; then by state subset, larger first, equal sizes by their states
    /// compared in priority order; then by container subsequence, longer first, equal
    /// lengths innermost first. Only the prefixes written for the chain's styles are looked
    /// at (`examined` counts them), never the subsets that could be written.
    func reached(chain: [String], states: [ThemeState], containers: [String]) -> (
        prefixes: [Written], examined: Int
    ) {
        var statePlaces: [String: [Int]] = [:]
        for (index, state) in states.enumerated() { statePlaces[state.rawValue, default: []].append(index) }
        var containerPlaces: [String: [Int]] = [:]
        for (index, container) in containers.enumerated() { containerPlaces[container, default: []].append(index) }
        var reached: [Reach] = []
        var examined = 0
        for (rank, style) in chain.enumerated() {
            for written in byStyle[style] ?? [] {
                examined += 1
                guard let stateIndices = Self.earliest(written.states, in: statePlaces),
                    let containerIndices = Self.latest(written.containers, in: containerPlaces)
                else { continue }
                reached.append(Reach(style: rank, states: stateIndices, containers: containerIndices, written: written))
            }
        }
        reached.sort(by: Reach.precedes)
        return (reached.map(\.written), examined)
    }

    /// A prefix reached, with the place in the lookup order at which it is first met.
    private struct Reach {
        let style: Int
        let states: [Int]
        let containers: [Int]
        let written: Written

        /// Whether `a` is tried before `b`.
        static func precedes(_ a: Reach, _ b: Reach) -> Bool {
            if a.style != b.style { return a.style < b.style }
            if a.states.count != b.states.count { return a.states.count > b.states.count }
            if a.states != b.states { return a.states.lexicographicallyPrecedes(b.states) }
            if a.containers.count != b.containers.count { return a.containers.count > b.containers.count }
            return b.containers.reversed().lexicographicallyPrecedes(a.containers.reversed())
        }
    }

    /// The indices of `names`, in order, as a subsequence of the list `places` indexes (each
    /// name's indices, ascending), taking each as early as it can be: of the subsequences
    /// that write `names`, the one the lookup order meets first among equal sizes (a name
    /// the states hold twice writes one prefix from several subsets). Nil if none does.
    private static func earliest(_ names: [String], in places: [String: [Int]]) -> [Int]? {
        var indices: [Int] = []
        indices.reserveCapacity(names.count)
        var after = -1
        for name in names {
            guard let found = places[name], let index = firstAbove(after, in: found) else { return nil }
            indices.append(index)
            after = index
        }
        return indices
    }

    /// As `earliest`, taking each index as late as it can be, from the last name back: the
    /// subsequence with the more inner containers, which the lookup order meets first.
    private static func latest(_ names: [String], in places: [String: [Int]]) -> [Int]? {
        var indices = [Int](repeating: 0, count: names.count)
        var before = Int.max
        for (offset, name) in names.enumerated().reversed() {
            guard let found = places[name], let index = lastBelow(before, in: found) else { return nil }
            indices[offset] = index
            before = index
        }
        return indices
    }

    /// The first of the ascending `sorted` above `bound`.
    private static func firstAbove(_ bound: Int, in sorted: [Int]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] > bound { high = middle } else { low = middle + 1 }
        }
        return low < sorted.count ? sorted[low] : nil
    }

    /// The last of the ascending `sorted` below `bound`.
    private static func lastBelow(_ bound: Int, in sorted: [Int]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? sorted[low - 1] : nil
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

/// A style built for one theme: its `INHERITED_STYLE` chain and the table of what its own
/// keys give. Immutable, shared by every `ThemeStyle` that asks for the same style.
final class BuiltStyle: Sendable {
    let chain: [String]
    let table: StyleTable
    /// How many candidate prefixes the build looked at.
    let examined: Int

    init(_ name: String, states: [ThemeState], containers: [String], of theme: Theme) {
        var chain = [name]
        var seen: Set<String> = [name]
        while let last = chain.last,
            case .string(let parent) = theme[last + "." + ThemeStyle.inheritedStyleProperty],
            !parent.isEmpty, seen.insert(parent).inserted
        {
            chain.append(parent)
        }
        self.chain = chain
        var table = StyleTable()
        let (reached, examined) = theme.stylePrefixes.reached(chain: chain, states: states, containers: containers)
        for written in reached { table.add(prefix: written.prefix, properties: written.properties) }
        self.table = table
        self.examined = examined
    }
}

/// What a theme storage keeps for its styles, shared by every copy of the theme: its
/// `StylePrefixes`, built on the first style, and the styles built since, at most
/// `capacity` of them (the oldest goes first). A theme change is a new theme with a new
/// storage, so nothing built for the old one is ever read for the new.
final class StyleCache: Sendable {
    /// How many built styles a theme keeps.
    static let capacity = 256

    /// A style asked for: the build depends on nothing else of the theme.
    struct Request: Hashable, Sendable {
        let name: String
        let states: [ThemeState]
        let containers: [String]
    }

    private struct Built: Sendable {
        var styles: [Request: BuiltStyle] = [:]
        /// The requests in `styles`, oldest first from `oldest` (a ring).
        var order: [Request] = []
        var oldest = 0
    }

    private let built = Locked<StylePrefixes?>(nil)
    private let styles = Locked(Built())

    /// The prefixes, built with `make` the first time.
    func prefixes(_ make: () -> StylePrefixes) -> StylePrefixes {
        if let built = built.withLock({ $0 }) { return built }
        let prefixes = make()
        built.withLock { $0 = prefixes }
        return prefixes
    }

    /// The style `request` asks for, built with `make` (with no lock held) unless kept.
    func style(_ request: Request, _ make: () -> BuiltStyle) -> BuiltStyle {
        if let kept = styles.withLock({ $0.styles[request] }) { return kept }
        let made = make()
        return styles.withLock { built in
            if let kept = built.styles[request] { return kept }
            if built.order.count < Self.capacity {
                built.order.append(request)
            } else {
                built.styles[built.order[built.oldest]] = nil
                built.order[built.oldest] = request
                built.oldest = (built.oldest + 1) % Self.capacity
            }
            built.styles[request] = made
            return made
        }
    }

    /// How many built styles are kept.
    var count: Int { styles.withLock { $0.styles.count } }
}

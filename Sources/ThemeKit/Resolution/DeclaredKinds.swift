/// The reserved last segments of a key that describe the keys under it rather than hold a
/// value (SPEC §2): `P.$type` declares the kind of P and of every key under P, `$type` alone
/// that of the whole theme; `P.$description` and `P.$deprecated` are kept and shown. None is
/// a theme value.
package enum DeclarationKind: UInt8, Sendable, Hashable, CaseIterable {
    case type, description, deprecated

    /// The segment as a theme writes it: `$type`.
    package var segment: String {
        switch self {
        case .type: "$type"
        case .description: "$description"
        case .deprecated: "$deprecated"
        }
    }

    /// `$type`, `$description` and `$deprecated` as bytes, by `rawValue`.
    private static let segments: [[UInt8]] = allCases.map { Array($0.segment.utf8) }

    /// The declaration a key given as its UTF-8 bytes is, if its last segment is one: the
    /// key's last bytes compared once, so that asking costs the same for every key.
    @inline(__always)
    package static func of(key bytes: UnsafeBufferPointer<UInt8>) -> DeclarationKind? {
        guard let last = bytes.last, bytes.count >= 5 else { return nil }
        let kind: DeclarationKind
        switch last {
        case UInt8(ascii: "e"): kind = .type
        case UInt8(ascii: "n"): kind = .description
        case UInt8(ascii: "d"): kind = .deprecated
        default: return nil
        }
        let segment = segments[Int(kind.rawValue)]
        guard bytes.count >= segment.count,
            bytes.count == segment.count || bytes[bytes.count - segment.count - 1] == UInt8(ascii: ".")
        else { return nil }
        return segment.withUnsafeBufferPointer {
            KeyHash.equalBytes(UnsafeBufferPointer(rebasing: bytes[(bytes.count - segment.count)...]), $0)
        }
            ? kind : nil
    }

    /// The declaration `key` is (see `of(key:)`).
    package static func of(key: String) -> DeclarationKind? {
        var key = key
        return key.withUTF8 { of(key: $0) }
    }

    /// What a declaration key declares for: `color.bg` for `color.bg.$type`, the empty
    /// string (the whole theme) for `$type`.
    package static func prefix(ofDeclaration key: String) -> String {
        guard let kind = of(key: key) else { return key }
        return String(key.utf8.dropLast(kind.segment.utf8.count + (key.utf8.count > kind.segment.utf8.count ? 1 : 0)))
            ?? key
    }
}

/// The `$type` declarations of a theme and its ancestors, as a trie of their prefixes'
/// dotted segments: a key finds its nearest declaration by walking its own segments from
/// the root, each hashed once, so a key of d segments costs its length, not d hashes of
/// prefixes of it.
///
/// The nodes' segments share one byte buffer and their edges one table of chains indexed
/// by the edge's hash (seeded, `KeyHash`: input chooses the keys), so declaring a prefix
/// allocates nothing of its own and finding a segment costs one hash and one compare: a
/// DTCG file declares a kind for every member of every composite token, and a `Dictionary`
/// of edges and an array per segment were most of resolving its theme's declared kinds.
package struct DeclarationTrie: Sendable {
    /// One prefix: its parent's number, its last segment (`count` bytes of `bytes` from
    /// `start`), the declaration made for it (-1 for none) and those of the two other slots
    /// (`declare(_:declaration:slot:)`), its edge's hash, and the next node of the same chain.
    private struct Node: Sendable {
        var parent: Int32
        var start: Int32
        var count: Int32
        var declaration: Int32
        var next: Int32
        var second: Int32 = -1
        var third: Int32 = -1
        var hash: Int

        init(parent: Int32, start: Int32, count: Int32, declaration: Int32, next: Int32, hash: Int) {
            self.parent = parent
            self.start = start
            self.count = count
            self.declaration = declaration
            self.next = next
            self.hash = hash
        }
    }

    /// Node 0 is the root, the empty prefix (the whole theme).
    private var nodes: [Node] = [Node(parent: -1, start: 0, count: 0, declaration: -1, next: -1, hash: 0)]
    /// Every node's segment, one after the other.
    private var bytes: [UInt8] = []
    /// The first node of each chain, by edge hash masked to the table's size (a power of
    /// two, at least the number of nodes); empty until a prefix is declared.
    private var heads: [Int32] = []
    private let seed = KeyHash.current

    package init() {}

    package var isEmpty: Bool { nodes.count == 1 && nodes[0].declaration < 0 }

    /// Whether slot `slot` (0, 1 or 2) holds a declaration of some prefix.
    private var slotsUsed: (Bool, Bool, Bool) = (false, false, false)

    /// Whether any prefix has a declaration in slot `slot` (0, 1 or 2; see
    /// `declare(_:declaration:slot:)`).
    package func hasDeclarations(inSlot slot: Int) -> Bool {
        switch slot {
        case 0: slotsUsed.0
        case 1: slotsUsed.1
        default: slotsUsed.2
        }
    }

    @inline(__always)
    private static func edgeHash(parent: Int32, _ segment: UnsafeBufferPointer<UInt8>, seed: KeyHash.Seed) -> Int {
        KeyHash.raw(segment, seed: seed) &+ Int(parent) &* 0x9E37_79B9
    }

    /// The child of `parent` whose segment is `segment` (of edge hash `hash`), found in the
    /// buffers given.
    @inline(__always)
    private static func child(
        of parent: Int32, _ segment: UnsafeBufferPointer<UInt8>, hash: Int, nodes: UnsafeBufferPointer<Node>,
        bytes: UnsafeBufferPointer<UInt8>, heads: UnsafeBufferPointer<Int32>
    ) -> Int32? {
        guard !heads.isEmpty else { return nil }
        var candidate = heads[hash & (heads.count - 1)]
        while candidate >= 0 {
            let node = nodes[Int(candidate)]
            if node.hash == hash, node.parent == parent, Int(node.count) == segment.count,
                KeyHash.equalBytes(
                    UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.start + node.count)]), segment)
            {
                return candidate
            }
            candidate = node.next
        }
        return nil
    }

    /// Doubles the chains' table (or makes it), placing every node again by its hash.
    private mutating func grow() {
        let size = max(16, heads.count * 2)
        heads = [Int32](repeating: -1, count: size)
        for index in 1..<nodes.count {
            let slot = nodes[index].hash & (size - 1)
            nodes[index].next = heads[slot]
            heads[slot] = Int32(index)
        }
    }

    /// Records `declaration` for the prefix `bytes` (dotted segments; empty for the whole
    /// theme) unless a declaration is already there: declarations are added child first, and
    /// the nearest file's wins. A trie holds up to three kinds of declaration apart, each in
    /// a slot of its own (0, the default, 1 or 2): a resolver finds a key's nearest `$type`,
    /// `$description` and `$deprecated` in one walk (`declarations(for:)`).
    package mutating func declare(_ key: UnsafeBufferPointer<UInt8>, declaration: Int, slot: Int = 0) {
        var node: Int32 = 0
        if !key.isEmpty {
            var start = 0
            for end in 0...key.count where end == key.count || key[end] == UInt8(ascii: ".") {
                let segment = UnsafeBufferPointer(rebasing: key[start..<end])
                let hash = Self.edgeHash(parent: node, segment, seed: seed)
                let found = nodes.withUnsafeBufferPointer { nodes in
                    bytes.withUnsafeBufferPointer { bytes in
                        heads.withUnsafeBufferPointer { heads in
                            Self.child(of: node, segment, hash: hash, nodes: nodes, bytes: bytes, heads: heads)
                        }
                    }
                }
                if let found {
                    node = found
                } else {
                    if nodes.count >= heads.count { grow() }
                    let slot = hash & (heads.count - 1)
                    nodes.append(
                        Node(
                            parent: node, start: Int32(bytes.count), count: Int32(segment.count), declaration: -1,
                            next: heads[slot], hash: hash))
                    bytes.append(contentsOf: segment)
                    let added = Int32(nodes.count - 1)
                    heads[slot] = added
                    node = added
                }
                start = end + 1
            }
        }
        switch slot {
        case 0:
            slotsUsed.0 = true
            if nodes[Int(node)].declaration < 0 { nodes[Int(node)].declaration = Int32(declaration) }
        case 1:
            slotsUsed.1 = true
            if nodes[Int(node)].second < 0 { nodes[Int(node)].second = Int32(declaration) }
        default:
            slotsUsed.2 = true
            if nodes[Int(node)].third < 0 { nodes[Int(node)].third = Int32(declaration) }
        }
    }

    /// Calls `body` with the node of each prefix of `key` (given as bytes) the trie has,
    /// root first, until one is missing: one walk of its segments.
    @inline(__always)
    private func walk(_ key: UnsafeBufferPointer<UInt8>, _ body: (Node) -> Void) {
        nodes.withUnsafeBufferPointer { nodes in
            body(nodes[0])
            bytes.withUnsafeBufferPointer { bytes in
                heads.withUnsafeBufferPointer { heads in
                    guard !heads.isEmpty else { return }
                    var node: Int32 = 0
                    var start = 0
                    for end in 0...key.count where end == key.count || key[end] == UInt8(ascii: ".") {
                        let segment = UnsafeBufferPointer(rebasing: key[start..<end])
                        let hash = Self.edgeHash(parent: node, segment, seed: seed)
                        guard
                            let next = Self.child(
                                of: node, segment, hash: hash, nodes: nodes, bytes: bytes, heads: heads)
                        else { return }
                        node = next
                        body(nodes[Int(node)])
                        start = end + 1
                    }
                }
            }
        }
    }

    /// Calls `body` with every declaration `key` (given as bytes) lies under, itself
    /// included, root first: one walk of its segments.
    package func forEachDeclaration(over key: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        walk(key) { node in
            if node.declaration >= 0 { body(Int(node.declaration)) }
        }
    }

    /// The declarations nearest `key` (given as bytes) in each of the three slots: that of
    /// its longest dotted prefix (itself included) that has one; -1 for none. One walk.
    package func declarations(for key: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int) {
        var found: (Int32, Int32, Int32) = (-1, -1, -1)
        walk(key) { node in
            if node.declaration >= 0 { found.0 = node.declaration }
            if node.second >= 0 { found.1 = node.second }
            if node.third >= 0 { found.2 = node.third }
        }
        return (Int(found.0), Int(found.1), Int(found.2))
    }

    /// What the last `declarations(for:from:)` walk met: its key, and after each segment it
    /// found, where the segment ends, its node and the declarations found so far. The next
    /// key starts after the segments it shares with that key (keys read in a file's order
    /// share most of theirs), and walks only the rest.
    package struct Cursor {
        /// The last key's bytes: the first `keyCount` of `key` (kept, and grown, between keys).
        fileprivate var key: [UInt8] = []
        fileprivate var keyCount = 0
        /// The first `stepCount` of `steps` are the last walk's (kept between keys).
        fileprivate var steps: [Step] = []
        fileprivate var stepCount = 0
        /// Where the segment the last walk did not find ends (-1: it found every one).
        fileprivate var missingEnd = -1

        fileprivate struct Step {
            var end: Int
            var node: Int32
            var found: (Int32, Int32, Int32)
        }

        package init() {}

        /// Takes `key` as the last key, returning how many first bytes it shares with the one
        /// before: one pass, no allocation once the buffer is as long as the longest key.
        fileprivate mutating func take(_ next: UnsafeBufferPointer<UInt8>) -> Int {
            if key.count < next.count { key.append(contentsOf: repeatElement(0, count: next.count - key.count)) }
            let limit = min(keyCount, next.count)
            keyCount = next.count
            return key.withUnsafeMutableBufferPointer { last in
                var common = 0
                while common < limit, last[common] == next[common] { common += 1 }
                var index = common
                while index < next.count {
                    last[index] = next[index]
                    index += 1
                }
                return common
            }
        }

        /// Records the walk's step after the first `stepCount`.
        fileprivate mutating func record(_ step: Step) {
            if stepCount < steps.count { steps[stepCount] = step } else { steps.append(step) }
            stepCount += 1
        }
    }

    /// `declarations(for:)`, walking only the segments of `key` after those it shares with
    /// the key `cursor` last walked: the same answer, for a key that shares its group with the
    /// one before it for the price of its last segment.
    package func declarations(for key: UnsafeBufferPointer<UInt8>, from cursor: inout Cursor) -> (Int, Int, Int) {
        let root = nodes[0]
        var found = (root.declaration, root.second, root.third)
        guard !heads.isEmpty else { return (Int(found.0), Int(found.1), Int(found.2)) }
        // The bytes the two keys share, and the last step of the last walk that ends within
        // them at a segment's end of this key.
        let common = cursor.take(key)
        func endsSegment(_ end: Int) -> Bool { end <= common && (end == key.count || key[end] == UInt8(ascii: ".")) }
        var kept = 0
        while kept < cursor.stepCount, endsSegment(cursor.steps[kept].end) { kept += 1 }
        var node: Int32 = 0
        var start = 0
        if kept > 0 {
            let step = cursor.steps[kept - 1]
            node = step.node
            found = step.found
            start = step.end + 1
        }
        // The last walk found no node for a segment this key shares: nor will this one.
        if kept == cursor.stepCount, cursor.missingEnd >= 0, endsSegment(cursor.missingEnd) {
            return (Int(found.0), Int(found.1), Int(found.2))
        }
        cursor.stepCount = kept
        cursor.missingEnd = -1
        guard start <= key.count else { return (Int(found.0), Int(found.1), Int(found.2)) }
        nodes.withUnsafeBufferPointer { nodes in
            bytes.withUnsafeBufferPointer { bytes in
                heads.withUnsafeBufferPointer { heads in
                    for end in start...key.count where end == key.count || key[end] == UInt8(ascii: ".") {
                        let segment = UnsafeBufferPointer(rebasing: key[start..<end])
                        let hash = Self.edgeHash(parent: node, segment, seed: seed)
                        guard
                            let next = Self.child(
                                of: node, segment, hash: hash, nodes: nodes, bytes: bytes, heads: heads)
                        else {
                            cursor.missingEnd = end
                            return
                        }
                        node = next
                        let reached = nodes[Int(node)]
                        if reached.declaration >= 0 { found.0 = reached.declaration }
                        if reached.second >= 0 { found.1 = reached.second }
                        if reached.third >= 0 { found.2 = reached.third }
                        cursor.record(Cursor.Step(end: end, node: node, found: found))
                        start = end + 1
                    }
                }
            }
        }
        return (Int(found.0), Int(found.1), Int(found.2))
    }

    /// The declaration nearest `key` (given as bytes): that of its longest dotted prefix
    /// (itself included) that has one; -1 for none.
    package func declaration(for key: UnsafeBufferPointer<UInt8>) -> Int {
        var found: Int32 = -1
        walk(key) { node in
            if node.declaration >= 0 { found = node.declaration }
        }
        return Int(found)
    }
}

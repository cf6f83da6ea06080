/// A persistent map from the hashes the reader stored (`PackedEntry.hash`, 32 bits) to
/// values, for the key sets of a session's inheritance links: a child's set is its parent's
/// with its own keys set over them, and shares every part of the parent's that its keys do
/// not touch. Setting a key copies the nodes on its path (at most seven of at most 32
/// slots), so n links that each add a key hold n small paths, where a table copied from
/// parent to child held n²/2 keys in all.
///
/// A hash array mapped trie: each node takes five bits of the hash, its slots packed by a
/// bitmap; values whose 32-bit hashes are equal share a leaf, and `matching` tells them
/// apart. The hashes are seeded (`KeyHash`), so no choice of keys makes the leaves long.
struct HashTrie<Value: Sendable>: Sendable {
    private var root = Node()
    /// How many values the trie holds.
    private(set) var count = 0

    /// One level of the trie.
    ///
    /// Unchecked: a node is changed only by the trie that holds it alone
    /// (`isKnownUniquelyReferenced`), while that trie is a local value being built, before
    /// any other trie or thread can see the node; a node two tries share is copied first.
    final class Node: @unchecked Sendable {
        /// Which of the 32 slots are taken: bit i for the hashes whose five bits here are i.
        var bitmap: UInt32 = 0
        /// The slots taken, in bit order.
        var slots: [Slot] = []

        init() {}

        init(copying other: Node) {
            bitmap = other.bitmap
            slots = other.slots
        }
    }

    /// A slot: a node below (`child`), or a leaf of the values stored under `hash`: the
    /// first in place (no array to allocate for the usual leaf of one), any others after it.
    struct Slot: Sendable {
        var hash: UInt32
        var first: Value?
        var more: [Value] = []
        var child: Node?

        init(hash: UInt32, first: Value?, child: Node?) {
            self.hash = hash
            self.first = first
            self.child = child
        }

        /// The leaf's value that `matching` accepts.
        func value(matching: (Value) -> Bool) -> Value? {
            if let first, matching(first) { return first }
            for value in more where matching(value) { return value }
            return nil
        }

        /// Calls `body` with each of the leaf's values.
        func forEachValue(_ body: (Value) -> Void) {
            if let first { body(first) }
            for value in more { body(value) }
        }
    }

    /// The value under `hash` that `matching` accepts.
    func find(hash: Int, matching: (Value) -> Bool) -> Value? {
        let hash = UInt32(truncatingIfNeeded: hash)
        var node = root
        var shift: UInt32 = 0
        while true {
            let bit = UInt32(1) << (hash >> shift & 31)
            guard node.bitmap & bit != 0 else { return nil }
            let position = (node.bitmap & (bit &- 1)).nonzeroBitCount
            if let child = node.slots[position].child {
                node = child
                shift += 5
                continue
            }
            guard node.slots[position].hash == hash else { return nil }
            return node.slots[position].value(matching: matching)
        }
    }

    /// Sets `value` under `hash`, in place of the value there that `matching` accepts, or
    /// beside the others. Returns whether it replaced one.
    @discardableResult
    mutating func set(_ value: Value, hash: Int, matching: (Value) -> Bool) -> Bool {
        if !isKnownUniquelyReferenced(&root) { root = Node(copying: root) }
        let replaced = Self.set(value, hash: UInt32(truncatingIfNeeded: hash), in: root, matching: matching)
        if !replaced { count += 1 }
        return replaced
    }

    /// `set` from `top`, a node this trie holds alone.
    private static func set(_ value: Value, hash: UInt32, in top: Node, matching: (Value) -> Bool) -> Bool {
        var node = top
        var shift: UInt32 = 0
        while true {
            let bit = UInt32(1) << (hash >> shift & 31)
            let position = (node.bitmap & (bit &- 1)).nonzeroBitCount
            if node.bitmap & bit == 0 {
                node.slots.insert(Slot(hash: hash, first: value, child: nil), at: position)
                node.bitmap |= bit
                return false
            }
            if node.slots[position].child != nil {
                // A node shared with another trie (the parent's) is copied before it changes.
                if !isKnownUniquelyReferenced(&node.slots[position].child) {
                    node.slots[position].child = node.slots[position].child.map(Node.init(copying:))
                }
                guard let child = node.slots[position].child else { return false }
                node = child
                shift += 5
                continue
            }
            if node.slots[position].hash == hash {
                if let first = node.slots[position].first, matching(first) {
                    node.slots[position].first = value
                    return true
                }
                if let index = node.slots[position].more.firstIndex(where: matching) {
                    node.slots[position].more[index] = value
                    return true
                }
                node.slots[position].more.append(value)
                return false
            }
            // Another hash's leaf is here: it moves one level down, into a node of its own,
            // and the loop goes on there (two hashes of 32 bits part by the seventh level).
            let moved = node.slots[position]
            let child = Node()
            child.bitmap = UInt32(1) << (moved.hash >> (shift + 5) & 31)
            child.slots = [moved]
            node.slots[position] = Slot(hash: 0, first: nil, child: child)
            node = child
            shift += 5
        }
    }

    /// Calls `body` with every value, in no set order.
    func forEachValue(_ body: (Value) -> Void) {
        var pending = [root]
        while let node = pending.popLast() {
            for slot in node.slots {
                if let child = slot.child {
                    pending.append(child)
                } else {
                    slot.forEachValue(body)
                }
            }
        }
    }
}

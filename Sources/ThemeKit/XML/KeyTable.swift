/// An open-addressing hash table of entry numbers, keyed by the hashes the reader stored
/// (`PackedEntry.hash`): a file's index of its keys, and a load's merged table of its
/// theme's keys, which is also the index a loaded theme's lookups use.
///
/// The table holds only numbers; whether a number's key is the one sought is the caller's
/// to say (`matching`), since the keys' text lives in the documents. Linear probing, at
/// at most three quarters full, so a probe sequence is short; the hashes are seeded (`KeyHash`), so no
/// choice of keys makes them long.
struct KeyTable: Sendable {
    /// 0 for an empty slot; else the entry number plus one in the low 32 bits and the hash's
    /// low 32 bits above them.
    private var slots: [UInt64]
    private var mask: Int
    /// How many numbers the table holds.
    private(set) var count = 0

    /// An empty table with room for `capacity` numbers before it grows.
    init(capacity: Int = 0) {
        var size = 8
        while size * 3 < capacity * 4 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The number whose key matches (`matching` is asked only of numbers whose stored hash
    /// equals `hash`'s low 32 bits).
    @inline(__always)
    func find(hash: Int, matching: (Int) -> Bool) -> Int? {
        if case .found(let number, _) = probe(hash: hash, matching: matching) { return number }
        return nil
    }

    /// Where a probe for a key ended: at the number whose key matches, or at the empty
    /// slot where the key would go.
    enum Probe {
        /// The number, and its slot (for `replace` or `remove`).
        case found(Int, slot: Int)
        case vacant(slot: Int)
    }

    /// Looks for a key as `find` does, and says where it would go when it is not there.
    @inline(__always)
    func probe(hash: Int, matching: (Int) -> Bool) -> Probe {
        let tag = UInt64(UInt32(truncatingIfNeeded: hash)) << 32
        return slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: hash)) & mask
            while true {
                let stored = slots[slot]
                if stored == 0 { return .vacant(slot: slot) }
                if stored & 0xFFFF_FFFF_0000_0000 == tag {
                    let number = Int(stored & 0xFFFF_FFFF) - 1
                    if matching(number) { return .found(number, slot: slot) }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Puts `number`, whose key the table does not hold, in `slot` (from `probe`, with no
    /// change to the table since).
    @inline(__always)
    mutating func place(_ number: Int, hash: Int, in slot: Int) {
        let stored = UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(number + 1)
        count += 1
        if count * 4 > slots.count * 3 {
            grow()
            add(stored)
        } else {
            slots[slot] = stored
        }
    }

    /// Adds `number` under `hash`, unless a number whose key matches is there: that number
    /// is returned, and the table is unchanged.
    @inline(__always)
    mutating func insert(_ number: Int, hash: Int, matching: (Int) -> Bool) -> Int? {
        switch probe(hash: hash, matching: matching) {
        case .found(let existing, _):
            return existing
        case .vacant(let slot):
            place(number, hash: hash, in: slot)
            return nil
        }
    }

    /// Puts `number` (whose key is that of the number there) in `slot`.
    mutating func replace(slot: Int, with number: Int) {
        slots[slot] = slots[slot] & 0xFFFF_FFFF_0000_0000 | UInt64(number + 1)
    }

    /// Removes the number in `slot`, moving back the numbers after it that would otherwise
    /// no longer be found (linear probing's deletion: no tombstone is left).
    mutating func remove(slot: Int) {
        let mask = mask
        slots.withUnsafeMutableBufferPointer { slots in
            var hole = slot
            var next = (hole + 1) & mask
            while slots[next] != 0 {
                let home = Int(truncatingIfNeeded: slots[next] >> 32) & mask
                // Move the number back when its home is not cyclically within (hole, next].
                let stays = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
                if !stays {
                    slots[hole] = slots[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            slots[hole] = 0
        }
        count -= 1
    }

    /// Adds a number known to be absent, under its stored form.
    private mutating func add(_ stored: UInt64) {
        let mask = mask
        slots.withUnsafeMutableBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: stored >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

    /// Doubles the slots, placing every number again from its stored hash.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for stored in old where stored != 0 { add(stored) }
    }

    /// Every number in the table, in slot order.
    var numbers: Numbers { Numbers(slots: slots) }

    /// The numbers of a table, in slot order.
    struct Numbers: Sequence {
        let slots: [UInt64]

        func makeIterator() -> Iterator { Iterator(slots: slots) }

        struct Iterator: IteratorProtocol {
            let slots: [UInt64]
            var index = 0

            @inline(__always)
            mutating func next() -> Int? {
                while index < slots.count {
                    let stored = slots[index]
                    index += 1
                    if stored != 0 { return Int(stored & 0xFFFF_FFFF) - 1 }
                }
                return nil
            }
        }
    }
}

/// Deliveries waiting to be made in order, one at a time, by whichever thread claims them
/// (a trampoline).
///
/// The outbox is plain state kept inside its owner's lock: items are appended under the
/// same lock hold that made the change they report, so their order is the order of the
/// changes. Delivering runs code the owner does not own, so it happens with no lock held:
/// one thread at a time claims the outbox and takes items one by one, each under a short
/// lock hold, until none is left. A thread that finds the outbox claimed only appends; the
/// claimer delivers its item after the one in hand. So a delivery that makes another
/// change (an observer calling back) neither re-enters the lock nor jumps the queue.
struct Outbox<Item> {
    private var items: [Item] = []
    /// The index of the next item to deliver; items before it are delivered.
    private var head = 0
    /// Whether some thread is delivering.
    private(set) var isClaimed = false

    init() {}

    /// The items not delivered yet.
    var count: Int { items.count - head }

    /// Queues an item behind every item appended before it.
    mutating func append(_ item: Item) {
        items.append(item)
    }

    /// Claims the right to deliver. False when another thread (or an outer frame of this
    /// one) holds it: that claimer will deliver what was appended.
    mutating func claim() -> Bool {
        if isClaimed { return false }
        isClaimed = true
        return true
    }

    /// The next item for the claimer, or nil, which also gives up the claim: an item
    /// appended after that is delivered by whoever claims next.
    mutating func next() -> Item? {
        guard head < items.count else {
            items.removeAll(keepingCapacity: items.count <= 64)
            head = 0
            isClaimed = false
            return nil
        }
        let item = items[head]
        head += 1
        if head >= 64, head * 2 >= items.count {  // drop the delivered half: amortised O(1)
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}

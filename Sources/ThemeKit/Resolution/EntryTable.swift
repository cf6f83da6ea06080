/// Every entry of every file of a theme's chain, numbered as one table (a file's offset
/// plus the entry's index in it), without copying them out of their documents.
///
/// Resolution and provenance address entries by that number. The files keep their own
/// arrays: a copy of all of them was the largest single allocation of loading a theme with
/// a parent.
struct EntryTable: Sendable {
    /// Each file's entries, in chain order.
    private let files: [[PropertyListEntry]]
    /// Each file's first number, in chain order.
    let offsets: [Int]
    /// The chain index of each number's file; empty for a chain of one file.
    private let fileOf: [Int32]
    /// How many entries there are in all.
    let count: Int

    init() {
        files = []
        offsets = []
        fileOf = []
        count = 0
    }

    /// Numbers the entries of `files` (in chain order) file by file, in `order`.
    init(_ files: [[PropertyListEntry]], numberedIn order: [Int]) {
        var offsets = Array(repeating: 0, count: files.count)
        var total = 0
        for fileIndex in order {
            offsets[fileIndex] = total
            total += files[fileIndex].count
        }
        var fileOf: [Int32] = []
        if files.count > 1 {
            fileOf.reserveCapacity(total)
            for fileIndex in order { fileOf += repeatElement(Int32(fileIndex), count: files[fileIndex].count) }
        }
        self.files = files
        self.offsets = offsets
        self.fileOf = fileOf
        self.count = total
    }

    /// The chain index of the file entry `id` belongs to.
    @inline(__always)
    func file(of id: Int) -> Int { fileOf.isEmpty ? 0 : Int(fileOf[id]) }

    /// The entry numbered `id`.
    subscript(id: Int) -> PropertyListEntry {
        _read {
            let file = file(of: id)
            yield files[file][id - offsets[file]]
        }
    }
}

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
package struct DeclarationTrie: Sendable {
    /// One prefix: its parent's number, its last segment's bytes and the declaration made
    /// for it (-1 for none), chained to the next node of the same bucket.
    private struct Node: Sendable {
        var parent: Int32
        var segment: [UInt8]
        var declaration: Int32
        var next: Int32
    }

    /// Node 0 is the root, the empty prefix (the whole theme).
    private var nodes: [Node] = [Node(parent: -1, segment: [], declaration: -1, next: -1)]
    /// The first node of each edge hash (seeded: input chooses the keys).
    private var buckets: [Int: Int32] = [:]

    package init() {}

    package var isEmpty: Bool { nodes.count == 1 && nodes[0].declaration < 0 }

    @inline(__always)
    private static func edgeHash(parent: Int32, _ segment: UnsafeBufferPointer<UInt8>) -> Int {
        KeyHash.raw(segment) &* 31 &+ Int(parent) &* 0x9E37_79B9
    }

    private func child(of parent: Int32, _ segment: UnsafeBufferPointer<UInt8>) -> Int32? {
        var candidate = buckets[Self.edgeHash(parent: parent, segment)] ?? -1
        while candidate >= 0 {
            let node = nodes[Int(candidate)]
            if node.parent == parent,
                node.segment.withUnsafeBufferPointer({ $0.count == segment.count && KeyHash.equalBytes($0, segment) })
            {
                return candidate
            }
            candidate = node.next
        }
        return nil
    }

    /// Records `declaration` for the prefix `bytes` (dotted segments; empty for the whole
    /// theme) unless a declaration is already there: declarations are added child first, and
    /// the nearest file's wins.
    package mutating func declare(_ bytes: UnsafeBufferPointer<UInt8>, declaration: Int) {
        var node: Int32 = 0
        if !bytes.isEmpty {
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ".") {
                let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let found = child(of: node, segment) {
                    node = found
                } else {
                    let hash = Self.edgeHash(parent: node, segment)
                    nodes.append(
                        Node(parent: node, segment: Array(segment), declaration: -1, next: buckets[hash] ?? -1))
                    let added = Int32(nodes.count - 1)
                    buckets[hash] = added
                    node = added
                }
                start = end + 1
            }
        }
        if nodes[Int(node)].declaration < 0 { nodes[Int(node)].declaration = Int32(declaration) }
    }

    /// Calls `body` with every declaration `key` (given as bytes) lies under, itself
    /// included, root first: one walk of its segments.
    package func forEachDeclaration(over key: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        if nodes[0].declaration >= 0 { body(Int(nodes[0].declaration)) }
        var node: Int32 = 0
        var start = 0
        for end in 0...key.count where end == key.count || key[end] == UInt8(ascii: ".") {
            guard let next = child(of: node, UnsafeBufferPointer(rebasing: key[start..<end])) else { return }
            node = next
            if nodes[Int(node)].declaration >= 0 { body(Int(nodes[Int(node)].declaration)) }
            start = end + 1
        }
    }

    /// The declaration nearest `key` (given as bytes): that of its longest dotted prefix
    /// (itself included) that has one; -1 for none.
    package func declaration(for key: UnsafeBufferPointer<UInt8>) -> Int {
        var node: Int32 = 0
        var found = nodes[0].declaration
        var start = 0
        for end in 0...key.count where end == key.count || key[end] == UInt8(ascii: ".") {
            guard let next = child(of: node, UnsafeBufferPointer(rebasing: key[start..<end])) else { break }
            node = next
            if nodes[Int(node)].declaration >= 0 { found = nodes[Int(node)].declaration }
            start = end + 1
        }
        return Int(found)
    }
}

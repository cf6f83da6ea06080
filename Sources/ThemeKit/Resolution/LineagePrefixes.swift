extension ThemeLoader.Session {
    /// The dotted prefixes of a lineage's keys, each with whether a key of the merged theme
    /// is it or lies under it, and the nearest declarations made for it (`P.$type`,
    /// `P.$description`, `P.$deprecated`; SPEC §2): what a session asks when a theme lies
    /// below a declaration or declares itself. Which kind does a key changed by a mapping
    /// theme hold (`ChangeCheck`)? Does a theme's declaration reach an inherited key? Which
    /// ancestors' declarations reach the keys a theme adds?
    ///
    /// Persistent, as the session's setters are: a theme's prefixes are its parent's with its
    /// own file's added, sharing every node its keys do not touch, so that a chain of n
    /// themes costs the keys it holds, not n merged themes. A prefix is a node numbered in
    /// the lineage, found by its parent's number and its last segment, so that a key finds
    /// its nodes in one walk of its segments, each hashed once (as `DeclarationTrie` does),
    /// and a key of d segments costs its length, not d hashes of prefixes of it.
    struct Prefixes: Sendable {
        /// A declaration of the lineage: its entry, in the declaring theme's file.
        struct Declaration: Sendable {
            let setter: Setters.Setter
        }

        /// The declarations made for one prefix, the nearest of each kind. A class, never
        /// changed once made: most prefixes have none, and a node is copied along the
        /// trie's paths.
        final class Declared: Sendable {
            let type: Declaration?
            let description: Declaration?
            let deprecated: Declaration?

            init(type: Declaration?, description: Declaration?, deprecated: Declaration?) {
                self.type = type
                self.description = description
                self.deprecated = deprecated
            }

            /// The declaration of `kind`.
            subscript(kind: DeclarationKind) -> Declaration? {
                switch kind {
                case .type: type
                case .description: description
                case .deprecated: deprecated
                }
            }

            /// These with `declaration` as the one of `kind`.
            func setting(_ kind: DeclarationKind, to declaration: Declaration) -> Declared {
                Declared(
                    type: kind == .type ? declaration : type,
                    description: kind == .description ? declaration : description,
                    deprecated: kind == .deprecated ? declaration : deprecated)
            }
        }

        /// One prefix: its number, its parent's, its last segment.
        struct Node: Sendable {
            let number: Int
            let parent: Int
            let segment: [UInt8]
            /// Whether a key of the merged theme (not a declaration) is this prefix or lies
            /// under it.
            var holdsKeys: Bool
            var declared: Declared?
        }

        /// Every prefix but the empty one, by the hash of its parent's number and segment.
        private var nodes = HashTrie<Node>()
        /// The empty prefix: the whole theme (`$type` alone declares for it).
        private var root = Node(number: 0, parent: -1, segment: [], holdsKeys: false, declared: nil)
        private var nextNumber = 1
        /// Whether some theme of the lineage declares something.
        private(set) var hasDeclarations = false

        init() {}

        @inline(__always)
        private static func edgeHash(parent: Int, _ segment: UnsafeBufferPointer<UInt8>) -> Int {
            KeyHash.raw(segment) &* 31 &+ parent &* 0x9E37_79B9
        }

        /// The node of `segment` below node `parent`, if there is one.
        private func child(of parent: Int, _ segment: UnsafeBufferPointer<UInt8>) -> Node? {
            nodes.find(hash: Self.edgeHash(parent: parent, segment)) { node in
                node.parent == parent
                    && node.segment.withUnsafeBufferPointer {
                        $0.count == segment.count && KeyHash.equalBytes($0, segment)
                    }
            }
        }

        /// Stores `node` in place of the node of its number.
        private mutating func store(_ node: Node) {
            guard node.number != 0 else {
                root = node
                return
            }
            _ = node.segment.withUnsafeBufferPointer { segment in
                nodes.set(node, hash: Self.edgeHash(parent: node.parent, segment)) { $0.number == node.number }
            }
        }

        /// The node of `segment` below `parent`, made if there is none.
        private mutating func child(madeOf parent: Node, _ segment: UnsafeBufferPointer<UInt8>) -> Node {
            if let found = child(of: parent.number, segment) { return found }
            let made = Node(number: nextNumber, parent: parent.number, segment: Array(segment), holdsKeys: false)
            nextNumber += 1
            store(made)
            return made
        }

        /// Calls `body` with each dotted segment of `key`, as the resolver splits a key
        /// (`DeclarationTrie`): the empty key is one empty segment. `body` says whether to
        /// go on.
        @inline(__always)
        private static func forEachSegment(
            of key: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
        ) {
            var start = 0
            for end in 0...key.count where end == key.count || key[end] == UInt8(ascii: ".") {
                guard body(UnsafeBufferPointer(rebasing: key[start..<end])) else { return }
                start = end + 1
            }
        }

        /// The prefix a declaration key (`color.bg.$type`) declares for, as the resolver
        /// takes it: the key less its last segment and the dot before it; empty for the
        /// whole theme.
        private static func prefix(
            ofDeclaration key: UnsafeBufferPointer<UInt8>, _ kind: DeclarationKind
        ) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: key[..<max(0, key.count - kind.segment.utf8.count - 1)])
        }

        /// The node of `prefix` (empty: the root), if there is one.
        private func node(ofPrefix prefix: UnsafeBufferPointer<UInt8>) -> Node? {
            var current: Node? = root
            guard !prefix.isEmpty else { return root }
            Self.forEachSegment(of: prefix) { segment in
                current = current.flatMap { child(of: $0.number, segment) }
                return current != nil
            }
            return current
        }

        /// These prefixes with `file`'s keys and declarations added (the first entry of
        /// each key, `INHERITED_THEME` left out), set by the theme at `depth` over the
        /// lineage's: a declaration replaces an ancestor's of the same prefix.
        func adding(_ file: FileBox, atDepth depth: Int) -> Prefixes {
            var prefixes = self
            let store = file.file.document.store
            let reserved = store.reservedEntries()
            let declarationMask = store.declarationMask()
            for index in 0..<store.count where !reserved.contains(index) && store.isFirstOfKey(index) {
                let isDeclaration = !declarationMask.isEmpty && declarationMask[index]
                store.withBytes(store.packed[index].key) { key in
                    if isDeclaration, let kind = DeclarationKind.of(key: key) {
                        let setter = Setters.Setter(file: file, depth: Int32(depth), entry: Int32(index))
                        prefixes.declare(Self.prefix(ofDeclaration: key, kind), kind, Declaration(setter: setter))
                    } else if !isDeclaration {
                        prefixes.addKey(key)
                    }
                }
            }
            return prefixes
        }

        /// Marks the nodes of `key`'s prefixes, made where missing, as holding a key.
        private mutating func addKey(_ key: UnsafeBufferPointer<UInt8>) {
            if !root.holdsKeys { root.holdsKeys = true }
            var current = root
            Self.forEachSegment(of: key) { segment in
                var next = child(madeOf: current, segment)
                if !next.holdsKeys {
                    next.holdsKeys = true
                    store(next)
                }
                current = next
                return true
            }
        }

        /// Records `declaration` as the nearest of `kind` for `prefix`.
        private mutating func declare(
            _ prefix: UnsafeBufferPointer<UInt8>, _ kind: DeclarationKind, _ declaration: Declaration
        ) {
            hasDeclarations = true
            var current = root
            if !prefix.isEmpty {
                Self.forEachSegment(of: prefix) { segment in
                    current = child(madeOf: current, segment)
                    return true
                }
            }
            current.declared =
                current.declared?.setting(kind, to: declaration)
                ?? Declared(
                    type: kind == .type ? declaration : nil, description: kind == .description ? declaration : nil,
                    deprecated: kind == .deprecated ? declaration : nil)
            store(current)
        }

        /// Whether a key of the merged theme is `prefix` or lies under it (any key, for the
        /// empty prefix of the whole theme).
        func holdsKeys(under prefix: UnsafeBufferPointer<UInt8>) -> Bool {
            node(ofPrefix: prefix)?.holdsKeys ?? false
        }

        /// Calls `body` with the nearest declaration of each kind that reaches `key` (its
        /// own prefixes' and the whole theme's, the longest prefix winning): one walk of
        /// its segments.
        func forEachNearest(over key: UnsafeBufferPointer<UInt8>, _ body: (Declaration) -> Void) {
            var nearest = root.declared.map { [$0.type, $0.description, $0.deprecated] } ?? [nil, nil, nil]
            var current = root
            Self.forEachSegment(of: key) { segment in
                guard let next = child(of: current.number, segment) else { return false }
                current = next
                if let declared = next.declared {
                    for kind in DeclarationKind.allCases where declared[kind] != nil {
                        nearest[Int(kind.rawValue)] = declared[kind]
                    }
                }
                return true
            }
            for declaration in nearest { if let declaration { body(declaration) } }
        }

        /// The nearest `$type` declaration that reaches `key`, if one does.
        func nearestType(over key: UnsafeBufferPointer<UInt8>) -> Declaration? {
            var nearest = root.declared?.type
            var current = root
            Self.forEachSegment(of: key) { segment in
                guard let next = child(of: current.number, segment) else { return false }
                current = next
                if let type = next.declared?.type { nearest = type }
                return true
            }
            return nearest
        }

        /// The nearest `$type` declaration of `prefix` or of a prefix of it (the one the
        /// keys under `prefix` that no longer declaration reaches take), if one does.
        func nearestType(atOrAbove prefix: UnsafeBufferPointer<UInt8>) -> Declaration? {
            prefix.isEmpty ? root.declared?.type : nearestType(over: prefix)
        }

        /// The kind the `$type` entry `declaration` names, as `ValueKind.typedNumber` (0 for
        /// an untyped kind); nil for a value that names no kind, under which a key takes its
        /// suffix's kind (as the resolver's `KindNames` says).
        static func kindNumber(of declaration: Setters.Setter) -> UInt8? {
            let entry = declaration.packed
            guard entry.kind == .string else { return nil }
            return declaration.store.withBytes(entry.text) { text in
                ValueKind.declared(named: String(decoding: text, as: UTF8.self))?.typedNumber
            }
        }
    }
}

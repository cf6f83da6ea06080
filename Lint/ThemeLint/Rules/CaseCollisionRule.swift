public import ThemeKit

/// `case_collision`: Two keys, or two theme files, differ only in letter case.
package struct CaseCollisionRule: Rule {
    package init() {}

    /// One pass over the merged theme, then each of the theme's own files.
    package static let checksOwnFilesTogether = true

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
        // A theme resolved from its parent (it only adds keys, or sets keys that inherited
        // values read and leaves them resolving) is reported at its own keys only, and its
        // ancestors' keys were checked with theirs: a folded hash of each of its keys,
        // looked up among its own and its parent's, says whether there can be anything to
        // report, without a pass over the merged theme (which grows along a chain).
        if theme.analysis.resolvesFromParent {
            var seen = Set<Int>()
            var mayCollide = false
            file.forEachKey { _, bytes in
                guard !mayCollide else { return }
                let folded = KeyHash.foldingASCIICase(bytes)
                if !seen.insert(folded).inserted || theme.analysis.parentMayHave(foldingLike: bytes) == true {
                    mayCollide = true
                }
            }
            guard mayCollide else { return [] }
        }
        // Most themes have no collision: find out with one case-insensitive hash per key
        // before building anything. The hash is Swift's seeded `Hasher`, so no choice of
        // keys can make them pile up in one bucket.
        guard Self.mayCollide(merged) else { return [] }
        var byFolded: [CaseInsensitiveKey: [String]] = [:]
        for key in merged { byFolded[CaseInsensitiveKey(key), default: []].append(key) }
        // For each key of this file that has other spellings, the alphabetically first of
        // those that come before it (from an ancestor, or earlier in this file): each group
        // is put in order once, and a running minimum answers every member, instead of
        // every member filtering and sorting its whole group.
        let groups = byFolded.values.filter { $0.count > 1 }
        // A DTCG theme's files are each its own (another file's spelling is as an
        // ancestor's); a plist theme has one.
        return (theme.analysis.isTokensTheme ? theme.ownFiles : [file]).flatMap { file in
            Self.collisions(in: file, groups: groups)
        }
    }

    /// The collisions reported in `file`, of the groups of spellings in the merged theme.
    private static func collisions(in file: ThemeFile, groups: [[String]]) -> [Diagnostic] {
        var firstEarlier: [String: String] = [:]
        for group in groups {
            // Where this file defines each spelling; an ancestor's comes before them all.
            let placed = group.map { ($0, file[$0]?.keyRange.start ?? -1) }.sorted { $0.1 < $1.1 }
            var smallest: String?
            for (key, start) in placed {
                if start >= 0, let smallest { firstEarlier[key] = smallest }
                if smallest.map({ key < $0 }) ?? true { smallest = key }
            }
        }
        var found: [Diagnostic] = []
        for (position, entry) in file.document.entries.enumerated() {
            let key = entry.key
            guard file.isFirstScalar(at: position), let other = firstEarlier[key] else { continue }
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning, Self.keysDiffer(key, from: other),
                    at: entry.keyRange, key: key))
        }
        return found
    }

    /// What the rule says of a key spelt like an earlier one.
    static func keysDiffer(_ key: String, from other: String) -> String {
        "'\(key)' differs from '\(other)' only in letter case"
    }

    /// What the rule says of a theme file named like an earlier one.
    static func filesDiffer(_ name: String, from other: String) -> String {
        "theme file '\(name)' differs from '\(other)' only in letter case"
    }

    /// Whether two of the merged keys may fold to the same spelling: their case-folded
    /// hashes are equal. Read from the keys' bytes, with no string made (a string and a
    /// `Hasher` per key were a sixth of linting a folder of themes), and hashed as the
    /// loader hashes keys (`KeyHash`, seeded per process like `Hasher`, so no choice of keys
    /// can make them pile up).
    static func mayCollide(_ keys: MergedKeys) -> Bool {
        mayCollide(count: keys.count, keys.forEachKey)
    }

    /// `mayCollide` for keys given as strings.
    static func mayCollide(_ keys: [String]) -> Bool {
        mayCollide(count: keys.count) { body in
            for var key in keys { key.withUTF8(body) }
        }
    }

    /// Whether two of the `count` keys `forEachKey` hands over, as bytes, fold to one hash.
    private static func mayCollide(
        count: Int, _ forEachKey: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> Bool {
        var seen = FoldedHashes(capacity: count)
        var collides = false
        forEachKey { bytes in
            if !collides && !seen.insert(KeyHash.foldingASCIICase(bytes)) { collides = true }
        }
        return collides
    }

    /// A set of case-folded hashes: open addressing, at most half full. The hashes are
    /// seeded, so their low bits place them evenly whatever the keys.
    private struct FoldedHashes {
        private var slots: [Int]
        private let mask: Int

        init(capacity: Int) {
            var size = 8
            while size < capacity * 2 { size *= 2 }
            slots = Array(repeating: 0, count: size)
            mask = size - 1
        }

        /// Adds `hash`; false when it was there already.
        mutating func insert(_ hash: Int) -> Bool {
            let stored = hash == 0 ? 1 : hash  // 0 marks an empty slot
            var slot = stored & mask
            while slots[slot] != 0 {
                if slots[slot] == stored { return false }
                slot = (slot + 1) & mask
            }
            slots[slot] = stored
            return true
        }
    }

    package func check(folder: FolderContext) -> [Diagnostic] {
        var seen: [CaseInsensitiveKey: String] = [:]
        var found: [Diagnostic] = []
        for path in folder.themeFiles {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let other = seen[CaseInsensitiveKey(name)] {
                found.append(
                    Diagnostic(
                        Self.description.id, severity: .warning,
                        Self.filesDiffer(name, from: other), at: .wholeFile(path)))
            } else {
                seen[CaseInsensitiveKey(name)] = name
            }
        }
        return found
    }

    package static let description = RuleDescription(
        id: .caseCollision,
        severity: .warning,
        summary: "Two keys, or two theme files, differ only in ASCII letter case.",
        rationale:
            "Lookups are case-sensitive, so one of them is almost certainly a typo; theme files that differ in case collide on case-insensitive file systems.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>primaryColor</key><string>fff</string>",
                "<key>secondaryColor</key><string>000</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>primaryColor</key><string>fff</string>",
                    "↓<key>PrimaryColor</key><string>000</string>",
                ], messages: ["'PrimaryColor' differs from 'primaryColor' only in letter case"]),
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme,
                    "Dark.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
                    "dark.plist": RuleExample.plist(["<key>INHERITED_THEME</key><string>default</string>"]),
                ], wholeFile: ["dark.plist"]),
        ]
    )
}

/// A key compared and hashed without regard to ASCII letter case, without building a
/// lowercased copy.
struct CaseInsensitiveKey: Hashable {
    let key: String

    init(_ key: String) { self.key = key }

    static func == (lhs: CaseInsensitiveKey, rhs: CaseInsensitiveKey) -> Bool {
        lhs.key.utf8.count == rhs.key.utf8.count
            && zip(lhs.key.utf8, rhs.key.utf8).allSatisfy { fold($0) == fold($1) }
    }

    func hash(into hasher: inout Hasher) {
        var key = key
        key.withUTF8 { Self.combine($0, into: &hasher) }  // contiguous bytes: no per-byte index checks
    }

    /// Feeds the count, then the folded bytes eight at a time: equal keys feed the same
    /// words, and the seeded hasher leaves the input no way to choose its buckets.
    /// Feeding the hasher byte by byte cost more than the rest of the rule.
    private static func combine(_ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while bytes.count - offset >= 8 {
            hasher.combine(
                KeyHash.foldingASCIICase(word: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count {
                tail |= UInt64(fold(bytes[index])) << (8 * UInt64(index - offset))
            }
            hasher.combine(tail)
        }
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

extension DiagnosticCode {
    /// themelint: Keys or theme files that differ only in case (warning).
    public static let caseCollision: DiagnosticCode = "case_collision"
}

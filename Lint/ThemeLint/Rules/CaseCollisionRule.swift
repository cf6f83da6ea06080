public import ThemeKit

/// `case_collision`: Two keys, or two theme files, differ only in letter case.
public struct CaseCollisionRule: Rule {
    public init() {}

    public func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
        // Most themes have no collision: find out with one case-insensitive hash per key in
        // a plain table before building anything. Two keys with the same folded hash send
        // the theme to the exact check below, which a false alarm only costs time.
        guard Self.mayCollide(merged) else { return [] }
        var byFolded: [CaseInsensitiveKey: [String]] = [:]
        for key in merged { byFolded[CaseInsensitiveKey(key), default: []].append(key) }
        var found: [Diagnostic] = []
        for (position, entry) in file.document.entries.enumerated() {
            let key = entry.key
            guard file.index[key] == position, let group = byFolded[CaseInsensitiveKey(key)], group.count > 1 else {
                continue
            }
            // Report a key of this file when another spelling comes before it: from an
            // ancestor, or earlier in this file.
            let earlier = group.filter { other in
                guard other != key else { return false }
                guard let mine = file[other] else { return true }
                return mine.keyRange.start < entry.keyRange.start
            }
            guard let other = earlier.sorted().first else { continue }
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning, "'\(key)' differs from '\(other)' only in letter case",
                    at: entry.keyRange, key: key))
        }
        return found
    }

    /// Whether two of `keys` could fold to the same spelling: an open-addressing table of
    /// their folded hashes, with no `Hasher` and no allocation per key.
    static func mayCollide(_ keys: some Collection<String>) -> Bool {
        var capacity = 16
        while capacity < keys.count * 2 { capacity <<= 1 }
        var table = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for key in keys {
            let hash = CaseInsensitiveKey.foldedHash(key) | 1  // never 0, the empty slot
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 {
                if table[slot] == hash { return true }
                slot = (slot + 1) & mask
            }
            table[slot] = hash
        }
        return false
    }

    public func check(folder: FolderContext) -> [Diagnostic] {
        var seen: [CaseInsensitiveKey: String] = [:]
        var found: [Diagnostic] = []
        for path in folder.themeFiles {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let other = seen[CaseInsensitiveKey(name)] {
                found.append(
                    Diagnostic(
                        Self.description.id, severity: .warning,
                        "theme file '\(name)' differs from '\(other)' only in letter case", at: .wholeFile(path)))
            } else {
                seen[CaseInsensitiveKey(name)] = name
            }
        }
        return found
    }

    public static let description = RuleDescription(
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
            RuleExample(entries: [
                "<key>primaryColor</key><string>fff</string>",
                "↓<key>PrimaryColor</key><string>000</string>",
            ]),
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
        // Handed to the hasher as one word: feeding the hasher byte by byte cost more than
        // the rest of the rule.
        hasher.combine(Self.foldedHash(key))
    }

    /// FNV-1a over the key's bytes with ASCII letters folded to lower case.
    static func foldedHash(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in  // contiguous bytes: no per-byte index checks
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(fold(byte))) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

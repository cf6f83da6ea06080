public import ThemeKit

/// `case_collision`: Two keys, or two theme files, differ only in letter case.
package struct CaseCollisionRule: Rule {
    package init() {}

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
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
        var firstEarlier: [String: String] = [:]
        for group in byFolded.values where group.count > 1 {
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

    /// Whether two of `keys` fold to the same spelling: a set of folded keys, hashed by
    /// Swift's seeded `Hasher`.
    static func mayCollide(_ keys: some Sequence<String>) -> Bool {
        var seen = Set<CaseInsensitiveKey>(minimumCapacity: keys.underestimatedCount)
        for key in keys where !seen.insert(CaseInsensitiveKey(key)).inserted {
            return true
        }
        return false
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
        // The count, then the folded bytes eight at a time: equal keys feed the same
        // words, and the seeded hasher leaves the input no way to choose its buckets.
        // Feeding the hasher byte by byte cost more than the rest of the rule.
        var key = key
        key.withUTF8 { bytes in  // contiguous bytes: no per-byte index checks
            hasher.combine(bytes.count)
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while bytes.count - offset >= 8 {
                hasher.combine(Self.fold(word: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)))
                offset += 8
            }
            if offset < bytes.count {
                var tail: UInt64 = 0
                for index in offset..<bytes.count {
                    tail |= UInt64(Self.fold(bytes[index])) << (8 * UInt64(index - offset))
                }
                hasher.combine(tail)
            }
        }
    }

    /// Eight bytes with each ASCII capital letter made lower case, all at once: a byte
    /// gets 0x20 when, with its top bit clear, it is at least `A` and below `[`.
    static func fold(word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & ~high
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F  // top bit set when >= 0x41
        let pastZ = low7 &+ 0x2525_2525_2525_2525  // top bit set when >= 0x5B
        let capitals = atLeastA & ~pastZ & ~word & high
        return word | (capitals >> 2)
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

extension DiagnosticCode {
    /// themelint: Keys or theme files that differ only in case (warning).
    public static let caseCollision: DiagnosticCode = "case_collision"
}

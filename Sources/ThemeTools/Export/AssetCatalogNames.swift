/// The names a theme's color keys take in an Xcode asset catalog: each a colorset's folder name
/// (`NAME.colorset`), the name an app asks for (`UIColor(named:)`, `Color("NAME")`), and the
/// source of the Swift symbol Xcode generates for it.
///
/// A name is ASCII letters and digits in lower camel case, so that it is the same on every file
/// system and its Swift symbol is itself (or itself without a trailing `Color`, which Xcode's
/// generated symbols drop: `AccentColor` is `.accent`):
///
/// - a key that already is such a name keeps it (`primaryColor`, `Accent2`);
/// - otherwise every character other than an ASCII letter or digit (`.`, `/`, `-`, `_`, a
///   space, anything beyond ASCII) separates words, and the words are joined with the first
///   letter of each after the first upper-cased (`color.bg.primary` → `colorBgPrimary`,
///   `Brand Blue/500` → `BrandBlue500`); a name that would start with a digit, or be empty,
///   starts with `color` (`100` → `color100`); a name is cut at 200 characters, so that its
///   folder's name stays within a file system's 255 bytes;
/// - two keys whose names are equal ignoring case (a Mac's file system does not tell
///   `Primary.colorset` from `primary.colorset`), or whose Swift symbols are (`primary` and
///   `primaryColor` are both `.primary`), cannot both have them: keys that keep their name
///   claim first, then renamed keys, each group in key order (Unicode scalars), and a key whose
///   name is taken gets the first free `NAME2`, `NAME3`, ….
///
/// Deterministic, and linear in the keys: each base name remembers the last suffix it tried.
package struct AssetCatalogNames: Sendable, Hashable {
    /// A key and its name, with why it is not the key itself (`nil` when it is).
    package struct Entry: Sendable, Hashable {
        /// The theme's key.
        package var key: String
        /// The colorset's name.
        package var name: String
        /// Why the name is not the key, in words a note can end with; `nil` when it is the key.
        package var reason: String?
    }

    /// The longest name, in ASCII characters: with `.colorset`, well under a file name's 255 bytes.
    package static let maximumLength = 200

    /// Every key with its name, sorted by key (Unicode scalars).
    package private(set) var entries: [Entry] = []

    /// Names for `keys` (duplicates are named once).
    package init<Keys: Sequence>(keys: Keys) where Keys.Element == String {
        let sorted = Set(keys).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        var names = Claims()
        var named: [String: Entry] = [:]
        named.reserveCapacity(sorted.count)
        var renamed: [(key: String, base: String)] = []
        for key in sorted {
            let base = Self.baseName(of: key)
            if base == key, names.claim(base) {
                named[key] = Entry(key: key, name: key, reason: nil)
            } else {
                renamed.append((key, base))
            }
        }
        for (key, base) in renamed {
            var name = base
            let reason: String
            if base != key && names.claim(base) {
                reason = Self.reason(forBaseOf: key)
            } else {
                name = names.claimFree(from: base)
                let owner = names.owner(of: base) ?? base
                reason =
                    base == key
                    ? "'\(owner)' has that name already (Xcode's names ignore case and a trailing Color)"
                    : Self.reason(forBaseOf: key) + ", and '\(owner)' has that name already"
            }
            named[key] = Entry(key: key, name: name, reason: reason)
        }
        entries = sorted.compactMap { named[$0] }
    }

    /// The name `key` takes before names are made unique.
    package static func baseName(of key: String) -> String {
        if isName(key) { return key }
        var out = ""
        var startsWord = false
        for scalar in key.unicodeScalars {
            guard scalar.isASCII, isLetterOrDigit(UInt8(scalar.value)) else {
                startsWord = !out.isEmpty
                continue
            }
            if startsWord, ("a"..."z").contains(scalar) {
                out.unicodeScalars.append(Unicode.Scalar(scalar.value - 32) ?? scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
            startsWord = false
        }
        if out.utf8.first.map({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 }) ?? true {
            out = "color" + out
        }
        return String(out.prefix(maximumLength))
    }

    /// Whether `text` is a name as it is: ASCII letters and digits, starting with a letter, at
    /// most `maximumLength` long.
    static func isName(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= maximumLength else { return false }
        guard (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
        return bytes.allSatisfy(isLetterOrDigit)
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// Why `key`'s base name is not `key`.
    static func reason(forBaseOf key: String) -> String {
        key.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? true
            ? "an asset's name is ASCII letters and digits, starting with a letter"
            : key.utf8.count > maximumLength && isName(String(key.prefix(maximumLength)))
                ? "an asset's name is at most \(maximumLength) characters"
                : "an asset's name is ASCII letters and digits"
    }

    /// The symbol Xcode generates for a color named `name`, in lower case: the name without a
    /// trailing `Color` (when something is left), which is how two names can clash in Swift.
    static func foldedSymbol(of name: String) -> String {
        let folded = name.lowercased()
        return folded.count > 5 && folded.hasSuffix("color") ? String(folded.dropLast(5)) : folded
    }

    /// The names taken so far, folded as a Mac's file system and Xcode's symbols fold them.
    struct Claims {
        /// Each folded name and symbol, with the name that took it.
        var taken: [String: String] = [:]
        /// Each base name's last suffix tried.
        var suffixes: [String: Int] = [:]

        /// Takes `name` if neither it nor its symbol is taken.
        mutating func claim(_ name: String) -> Bool {
            let folded = name.lowercased()
            let symbol = AssetCatalogNames.foldedSymbol(of: name)
            guard taken[folded] == nil, taken["." + symbol] == nil else { return false }
            taken[folded] = name
            taken["." + symbol] = name
            return true
        }

        /// The name that took `name` (or its symbol).
        func owner(of name: String) -> String? {
            taken[name.lowercased()] ?? taken["." + AssetCatalogNames.foldedSymbol(of: name)]
        }

        /// Takes the first free `base2`, `base3`, … (cut so that it stays within the longest name).
        mutating func claimFree(from base: String) -> String {
            let folded = base.lowercased()
            var suffix = suffixes[folded] ?? 1
            while true {
                suffix += 1
                let digits = String(suffix)
                let candidate = String(base.prefix(AssetCatalogNames.maximumLength - digits.count)) + digits
                if claim(candidate) {
                    suffixes[folded] = suffix
                    return candidate
                }
            }
        }
    }
}

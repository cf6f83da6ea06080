import Synchronization
import ThemeKit

/// A theme's styled keys as the style rules read them (`unknown_state`, `unknown_style`,
/// `style_cycle`, `state_order`, `state_without_base`): the theme file's own styled keys,
/// and questions about the merged theme (its ancestors' keys too) answered by exact keys.
///
/// The rules report at the theme's own keys only (an ancestor's keys are reported with the
/// ancestor), and read only those of its keys that can be styled, found from their bytes:
/// a theme with no styled key costs one pass over its own keys, whatever its lineage.
struct StyleLineage {
    /// One styled key of the theme's file, with where it is.
    struct OwnKey {
        /// The key as written.
        var text: String
        /// Its parts.
        var styled: StyledKey
        /// The entry, with its ranges and value.
        var entry: PropertyListEntry
    }

    /// The theme as the rules see it.
    let context: ThemeContext

    init(_ context: ThemeContext) { self.context = context }

    /// The theme file's styled keys that `wanted` accepts from their bytes, in file order:
    /// the first scalar entry of each key, read into its parts.
    func ownKeys(where wanted: (UnsafeBufferPointer<UInt8>) -> Bool) -> [OwnKey] {
        guard let file = context.file else { return [] }
        var positions: [Int] = []
        file.forEachKey { position, bytes in
            if wanted(bytes), file.isFirstScalar(at: position) { positions.append(position) }
        }
        guard !positions.isEmpty else { return [] }
        let keys = file.keys(positions: positions)
        return zip(positions, keys).compactMap { position, key in
            guard let styled = StyledKey(key), let entry = file[key] else { return nil }
            return OwnKey(text: key, styled: styled, entry: entry)
        }
    }

    /// Whether a key's bytes may be a styled key with states: a `:` before its last `.`.
    static func mayHaveStates(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return bytes[..<dot].contains(UInt8(ascii: ":"))
    }

    /// Whether a key's bytes end in `.INHERITED_STYLE`.
    static func namesParentStyle(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix = Self.parentSuffix
        guard bytes.count > suffix.count else { return false }
        return bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
    }

    private static let parentSuffix = Array(("." + ThemeStyle.inheritedStyleProperty).utf8)

    /// The first file of the lineage, the theme's own first and then its ancestors' nearest
    /// first, for which `body` returns a value: files are met one at a time, and the walk
    /// stops there.
    func firstFile<Found>(_ body: (ThemeFile) -> Found?) -> Found? {
        if let own = context.file, let found = body(own) { return found }
        for file in context.analysis.ancestorFiles {
            if let found = body(file) { return found }
        }
        return nil
    }

    /// Whether the merged theme has `key`: by the merged keys when resolution ran, else by
    /// the lineage's files.
    func contains(_ key: String) -> Bool {
        if let merged = context.analysis.mergedKeys { return merged.contains(key) }
        return firstFile { $0.contains(key) ? true : nil } ?? false
    }

    /// The style `style`'s parent, as a style's lookup reads it: the string of the nearest
    /// `style.INHERITED_STYLE` of the lineage (an empty string names none); `nil` when
    /// none is set.
    func parent(of style: String) -> String? {
        let key = style + "." + ThemeStyle.inheritedStyleProperty
        guard contains(key) else { return nil }
        let value = firstFile { $0[key]?.value }
        guard case .string(let parent) = value, !parent.isEmpty else { return nil }
        return parent
    }

    /// `style` and its parents by `INHERITED_STYLE`, `style` first, up to the first repeat:
    /// the styles whose keys a lookup through `style` reads, as `ThemeStyle.chain` is made.
    func chain(from style: String) -> [String] {
        var chain = [style]
        var seen: Set<String> = [style]
        while let last = chain.last, let parent = parent(of: last), seen.insert(parent).inserted {
            chain.append(parent)
        }
        return chain
    }

    /// The states the run knows (`.themelint.json`'s `states` after the built-in ones), by
    /// name.
    var knownStates: [String: ThemeState] {
        Dictionary(context.configuration.knownStates.map { ($0.rawValue, $0) }) { first, _ in first }
    }
}

extension ThemeFile {
    /// The keys of the entries at `positions`, strings made for those only.
    fileprivate func keys(positions: [Int]) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(positions.count)
        var wanted = positions.makeIterator()
        var next = wanted.next()
        forEachKey { position, bytes in
            guard position == next else { return }
            keys.append(String(decoding: bytes, as: UTF8.self))
            next = wanted.next()
        }
        return keys
    }
}

/// The style names each file of a run writes keys for, found once per file and shared by
/// the themes that inherit from it: what `unknown_style` looks an `INHERITED_STYLE` value up
/// in, nearest file first.
final class StyleNameCache: Sendable {
    private let names = Mutex<[String: Set<String>]>([:])

    /// The styles the keys of `file` are written for: the style of each styled key.
    func names(of file: ThemeFile) -> Set<String> {
        if let known = names.withLock({ $0[file.path] }) { return known }
        var found = Set<String>()
        var dotted: [Int] = []
        file.forEachKey { position, bytes in
            if bytes.contains(UInt8(ascii: ".")) { dotted.append(position) }
        }
        for key in file.keys(positions: dotted) {
            if let styled = StyledKey(key) { found.insert(styled.style) }
        }
        names.withLock { $0[file.path] = found }
        return found
    }
}

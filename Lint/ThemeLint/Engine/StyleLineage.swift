import ThemeKit
import ThemeSupport

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
    /// What walks up the lineage found before, shared by the themes of a run.
    let memo: LineageMemo?

    /// The style keys of `context`; with `memo`, walks up its lineage are remembered for the
    /// themes that share its ancestors.
    init(_ context: ThemeContext, memo: LineageMemo? = nil) {
        self.context = context
        self.memo = memo
    }

    /// The theme file's styled keys that `wanted` accepts from their bytes, in file order:
    /// the first scalar entry of each key, read into its parts.
    func ownKeys(where wanted: (UnsafeBufferPointer<UInt8>) -> Bool) -> [OwnKey] {
        guard let file = context.file else { return [] }
        var positions: [Int] = []
        file.forEachKey { position, bytes in
            if wanted(bytes), file.isFirstScalar(at: position) { positions.append(position) }
        }
        guard !positions.isEmpty else { return [] }
        return file.keys(positions: positions).compactMap { key in
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
        let value = nearest(key)
        guard case .string(let parent) = value, !parent.isEmpty else { return nil }
        return parent
    }

    /// The value of `key` in the nearest file of the lineage that sets it. With a memo, each
    /// file met remembers the answer for itself and the files above it: a chain of themes
    /// that each ask for a key set far up walks each link once, not once per theme below it.
    func nearest(_ key: String) -> PropertyListValue? {
        guard let memo else { return firstFile { $0[key]?.value } }
        var met: [String] = []
        let found = firstFile { file -> LineageMemo.Answer? in
            if let known = memo.answer(key, at: file.path) { return known }
            met.append(file.path)
            return file[key].map { .value($0.value) }
        }
        let answer = found ?? .none
        memo.remember(answer, for: key, at: met)
        if case .value(let value) = answer { return value }
        return nil
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

/// Answers about a lineage above a file (the value of a key in the nearest file that sets
/// it, at or above the file), remembered for a run: every theme below the file gets the same
/// answer, since a file's ancestors are the same whichever theme inherits from it.
final class LineageMemo: Sendable {
    /// What a walk up from a file found.
    enum Answer: Sendable {
        /// The nearest value, at or above the file.
        case value(PropertyListValue)
        /// No file at or above it has the key (or, for `StyleNameCache`, names the style).
        case none
        /// Some file at or above it names the style.
        case found
    }

    private let answers = Locked<[String: Answer]>([:])

    private static func slot(_ question: String, _ path: String) -> String { path + "\u{0}" + question }

    /// What a walk from the file at `path` found for `question`, if one has.
    func answer(_ question: String, at path: String) -> Answer? {
        answers.withLock { $0[Self.slot(question, path)] }
    }

    /// Remembers `answer` to `question` for the files at `paths`, met on one walk up before
    /// the file that answered it (or before the top).
    func remember(_ answer: Answer, for question: String, at paths: [String]) {
        guard !paths.isEmpty else { return }
        answers.withLock { answers in
            for path in paths { answers[Self.slot(question, path)] = answer }
        }
    }
}

/// The style names each file of a run writes keys for, found once per file and shared by
/// the themes that inherit from it: what `unknown_style` looks an `INHERITED_STYLE` value up
/// in, nearest file first.
final class StyleNameCache: Sendable {
    private let names = Locked<[String: Set<String>]>([:])
    private let reached = LineageMemo()

    /// Whether some file of `lineage` (the theme's own, then its ancestors') writes a key
    /// for `style`: each file met remembers the answer for the themes below it.
    func isNamed(_ style: String, in lineage: StyleLineage) -> Bool {
        var met: [String] = []
        let found = lineage.firstFile { file -> LineageMemo.Answer? in
            if let known = reached.answer(style, at: file.path) { return known }
            met.append(file.path)
            return names(of: file).contains(style) ? .found : nil
        }
        reached.remember(found ?? .none, for: style, at: met)
        if case .found = found { return true }
        return false
    }

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

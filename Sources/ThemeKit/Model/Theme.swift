/// Where a resolved value came from, for tools that explain a theme.
package struct ThemeValueSource: Sendable, Hashable {
    /// Where the key was written (in the child-most theme that sets it).
    package var key: SourceLocation
    /// Where the value it resolves to was written (the end of its alias chain).
    package var value: SourceLocation
    /// The key this one is an alias of, if it is one (the next link of the chain).
    package var aliasOf: String?
    /// For a font, the key its size came from.
    package var sizeKey: String?
    /// How the key's file writes a reference (`@name` or `{name}`): how a chain through the
    /// key is shown to a person.
    package var syntax: ReferenceSyntax

    /// Creates a source.
    package init(
        key: SourceLocation, value: SourceLocation, aliasOf: String? = nil, sizeKey: String? = nil,
        syntax: ReferenceSyntax = .plist
    ) {
        self.key = key
        self.value = value
        self.aliasOf = aliasOf
        self.sizeKey = sizeKey
        self.syntax = syntax
    }
}

/// A theme loaded whole: merged with its ancestors, every alias resolved, every value
/// parsed. Lookups are dictionary reads; nothing is parsed or walked after loading.
public struct Theme: Sendable {
    /// The theme's name.
    public let name: String
    /// Every key's resolved value (`INHERITED_THEME` is not a value). A loaded theme looks
    /// its values up in the table it was loaded with; this dictionary of them is built the
    /// first time it is asked for, then shared by every copy of the theme.
    public var values: [String: ThemeValue] { storage.dictionary }
    /// The values, and where they came from.
    private let storage: any ThemeStorage
    /// `storage`, when it is a loaded theme's table: the lookups an app makes most (colors
    /// and fonts) read it directly, with no call through the protocol and no copy of the
    /// value out of the table.
    private let loaded: LoadedValues?
    /// The theme and its ancestors' names and files (shared by the themes of a chain
    /// loaded together, rather than copied into each).
    private let ancestry: ThemeLineage
    /// The theme and its ancestors, this theme first.
    public var lineage: [String] { ancestry.names }
    /// The files of `lineage`, in the same order, as paths.
    public var files: [String] { ancestry.paths }
    /// The name of the theme this one inherits from (`lineage[1]`), if any.
    public var parentName: String? { ancestry.parent }
    /// What was wrong with a theme loaded despite errors (the keys they broke are left
    /// out); empty for a theme that loaded whole.
    public private(set) var problems: [Diagnostic] = []

    /// Whether the theme was loaded despite errors, or stands in for one that could not be
    /// loaded at all: some keys the theme's files set are missing from it.
    public var isDegraded: Bool { !problems.isEmpty }

    /// What the reserved keys `APPEARANCE`, `DARK_THEME` and `LIGHT_THEME` say.
    package private(set) var appearanceFacts = AppearanceFacts()

    /// Whether the theme is light or dark: its `APPEARANCE`, else its nearest ancestor's,
    /// else `light`.
    public var appearance: ThemeAppearance { appearanceFacts.appearance }

    /// The theme its own file names as its dark partner (`DARK_THEME`), if any.
    public var darkThemeName: String? { appearanceFacts.darkThemeName }

    /// The theme its own file names as its light partner (`LIGHT_THEME`), if any.
    public var lightThemeName: String? { appearanceFacts.lightThemeName }

    /// The theme to use in place of this one when the system's appearance is
    /// `appearance`: this theme when it already is of that appearance or names no partner
    /// for it, else the partner its file names (`DARK_THEME` or `LIGHT_THEME`).
    public func themeName(for appearance: ThemeAppearance) -> String {
        appearance == self.appearance ? name : appearanceFacts.partner(for: appearance) ?? name
    }

    /// Creates a theme from resolved values.
    public init(name: String, values: [String: ThemeValue]) {
        self.init(name: name, values: values, sources: [:])
    }

    /// Creates a theme from resolved values, with their sources, as the tools build one.
    package init(
        name: String, values: [String: ThemeValue], sources: [String: ThemeValueSource],
        lineage: [String]? = nil, files: [String] = []
    ) {
        self.name = name
        self.storage = GivenValues(dictionary: values, sources: sources)
        self.loaded = nil
        self.ancestry = ThemeLineage(names: lineage ?? [name], paths: files)
    }

    /// Creates a theme from resolved values, of an appearance and with the partners its
    /// file would name.
    public init(
        name: String, values: [String: ThemeValue], appearance: ThemeAppearance, darkThemeName: String? = nil,
        lightThemeName: String? = nil
    ) {
        self.init(name: name, values: values)
        appearanceFacts = AppearanceFacts(
            appearance: appearance, darkThemeName: darkThemeName, lightThemeName: lightThemeName)
    }

    init(name: String, storage: any ThemeStorage, lineage: ThemeLineage) {
        self.name = name
        self.storage = storage
        self.loaded = storage as? LoadedValues
        self.ancestry = lineage
    }

    /// How many keys the theme has.
    public var count: Int { storage.count }

    /// The resolved value for `key`, whatever its type: a lookup in the theme's table.
    @inline(__always)
    private func value(_ key: String) -> ThemeValue? { storage.value(forKey: key) }

    /// Where `key`'s value came from: its key, the value its alias chain ends at, the next
    /// link of that chain, and a font's size key.
    package func source(forKey key: String) -> ThemeValueSource? {
        storage.source(forKey: key)
    }

    /// The keys `key`'s value was resolved through, in order, not counting `key` itself:
    /// empty when the key holds its value directly (or is not in the theme).
    package func aliasChain(forKey key: String) -> [String] {
        var chain: [String] = []
        var seen: Set<String> = [key]
        var next = source(forKey: key)?.aliasOf
        // A loaded theme has no cycle; the check keeps a hand-made one from looping.
        while let link = next, seen.insert(link).inserted {
            chain.append(link)
            next = source(forKey: link)?.aliasOf
        }
        return chain
    }

    /// Where every value came from (built on each call: prefer `source(forKey:)`).
    package var sources: [String: ThemeValueSource] {
        var sources: [String: ThemeValueSource] = [:]
        storage.forEachKey { key in sources[key] = source(forKey: key) }
        return sources
    }

    /// A theme with no values, used when nothing could be loaded.
    package static func empty(named name: String) -> Theme { Theme(name: name, values: [:]) }

    /// This theme, with what its reserved appearance keys say.
    func with(_ facts: AppearanceFacts) -> Theme {
        var theme = self
        theme.appearanceFacts = facts
        return theme
    }

    /// This theme, marked as loaded despite `problems`.
    func degraded(by problems: [Diagnostic]) -> Theme {
        var theme = self
        theme.problems = problems.sorted()
        return theme
    }

    /// The resolved value for `key`, whatever its type.
    public subscript(key: String) -> ThemeValue? { value(key) }

    /// The prefixes of the theme's keys that have a `.`, with their properties (built on the
    /// first call).
    var stylePrefixes: StylePrefixes {
        storage.styleCache.prefixes { StylePrefixes(of: storage) }
    }

    /// Where the theme's styles are kept once built, shared by every copy of the theme.
    var styleCache: StyleCache { storage.styleCache }

    /// The value for a typed key, as the key's type: `theme[.primaryColor]` is a
    /// `ThemeColor?`. `nil` if the key is missing or holds a value of another kind.
    public subscript<Value>(key: ThemeKey<Value>) -> Value? {
        value(key.name).flatMap(Value.init(themeValue:))
    }

    /// The color for a `…Color` key; `nil` if missing or not a color.
    public func color(forKey key: String) -> ThemeColor? {
        if let loaded { return loaded.color(forKey: key) }
        if case .color(let color) = value(key) { return color }
        return nil
    }

    /// The font (name and size) for a `…Font` key; `nil` if missing or not a font.
    public func font(forKey key: String) -> ThemeFont? {
        if let loaded { return loaded.font(forKey: key) }
        if case .font(let font) = value(key) { return font }
        return nil
    }

    /// The image name for an `…Image` key; `nil` if missing or not an image.
    public func image(forKey key: String) -> String? {
        if case .image(let name) = value(key) { return name }
        return nil
    }

    /// The string for an untyped key written as `<string>`; `nil` otherwise.
    public func string(forKey key: String) -> String? {
        if case .string(let text) = value(key) { return text }
        return nil
    }

    /// The number for a `…Size` key, a length (`…Width`, `…Height`, `…Radius`,
    /// `…Padding`, `…Spacing`), an opacity (`…Alpha`, `…Opacity`), a duration in seconds, an
    /// untyped `<integer>`/`<real>`, or an untyped `<string>` that is a number (`"5"`);
    /// `nil` otherwise.
    public func number(forKey key: String) -> Double? {
        value(key)?.numberValue
    }

    /// The duration for a `…Duration` or `…Delay` key (written in seconds); `nil` if
    /// missing or not a duration key.
    public func duration(forKey key: String) -> Duration? {
        guard (declaredKind(ofKey: key)?.kind ?? ValueKind.typed(forKey: key))?.kind == .duration else { return nil }
        return value(key).flatMap(Duration.init(themeValue:))
    }

    /// The kind of `key`'s value: the kind a `$type` declares for it, else the kind its
    /// suffix gives it, else what was written
    /// (`string`, `number` or `bool`); `nil` if the theme has no such key.
    package func kind(ofKey key: String) -> ThemeValueKind? {
        guard let value = value(key) else { return nil }
        return declaredKind(ofKey: key)?.kind.kind ?? ValueKind.of(key: key, value: value)
    }

    /// The entry of `key`'s kind in the table of kinds: the kind a `$type` declares for it,
    /// else its suffix's, else what was written; `nil` if the theme has no such key.
    package func valueKind(ofKey key: String) -> ValueKind? {
        guard let value = value(key) else { return nil }
        return declaredKind(ofKey: key)?.kind ?? ValueKind.entry(forKey: key, value: value)
    }

    /// What the nearest `P.$description` over `key` says (SPEC §2), as written; nil when
    /// none lies over it.
    package func description(ofKey key: String) -> String? { loaded?.note(.description, forKey: key) }

    /// What the nearest `P.$deprecated` over `key` says (`true`, or a reason), as written;
    /// nil when none lies over it. A `false` is said as written too.
    package func deprecation(ofKey key: String) -> String? { loaded?.note(.deprecated, forKey: key) }

    /// The kind a `$type` declaration gives `key` (SPEC §2), and the declaration's key
    /// (`color.bg.$type`); nil when no declaration reaches the key.
    package func declaredKind(ofKey key: String) -> (kind: ValueKind, declaredBy: String)? {
        loaded?.declaredKind(forKey: key)
    }

    /// The flag for an untyped `<true/>`/`<false/>`; `nil` otherwise.
    public func bool(forKey key: String) -> Bool? {
        if case .bool(let flag) = value(key) { return flag }
        return nil
    }
}

/// What a theme holds its values in: the table it was loaded with (`LoadedValues`), or
/// the dictionaries it was made from (`GivenValues`).
protocol ThemeStorage: Sendable {
    /// `key`'s value, if the theme has one.
    func value(forKey key: String) -> ThemeValue?
    /// Where `key`'s value came from, if the theme has the key and knows.
    func source(forKey key: String) -> ThemeValueSource?
    /// Every key's value, as a dictionary.
    var dictionary: [String: ThemeValue] { get }
    /// How many keys have a value.
    var count: Int { get }
    /// Calls `body` with every key that has a value.
    func forEachKey(_ body: (String) -> Void)
    /// Where the theme's `StylePrefixes` and built styles are kept.
    var styleCache: StyleCache { get }
}

/// The values of a theme made from dictionaries (`Theme.init(name:values:sources:…)`).
struct GivenValues: ThemeStorage {
    let dictionary: [String: ThemeValue]
    let sources: [String: ThemeValueSource]
    let styleCache = StyleCache()

    func value(forKey key: String) -> ThemeValue? { dictionary[key] }

    func source(forKey key: String) -> ThemeValueSource? {
        dictionary[key] == nil ? nil : sources[key]
    }

    var count: Int { dictionary.count }

    func forEachKey(_ body: (String) -> Void) { dictionary.keys.forEach(body) }
}

public import ThemeKit

/// Every theme of one folder, loaded whole, for the tools that look across themes (typed
/// keys, the preview page) or at one of them (show, export).
public struct ThemeCollection: Sendable {
    /// The folder the themes were read from.
    public var directory: String
    /// The themes that loaded, sorted by name.
    public var themes: [Theme]
    /// The themes that did not load, by name, with every problem found.
    public var failures: [String: ThemeError]

    /// Loads every theme in `directory` (files named `NAME.plist`), each with its ancestors.
    /// A theme that fails is kept in `failures`; the others still load.
    public init(directory: String, options: ThemeOptions = ThemeOptions()) {
        let loader = ThemeLoader(directory: directory, options: options)
        var themes: [Theme] = []
        var failures: [String: ThemeError] = [:]
        for name in loader.availableThemes() {
            do {
                themes.append(try loader.load(name))
            } catch {
                failures[name] = error
            }
        }
        self.directory = directory
        self.themes = themes
        self.failures = failures
    }

    /// The theme named `name`, if it loaded.
    public func theme(named name: String) -> Theme? { themes.first { $0.name == name } }

    /// Every key of every theme, sorted, each with the kind of value it holds. A key whose
    /// themes disagree on the kind (a color in one, a string in another) gets `nil`.
    public var keyKinds: [(key: String, kind: ThemeValueKind?)] {
        var kinds: [String: ThemeValueKind?] = [:]
        for theme in themes {
            for (key, value) in theme.values {
                let kind = ThemeValueKind(value)
                if let seen = kinds[key] {
                    if seen != kind { kinds[key] = .some(nil) }
                } else {
                    kinds[key] = .some(kind)
                }
            }
        }
        return kinds.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// What a resolved value is, without the value: the type a typed key hands back.
public enum ThemeValueKind: String, Sendable, Hashable, CaseIterable {
    case color, font, size, image, string, number, bool

    /// The kind of `value`.
    public init(_ value: ThemeValue) {
        switch value {
        case .color: self = .color
        case .font: self = .font
        case .size: self = .size
        case .image: self = .image
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .bool
        }
    }
}

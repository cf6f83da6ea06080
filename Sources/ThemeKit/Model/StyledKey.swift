/// A styled key read into its parts: `[Container/…/]Style[:state…].property` (SPEC §9).
///
/// The property is the text after the last `.`, as a style's lookup reads it
/// (`StylePrefixes` takes the text before the last `.` as the prefix): so `a.b.c` is the
/// property `c` of the style `a.b`. The prefix is split at `/` into containers (outermost
/// first) and a last segment, which is split at `:` into the style name and its states, as
/// written (not checked against any set of states, nor put in order).
///
/// A key is not styled (`init` returns `nil`) when it has no `.`, or when one of its parts is
/// empty (`.color`, `Button.`, `/Button.color`, `Button:.color`, `Outer//Button.color`): such
/// a key is an ordinary key, which no style's lookup can reach.
///
/// The linter's style rules, `themekit show --style`, `themekit keys` and the preview page
/// read keys through this one parser.
package struct StyledKey: Sendable, Hashable {
    /// The containers, outermost first: `["UIWindow", "UIPopoverController"]` in
    /// `UIWindow/UIPopoverController/MyCustomButton.actionColor`.
    package var containers: [String]
    /// The style's name: `MyCustomButton`.
    package var style: String
    /// The states as written, in the order written: `["highlighted", "selected"]` in
    /// `MyCustomButton:highlighted:selected.actionColor`.
    package var states: [String]
    /// The property: what follows the last `.`, whose suffix types the value.
    package var property: String

    /// Creates a styled key from its parts.
    package init(containers: [String] = [], style: String, states: [String] = [], property: String) {
        self.containers = containers
        self.style = style
        self.states = states
        self.property = property
    }

    /// `key` read as a styled key; `nil` for a key with no `.` or with an empty part.
    package init?(_ key: String) {
        guard let dot = key.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let property = key[key.utf8.index(after: dot)...]
        let prefix = key[..<dot]
        guard !property.isEmpty, !prefix.isEmpty else { return nil }
        let segments = prefix.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = segments.last, segments.allSatisfy({ !$0.isEmpty }) else { return nil }
        let parts = last.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.containers = segments.dropLast().map(String.init)
        self.style = String(parts[0])
        self.states = parts.dropFirst().map(String.init)
        self.property = String(property)
    }

    /// Whether the key names a parent style: its property is `INHERITED_STYLE`.
    package var isInheritedStyle: Bool { property == ThemeStyle.inheritedStyleProperty }

    /// The prefix as a style's lookup writes it: `Outer/Inner/Style:state:state`.
    package var prefix: String {
        var text = ""
        for container in containers { text += container + "/" }
        text += style
        for state in states { text += ":" + state }
        return text
    }

    /// The key written back: `prefix`, `.`, `property`.
    package var key: String { prefix + "." + property }

    /// The key with its states replaced by `states`.
    package func with(states: [String]) -> StyledKey {
        StyledKey(containers: containers, style: style, states: states, property: property)
    }
}

extension ThemeState {
    /// The states a project knows: the built-in ones, then `added` (its own, such as
    /// `.themelint.json`'s `states`) in the order given, each after the last built-in one;
    /// a name given twice, or a built-in name, keeps its first place.
    package static func known(adding added: [String]) -> [ThemeState] {
        var states = builtIn
        var seen = Set(builtIn.map(\.rawValue))
        var next = (builtIn.map(\.priority).max() ?? -1) + 1
        for name in added where seen.insert(name).inserted {
            states.append(ThemeState(name, priority: next))
            next += 1
        }
        return states
    }
}

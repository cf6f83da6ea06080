package import ThemeKit

/// The styles and states a theme's keys are written for (SPEC §9), read through
/// `StyledKey`: what `themekit show --style` checks its states against, what `themekit keys`
/// names, and what the preview page shows a section for.
package struct StyleCatalog: Sendable, Hashable {
    /// One style: its name and the styled keys written for it (`INHERITED_STYLE` aside).
    package struct Style: Sendable, Hashable {
        /// The style's name.
        package var name: String
        /// Its parent, the string of its `Style.INHERITED_STYLE`; `nil` when none.
        package var parent: String?
        /// Its keys (property keys only), sorted by Unicode scalars of the whole key.
        package var keys: [StyledKey]
    }

    /// The styles, sorted by name (Unicode scalars).
    package var styles: [Style]
    /// The states the keys name beyond the built-in ones, sorted by name.
    package var customStates: [String]

    /// The catalog of `theme`'s keys.
    package init(theme: Theme) {
        var byStyle: [String: Style] = [:]
        var custom = Set<String>()
        for (key, value) in theme.values {
            guard let styled = StyledKey(key) else { continue }
            // Changed in place, in the dictionary: a copy of the style taken out and put
            // back held a second reference to its keys across the append, and copy-on-write
            // copied them all for every key (quadratic in one style's keys, in release too).
            let empty = Style(name: styled.style, parent: nil, keys: [])
            if styled.isInheritedStyle {
                if styled.containers.isEmpty, styled.states.isEmpty, case .string(let parent) = value, !parent.isEmpty {
                    byStyle[styled.style, default: empty].parent = parent
                } else if byStyle[styled.style] == nil {
                    byStyle[styled.style] = empty
                }
            } else {
                byStyle[styled.style, default: empty].keys.append(styled)
            }
            for state in styled.states where ThemeState(rawValue: state) == nil { custom.insert(state) }
        }
        styles = byStyle.values.sorted { Self.precedes($0.name, $1.name) }
        byStyle = [:]
        for index in styles.indices { styles[index].keys.sort { Self.precedes($0.key, $1.key) } }
        customStates = custom.sorted { Self.precedes($0, $1) }
    }

    /// The states a style can be asked for in this theme: the built-in ones, then
    /// `customStates` (in that order, after every built-in one).
    package var knownStates: [ThemeState] { ThemeState.known(adding: customStates) }

    /// The states named `names`, each known (`knownStates`); else what is wrong, with the
    /// closest known name.
    package func states(named names: [String]) -> Result<Set<ThemeState>, UnknownState> {
        let known = knownStates
        var states = Set<ThemeState>()
        for name in names {
            guard let state = known.first(where: { $0.rawValue == name }) else {
                return .failure(UnknownState(name: name, known: known.map(\.rawValue)))
            }
            states.insert(state)
        }
        return .success(states)
    }

    /// A state no key of the theme names and that is not built in.
    package struct UnknownState: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name asked for.
        package var name: String
        /// The known states, in priority order.
        package var known: [String]

        /// `unknown state 'hilighted'; did you mean 'highlighted'? (known: disabled, …)`.
        package var description: String {
            "unknown state '\(name)'\(Suggestions.hint(Suggestions.closest(to: name, among: known))) "
                + "(known: \(known.joined(separator: ", ")))"
        }
    }

    /// The properties a style sees: every global key (a key with no `.`) and every property
    /// of a key written for one of the styles `chain`; `INHERITED_STYLE` aside. Sorted by
    /// Unicode scalars.
    package static func properties(of theme: Theme, chain: [String]) -> [String] {
        let styles = Set(chain)
        var found = Set<String>()
        for key in theme.values.keys {
            guard key.utf8.contains(UInt8(ascii: ".")) else {
                found.insert(key)
                continue
            }
            if let styled = StyledKey(key), !styled.isInheritedStyle, styles.contains(styled.style) {
                found.insert(styled.property)
            }
        }
        return found.sorted { precedes($0, $1) }
    }

    /// Order by Unicode scalars, as the tools sort keys.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}

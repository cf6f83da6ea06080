/// How a theme file writes a reference to another key, so that a message about its entries
/// shows the reference as the file's author wrote it: a plist's `@color.b` or bare
/// `color.b` (SPEC §3), a DTCG file's `{color.b}` (SPEC §12), which the tokens reader reads
/// as `@color.b`. A designer never wrote `@color.b`.
///
/// Every message that quotes a reference or a link of an alias chain (the resolver's
/// `unresolved_alias`, `alias_cycle` and `invalid_…`, its "did you mean", `themekit show`'s
/// chain, the language server's hover) asks the syntax of the file that holds the entry.
package enum ReferenceSyntax: Sendable, Hashable {
    /// A property list theme: `@name`, or a bare key name.
    case plist
    /// A DTCG tokens file or resolver document (and its inline sources): `{name}`.
    case tokens

    /// An explicit reference to `key` as this syntax writes it: `@color.b`, `{color.b}`.
    package func reference(to key: String) -> String {
        switch self {
        case .plist: "@" + key
        case .tokens: "{" + key + "}"
        }
    }

    /// A key that a value names, as a link of an alias chain or a suggestion shows it: the
    /// key itself in a plist (where a bare name is an alias), `{color.b}` in DTCG (where
    /// only a curly reference is).
    package func link(_ key: String) -> String {
        switch self {
        case .plist: key
        case .tokens: reference(to: key)
        }
    }

    /// Whether a string value that is a key's name is an alias of that key: in a plist,
    /// never in DTCG (a string that names a token is text).
    package var bareNamesAreAliases: Bool { self == .plist }
}

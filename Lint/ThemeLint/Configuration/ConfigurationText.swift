import ThemeSupport

/// Text from a configuration file, made safe to print in a message: shown escaped as JSON
/// escapes it, which is how the user had to write it in the file (`'\u001b[31m'`,
/// `'a\nb'`). The JSON reader quotes the keys of its syntax errors the same way
/// (`JSONText`), so that every message about the file reads alike.
enum ConfigurationText {
    /// `text` in single quotes, escaped: `'unknown\tkey'`.
    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }

    /// `text` escaped as JSON escapes it; with `doubleQuotes`, `"` too (`JSONText.escaped`).
    static func escaped(_ text: String, doubleQuotes: Bool = false) -> String {
        JSONText.escaped(text, doubleQuotes: doubleQuotes)
    }
}

/// Text read from a JSON file, made safe to print in a message.
///
/// A key or value can hold a line break, a tab, an ANSI escape (`\u001b[31m`) or an
/// invisible format character: printed raw, it would break the message's one line, recolour
/// the terminal or hide what is wrong. It is shown escaped as JSON escapes it, which is how
/// the user had to write it in the file (`'\u001b[31m'`, `'a\nb'`).
package enum JSONText {
    /// `text` in single quotes, escaped: `'unknown\tkey'`.
    package static func quoted(_ text: String) -> String {
        "'" + escaped(text) + "'"
    }

    /// `text` with backslashes, control characters (C0, DEL, C1), format characters
    /// (zero-width, bidirectional overrides, a byte-order mark) and line or paragraph
    /// separators written as JSON escapes; with `doubleQuotes`, `"` too.
    package static func escaped(_ text: String, doubleQuotes: Bool = false) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"" where doubleQuotes: "\\\""
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            // Beyond the BMP, JSON writes a surrogate pair; the scalar's own value is clearer.
            case _ where Escaping.isInvisible(scalar) && scalar.value > 0xFFFF:
                "\\u{" + Escaping.hex(scalar, uppercase: true) + "}"
            case _ where Escaping.isInvisible(scalar): "\\u" + Escaping.hex(scalar, width: 4, uppercase: true)
            default: nil
            }
        }
    }
}

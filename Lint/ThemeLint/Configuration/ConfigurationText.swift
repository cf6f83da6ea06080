/// Text from a configuration file, made safe to print in a message.
///
/// A key or value can hold a line break, a tab, an ANSI escape (`\u001b[31m`) or an
/// invisible format character: printed raw, it would break the message's one line, recolour
/// the terminal or hide what is wrong. Every place the configuration loader quotes user
/// text goes through here, and shows it escaped as JSON escapes it, which is how the user
/// had to write it in the file (`'\u001b[31m'`, `'a\nb'`).
enum ConfigurationText {
    /// `text` in single quotes, escaped: `'unknown\tkey'`.
    static func quoted(_ text: String) -> String {
        "'" + escaped(text) + "'"
    }

    /// `text` with backslashes, control characters (C0, DEL, C1), format characters
    /// (zero-width, bidirectional overrides, a byte-order mark) and line or paragraph
    /// separators written as JSON escapes; with `doubleQuotes`, `"` too.
    static func escaped(_ text: String, doubleQuotes: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"" where doubleQuotes: out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar):
                let digits = String(scalar.value, radix: 16, uppercase: true)
                // Beyond the BMP, JSON writes a surrogate pair; the scalar's own value is clearer.
                out +=
                    scalar.value > 0xFFFF
                    ? "\\u{\(digits)}" : "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}

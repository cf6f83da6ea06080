import ThemeKit

/// A JSON value built by the tools' JSON outputs, written with sorted object keys and
/// two-space indentation so that the same theme always gives the same bytes.
public indirect enum JSONText: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: written as an integer when it is one, as the shortest exact decimal
    /// otherwise. JSON has no NaN or infinity: the tools refuse a theme holding one
    /// (`ThemeExporter.checkJSON`) before building JSON, and `null` is written only if a
    /// caller skipped that check.
    case number(Double)
    /// A string, escaped as JSON requires.
    case string(String)
    /// An array.
    case array([JSONText])
    /// An object; its keys are written sorted (by Unicode scalars).
    case object([String: JSONText])

    /// The value as pretty-printed JSON, with a final line break.
    public var rendered: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += number.isFinite ? Self.number(number) : "null"
        case .string(let text): out += Self.quoted(text)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.write(to: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            let inner = indent + "  "
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            out += "{\n"
            for (index, key) in keys.enumerated() {
                out += inner + Self.quoted(key) + ": "
                members[key, default: .null].write(to: &out, indent: inner)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// An integer when the number is one, else Swift's shortest round-tripping decimal.
    static func number(_ number: Double) -> String {
        ThemeValue.text(of: number)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, and
    /// U+2028, U+2029 (line breaks to JavaScript) and U+FEFF (a byte-order mark, which
    /// Foundation's `JSONSerialization` on Linux drops from the start of a string) as
    /// `\uXXXX`, so that every reader gets the same text back.
    static func quoted(_ text: String) -> String {
        let escaped = Escaping.escape(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{2028}", "\u{2029}", "\u{FEFF}": "\\u" + Escaping.hex(scalar, width: 4, uppercase: true)
            case _ where Escaping.isControl(scalar): "\\u" + Escaping.hex(scalar, width: 4, uppercase: true)
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }
}

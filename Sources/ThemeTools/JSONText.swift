/// A JSON value built by the tools' JSON outputs, written with sorted object keys and
/// two-space indentation so that the same theme always gives the same bytes.
public indirect enum JSONText: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: written as an integer when it is one, as the shortest exact decimal
    /// otherwise, and as `null` when it is not finite (JSON has no infinity).
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
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}": out += "\\u" + hex4(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

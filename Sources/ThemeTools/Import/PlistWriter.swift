import ThemeKit
import ThemeSupport

/// Writes a flat theme as an XML property list: the reserved keys first, then every key
/// sorted by Unicode scalars, so that the same theme always gives the same bytes.
package enum PlistWriter {
    /// Why a value cannot be written as XML and read back the same.
    package static func unwritableReason(_ text: String) -> String? {
        for scalar in text.unicodeScalars
        where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
            return "holds the control character U+\(Escaping.hex(scalar)), which XML 1.0 cannot hold"
        }
        for scalar in text.unicodeScalars where scalar.value == 0xFFFE || scalar.value == 0xFFFF {
            return "holds U+\(Escaping.hex(scalar)), which XML 1.0 cannot hold"
        }
        return nil
    }

    /// The document: `reserved` (in the order given) then `values`, sorted.
    package static func document(reserved: [(String, String)], values: [String: FlatValue]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for (key, value) in reserved {
            out += "\t<key>\(escaped(key))</key>\n\t<string>\(escaped(value))</string>\n"
        }
        for key in values.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            guard let value = values[key] else { continue }
            out += "\t<key>\(escaped(key))</key>\n\t" + element(value) + "\n"
        }
        return out + "</dict>\n</plist>\n"
    }

    /// One value's element.
    static func element(_ value: FlatValue) -> String {
        switch value {
        case .string(let text): "<string>\(escaped(text))</string>"
        case .integer(let number): "<integer>\(number)</integer>"
        case .real(let number): "<real>\(realText(number))</real>"
        case .bool(let flag): flag ? "<true/>" : "<false/>"
        }
    }

    /// A finite real as Swift writes it shortest (`0.5`, `1e+20`), read back as the same number.
    static func realText(_ number: Double) -> String {
        "\(number)"
    }

    /// Text for element content: `&`, `<` and `>` as entities, and a carriage return as a
    /// character reference (XML reads a bare one as a line feed).
    package static func escaped(_ text: String) -> String {
        Escaping.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\r": "&#13;"
            default: nil
            }
        }
    }
}

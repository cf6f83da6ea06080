public import ThemeKit

/// A resolved theme written for web front ends: CSS custom properties or flat JSON.
public enum ThemeExporter {
    /// Where the CSS custom properties are declared.
    public enum Selector: String, Sendable, Hashable, CaseIterable {
        /// `:root { … }`: the theme applies to the whole page.
        case root
        /// `[data-theme="NAME"] { … }`: the theme applies under an element that names it,
        /// so that several exported themes can live in one style sheet.
        case dataTheme = "data-theme"
    }

    /// Why a theme cannot be written as CSS without losing a value.
    public struct CSSNameError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The property name, and the keys (two or more, sorted) that would all be written as it.
        public var collisions: [(property: String, keys: [String])]

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.collisions.map(\.property) == rhs.collisions.map(\.property)
                && lhs.collisions.map(\.keys) == rhs.collisions.map(\.keys)
        }

        public func hash(into hasher: inout Hasher) {
            for collision in collisions {
                hasher.combine(collision.property)
                hasher.combine(collision.keys)
            }
        }

        public var description: String {
            collisions.map { collision in
                "keys " + collision.keys.map { "'\($0)'" }.joined(separator: " and ")
                    + " would all be written as \(collision.property): rename all but one"
            }.joined(separator: "\n")
        }
    }

    /// The theme as CSS custom properties, sorted by property name, in one rule.
    ///
    /// Names are the keys in kebab case (`primaryColor` → `--primary-color`); colors are
    /// lower-case hex (`#rrggbb`, `#rrggbbaa` when not opaque); sizes are `px`; a font is a
    /// `--x-font-family` (a quoted string) and `--x-font-size` pair, and an `xFontSize` key
    /// beside an `xFont` is that pair's size, not a property of its own; images and strings
    /// are quoted CSS strings; numbers and flags are written bare.
    ///
    /// - Throws: `CSSNameError` when two keys become the same property name: nothing is
    ///   dropped or renamed silently.
    public static func css(_ theme: Theme, selector: Selector = .root) throws(CSSNameError) -> String {
        var claims: [String: [String]] = [:]
        var declarations: [(property: String, value: String)] = []
        func declare(_ property: String, _ value: String, for key: String) {
            claims[property, default: []].append(key)
            declarations.append((property, value))
        }
        for (key, value) in theme.values {
            let name = cssName(key)
            switch value {
            case .font(let font):
                declare(name + "-family", cssString(font.name), for: key)
                declare(name + "-size", cssNumber(font.size) + "px", for: key)
            case .size(let number):
                // The size of a font pair is written with the font.
                if key.hasSuffix("FontSize"), case .font = theme.values[String(key.dropLast(4))] { continue }
                declare(name, cssNumber(number) + "px", for: key)
            case .color(let color): declare(name, color.hexString.lowercased(), for: key)
            case .image(let text), .string(let text): declare(name, cssString(text), for: key)
            case .number(let number): declare(name, cssNumber(number), for: key)
            case .bool(let flag): declare(name, flag ? "true" : "false", for: key)
            }
        }
        let collisions = claims.filter { Set($0.value).count > 1 }
            .map { (property: $0.key, keys: Set($0.value).sorted()) }
            .sorted { $0.property < $1.property }
        guard collisions.isEmpty else { throw CSSNameError(collisions: collisions) }
        declarations.sort { $0.property.unicodeScalars.lexicographicallyPrecedes($1.property.unicodeScalars) }
        let head =
            switch selector {
            case .root: ":root"
            case .dataTheme: "[data-theme=" + cssString(theme.name) + "]"
            }
        var out = "/* \(theme.name): exported by themekit; colors hex, sizes px. */\n\(head) {\n"
        for declaration in declarations {
            out += "  \(declaration.property): \(declaration.value);\n"
        }
        return out + "}\n"
    }

    /// The theme as one JSON object, key → resolved value, keys sorted: colors `#RRGGBB`
    /// (`#RRGGBBAA` when not opaque), fonts `{"name": …, "size": …}`, sizes and numbers as
    /// numbers, flags as booleans, images and strings as strings.
    public static func json(_ theme: Theme) -> String {
        JSONText.object(theme.values.mapValues(ThemeTable.json)).rendered
    }

    /// The custom property name for `key`: `--` and the key in kebab case, escaped per CSS
    /// syntax where a character cannot appear in an identifier.
    ///
    /// A hyphen goes before an upper-case ASCII letter that follows a lower-case letter (any
    /// script) or an ASCII digit, or that starts a word after a run of capitals (`URLColor` → `url-color`);
    /// ASCII letters become lower case; other characters stay as they are.
    public static func cssName(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        var out = "--"
        for (index, scalar) in scalars.enumerated() {
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper, index > 0 {
                let previous = scalars[index - 1]
                let previousIsLowerOrDigit = previous.properties.isLowercase || ("0"..."9").contains(previous)
                let previousIsUpper = ("A"..."Z").contains(previous)
                let nextIsLower = index + 1 < scalars.count && ("a"..."z").contains(scalars[index + 1])
                if previousIsLowerOrDigit || (previousIsUpper && nextIsLower) { out += "-" }
            }
            if isUpper {
                out.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
            } else {
                out += escapedIdentifierCharacter(scalar)
            }
        }
        return out
    }

    /// One character of a custom property name after `--`: name characters (letters,
    /// digits, `-`, `_`, anything beyond ASCII) as they are; control characters as a hex
    /// escape and a space; any other ASCII character after a backslash.
    private static func escapedIdentifierCharacter(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return String(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                return "\\" + String(scalar.value, radix: 16) + " "
            }
            if scalar.value >= 0x80 { return String(scalar) }
            return "\\" + String(scalar)
        }
    }

    /// `text` as a double-quoted CSS string: `"` and `\` after a backslash, control
    /// characters and `<` as hex escapes (so that the value is also safe inside a `<style>`).
    public static func cssString(_ text: String) -> String {
        let escaped = Escaping.escape(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "<": "\\3c "
            case _ where Escaping.isControl(scalar): "\\" + Escaping.hex(scalar) + " "
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }

    /// A number as CSS writes it: an integer when it is one, a plain decimal otherwise.
    static func cssNumber(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        let text = ThemeValue.text(of: number)
        guard text.contains("e") else { return text }
        // Exponents are valid CSS, but keep to plain decimals that every parser reads.
        return String(Int((number * 1e6).rounded())).withDecimalPoint(places: 6)
    }
}

extension String {
    /// An integer's digits with a decimal point `places` from the right, trailing zeros dropped.
    fileprivate func withDecimalPoint(places: Int) -> String {
        var digits = self
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        digits = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        var fraction = String(digits.suffix(places))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(digits.dropLast(places))
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}

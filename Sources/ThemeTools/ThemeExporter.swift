package import ThemeKit
import ThemeOutput

/// A resolved theme written for web front ends: CSS custom properties or flat JSON.
package enum ThemeExporter: Sendable {
    /// Where the CSS custom properties are declared.
    package enum Selector: String, Sendable, Hashable, CaseIterable {
        /// `:root { … }`: the theme applies to the whole page.
        case root
        /// `[data-theme="NAME"] { … }`: the theme applies under an element that names it,
        /// so that several exported themes can live in one style sheet.
        case dataTheme = "data-theme"
    }

    /// Why a theme cannot be written as CSS or JSON without losing or changing a value.
    package struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A key whose name or value the format cannot express.
        package struct Unwritable: Sendable, Hashable {
            /// The key.
            package var key: String
            /// Where the key was written, when the theme knows.
            package var location: SourceLocation?
            /// What the format cannot express: `NaN`, `infinity`, `-infinity` or `an empty name`.
            package var what: String
        }

        /// The format that cannot express the theme: `CSS` or `JSON`.
        package var format: String = "CSS"
        /// The property name, and the keys (two or more, sorted) that would all be written as it.
        package var collisions: [(property: String, keys: [String])]
        /// Keys whose value (NaN, an infinity) or name (empty, in CSS) the format has no way
        /// to write, sorted by key.
        package var unwritable: [Unwritable] = []

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.format == rhs.format && lhs.collisions.map(\.property) == rhs.collisions.map(\.property)
                && lhs.collisions.map(\.keys) == rhs.collisions.map(\.keys) && lhs.unwritable == rhs.unwritable
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(format)
            for collision in collisions {
                hasher.combine(collision.property)
                hasher.combine(collision.keys)
            }
            hasher.combine(unwritable)
        }

        package var description: String { rendered { $0 } }

        /// The error, one problem a line, with locations shown through `path`.
        package func rendered(_ path: (SourceLocation) -> SourceLocation) -> String {
            let unwritten = unwritable.map { problem in
                // Keys and paths escaped (`Escaping.visible`): one problem stays one line.
                let at =
                    problem.location.map(path).map { location in
                        let file = Escaping.visible(location.file)
                        return location.line > 0 ? "\(file):\(location.line): " : "\(file): "
                    } ?? ""
                let name = problem.what == "an empty name" ? "the empty key" : "key '\(Escaping.visible(problem.key))'"
                return at + name + " has \(problem.what), which \(format) cannot express: change the value or the key"
            }
            let named = collisions.map { collision in
                "keys " + collision.keys.map { "'\(Escaping.visible($0))'" }.joined(separator: " and ")
                    + " would all be written as \(Escaping.visible(collision.property)): rename all but one"
            }
            return (unwritten + named).joined(separator: "\n")
        }
    }

    /// The error `css(_:selector:)` throws.
    package typealias CSSError = ExportError

    /// Another name of `ExportError`, the error `css(_:selector:)` throws.
    package typealias CSSNameError = ExportError

    /// The theme as CSS custom properties, sorted by property name, in one rule.
    ///
    /// Names are the keys in kebab case (`primaryColor` → `--primary-color`); colors are
    /// lower-case hex (`#rrggbb`, `#rrggbbaa` when not opaque); numbers take their kind's unit
    /// (`ValueKind.unit`: sizes and lengths `px`, durations `s`); a font is a
    /// `--x-font-family` (a quoted string) and `--x-font-size` pair, and an `xFontSize` key
    /// beside an `xFont` is that pair's size, not a property of its own; images and strings
    /// are quoted CSS strings; numbers and flags are written bare.
    ///
    /// - Throws: `CSSError` when two keys become the same property name, when a number is
    ///   NaN or infinite, or when a key is empty (`--` alone is no custom property): nothing
    ///   is dropped, renamed or changed silently.
    package static func css(_ theme: Theme, selector: Selector = .root) throws(CSSError) -> String {
        var claims: [String: [String]] = [:]
        var declarations: [(property: String, value: String)] = []
        var unwritable: [CSSError.Unwritable] = []
        func declare(_ property: String, _ value: String, for key: String) {
            claims[property, default: []].append(key)
            declarations.append((property, value))
        }
        func refuse(_ key: String, _ what: String) {
            unwritable.append(.init(key: key, location: theme.source(forKey: key)?.key, what: what))
        }
        for (key, value) in theme.values {
            guard !key.isEmpty else {
                refuse(key, "an empty name")
                continue
            }
            // The check JSON shares; below, every number is finite and has a CSS form.
            if let number = nonFiniteNumber(in: value) {
                refuse(key, nonFiniteName(number))
                continue
            }
            let name = cssName(key)
            switch value {
            case .font(let font):
                declare(name + "-family", cssString(font.name), for: key)
                guard let size = cssNumber(font.size) else { continue }
                declare(name + "-size", size + "px", for: key)
            case .size(let number), .number(let number):
                // The size of a font pair is written with the font.
                if case .size = value, let font = ValueKind.fontKey(ofSize: key), case .font = theme.values[font] {
                    continue
                }
                guard let text = cssNumber(number) else { continue }
                declare(name, text + (ValueKind.entry(forKey: key, value: value).unit ?? ""), for: key)
            case .color(let color): declare(name, color.hexString.lowercased(), for: key)
            case .image(let text), .string(let text): declare(name, cssString(text), for: key)
            case .bool(let flag): declare(name, flag ? "true" : "false", for: key)
            }
        }
        let collisions = claims.filter { Set($0.value).count > 1 }
            .map { (property: $0.key, keys: Set($0.value).sorted()) }
            .sorted { $0.property < $1.property }
        unwritable.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        guard collisions.isEmpty, unwritable.isEmpty else {
            throw CSSError(collisions: collisions, unwritable: unwritable)
        }
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
    ///
    /// - Throws: `ExportError` when a number is NaN or infinite: JSON has no such numbers,
    ///   and writing `null` would change the value silently.
    package static func json(_ theme: Theme) throws(ExportError) -> String {
        try checkJSON(theme)
        // Every number is finite now, and strings and flags always encode.
        return (try? JSONOutput.document(theme.values.mapValues(ThemeTable.JSONValue.init))) ?? "{}\n"
    }

    /// Throws what `json(_:)` would throw: for any JSON output of `theme` (the export, `show
    /// --json`), whose numbers are the same.
    ///
    /// - Throws: `ExportError` naming every key whose number is NaN or infinite.
    package static func checkJSON(_ theme: Theme) throws(ExportError) {
        var unwritable: [ExportError.Unwritable] = []
        for (key, value) in theme.values {
            guard let number = nonFiniteNumber(in: value) else { continue }
            unwritable.append(.init(key: key, location: theme.source(forKey: key)?.key, what: nonFiniteName(number)))
        }
        guard unwritable.isEmpty else {
            unwritable.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            throw ExportError(format: "JSON", collisions: [], unwritable: unwritable)
        }
    }

    /// The number `value` is written with, when it is NaN or infinite: the check CSS and
    /// JSON share, since neither has such numbers.
    package static func nonFiniteNumber(in value: ThemeValue) -> Double? {
        switch value {
        case .font(let font): font.size.isFinite ? nil : font.size
        case .size(let number), .number(let number): number.isFinite ? nil : number
        case .color, .image, .string, .bool: nil
        }
    }

    /// The custom property name for `key`: `--` and the key in kebab case, escaped per CSS
    /// syntax where a character cannot appear in an identifier.
    ///
    /// A hyphen goes before an upper-case ASCII letter that follows a lower-case letter (any
    /// script) or an ASCII digit, or that starts a word after a run of capitals (`URLColor` → `url-color`);
    /// ASCII letters become lower case; other characters stay as they are.
    package static func cssName(_ key: String) -> String {
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
            if Escaping.isControl(scalar) { return "\\" + Escaping.hex(scalar) + " " }
            if scalar.value >= 0x80 { return String(scalar) }
            return "\\" + String(scalar)
        }
    }

    /// `text` as a double-quoted CSS string: `"` and `\` after a backslash, control
    /// characters and `<` as hex escapes (so that the value is also safe inside a `<style>`).
    package static func cssString(_ text: String) -> String {
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

    /// A number as CSS writes it: plain positional decimals of any magnitude, exactly
    /// (`10000000000000000`, `0.0000001`), never an exponent; `nil` for NaN and the
    /// infinities, which CSS has no number for.
    package static func cssNumber(_ number: Double) -> String? {
        DecimalText.positional(number)
    }

    /// How the error names a number that is not finite.
    package static func nonFiniteName(_ number: Double) -> String {
        number.isNaN ? "NaN" : number < 0 ? "-infinity" : "infinity"
    }
}

package import ThemeKit
import ThemeOutput
import ThemeSupport

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

        /// This error and `other` as one (a theme's and its partner's problems): each
        /// collision and each unwritable key once (a partner that inherits a problem
        /// finds it again), in the order `rendered` shows them.
        package func merged(with other: ExportError) -> ExportError {
            var seen = Set<[String]>()
            let collisions = (collisions + other.collisions).filter { seen.insert([$0.property] + $0.keys).inserted }
                .sorted {
                    ($0.property, $0.keys.joined(separator: "\n")) < ($1.property, $1.keys.joined(separator: "\n"))
                }
            var known = Set<Unwritable>()
            let unwritable = (unwritable + other.unwritable).filter { known.insert($0).inserted }
                .sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            return ExportError(format: format, collisions: collisions, unwritable: unwritable)
        }

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

    /// The theme as CSS custom properties, sorted by property name, in one rule; with a
    /// `partner`, the rule also says `color-scheme: light dark`, and a
    /// `@media (prefers-color-scheme: …)` block for the other appearance follows it.
    ///
    /// Names are the keys in kebab case (`primaryColor` → `--primary-color`); colors are
    /// lower-case hex (`#rrggbb`, `#rrggbbaa` when not opaque); numbers take their kind's unit
    /// (`ValueKind.unit`: sizes and lengths `px`, durations `s`); a font is a
    /// `--x-font-family` (a quoted string) and `--x-font-size` pair, and an `xFontSize` key
    /// beside an `xFont` is that pair's size, not a property of its own; images and strings
    /// are quoted CSS strings; numbers and flags are written bare.
    ///
    /// The partner's block (`prefers-color-scheme: dark` for a light theme's `DARK_THEME`,
    /// `light` for a dark theme's `LIGHT_THEME`), under the same selector, holds only the
    /// properties whose value differs from the theme's (or that only the partner has), and
    /// sets to `initial` those the partner lacks, so that under the media query the page
    /// sees exactly the partner's values. Without a partner the output is one rule, as it
    /// always was.
    ///
    /// - Throws: `CSSError` when two keys of the theme or of its partner become the same
    ///   property name, when a number is NaN or infinite, or when a key is empty (`--`
    ///   alone is no custom property): nothing is dropped, renamed or changed silently.
    package static func css(_ theme: Theme, partner: Theme? = nil, selector: Selector = .root) throws(CSSError)
        -> String
    {
        var failure: ExportError?
        var own: [Declaration] = []
        var theirs: [Declaration] = []
        do { own = try declarations(of: theme) } catch { failure = error }
        if let partner {
            do { theirs = try declarations(of: partner) } catch { failure = failure?.merged(with: error) ?? error }
        }
        if let failure { throw failure }
        let head =
            switch selector {
            case .root: ":root"
            case .dataTheme: "[data-theme=" + cssString(theme.name) + "]"
            }
        var out = "/* \(commentText(theme.name)): exported by themekit; colors hex, sizes px. */\n\(head) {\n"
        if partner != nil { out += "  color-scheme: light dark;\n" }
        for declaration in own {
            out += "  \(declaration.property): \(declaration.value);\n"
        }
        out += "}\n"
        guard let partner else { return out }
        let other = theme.appearance.opposite
        out +=
            "\n/* \(commentText(partner.name)), the \(other.rawValue) partner (\(ThemeName.partnerKey(for: other))): "
        out += "the values that differ from \(commentText(theme.name))'s. */\n"
        out += "@media (prefers-color-scheme: \(other.rawValue)) {\n  \(head) {\n"
        for declaration in difference(from: own, to: theirs) {
            out += "    \(declaration.property): \(declaration.value);\n"
        }
        return out + "  }\n}\n"
    }

    /// `name` for a CSS comment: a loaded theme's name is `[A-Za-z0-9._-]` only, but one
    /// made in code may hold anything, and `*/` would end the comment (`<`, in a page's
    /// `<style>`, could end the element).
    static func commentText(_ name: String) -> String {
        Escaping.escape(name) { scalar in
            switch scalar {
            case "*": "\\2a "
            case "<": "\\3c "
            case _ where Escaping.isControl(scalar): "\\" + Escaping.hex(scalar) + " "
            default: nil
            }
        }
    }

    /// One CSS custom property and its value, as written.
    struct Declaration {
        var property: String
        var value: String
    }

    /// The custom properties of `theme`, sorted by property name (Unicode scalars).
    ///
    /// - Throws: `CSSError` naming every pair of keys that become one name, and every key
    ///   whose name or value CSS cannot write.
    private static func declarations(of theme: Theme) throws(CSSError) -> [Declaration] {
        var claims: [String: [String]] = [:]
        var declarations: [Declaration] = []
        var unwritable: [CSSError.Unwritable] = []
        func declare(_ property: String, _ value: String, for key: String) {
            claims[property, default: []].append(key)
            declarations.append(Declaration(property: property, value: value))
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
                declare(
                    name,
                    text + ((theme.valueKind(ofKey: key) ?? ValueKind.entry(forKey: key, value: value)).unit ?? ""),
                    for: key)
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
        return declarations
    }

    /// What turns the declarations `own` into `theirs` (both sorted, names unique): each of
    /// `theirs` whose value differs or that `own` lacks, and `initial` for each of `own`
    /// that `theirs` lacks, sorted. One merge of the two lists.
    private static func difference(from own: [Declaration], to theirs: [Declaration]) -> [Declaration] {
        var out: [Declaration] = []
        var index = (own: own.startIndex, theirs: theirs.startIndex)
        func precedes(_ lhs: String, _ rhs: String) -> Bool {
            lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
        }
        while index.own < own.endIndex || index.theirs < theirs.endIndex {
            let mine = index.own < own.endIndex ? own[index.own] : nil
            let other = index.theirs < theirs.endIndex ? theirs[index.theirs] : nil
            if let mine, let other, mine.property == other.property {
                if mine.value != other.value { out.append(other) }
                index.own += 1
                index.theirs += 1
            } else if let mine, other.map({ precedes(mine.property, $0.property) }) ?? true {
                out.append(Declaration(property: mine.property, value: "initial"))
                index.own += 1
            } else if let other {
                out.append(other)
                index.theirs += 1
            }
        }
        return out
    }

    /// The theme as one JSON object, key → resolved value, keys sorted: colors `#RRGGBB`
    /// (`#RRGGBBAA` when not opaque), fonts `{"name": …, "size": …}`, sizes and numbers as
    /// numbers, flags as booleans, images and strings as strings.
    ///
    /// With a `partner`, two members named by reserved keys (which no theme value can
    /// have) join the values: `"APPEARANCE"`, the theme's appearance, and the key that names
    /// the partner (`"DARK_THEME"` for a light theme, `"LIGHT_THEME"` for a dark one),
    /// holding `{"name", "appearance", "overrides", "unsetKeys"}`: the partner's name and
    /// appearance, its values that differ from the theme's (or that only it has), written
    /// as the theme's are, and the keys of the theme it has no value for. The partner's
    /// values are the theme's with `overrides` laid over them and `unsetKeys` removed.
    /// Without a partner the output is the values alone, as it always was.
    ///
    /// - Throws: `ExportError` when a number of the theme or its partner is NaN or
    ///   infinite: JSON has no such numbers, and writing `null` would change the value
    ///   silently.
    package static func json(_ theme: Theme, partner: Theme? = nil) throws(ExportError) -> String {
        var failure: ExportError?
        do { try checkJSON(theme) } catch { failure = error }
        if let partner {
            do { try checkJSON(partner) } catch { failure = failure?.merged(with: error) ?? error }
        }
        if let failure { throw failure }
        // Every number is finite now, and strings and flags always encode.
        guard let partner else {
            return (try? JSONOutput.document(theme.values.mapValues(ThemeTable.JSONValue.init))) ?? "{}\n"
        }
        return (try? JSONOutput.document(JSONPair(theme: theme, partner: partner))) ?? "{}\n"
    }

    /// A theme and its partner, in the shape `json(_:partner:)` documents.
    struct JSONPair: Encodable {
        var theme: Theme
        var partner: Theme

        /// A member of the document: a theme's key, or a reserved key.
        struct Member: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The members of the partner's object.
        enum PartnerKeys: String, CodingKey {
            case name, appearance, overrides, unsetKeys
        }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Member.self)
            let values = theme.values
            for (key, value) in values {
                try object.encode(ThemeTable.JSONValue(value), forKey: Member(stringValue: key))
            }
            try object.encode(theme.appearance.rawValue, forKey: Member(stringValue: ThemeName.appearanceKey))
            let key = ThemeName.partnerKey(for: theme.appearance.opposite)
            var nested = object.nestedContainer(keyedBy: PartnerKeys.self, forKey: Member(stringValue: key))
            try nested.encode(partner.name, forKey: .name)
            try nested.encode(partner.appearance.rawValue, forKey: .appearance)
            let theirs = partner.values
            var overrides: [String: ThemeTable.JSONValue] = [:]
            for (key, value) in theirs {
                if let own = values[key], ThemeExporter.writtenAlike(own, value) { continue }
                overrides[key] = ThemeTable.JSONValue(value)
            }
            try nested.encode(overrides, forKey: .overrides)
            let unset = values.keys.filter { theirs[$0] == nil }
                .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            try nested.encode(unset, forKey: .unsetKeys)
        }
    }

    /// Whether two values are written alike: equal, and numbers of the same sign (`0` and
    /// `-0` are equal, but written differently).
    static func writtenAlike(_ lhs: ThemeValue, _ rhs: ThemeValue) -> Bool {
        guard lhs == rhs else { return false }
        switch (lhs, rhs) {
        case (.size(let a), .size(let b)), (.number(let a), .number(let b)): return a.sign == b.sign
        case (.font(let a), .font(let b)): return a.size.sign == b.size.sign
        default: return true
        }
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

// libFuzzer entry point for themekit's renderers: export (CSS with both selectors, JSON),
// show (text and JSON), the preview page and the typed keys (both access levels).
//
// Not part of the package: `FUZZ_TARGET=tools Scripts/fuzz.sh` builds Sources/ThemeKit and
// Sources/ThemeOutput as modules of their own, then compiles this file together with
// Sources/ThemeTools/**/*.swift into the module ThemeTools with
// `swiftc -sanitize=fuzzer,address`, so that it can reach the tools' internal helpers the way
// the tests do.
//
// One input is split on "%%%%" into up to three theme files, served from memory as
// FuzzEntry.swift serves them: the first part is child.plist, and each parent the lineage
// asks for next gets the next part. Each theme of the lineage is then loaded on its own
// (parent i from part i on), and the themes that load, with the failures of those that do
// not, make the collection the preview and the key generator see.
//
// Invariants, each checked by reading the output back with a parser that does not share
// the renderer's code: (a) nothing traps (libFuzzer sees traps and ASan reports); (b) every
// key and value is escaped: the JSON outputs parse and give back every key and value
// exactly; every CSS declaration is one custom property whose name is a whole CSS
// identifier and whose value is a whole token (strings decode back to the value, numbers
// read back exactly), with no `</` anywhere; the preview page has only its own tags and
// attributes, every `&` starts an entity, every style attribute keeps the font name inside
// its CSS string, and the key cells give back the keys; the typed keys are only the lines
// the generator writes, each name an identifier (or a backticked keyword) and each literal
// a whole Swift string literal that decodes to its key; the show table has one line a key
// and no control character. A broken invariant is a `fatalError("fuzz invariant: …")`.
// Errors the renderers throw (CSS refusing NaN, a collision, an empty key) are checked for
// being well-formed, never counted as findings.

import Foundation
import Synchronization
import ThemeKit
import ThemeOutput

/// Splits the input into theme files.
/// How the preview and the typed keys' header name the folder: a name that breaks out of
/// HTML text, an attribute, a `<title>` and a line comment if left raw.
let folder = "/fuzz/</title><script>x()</script>\n\"quoted\" & 'single'\u{2028}"
let displayPath = DisplayPath(currentDirectory: "/")
/// With FUZZ_TOOLS_VERBOSE set, each input says which renderers ran on what (to check that
/// a seed reaches the renderers it is meant for: run the binary on the seed's file).
let verbose = ProcessInfo.processInfo.environment["FUZZ_TOOLS_VERBOSE"] != nil

func note(_ text: @autoclosure () -> String) {
    if verbose { print("fuzz-tools: " + text()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = split(Array(UnsafeBufferPointer(start: data, count: size)))
    let options = ThemeOptions(alphaOrder: size % 2 == 0 ? .alphaLast : .alphaFirst)
    let loader = ThemeLoader(directory: directory, options: options)

    // The collection: the child and each ancestor, loaded on its own.
    var collection = ThemeCollection(directory: directory)
    collection.directory = folder
    let child = loader.analyze("child", reader: memoryReader(parts, from: 0))
    var names: [String] = []
    for (index, name) in child.lineage.enumerated() where index < parts.count && !names.contains(name) {
        names.append(name)
        let analysis = index == 0 ? child : loader.analyze(name, reader: memoryReader(parts, from: index))
        if let theme = analysis.theme {
            collection.themes.append(theme)
        } else {
            collection.failures[name] = ThemeError(analysis.errors)
        }
    }
    if child.lineage.isEmpty, child.theme == nil {
        collection.failures["child"] = ThemeError(child.errors)
    }
    collection.themes.sort { $0.name < $1.name }
    note(
        "themes \(collection.themes.map { "\($0.name) (\($0.values.count) keys)" }), failed \(collection.failures.keys.sorted())"
    )
    for (name, error) in collection.failures { note("\(name): \(error.diagnostics.first?.rendered ?? "")") }

    for theme in collection.themes {
        checkJSONExport(theme)
        checkCSS(theme, selector: .root)
        checkCSS(theme, selector: .dataTheme)
        checkShow(theme)
    }
    checkPreview(collection)
    checkKeys(collection)
    return 0
}

// MARK: Input

/// Serves `parts[first...]` in the order the loader asks for paths; a later ask is a
/// missing file.
func memoryReader(_ parts: [[UInt8]], from first: Int) -> ThemeLoader.FileReader {
    let served = Mutex<[String: Int]>([:])
    return { path in
        let index = served.withLock { served -> Int in
            if let index = served[path] { return index }
            let index = first + served.count
            served[path] = index
            return index
        }
        guard index < parts.count else {
            return .failure(ThemeError(Diagnostic(.ioError, "no such file", at: .wholeFile(path))))
        }
        return .success(ThemeFile(PropertyListReader().parse(parts[index], file: path)))
    }
}

// MARK: Invariants

func trap(_ what: String, _ output: String? = nil) -> Never {
    let shown = output.map { "\n--- output (first 2000 characters):\n" + String($0.prefix(2000)) } ?? ""
    fatalError("fuzz invariant: \(what)\(shown)")
}

/// Quoted for a message, with control characters visible.
func quoted(_ text: String) -> String { "\"" + text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\"" }

func isC0OrDEL(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

/// What a terminal acts on or a reader cannot see: C0 and C1 controls, DEL, invisible
/// format characters (the bidi overrides and isolates among them), line and paragraph
/// separators. Written here again, not taken from ThemeTools.
func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
    return [.format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
}

// MARK: JSON (export, show)

func parseJSON(_ text: String, _ what: String) -> Any {
    guard text.hasSuffix("\n"),
        let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    else { trap("\(what) is not JSON", text) }
    return object
}

/// Why `json` (as JSONSerialization gives it) is not `value` as the tools write it, or nil.
func mismatch(_ json: Any, _ value: ThemeValue) -> String? {
    func number(_ json: Any, _ number: Double) -> String? {
        if !number.isFinite { return json is NSNull ? nil : "a non-finite number is not null" }
        guard let read = (json as? NSNumber)?.doubleValue ?? (json as? Double) ?? (json as? Int).map(Double.init) else {
            return "not a number"
        }
        return read == number ? nil : "number \(read) is not \(number)"
    }
    switch value {
    case .color(let color): return json as? String == color.hexString ? nil : "color is not \(color.hexString)"
    case .font(let font):
        guard let object = json as? [String: Any], object.count == 2, let name = object["name"] as? String,
            let size = object["size"]
        else { return "font is not {name, size}" }
        return name == font.name ? number(size, font.size) : "font name \(quoted(name)) is not \(quoted(font.name))"
    case .size(let value), .number(let value): return number(json, value)
    case .bool(let flag): return json as? Bool == flag ? nil : "flag is not \(flag)"
    case .image(let text), .string(let text):
        guard let read = json as? String else { return "not a string" }
        return read.unicodeScalars.elementsEqual(text.unicodeScalars) ? nil : "\(quoted(read)) is not \(quoted(text))"
    }
}

/// `text` as the preview's cells show it: a line feed and a tab as they are (white space in
/// HTML), a carriage return as `\r`, every other hidden scalar (`isHidden`) as `\u{hex}`,
/// lower case. Written here again, not taken from ThemeSupport.
func shownVisibly(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n", "\t": shown.unicodeScalars.append(scalar)
        case "\r": shown += "\\r"
        case _ where isHidden(scalar): shown += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: shown.unicodeScalars.append(scalar)
        }
    }
    return shown
}

func sameScalars(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }

func sameScalars(_ a: [String], _ b: [String]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { pair in sameScalars(pair.0, pair.1) }
}

func checkJSONExport(_ theme: Theme) {
    let text: String
    do {
        text = try ThemeExporter.json(theme)
    } catch {
        // Refusing a value JSON cannot hold (NaN, an infinity) is right; it must say which.
        guard !error.unwritable.isEmpty, !error.description.isEmpty else { trap("an empty JSON export error", nil) }
        return
    }
    guard let object = parseJSON(text, "export --format json") as? [String: Any] else {
        trap("export --format json is not an object", text)
    }
    guard object.count == theme.values.count else {
        trap("export --format json has \(object.count) keys, the theme \(theme.values.count)", text)
    }
    for (key, value) in theme.values {
        guard let read = object[key] else { trap("export --format json lost key \(quoted(key))", text) }
        if let problem = mismatch(read, value) { trap("export --format json, key \(quoted(key)): \(problem)", text) }
    }
}

func checkShow(_ theme: Theme) {
    let table = ThemeTable(theme: theme, path: displayPath)
    let sortedKeys = theme.values.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }

    let json = table.json
    guard let object = parseJSON(json, "show --json") as? [String: Any], let values = object["values"] as? [Any]
    else { trap("show --json has no values array", json) }
    guard object["theme"] as? String == theme.name, object["lineage"] as? [String] == theme.lineage else {
        trap("show --json: theme or lineage", json)
    }
    guard values.count == sortedKeys.count else { trap("show --json has \(values.count) rows", json) }
    for (index, (item, row)) in zip(values, table.rows).enumerated() {
        guard let item = item as? [String: Any], let key = item["key"] as? String, sameScalars(key, sortedKeys[index]),
            sameScalars(key, row.key)
        else { trap("show --json row \(index) is not key \(quoted(sortedKeys[index]))", json) }
        guard let value = item["value"], let theirs = theme.values[key] else { trap("show --json lost a value", json) }
        if let problem = mismatch(value, theirs) { trap("show --json, key \(quoted(key)): \(problem)", json) }
        guard let chain = item["aliasChain"] as? [String], sameScalars(chain, row.aliasChain)
        else { trap("show --json, key \(quoted(key)): alias chain", json) }
        if let sizeKey = row.sizeKey {
            guard let read = item["sizeKey"] as? String, sameScalars(read, sizeKey) else {
                trap("show --json, key \(quoted(key)): sizeKey", json)
            }
        }
    }

    // Text: a heading, a header and one line a key, nothing a terminal would act on.
    let text = table.text
    if let scalar = text.unicodeScalars.first(where: { isHidden($0) && $0 != "\n" }) {
        trap("show has a raw control or invisible character U+\(String(scalar.value, radix: 16))", text)
    }
    let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
    guard text.hasSuffix("\n"), lines == sortedKeys.count + 2 else {
        trap("show has \(lines) lines for \(sortedKeys.count) keys", text)
    }
}

// MARK: CSS (export --format css)

/// A CSS reader just strong enough to take back what the exporter writes (CSS Syntax 3,
/// §4.3: escapes, identifiers, strings).
struct CSSScanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ text: some StringProtocol) { scalars = Array(text.unicodeScalars) }

    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" || scalar == "\u{C}" }
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            || scalar == "_" || scalar.value >= 0x80
    }

    /// After a backslash that is not before a newline: the escaped code point.
    mutating func escape() -> Unicode.Scalar? {
        guard let first = current, !Self.isNewline(first) else { return nil }
        guard Self.isHex(first) else {
            index += 1
            return first
        }
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, let scalar = current, Self.isHex(scalar) {
            value = value * 16 + (UInt32(String(scalar), radix: 16) ?? 0)
            digits += 1
            index += 1
        }
        if let scalar = current, scalar == " " || scalar == "\t" || Self.isNewline(scalar) { index += 1 }
        return Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
    }

    /// A whole identifier from here, decoded; nil when it is not one.
    mutating func identifier() -> String? {
        var out = String.UnicodeScalarView()
        while let scalar = current {
            if Self.isNameCharacter(scalar) {
                out.append(scalar)
                index += 1
            } else if scalar == "\\" {
                index += 1
                guard let escaped = escape() else { return nil }
                out.append(escaped)
            } else {
                break
            }
        }
        return out.isEmpty ? nil : String(out)
    }

    /// A string token from its opening quote, decoded; nil when it is a bad string or holds
    /// a raw `<` or control character (the exporter promises neither).
    mutating func string() -> String? {
        guard current == "\"" else { return nil }
        index += 1
        var out = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            switch scalar {
            case "\"": return String(out)
            case "\\":
                guard let escaped = escape() else { return nil }
                out.append(escaped)
            case "<": return nil
            case _ where isC0OrDEL(scalar): return nil
            default: out.append(scalar)
            }
        }
        return nil
    }

    mutating func skip(_ literal: String) -> Bool {
        let wanted = Array(literal.unicodeScalars)
        guard index + wanted.count <= scalars.count, scalars[index..<index + wanted.count].elementsEqual(wanted) else {
            return false
        }
        index += wanted.count
        return true
    }
}

/// What a CSS declaration's value must read back as.
enum CSSExpected {
    case string(String)
    case number(Double, unit: String)
    case word(String)
}

func checkCSS(_ theme: Theme, selector: ThemeExporter.Selector) {
    let css: String
    do {
        css = try ThemeExporter.css(theme, selector: selector)
    } catch {
        guard !error.collisions.isEmpty || !error.unwritable.isEmpty else { trap("CSSError with no problem") }
        for problem in error.unwritable where theme.values[problem.key] == nil {
            trap("CSSError names key \(quoted(problem.key)), which the theme does not have")
        }
        for collision in error.collisions
        where collision.keys.count < 2 || collision.keys.contains(where: { theme.values[$0] == nil }) {
            trap("CSSError collision \(collision.property) of \(collision.keys.map(quoted))")
        }
        note("css (\(selector)) refused: \(error.rendered { $0 })")
        return
    }
    guard !holds(css, "</") else { trap("export --format css has '</'", css) }

    // What each property must hold.
    var expected: [String: CSSExpected] = [:]
    for (key, value) in theme.values {
        let name = ThemeExporter.cssName(key)
        switch value {
        case .font(let font):
            expected[name + "-family"] = .string(font.name)
            expected[name + "-size"] = .number(font.size, unit: "px")
        case .size(let size):
            if key.hasSuffix("FontSize"), case .font = theme.values[String(key.dropLast(4))] { continue }
            expected[name] = .number(size, unit: "px")
        case .color(let color): expected[name] = .word(color.hexString.lowercased())
        case .image(let text), .string(let text): expected[name] = .string(text)
        case .number(let number): expected[name] = .number(number, unit: "")
        case .bool(let flag): expected[name] = .word(flag ? "true" : "false")
        }
    }

    let lines = css.split(separator: "\n", omittingEmptySubsequences: false)
    let head = selector == .root ? ":root {" : "[data-theme=\"\(theme.name)\"] {"
    guard lines.count == expected.count + 4,
        lines[0] == "/* \(theme.name): exported by themekit; colors hex, sizes px. */",
        lines[1] == head, lines[lines.count - 2] == "}", lines[lines.count - 1] == ""
    else { trap("export --format css: \(lines.count) lines for \(expected.count) properties", css) }
    var seen: Set<String> = []
    for line in lines[2..<lines.count - 2] {
        var scanner = CSSScanner(line)
        let start = 2
        guard scanner.skip("  --"), scanner.identifier() != nil else {
            trap("export --format css: no custom property in \(quoted(String(line)))", css)
        }
        let property = String(String.UnicodeScalarView(scanner.scalars[start..<scanner.index]))
        guard scanner.skip(": ") else {
            trap("export --format css: property not followed by ': ' in \(quoted(String(line)))", css)
        }
        guard let wanted = expected[property], seen.insert(property).inserted else {
            trap("export --format css: unexpected or repeated property \(quoted(property))", css)
        }
        switch wanted {
        case .string(let text):
            guard let read = scanner.string(), sameScalars(read, text) else {
                trap("export --format css: \(quoted(property)) does not read back as \(quoted(text))", css)
            }
        case .number(let number, let unit):
            let rest = String(String.UnicodeScalarView(scanner.scalars[scanner.index...]))
            let digits = rest.hasSuffix(unit + ";") ? rest.dropLast(unit.count + 1) : ""
            guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
                Double(digits) == number, !digits.contains("e")
            else { trap("export --format css: \(quoted(property)) does not read back as \(number)", css) }
            scanner.index = scanner.scalars.count - 1
        case .word(let word):
            guard scanner.skip(word) else { trap("export --format css: \(quoted(property)) is not \(word)", css) }
        }
        guard scanner.skip(";"), scanner.atEnd else {
            trap("export --format css: \(quoted(property)) has more than one value token", css)
        }
    }
}

// MARK: HTML (preview)

/// The five entities the page writes, as UTF-8, and what each stands for.
let htmlEntities: [(entity: [UInt8], byte: UInt8)] = [
    ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
].map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

/// `text` with the five entities the page writes decoded, in one pass over its UTF-8 (an
/// entity is ASCII, so no scalar is split); nil when an `&` starts anything else.
func htmlUnescape(_ text: some StringProtocol) -> String? {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "&") else {
            out.append(bytes[index])
            index += 1
            continue
        }
        guard
            let match = htmlEntities.first(where: { entry in
                bytes[index...].starts(with: entry.entity)
            })
        else { return nil }
        out.append(match.byte)
        index += match.entity.count
    }
    return String(decoding: out, as: UTF8.self)
}

/// Whether `text` holds `needle`, compared as UTF-8 (no Foundation, no Unicode rules).
func holds(_ text: some StringProtocol, _ needle: String) -> Bool {
    let bytes = Array(text.utf8)
    let wanted = Array(needle.utf8)
    guard bytes.count >= wanted.count else { return false }
    return (0...bytes.count - wanted.count).contains { bytes[$0...].starts(with: wanted) }
}

let htmlTags: Set<String> = [
    "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "p", "code", "ul", "li", "span",
    "b", "section", "pre", "main", "table", "caption", "thead", "tbody", "tr", "th", "td", "small", "div", "script",
]
let htmlAttributes: Set<String> = [
    "lang", "charset", "http-equiv", "content", "name", "class", "colspan", "scope", "style", "title", "data-font",
]

func checkPreview(_ collection: ThemeCollection) {
    let page = PreviewPage.render(collection, folder: folder, path: displayPath)
    var fonts: Set<String> = []
    for theme in collection.themes {
        for case .font(let font) in theme.values.values { fonts.insert(font.name) }
    }
    let doctype = "<!DOCTYPE html>\n"
    guard page.hasPrefix(doctype) else { trap("preview does not start with its doctype", page) }
    var rest = page.dropFirst(doctype.count)
    var keyCells: [String] = []
    var previous: (name: String, attributes: [String: String]) = ("", [:])
    var rawElements = 0
    var capturing = false
    // A style's table (`<table class="style">`) names its properties in row headers too: not keys.
    var inStyleTable = false
    while !rest.isEmpty {
        // Text up to the next tag.
        let textEnd = rest.firstIndex(of: "<") ?? rest.endIndex
        let text = rest[..<textEnd]
        guard let decoded = htmlUnescape(text), !holds(text, ">") else {
            trap("preview text \(quoted(String(text.prefix(200)))) has a raw '&' or '>'", page)
        }
        if capturing {
            keyCells.append(decoded)
            capturing = false
        }
        rest = rest[textEnd...]
        guard !rest.isEmpty else { break }

        // A tag of the page's own, with its own attributes, values in double quotes.
        rest = rest.dropFirst()
        let closing = rest.hasPrefix("/")
        if closing { rest = rest.dropFirst() }
        let name = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) })
        guard htmlTags.contains(name) else { trap("preview has a tag <\(closing ? "/" : "")\(name)…>", page) }
        rest = rest.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while rest.hasPrefix(" ") {
            rest = rest.dropFirst()
            let attribute = String(rest.prefix { $0.isASCII && ($0.isLetter || $0 == "-") })
            guard htmlAttributes.contains(attribute), attributes[attribute] == nil, !closing else {
                trap("preview has attribute \(quoted(attribute)) on <\(name)>", page)
            }
            rest = rest.dropFirst(attribute.count)
            guard rest.hasPrefix("=\"") else { trap("preview attribute \(attribute) is not quoted", page) }
            rest = rest.dropFirst(2)
            guard let end = rest.firstIndex(of: "\"") else { trap("preview attribute \(attribute) never ends", page) }
            let raw = rest[..<end]
            guard !holds(raw, "<"), !holds(raw, ">"), let value = htmlUnescape(raw) else {
                trap("preview attribute \(attribute)=\(quoted(String(raw))) is not escaped", page)
            }
            attributes[attribute] = value
            rest = rest[end...].dropFirst()
        }
        guard rest.hasPrefix(">") else { trap("preview tag <\(name)> does not end at its attributes", page) }
        rest = rest.dropFirst()
        if let style = attributes["style"] { checkStyleAttribute(style, fonts: fonts, page: page) }
        if let font = attributes["data-font"], !fonts.contains(font) {
            trap("preview data-font \(quoted(font)) is no theme's font", page)
        }
        if name == "table" { inStyleTable = !closing && attributes["class"] == "style" }
        capturing =
            !closing && !inStyleTable && name == "code" && previous.name == "th" && previous.attributes["scope"] == "row"
        // <style> and <script> are raw text up to their end tag: the page's own, once each.
        if !closing, name == "style" || name == "script" {
            rawElements += 1
            guard let end = rest.firstRange(of: "</"), rest[end.lowerBound...].hasPrefix("</\(name)>") else {
                trap("preview <\(name)> does not end with </\(name)>", page)
            }
            rest = rest[end.lowerBound...]
        }
        previous = closing ? ("/" + name, [:]) : (name, attributes)
    }
    guard rawElements == 2 else { trap("preview has \(rawElements) style and script elements", page) }
    // Sections group the keys by kind, each section sorted: compare the keys in one order.
    let order = { (a: String, b: String) in a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) }
    // A key cell shows the key as a person reads it: its invisible scalars written `\u{…}`.
    let keys = collection.keyKinds.map { shownVisibly($0.key) }.sorted(by: order)
    keyCells.sort(by: order)
    guard sameScalars(keyCells, keys) else {
        trap("preview key cells \(keyCells.prefix(5).map(quoted)) are not the keys \(keys.prefix(5).map(quoted))", page)
    }
}

/// An inline style: declarations of ASCII words, numbers and hex colors, where the only
/// place other text may go is inside a CSS string, which must be a font's name.
func checkStyleAttribute(_ style: String, fonts: Set<String>, page: String) {
    var scanner = CSSScanner(style)
    while let scalar = scanner.current {
        if scalar == "\"" {
            guard let text = scanner.string(), fonts.contains(text) else {
                trap("preview style \(quoted(style)) has a string that is not a font's name", page)
            }
        } else if scalar.isASCII,
            Character(scalar).isLetter || Character(scalar).isNumber || " #:;,.-".unicodeScalars.contains(scalar)
        {
            scanner.index += 1
        } else {
            trap("preview style \(quoted(style)) has \(quoted(String(scalar))) outside a string", page)
        }
    }
}

// MARK: Swift (keys)

/// Words that cannot be a declared name without backticks (The Swift Programming
/// Language, "Keywords and Punctuation"), written out here rather than taken from the
/// generator.
let swiftKeywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
    "true", "try", "_", "Type", "Protocol",
]

/// A Swift string literal from its opening quote to its closing one, decoded; nil when it
/// is not one whole single-line literal (a raw control character, line or paragraph
/// separator, or an unknown escape).
func swiftLiteral(_ scanner: inout CSSScanner) -> String? {
    guard scanner.current == "\"" else { return nil }
    scanner.index += 1
    var out = String.UnicodeScalarView()
    while let scalar = scanner.current {
        scanner.index += 1
        switch scalar {
        case "\"": return String(out)
        case "\\":
            guard let escaped = scanner.current else { return nil }
            scanner.index += 1
            switch escaped {
            case "\\", "\"", "'": out.append(escaped)
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "0": out.append("\0")
            case "u":
                guard scanner.skip("{") else { return nil }
                let digits = scanner.scalars[scanner.index...].prefix { CSSScanner.isHex($0) }
                guard (1...8).contains(digits.count), scanner.index + digits.count < scanner.scalars.count,
                    scanner.scalars[scanner.index + digits.count] == "}",
                    let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                scanner.index += digits.count + 1
                out.append(decoded)
            default: return nil
            }
        case _
        where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
            || scalar == "\u{2029}":
            return nil
        default: out.append(scalar)
        }
    }
    return nil
}

func checkKeys(_ collection: ThemeCollection) {
    let keys = collection.keyKinds.map(\.key)
    for level in KeyGenerator.AccessLevel.allCases {
        let generated = KeyGenerator(accessLevel: level).generate(from: [collection])
        for diagnostic in generated.diagnostics { _ = diagnostic.rendered }
        guard let source = generated.source else {
            guard generated.diagnostics.contains(where: { $0.severity == .error }) else {
                trap("keys: no source and no error")
            }
            note("keys (\(level)) refused: \(generated.diagnostics.first?.rendered ?? "")")
            continue
        }
        guard collection.failures.isEmpty else { trap("keys: a source although a theme failed", source) }
        if let scalar = source.unicodeScalars.first(where: { isHidden($0) && $0 != "\n" }) {
            trap("keys: a raw control or invisible character U+\(String(scalar.value, radix: 16))", source)
        }
        let modifier = level == .public ? "public " : ""
        let types = ["ThemeColor", "ThemeFont", "Double", "String", "Bool", "ThemeValue"]
        var names: Set<String> = []
        var literals: [String] = []
        var documented: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let scalar = line.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                trap("keys: raw control character U+\(String(scalar.value, radix: 16)) on a line", source)
            }
            if line.hasPrefix("    /// The theme key ") {
                var scanner = CSSScanner(line.dropFirst("    /// The theme key ".count))
                guard let key = swiftLiteral(&scanner), scanner.skip("."), scanner.atEnd else {
                    trap("keys: doc comment \(quoted(String(line))) does not hold one literal", source)
                }
                documented = key
                continue
            }
            if line.hasPrefix("    \(modifier)static var ") {
                var scanner = CSSScanner(line.dropFirst("    \(modifier)static var ".count))
                let backticked = scanner.skip("`")
                let start = scanner.index
                while let scalar = scanner.current, scalar.isASCII,
                    Character(scalar).isLetter || Character(scalar).isNumber || scalar == "_"
                {
                    scanner.index += 1
                }
                let name = String(String.UnicodeScalarView(scanner.scalars[start..<scanner.index]))
                guard let first = name.first, !first.isNumber, !backticked || scanner.skip("`"),
                    backticked || !swiftKeywords.contains(name), name != "ThemeKey",
                    names.insert(name).inserted
                else { trap("keys: declared name \(quoted(name)) is not a unique identifier", source) }
                guard scanner.skip(": ThemeKey<"),
                    types.contains(where: { scanner.skip($0) }), scanner.skip("> { ThemeKey("),
                    let key = swiftLiteral(&scanner), scanner.skip(") }"), scanner.atEnd
                else { trap("keys: declaration \(quoted(String(line))) is not one key", source) }
                // A name that is not the key says which key it is.
                guard name == key || documented.map({ sameScalars($0, key) }) == true else {
                    trap("keys: \(quoted(name)) does not document its key \(quoted(key))", source)
                }
                documented = nil
                literals.append(key)
                continue
            }
            guard documented == nil else { trap("keys: a doc comment not before its declaration", source) }
            let fixed = ["", "}", "import ThemeKit", "public import ThemeKit"]
            guard
                fixed.contains(String(line)) || line.hasPrefix("// ")
                    || types.contains(where: { line == "extension ThemeKey where Value == \($0) {" })
            else { trap("keys: unexpected line \(quoted(String(line)))", source) }
        }
        guard literals.count == keys.count, Set(literals) == Set(keys) else {
            trap("keys: \(literals.count) declarations for \(keys.count) keys", source)
        }
    }
}

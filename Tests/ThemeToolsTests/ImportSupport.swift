import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools

/// The import fixtures (`Fixtures/Import/FORMAT/`, sources written from what each system's
/// loader accepts) and what the import tests share.
enum ImportFixtures {
    static let folder = Paths.fixtures.appendingPathComponent("Import")
    static let golden = Golden(folder: folder)

    /// The sources of `format`'s folder, sorted by name, each named `FORMAT/FILE`.
    static func sources(_ format: String) throws -> [ThemeImporter.Source] {
        let directory = folder.appendingPathComponent(format)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return try names.map { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            return ThemeImporter.Source(file: "\(format)/\(name)", bytes: Array(data))
        }
    }

    /// The sources of `format` by the path a source names them with.
    static func url(of file: String) -> URL { folder.appendingPathComponent(file) }

    /// Everything an import produced, as one text: each theme's file, then the notes.
    static func transcript(_ output: ThemeImporter.Output) -> String {
        var text = ""
        for theme in output.themes {
            text += "==> \(theme.name).plist (from '\(theme.sourceName)' in \(theme.file)) <==\n" + theme.text
        }
        text += "==> notes <==\n" + output.notes.map { $0.rendered() + "\n" }.joined()
        return text
    }

    /// The value at `path` (`a.b.0.c`) of a Foundation-read property list or JSON object;
    /// a key with dots in it is matched whole.
    static func value(at path: String, in object: Any) -> Any? {
        if let dictionary = object as? [String: Any] {
            if let direct = dictionary[path] { return direct }
            for (key, inner) in dictionary where path.hasPrefix(key + ".") {
                if let found = value(at: String(path.dropFirst(key.count + 1)), in: inner) { return found }
            }
            return nil
        }
        if let array = object as? [Any] {
            let head = path.prefix { $0 != "." }
            guard let index = Int(head), array.indices.contains(index) else { return nil }
            let rest = path.dropFirst(head.count)
            return rest.isEmpty ? array[index] : value(at: String(rest.dropFirst()), in: array[index])
        }
        return nil
    }

    /// Writes `output`'s themes to a scratch folder (loading and linting them there) and
    /// loads each back with ThemeKit's loader.
    static func load(_ output: ThemeImporter.Output) throws -> (Scratch, [String: Theme]) {
        let scratch = try Scratch()
        let folder = scratch.url.appendingPathComponent("out").path
        _ = try ImportWriter.write(output.themes, to: folder, force: false)
        let loader = ThemeLoader(directory: folder)
        var themes: [String: Theme] = [:]
        for theme in output.themes { themes[theme.name] = try loader.load(theme.name) }
        return (scratch, themes)
    }

    /// Expects every written key of every theme to resolve, in ThemeKit, to the value its
    /// source held (read by Foundation, independently of the importer): colors through
    /// `color`, the system's reading; a string that names a key to that key's value.
    static func expectSameValues(
        _ output: ThemeImporter.Output, sourceRoot: (String) throws -> Any, color: (String) -> ThemeColor?,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (_, loaded) = try load(output)
        var compared = 0
        for theme in output.themes {
            let resolved = try #require(loaded[theme.name])
            let root = try sourceRoot(theme.file)
            for (key, path) in theme.sources {
                // A declaration (`KEY.$type`) holds no value: the key it types is compared.
                if DeclarationKind.of(key: key) != nil { continue }
                guard let source = value(at: path, in: root) else {
                    Issue.record("\(theme.name): '\(path)' is not in \(theme.file)", sourceLocation: sourceLocation)
                    continue
                }
                let actual = resolved.values[key]
                if key.hasSuffix(".INHERITED_STYLE") { continue }  // a style's parent: checked by its format's test
                if key.hasSuffix("FontSize"), let font = ValueKind.fontKey(ofSize: key), theme.sources[font] == path {
                    continue  // a size the import gave a font that had none: noted, checked by its test
                }
                if let text = source as? String, let target = aliasTarget(text, in: resolved, key: key) {
                    #expect(
                        same(actual, resolved.values[target]), "\(key) → \(target): \(String(describing: actual))",
                        sourceLocation: sourceLocation)
                    compared += 1
                    continue
                }
                if ValueKind.typed(forKey: key) === ValueKind.font {
                    guard case .font(let font) = actual else {
                        Issue.record(
                            "\(theme.name).\(key) is \(String(describing: actual)), not a font",
                            sourceLocation: sourceLocation)
                        continue
                    }
                    #expect(font.name == source as? String, "\(theme.name).\(key)", sourceLocation: sourceLocation)
                    compared += 1
                    continue
                }
                let expected = expectedValue(key: key, source: source, color: color)
                #expect(
                    same(actual, expected), "\(theme.name).\(key) from \(path): \(String(describing: actual))",
                    sourceLocation: sourceLocation)
                compared += 1
            }
        }
        #expect(compared > 0, sourceLocation: sourceLocation)
    }

    /// Whether two values are the same as a theme holds them: colors to the 8 bits a hex
    /// color keeps (the import writes hex), a typed alias against the untyped value it names
    /// (a color's text, a font's name, a size's number).
    static func same(_ lhs: ThemeValue?, _ rhs: ThemeValue?) -> Bool {
        switch (lhs, rhs) {
        case (.color(let a)?, .color(let b)?): return a.hexString == b.hexString
        case (.color(let a)?, .string(let text)?), (.string(let text)?, .color(let a)?):
            return ThemeColor(hex: text)?.hexString == a.hexString
        case (.font(let font)?, .string(let name)?), (.string(let name)?, .font(let font)?): return font.name == name
        case (.size(let a)?, .number(let b)?), (.number(let a)?, .size(let b)?): return a == b
        default: return lhs == rhs
        }
    }

    static func aliasTarget(_ text: String, in theme: Theme, key: String) -> String? {
        let name = text.hasPrefix("@") || text.hasPrefix("$") ? String(text.dropFirst()) : text
        guard name != key else { return nil }
        if theme.values[name] != nil { return name }
        // A color under a key with no color suffix is written under KEY + "Color".
        if theme.values[name + "Color"] != nil, name + "Color" != key { return name + "Color" }
        return nil
    }

    /// What ThemeKit should hold for a source value under `key`.
    static func expectedValue(key: String, source: Any, color: (String) -> ThemeColor?) -> ThemeValue? {
        let kind = ValueKind.typed(forKey: key)
        if kind === ValueKind.color, let text = source as? String { return color(text).map(ThemeValue.color) }
        if kind === ValueKind.image, let text = source as? String { return .image(text) }
        if let kind, case .number = kind.domain {
            let number = (source as? String).flatMap(Double.init) ?? (source as? NSNumber)?.doubleValue
            return number.map { ValueKind.value($0, typedNumber: typedNumber(kind)) }
        }
        if let text = source as? String {
            // An untyped value in the system's own color notation is written as ThemeKit's.
            if kind == nil, ThemeColor(hex: text) == nil, let converted = color(text) {
                return .string(converted.hexString)
            }
            return .string(text)
        }
        if let date = source as? Date { return .string(ISO8601DateFormatter().string(from: date)) }
        if isFlag(source), let flag = source as? Bool { return .bool(flag) }
        if let number = source as? NSNumber { return .number(number.doubleValue) }
        return nil
    }

    /// Whether Foundation read `value` as a flag (`<true/>`, JSON `true`), not a number.
    static func isFlag(_ value: Any) -> Bool {
        type(of: value) == Bool.self || String(describing: type(of: value)) == "__NSCFBoolean"
    }

    static func typedNumber(_ kind: ValueKind) -> UInt8 {
        UInt8((ValueKind.typed.firstIndex { $0 === kind } ?? 0) + 1)
    }
}

import Foundation
package import ThemeKit
import ThemeLint
import ThemeOutput

/// Turns theme files of other theme managers into flat ThemeKit themes (`themekit import`):
/// reads each source, lets its format's importer find its themes, names them by the theme
/// name rules, types every value by its key's suffix (notes for what cannot be typed), and
/// writes each as a property list. Pure: `ImportWriter` puts the result on disk.
package enum ThemeImporter {
    /// One source file: the path as reports show it, and its bytes.
    package struct Source: Sendable {
        package var file: String
        package var bytes: [UInt8]

        package init(file: String, bytes: [UInt8]) {
            self.file = file
            self.bytes = bytes
        }
    }

    /// What an import made: the themes to write, in name order, and the notes, sorted.
    package struct Output: Sendable {
        package var themes: [ImportedTheme]
        package var notes: [ImportNote]
        /// Each source's format, as given or recognised, by file.
        package var formats: [String: ImportFormat]
    }

    /// Imports `sources` read as `format`, or as the format each one's shape says.
    ///
    /// - Throws: `ImportFailure` for the first source that cannot be imported at all (broken,
    ///   no keys its format reads, past a bound), or with every problem of the sources that
    ///   the written themes would have (`check`), each at its source value.
    /// `namesDefault`: write the theme a source starts with (a DTCG resolver's default
    /// contexts) as `default`, where no theme of the import is named so (the output folder
    /// has no `default.plist`, so that a manager can start and themelint finds its default).
    package static func run(
        _ sources: [Source], format: ImportFormat? = nil, namesDefault: Bool = false
    ) throws(ImportFailure) -> Output {
        var notes: [ImportNote] = []
        var found: [(file: String, format: ImportFormat, themes: [SourceTheme])] = []
        var formats: [String: ImportFormat] = [:]
        for source in sources {
            let themes: [SourceTheme]
            let chosen: ImportFormat
            var start = SourceLocation(file: source.file, line: 1, column: 1)
            if format == .dtcg || (format == nil && DTCGImporter.kind(ofName: source.file) != nil) {
                // Design tokens by their name: read by ThemeKit's tokens reader alone.
                chosen = .dtcg
                themes = try DTCGImporter.themes(source.bytes, file: source.file, notes: &notes)
            } else {
                let root = try ImportSyntax.of(file: source.file, format: format).read(source.bytes, file: source.file)
                guard root.members != nil else {
                    throw ImportFailure(
                        "the root is \(root.noun), not a dictionary: there are no keys to import", at: root.location)
                }
                start = root.location
                chosen = format ?? ImportFormat.recognise(root, file: source.file)
                if chosen == .dtcg {
                    themes = try DTCGImporter.themes(source.bytes, file: source.file, notes: &notes)
                } else {
                    try checkFlatSize(of: root, sourceSize: source.bytes.count)
                    themes = try chosen.themes(in: root, file: source.file, notes: &notes)
                }
            }
            formats[source.file] = chosen
            // A file of a format the import does not know reads as no keys: said, never
            // written as an empty theme.
            if themes.allSatisfy({ $0.entries.isEmpty }) {
                let why =
                    format == nil
                    ? "the format was recognised from the file's name and shape; --from names another"
                    : "is it a \(chosen.systemName) file?"
                throw ImportFailure(
                    "none of this file's keys is one that \(chosen.systemName) reads: nothing to import (\(why))",
                    at: start)
            }
            found.append((source.file, chosen, themes))
        }
        // Motif's files of one import share one namespace.
        let motif = found.indices.filter { found[$0].format == .motif && found[$0].themes.count == 1 }
        if !motif.isEmpty {
            var themes = motif.map { found[$0].themes[0] }
            try throwAll(MotifImporter.undefinedNames(themes))
            MotifImporter.link(&themes, files: motif.map { found[$0].file })
            for (index, theme) in zip(motif, themes) { found[index].themes[0] = theme }
        }
        if namesDefault {
            let all = found.flatMap(\.themes)
            let starts = all.filter(\.isSourceDefault)
            if starts.count == 1, !all.contains(where: { ThemeNaming.name(for: $0.name) == ThemeName.defaultTheme }) {
                for index in found.indices {
                    for number in found[index].themes.indices where found[index].themes[number].isSourceDefault {
                        found[index].themes[number].writtenName = ThemeName.defaultTheme
                    }
                }
            }
        }
        var themes = finish(found, notes: &notes)
        themes.sort { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
        try check(themes)
        // A DB5 variant child holds a copy of its theme's keys, whose notes would say again,
        // at the same place, what the theme's say: each note once.
        notes.sort()
        notes = notes.enumerated().filter { $0.offset == 0 || notes[$0.offset - 1] != $0.element }.map(\.element)
        return Output(themes: themes, notes: notes, formats: formats)
    }

    /// How many bytes of flat keys and values a source of `size` bytes may become: 16 times
    /// its size, and at least 64 KiB.
    static func flatSizeLimit(forSize size: Int) -> Int { 65_536 + 16 * size }

    /// Refuses, before any key is made, a source whose flat keys and values would outgrow
    /// `flatSizeLimit(forSize:)`: a key nested under long names is written once for every
    /// value below it, so a few hundred kilobytes of nesting can make a theme of gigabytes.
    /// One walk that adds up lengths (a flat key's is its parent's, plus one, plus its own
    /// name's), refused at the value that goes over.
    static func checkFlatSize(of root: ImportNode, sourceSize: Int) throws(ImportFailure) {
        let limit = flatSizeLimit(forSize: sourceSize)
        var total = 0
        var stack: [(node: ImportNode, keyLength: Int)] = [(root, 0)]
        while let (node, keyLength) = stack.popLast() {
            switch node.value {
            case .dict(let members):
                for member in members { stack.append((member.node, keyLength + 1 + member.key.utf8.count)) }
            case .array(let items):
                var digits = 1
                var tens = 10
                for (index, item) in items.enumerated() {
                    if index == tens {
                        digits += 1
                        tens = tens.multipliedReportingOverflow(by: 10).partialValue
                    }
                    stack.append((item, keyLength + 1 + digits))
                }
            case .string(let text):
                total += keyLength + text.utf8.count
            case .integer, .real, .bool, .data, .date, .null:
                total += keyLength + 8
            }
            guard total <= limit else {
                throw ImportFailure(
                    "the flat keys and values of this file would be more than \(limit) bytes, over 16 times the source's size: refused before flattening (values nested under long keys)",
                    at: node.location)
            }
        }
    }

    /// Loads and lints the themes as written, in memory, with ThemeKit's loader and
    /// themelint's rules, and reports what they find at the source value each problem comes
    /// from: a problem of the source (a `$const` cycle, a `_superclass` cycle, a theme over
    /// the size limit) is the source's, said where the source says it. Linear: one lint of
    /// the themes, which shares a chain's files and merges.
    package static func check(_ themes: [ImportedTheme], limits: ThemeLimits = .standard) throws(ImportFailure) {
        guard !themes.isEmpty else { return }
        let folder = "/themekit-import"  // never read: every theme is in the linter's contents
        var linter = ThemeLinter(currentDirectory: folder, options: ThemeOptions(limits: limits))
        var byName: [String: ImportedTheme] = [:]
        for theme in themes {
            linter.contents[folder + "/" + theme.name + ".plist"] = Array(theme.text.utf8)
            byName[theme.name] = theme
        }
        let report: LintReport
        do {
            report = try linter.lint(paths: themes.map { folder + "/" + $0.name + ".plist" })
        } catch {
            throw ImportFailure(
                "themelint could not check the imported themes: \(error.message)", at: themes[0].location)
        }
        var failures: [ImportFailure] = []
        var seen = Set<ImportFailure>()
        // A folder of imported themes may have no default; a partner is written only when it
        // is a theme of the import (`finish`), which the linter looks for on disk.
        let notProblems: Set<DiagnosticCode> = [.missingDefault, "missing_partner"]
        for diagnostic in report.diagnostics
        where diagnostic.severity == .error && !notProblems.contains(diagnostic.code) {
            let name = baseName(of: diagnostic.location.file)
            guard let theme = byName[name] else { continue }
            let failure: ImportFailure
            if let key = diagnostic.key, let location = theme.locations[key] {
                let source = theme.sources[key] ?? key
                let written = source == key ? "" : " (written as '\(key)')"
                failure = ImportFailure(
                    "'\(source)'\(written): \(diagnostic.message) [\(diagnostic.code.rawValue)]", at: location)
            } else {
                failure = ImportFailure(
                    "the theme '\(theme.sourceName)', written as \(theme.name).plist: \(diagnostic.message) [\(diagnostic.code.rawValue)]",
                    at: theme.location)
            }
            if seen.insert(failure).inserted { failures.append(failure) }
        }
        try throwAll(failures)
    }

    /// Throws `failures`, when there are any, as one failure that says each, in source order.
    static func throwAll(_ failures: [ImportFailure]) throws(ImportFailure) {
        let sorted = failures.sorted {
            ($0.location.file, $0.location.line, $0.location.column, $0.message)
                < ($1.location.file, $1.location.line, $1.location.column, $1.message)
        }
        guard var first = sorted.first else { return }
        first.others = Array(sorted.dropFirst())
        throw first
    }

    /// Names every theme, links parents and partners, types the values, and writes the text.
    ///
    /// Linear in the themes and their keys: names and links through dictionaries, and the
    /// keys a theme sees through its chain counted along one depth-first walk of the
    /// inheritance forest (a key is in the chain while its count is above 0), so that a
    /// chain of n themes costs n, not n².
    static func finish(
        _ found: [(file: String, format: ImportFormat, themes: [SourceTheme])], notes: inout [ImportNote]
    ) -> [ImportedTheme] {
        // Names, in input order: a second theme that would get a taken name gets `-2`, `-3`, …
        var taken = Set<String>()
        var nextNumber: [String: Int] = [:]
        var named: [(file: String, format: ImportFormat, theme: SourceTheme, name: String)] = []
        for (file, format, themes) in found {
            for theme in themes {
                let base = theme.writtenName ?? ThemeNaming.name(for: theme.name)
                var name = base
                var number = nextNumber[base] ?? 2
                while taken.contains(name) {
                    name = "\(base)-\(number)"
                    number += 1
                }
                nextNumber[base] = number
                taken.insert(name)
                named.append((file, format, theme, name))
            }
        }
        // A source name finds the theme of its own file first, then any of the import.
        var byFileAndName: [String: [String: Int]] = [:]
        var byName: [String: Int] = [:]
        for (index, item) in named.enumerated() {
            if byFileAndName[item.file, default: [:]][item.theme.name] == nil {
                byFileAndName[item.file, default: [:]][item.theme.name] = index
            }
            if byName[item.theme.name] == nil { byName[item.theme.name] = index }
        }
        func resolve(_ sourceName: String, from file: String) -> Int? {
            byFileAndName[file]?[sourceName] ?? byName[sourceName]
        }
        var parents = [Int?](repeating: nil, count: named.count)
        for (index, item) in named.enumerated() {
            guard let parent = item.theme.parent else { continue }
            let found = item.theme.parentFile.map { byFileAndName[$0]?[parent] } ?? resolve(parent, from: item.file)
            if let found, found != index {
                parents[index] = found
            } else {
                notes.append(
                    ImportNote(
                        "'\(item.theme.name)' inherits from '\(parent)', which this import does not hold: written without INHERITED_THEME",
                        at: item.theme.location))
            }
        }
        // Cycles: each theme is walked once (0 unseen, 1 on the current walk, 2 done); the
        // link that closes a cycle is dropped, with a note.
        var state = [UInt8](repeating: 0, count: named.count)
        for start in named.indices where state[start] == 0 {
            var walk: [Int] = []
            var current: Int? = start
            while let at = current, state[at] == 0 {
                state[at] = 1
                walk.append(at)
                current = parents[at]
                if let next = current, state[next] == 1 {
                    notes.append(
                        ImportNote(
                            "'\(named[at].theme.name)' inheriting from '\(named[next].theme.name)' would close a cycle: written without INHERITED_THEME",
                            at: named[at].theme.location))
                    parents[at] = nil
                    current = nil
                }
            }
            for index in walk { state[index] = 2 }
        }
        // One depth-first walk of the inheritance forest, roots in input order.
        var children = [[Int]](repeating: [], count: named.count)
        var roots: [Int] = []
        for index in named.indices {
            if let parent = parents[index] { children[parent].append(index) } else { roots.append(index) }
        }
        // Colors under keys with no color suffix: declared colors (`KEY.$type`, SPEC §2) in
        // every theme of the import that holds the key, so that a key's kind is one across a
        // chain; a key with keys under it, which its declaration would type too, is written
        // under `KEY` + `Color`.
        let (declaredColors, renamedColors) = splitColorKeys(
            colorKeys(named.map { ($0.format, $0.theme, ImportDeclarations($0.theme.entries)) }),
            keys: named.map(\.theme.entries.keys))
        if !renamedColors.isEmpty {
            for index in named.indices {
                named[index].theme = renamingColorKeys(named[index].theme, renamedColors, notes: &notes)
            }
        }
        var chainKeys: [String: Int] = [:]  // raw keys of the themes on the path
        var chainTyped: [String: Int] = [:]  // written keys of the themes on the path
        var typed = [[String: FlatEntry]](repeating: [:], count: named.count)
        var stack: [(index: Int, entered: Bool)] = roots.reversed().map { ($0, false) }
        while let (index, entered) = stack.popLast() {
            let theme = named[index].theme
            if entered {
                for key in theme.entries.keys { chainKeys[key, default: 1] -= 1 }
                for key in typed[index].keys { chainTyped[key, default: 1] -= 1 }
                continue
            }
            for key in theme.entries.keys { chainKeys[key, default: 0] += 1 }
            let format = named[index].format
            var declaring = theme
            for key in declaredColors.isEmpty ? [] : theme.entries.keys.sorted() where declaredColors.contains(key) {
                guard let entry = theme.entries[key] else { continue }
                declaring.entries[key + ".$type"] = FlatEntry(
                    .string("color"), source: entry.source, at: entry.location)
            }
            var values = typeValues(
                declaring, format: format, keys: { (chainKeys[$0] ?? 0) > 0 }, colorKeys: renamedColors,
                declarations: ImportDeclarations(declaring.entries), notes: &notes)
            // A declaration whose value was dropped (no color in this theme) is left out with it:
            // a parent's, if any, is inherited.
            for key in declaredColors.isEmpty ? [] : theme.entries.keys.sorted() where declaredColors.contains(key) {
                guard values[key] != nil, let entry = theme.entries[key] else {
                    values[key + ".$type"] = nil
                    continue
                }
                notes.append(
                    ImportNote(
                        "'\(entry.source)' holds a color under a key with no color suffix: declared a color ('\(key).$type')",
                        at: entry.location))
            }
            // Fonts: a font with no size along its chain gets the size its system would use.
            var added: [String: FlatEntry] = [:]
            for (key, entry) in values where ValueKind.typed(forKey: key) === ValueKind.font {
                let sizeKey = ValueKind.sizeKey(ofFont: key)
                guard values[sizeKey] == nil, (chainTyped[sizeKey] ?? 0) == 0 else { continue }
                if case .string(let text) = entry.value, (chainKeys[text] ?? 0) > 0 || text.hasPrefix("@") { continue }
                let size = format.defaultFontSize
                added[sizeKey] = FlatEntry(
                    Int(exactly: size).map(FlatValue.integer) ?? .real(size), source: entry.source, at: entry.location)
                notes.append(
                    ImportNote(
                        "'\(entry.source)' has no size: '\(sizeKey)' is written as \(DecimalText.positional(size) ?? "\(size)"), the size \(format.systemName) uses",
                        at: entry.location))
            }
            values.merge(added) { old, _ in old }
            typed[index] = values
            for key in values.keys { chainTyped[key, default: 0] += 1 }
            stack.append((index, true))
            stack.append(contentsOf: children[index].reversed().map { ($0, false) })
        }
        return named.indices.map { index in
            let item = named[index]
            var reserved: [(String, String)] = []
            if let parent = parents[index] { reserved.append((ThemeName.inheritanceKey, named[parent].name)) }
            if let appearance = item.theme.appearance {
                reserved.append((ThemeName.appearanceKey, appearance.rawValue))
            }
            if let partner = item.theme.partner {
                if let found = resolve(partner, from: item.file), found != index {
                    let own = item.theme.appearance ?? .light
                    reserved.append((ThemeName.partnerKey(for: own.opposite), named[found].name))
                } else {
                    notes.append(
                        ImportNote(
                            "'\(item.theme.name)' names '\(partner)' as its partner, which this import does not hold: left out",
                            at: item.theme.location))
                }
            }
            let values = typed[index].mapValues(\.value)
            return ImportedTheme(
                name: item.name, sourceName: item.theme.name, file: item.file,
                text: PlistWriter.document(reserved: reserved, values: values),
                sources: typed[index].mapValues(\.source), values: values,
                locations: typed[index].mapValues(\.location), location: item.theme.location)
        }
    }

    /// The keys with no typed suffix and no declared kind that hold a color in some theme of
    /// the import (a color in its system's notation: `#` and hex digits, or any of Motif's
    /// CSS colors; BRStyle reads colors only in its color settings, whose keys end in `Color`).
    static func colorKeys(_ themes: [(format: ImportFormat, theme: SourceTheme, declarations: ImportDeclarations)])
        -> Set<String>
    {
        var found = Set<String>()
        for (format, theme, declarations) in themes {
            for (key, entry) in theme.entries where !found.contains(key) {
                guard case .string(let text) = entry.value, format.isColorLiteral(text),
                    ValueKind.typed(forKey: key) == nil, declarations.kind(ofKey: key) == nil,
                    DeclarationKind.of(key: key) == nil, !key.isEmpty, !ThemeName.isReserved(key),
                    !key.hasSuffix("." + ThemeStyle.inheritedStyleProperty)
                else { continue }
                found.insert(key)
            }
        }
        return found
    }

    /// `colorKeys` split into those declared colors (`KEY.$type`) and those written under
    /// `KEY` + `Color`: a key with keys under it in some theme of the import (`Brand` and
    /// `Brand.font`), which `Brand.$type` would declare colors too. One sort of the
    /// import's keys, and a binary search a color key.
    static func splitColorKeys(_ colorKeys: Set<String>, keys: [Dictionary<String, FlatEntry>.Keys])
        -> (declared: Set<String>, renamed: Set<String>)
    {
        guard !colorKeys.isEmpty else { return ([], []) }
        let sorted = Set(keys.joined()).map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var declared = Set<String>()
        var renamed = Set<String>()
        for key in colorKeys {
            let prefix = Array(key.utf8) + [UInt8(ascii: ".")]
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
            }
            if low < sorted.count, sorted[low].starts(with: prefix) {
                renamed.insert(key)
            } else {
                declared.insert(key)
            }
        }
        return (declared, renamed)
    }

    /// `theme` with each of `colorKeys` written under `KEY` + `Color`, which ThemeKit types
    /// as a color (a note for each), and the `@` aliases of those keys following them.
    static func renamingColorKeys(_ theme: SourceTheme, _ colorKeys: Set<String>, notes: inout [ImportNote])
        -> SourceTheme
    {
        var renamed = theme
        renamed.entries = [:]
        for (key, entry) in theme.entries.sorted(by: { $0.key < $1.key }) {
            var entry = entry
            if case .string(let text) = entry.value, text.hasPrefix("@"), colorKeys.contains(String(text.dropFirst())) {
                entry.value = .string(text + "Color")
                entry.sourceText = entry.sourceText ?? text
            }
            guard colorKeys.contains(key) else {
                renamed.set(key, entry, notes: &notes)
                continue
            }
            notes.append(
                ImportNote(
                    "'\(entry.source)' holds a color under a key with no color suffix, and keys under it that a declaration would type too: written as the color key '\(key)Color'",
                    at: entry.location))
            renamed.set(key + "Color", entry, notes: &notes)
        }
        return renamed
    }

    /// The values of `theme` typed by their keys' declared kinds (`declarations`, SPEC §2)
    /// or suffixes: colors in ThemeKit's notation, numbers of the typed kinds as numbers;
    /// what cannot be typed is dropped with a note. A plain string naming one of
    /// `colorKeys` (an alias, where the chain has the key) names the key it was written
    /// under. Declarations (`P.$type`, `P.$description`, `P.$deprecated`) are kept as they are.
    static func typeValues(
        _ theme: SourceTheme, format: ImportFormat, keys: (String) -> Bool, colorKeys: Set<String> = [],
        declarations: ImportDeclarations = ImportDeclarations(), notes: inout [ImportNote]
    ) -> [String: FlatEntry] {
        var out: [String: FlatEntry] = [:]
        for (key, original) in theme.entries {
            var entry = original
            if case .string(let text) = entry.value, colorKeys.contains(text), !keys(text), keys(text + "Color") {
                entry.value = .string(text + "Color")
                entry.sourceText = entry.sourceText ?? text
            }
            func drop(_ why: String) {
                notes.append(ImportNote("'\(entry.source)' \(why): dropped", at: entry.location))
            }
            if key.isEmpty {
                drop("has an empty key, which a theme cannot hold")
                continue
            }
            if ThemeName.isReserved(key) {
                drop("is the reserved key \(key), which only the importer writes")
                continue
            }
            if let reason = PlistWriter.unwritableReason(key) {
                drop("has a key that \(reason)")
                continue
            }
            if case .string(let text) = entry.value, let reason = PlistWriter.unwritableReason(text) {
                drop(reason)
                continue
            }
            if case .real(let number) = entry.value, !number.isFinite {
                drop("is \(number), which a theme cannot hold")
                continue
            }
            if DeclarationKind.of(key: key) != nil {
                out[key] = entry
                continue
            }
            // A DTCG reference is an error when it names nothing (SPEC §12), not a value to
            // drop: kept as written, for the check to say at the reference.
            if format == .dtcg, case .string(let text) = entry.value, text.hasPrefix("@") {
                out[key] = entry
                continue
            }
            func isAlias(_ text: String) -> Bool {
                text.hasPrefix("@") ? keys(String(text.dropFirst())) : keys(text) && text != key
            }
            if case .string(let text) = entry.value, let refusal = format.refusal(ofColor: text) {
                drop("is '\(entry.sourceText ?? text)', \(refusal)")
                continue
            }
            guard let kind = declarations.typedKind(ofKey: key) else {
                if format.isEnumKey(key), case .string(let text) = entry.value {
                    notes.append(
                        ImportNote(
                            "'\(entry.source)' is '\(entry.sourceText ?? text)', a setting of \(format.systemName) that ThemeKit has no kind for: kept as a plain string",
                            at: entry.location))
                }
                if case .string(let text) = entry.value, text.hasPrefix("@"), !keys(String(text.dropFirst())) {
                    if let original = entry.sourceText {
                        drop("is '\(original)', \(format.systemName)'s alias of a key this theme does not have")
                    } else {
                        drop("is '\(text)', which ThemeKit reads as an alias of a key this theme does not have")
                    }
                    continue
                }
                if !format.readsNamesAsAliases, case .string(let text) = entry.value, keys(text), text != key {
                    notes.append(
                        ImportNote(
                            "'\(entry.source)' is '\(entry.sourceText ?? text)', the name of another key: kept, and ThemeKit reads it as an alias of that key",
                            at: entry.location))
                }
                out[key] = entry
                continue
            }
            var typed = entry
            let domain = declarations.kind(ofKey: key) == nil ? kind.domain : kind.declaredDomain
            switch (domain, entry.value) {
            case (.color, .string(let text)):
                let trimmed = text.trimmingXMLSpace()
                let named = trimmed.hasPrefix("@") ? String(trimmed.dropFirst()) : trimmed
                if isAlias(trimmed), case .string(let target)? = theme.entries[named]?.value,
                    declarations.typedKind(ofKey: named) == nil, !target.hasPrefix("@"), theme.entries[target] == nil,
                    ThemeColor(hex: target) == nil, format.color(target) == nil
                {
                    drop("refers to '\(target)', which is not a color")
                    continue
                }
                if isAlias(trimmed) {
                    typed.value = .string(trimmed)
                } else if let (color, loss) = format.color(trimmed) {
                    typed.value = .string(color.hexString)
                    if let loss {
                        notes.append(
                            ImportNote(
                                "'\(entry.source)' is '\(entry.sourceText ?? text)': \(loss), written as \(color.hexString)",
                                at: entry.location))
                    }
                } else if trimmed.isEmpty {
                    drop("is an empty color")
                    continue
                } else {
                    drop("is '\(entry.sourceText ?? text)', neither a color \(format.systemName) reads nor a key")
                    continue
                }
            case (.color, _):
                drop("is \(noun(entry.value)), not a color")
                continue
            case (.number(let range), .string(let text)):
                let trimmed = text.trimmingXMLSpace()
                if isAlias(trimmed) {
                    typed.value = .string(trimmed)
                } else if let number = Double(trimmed), number.isFinite {
                    guard range.contains(number) else {
                        drop("is \(trimmed), not \(kind.noun)")
                        continue
                    }
                    typed.value = Int(exactly: number).map(FlatValue.integer) ?? .real(number)
                } else {
                    drop("is '\(entry.sourceText ?? text)', neither \(kind.noun) nor a key")
                    continue
                }
            case (.number(let range), .integer(let number)):
                guard range.contains(Double(number)) else {
                    drop("is \(number), not \(kind.noun)")
                    continue
                }
            case (.number(let range), .real(let number)):
                guard range.contains(number) else {
                    drop("is \(number), not \(kind.noun)")
                    continue
                }
            case (.number, .bool):
                drop("is a flag, not \(kind.noun)")
                continue
            case (.font, .string(let text)), (.image, .string(let text)):
                if text.isEmpty {
                    drop("is empty, not \(kind.noun)")
                    continue
                }
            case (.font, _), (.image, _):
                drop("is \(noun(entry.value)), not \(kind.noun)")
                continue
            case (.untyped, _):
                break
            }
            out[key] = typed
        }
        return out
    }

    static func noun(_ value: FlatValue) -> String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .bool: "a flag"
        }
    }
}

/// `--report FILE`: the notes and, for each written theme, where each key's value came from.
package struct ImportReport: Encodable, Sendable {
    /// One written theme.
    struct Theme: Encodable {
        var name: String
        var source: String
        var file: String
        var format: String
        /// Each written key and the source path of its value.
        var keys: [String: String]
    }

    var notes: [ImportNote]
    var themes: [Theme]

    /// The report of `output`.
    package init(_ output: ThemeImporter.Output) {
        notes = output.notes
        themes = output.themes.map {
            Theme(
                name: $0.name, source: $0.sourceName, file: $0.file, format: output.formats[$0.file]?.rawValue ?? "",
                keys: $0.sources)
        }
    }

    /// The report as a JSON document (keys sorted).
    package func json() throws -> String { try JSONOutput.document(self) }
}

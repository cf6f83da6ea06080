package import ThemeKit

/// A scalar of a flat theme, as it is written: `<string>`, `<integer>`, `<real>`, `<true/>`
/// or `<false/>`.
package enum FlatValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
}

/// One key of a theme being imported: its value, and the source value it came from.
package struct FlatEntry: Sendable, Hashable {
    /// The value to write.
    package var value: FlatValue
    /// The source's path to the value (`Lists.listTextColor`, `items.0.x`, `button~ipad`).
    package var source: String
    /// Where the source value was written.
    package var location: SourceLocation
    /// The source's text, where the importer rewrote it (SwiftTheme's `$path`, written
    /// `@path`): what notes quote.
    package var sourceText: String?

    /// Creates an entry.
    package init(_ value: FlatValue, source: String, at location: SourceLocation) {
        self.value = value
        self.source = source
        self.location = location
    }
}

/// A lossy step of an import, never silent: `SOURCE:LINE:COL: note: MESSAGE` on standard
/// error, and a member of `--report`'s JSON.
package struct ImportNote: Sendable, Hashable, Comparable, Encodable {
    /// Where the source value was written.
    package var location: SourceLocation
    /// What happened to it: dropped, kept as a plain string, given a size, …
    package var message: String

    /// Creates a note.
    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// The line standard error shows, with the path shown through `path`.
    package func rendered(_ path: (String) -> String = { $0 }) -> String {
        ImportFailure.line(location, "note", message, path: path)
    }

    package static func < (lhs: ImportNote, rhs: ImportNote) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.message)
            < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.message)
    }

    enum CodingKeys: String, CodingKey { case file, line, column, message }

    package func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(location.file, forKey: .file)
        try object.encode(location.line, forKey: .line)
        try object.encode(location.column, forKey: .column)
        try object.encode(message, forKey: .message)
    }
}

/// One theme found in a source file, before it is named and checked: what an importer
/// hands to `ThemeImporter`.
package struct SourceTheme: Sendable, Hashable {
    /// The source's name for it (`Example Theme`); the written name follows `ThemeNaming`.
    package var name: String
    /// Where the theme starts in its file.
    package var location: SourceLocation
    /// The source name of the theme it inherits from (one of the same import), if any.
    package var parent: String?
    /// The theme's appearance, where the source says.
    package var appearance: ThemeAppearance?
    /// The source name of its partner for the other appearance, where the source names one.
    package var partner: String?
    /// Its values by key (ThemeKit's key: dotted, styled, `…FontSize`, …).
    package var entries: [String: FlatEntry] = [:]
    /// The file of the theme named `parent`, when it is not found by name (Motif's files
    /// of one import, which may share a base name).
    package var parentFile: String?
    /// The names it refers to and does not define (Motif's constants, and `style:NAME` for a
    /// class), which another file of the import defines: the file then comes after that one
    /// in the import's chain of files (Motif's mapping files).
    /// Each with where it is first referred to.
    package var outsideNames: [String: SourceLocation] = [:]
    /// Whether it is the theme its source starts with (a resolver's default contexts): the
    /// import may write it as `default`, the theme a manager starts with.
    package var isSourceDefault = false
    /// The name to write it as, where not `ThemeNaming`'s.
    package var writtenName: String?

    /// Creates a theme with no values.
    package init(
        name: String, at location: SourceLocation, parent: String? = nil, appearance: ThemeAppearance? = nil,
        partner: String? = nil
    ) {
        self.name = name
        self.location = location
        self.parent = parent
        self.appearance = appearance
        self.partner = partner
    }

    /// Sets `key`, noting the value it replaces (a source that writes a key twice, or two
    /// source keys that become one): the later one wins, as it does in the source's loader.
    package mutating func set(_ key: String, _ entry: FlatEntry, notes: inout [ImportNote]) {
        if let earlier = entries[key], earlier.source != entry.source || earlier.location != entry.location {
            notes.append(
                ImportNote(
                    "'\(entry.source)' sets key '\(key)' again: the value of '\(earlier.source)' at line \(earlier.location.line) is dropped",
                    at: entry.location))
        }
        entries[key] = entry
    }
}

/// A theme ready to write: its file name, its text, and where each key came from.
package struct ImportedTheme: Sendable, Hashable {
    /// The written theme's name (the file name without `.plist`).
    package var name: String
    /// The source's name for it.
    package var sourceName: String
    /// The file it came from.
    package var file: String
    /// The plist text.
    package var text: String
    /// Each written key (reserved keys aside) and the source path of its value.
    package var sources: [String: String]
    /// Each written key and its value.
    package var values: [String: FlatValue]
    /// Where each written key's source value was written, and where the theme starts: where
    /// a problem that ThemeKit finds in the written theme is reported.
    package var locations: [String: SourceLocation]
    /// Where the theme starts in its source.
    package var location: SourceLocation

    /// Creates a theme to write.
    package init(
        name: String, sourceName: String, file: String, text: String, sources: [String: String],
        values: [String: FlatValue], locations: [String: SourceLocation] = [:], location: SourceLocation? = nil
    ) {
        self.name = name
        self.sourceName = sourceName
        self.file = file
        self.text = text
        self.sources = sources
        self.values = values
        self.locations = locations
        self.location = location ?? SourceLocation(file: file, line: 1, column: 1)
    }
}

/// Theme names from the names sources give (SPEC §1: `[A-Za-z0-9][A-Za-z0-9._-]*`).
package enum ThemeNaming {
    /// `Example Theme` → `example-theme`, `alternateDark` → `alternate-dark`: lower case,
    /// a hyphen where a capital follows a lower-case letter or a digit and for each run of
    /// other characters, no hyphen or dot at either end; `theme` when nothing is left.
    package static func name(for source: String) -> String {
        var out = ""
        var pendingHyphen = false
        var previous: Unicode.Scalar?
        for scalar in source.unicodeScalars {
            defer { previous = scalar }
            if ("A"..."Z").contains(scalar), let previous,
                ("a"..."z").contains(previous) || ("0"..."9").contains(previous)
            {
                pendingHyphen = true
            }
            let lower = ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
            if ("a"..."z").contains(lower) || ("0"..."9").contains(lower) || lower == "_" || lower == "." {
                if pendingHyphen, !out.isEmpty { out += "-" }
                pendingHyphen = false
                out.unicodeScalars.append(lower)
            } else {
                pendingHyphen = true
            }
        }
        while let first = out.unicodeScalars.first, !isAlphanumeric(first) { out.removeFirst() }
        while let last = out.unicodeScalars.last, last == "." { out.removeLast() }
        return out.isEmpty ? "theme" : out
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

package import ThemeSupport

/// How a tokens file is read.
package struct TokensReadOptions: Sendable, Hashable {
    /// How many pixels a `rem` is (16, the browsers' default, unless a design says otherwise).
    package var pixelsPerRem: Double
    /// The largest file read, in bytes (the plist reader's limit).
    package var maximumFileSize: Int
    /// How deep objects and arrays may nest.
    package var maximumDepth: Int

    /// Creates options; the defaults are the plist reader's limits and 16 px a rem.
    package init(
        pixelsPerRem: Double = 16, maximumFileSize: Int = PropertyListReader.Limits.standard.maxFileSize,
        maximumDepth: Int = 128
    ) {
        self.pixelsPerRem = pixelsPerRem
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
    }
}

/// A DTCG 2025.10 tokens file (`.tokens.json`, `.tokens`) read into the located entries a
/// plist gives, so that the loader, the resolver and the linter take it as they take a
/// plist (SPEC §12).
///
/// What becomes what:
/// - A token at path `a.b.c` is the key `a.b.c`; a group's `$root` token takes the group's
///   path. `$type` on a group or a token is the entry `P.$type` (`$type` at the root), the
///   declared kind of SPEC §2, which its keys inherit; `$description` and `$deprecated` are
///   `P.$description` and `P.$deprecated`.
/// - `$extensions` are no entries (their values are anyone's, and no kind reads them): they
///   are kept whole in `extensions`, by path, for an exporter to write back.
/// - `{a.b}` is the explicit alias `@a.b`; a JSON-pointer `$ref` is followed within the file
///   (`#/a/b/$value` whole is the alias `@a.b`; a pointer into a value is copied).
/// - Colors are `#RRGGBB` (`#RRGGBBAA` when alpha < 1) in sRGB; the color object as written is
///   kept in `colorSources` for the exporter. `dimension` is a number of pixels, `duration`
///   a number of seconds, `fontWeight` a number, `fontFamily` a name (a list is joined with
///   `, `, the CSS form, so that no fallback is lost), `cubicBezier` and the composites
///   (`typography`, `shadow`, `border`, `transition`, `gradient`, `strokeStyle`) typed
///   sub-keys (`P.x1` … `P.y2`, `P.fontSize`, `P.color`), each with its `$type` entry; a list
///   (a shadow list, a gradient, a dash array) is indexed from 0 (`P.0.color`).
/// - `$extends` copies the base group's tokens under the extending group, its own winning.
///
/// Lenient reading, strict errors: a deviation real files make (a hex string color, an
/// `em` unit, a `string` type, a `lineHeight` dimension) is one `token_note` warning and
/// the value is kept; a bad name (`token_name`), a value that does not fit its type
/// (`token_value`), a `$ref`/`$extends` that names nothing (`unresolved_alias`) or goes round
/// (`alias_cycle`) and a curly reference to a token of another type (`token_reference`) are
/// errors. Curly references that name nothing or go round are the resolver's, as for a
/// plist's `@name` (`unresolved_alias`, `alias_cycle`). Every location is the JSON's line
/// and column.
package struct TokensDocument: Sendable {
    /// The entries, as a plist document holds them, and the errors (`diagnostics`).
    package let document: PropertyListDocument
    /// The `token_note` warnings, in file order.
    package let notes: [Diagnostic]
    /// Each color token's value as written (a 2025.10 color object), by key.
    package let colorSources: [String: TokenColor]
    /// Each `$extensions` as written, by the path of the token or group that has it (`""`
    /// for the root).
    package let extensions: [String: JSONNode]
    /// The file the root's `$extends` names (`{"$ref": "./base.tokens.json"}`), as written:
    /// a resolver document reads it before this one; read alone, the file is its own tokens.
    package var baseFile: String? = nil
    /// The file's structured tokens (composites, cubicBeziers, stroke styles): each one's
    /// sub-key suffixes by its path, and each sub-key's type by its key. Kept as the walk
    /// made them; `structure(at:)` puts one together when another file refers to it.
    package var subKeys: [String: [String]] = [:]
    package var subTypes: [String: String] = [:]
    /// Every path the file's references name (a chain's links included).
    package var referencedPaths: [String] = []

    /// The structured token at `path`, if the file has one.
    package func structure(at path: String) -> TokenStructure? {
        guard let suffixes = subKeys[path] else { return nil }
        var structure = TokenStructure(suffixes: suffixes)
        for suffix in suffixes { structure.types[suffix] = subTypes[path + suffix] }
        return structure
    }

    /// The path the file was read from, as given.
    package var file: String { document.file }
    /// The errors, in file order.
    package var errors: [Diagnostic] { document.diagnostics }
    /// Errors and notes, by position.
    package var diagnostics: [Diagnostic] { (errors + notes).sorted() }
    /// The document as the loader takes a plist.
    package var themeFile: ThemeFile { ThemeFile(document) }
}

/// Where the bytes of a tokens file or a resolver document come from, by the path as
/// located (at most `limit` bytes): the disk (`TokensReader.disk`), or a linter's buffers
/// that stand in for some files (an editor's unsaved text).
package typealias TokensFileSource = @Sendable (_ path: String, _ limit: Int) -> Result<[UInt8], FileBytes.Failure>

/// Reads tokens files (see `TokensDocument`).
package enum TokensReader {
    /// The files on disk, as they are.
    package static let disk: TokensFileSource = { path, limit in
        Result { () throws(FileBytes.Failure) in try FileBytes.load(path, limit: limit) }
    }

    /// Reads the file at `path`; locations name it `displayPath` (by default `path`).
    ///
    /// - Throws: `ThemeError` (`io_error`) when the file cannot be read at all; everything
    ///   wrong with its content is in the document.
    package static func read(
        contentsOf path: String, displayPath: String? = nil, options: TokensReadOptions = TokensReadOptions(),
        source: TokensFileSource = disk
    ) throws(ThemeError) -> TokensDocument {
        let name = displayPath ?? path
        do {
            let bytes = try source(path, options.maximumFileSize).get()
            return read(bytes, file: name, options: options)
        } catch {
            switch error {
            case .tooLarge(let size):
                let text = SourceText([])
                let problem = Diagnostic(
                    .parseError, "the file is \(size) bytes, over the limit of \(options.maximumFileSize) bytes",
                    at: SourceLocation(file: name, line: 1, column: 1))
                return TokensDocument(
                    document: PropertyListDocument(file: name, text: text, tokenEntries: [], diagnostics: [problem]),
                    notes: [], colorSources: [:], extensions: [:])
            case .system(let message):
                throw ThemeError(Diagnostic(.ioError, message, at: .wholeFile(name)))
            }
        }
    }

    /// Reads a tokens file held in memory; `file` is the path used in locations.
    package static func read(
        _ bytes: [UInt8], file: String, options: TokensReadOptions = TokensReadOptions(),
        external: [String: TokenStructure] = [:]
    ) -> TokensDocument {
        // The reader skips a byte-order mark and counts offsets after it: so does the text.
        let text = SourceText(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes, duplicateKeys: .refuse, maximumDepth: options.maximumDepth)
        } catch {
            let problem = Diagnostic(
                .parseError, error.message,
                at: SourceLocation(file: file, line: error.location.line, column: error.location.column),
                sourceLine: text.lines.text(ofLine: error.location.line))
            return TokensDocument(
                document: PropertyListDocument(file: file, text: text, tokenEntries: [], diagnostics: [problem]),
                notes: [], colorSources: [:], extensions: [:])
        }
        return read(root, text: text, file: file, options: options, external: external)
    }

    /// Reads a tokens file already parsed (`root`) from `text`.
    /// `external`: the structured tokens of the other files of a resolver's theme, which
    /// this file's references to them expand by, as references within a file do.
    static func read(
        _ root: JSONNode, text: SourceText, file: String, options: TokensReadOptions,
        external: [String: TokenStructure] = [:]
    ) -> TokensDocument {
        var walk = TokensWalk(root: root, text: text, file: file, options: options)
        walk.external = external
        walk.run()
        return TokensDocument(
            document: PropertyListDocument(
                file: file, text: text, tokenEntries: walk.entries, diagnostics: walk.errors.sorted()),
            notes: walk.notes.sorted(), colorSources: walk.colorSources, extensions: walk.extensions,
            baseFile: walk.baseFile, subKeys: walk.structureParts.suffixes, subTypes: walk.structureParts.types,
            referencedPaths: walk.referencedPaths)
    }
}

import Foundation
import ThemeKit
import ThemeLint
import ThemeOutput
import ThemeSupport

/// What the server reads of a DTCG tokens file (`.tokens.json`, `.tokens`) or resolver
/// document (`.resolver.json`), known by its name as `TokensReader` knows it.
enum TokensFiles {
    /// Whether a file name is a DTCG file's.
    static func isTokens(fileName name: String) -> Bool {
        [".tokens.json", ".tokens", ".resolver.json"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    static func isResolver(_ path: String) -> Bool { path.hasSuffix(".resolver.json") }

    /// `path` with `.` and `..` taken out, as a resolver's `./colors.tokens.json` names it.
    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// Where things are in a tokens file's JSON, for the cursor and for ranges: each token's and
/// group's name, each token's `$value`, each reference, and where every key and value that
/// starts at an offset ends. Made in one walk of the JSON, linear in the file; offsets are
/// the document's bytes (a leading byte-order mark counted).
struct TokensIndex: Sendable {
    /// What a span of the text is.
    enum Role: Sendable, Equatable {
        /// The name of the token or group at this path (a group's `$root` names the group).
        case name(String)
        /// The `$value` of the token at this path.
        case value(String)
        /// A curly reference (`{a.b}`, in a value or an `$extends`) to this path.
        case reference(String)
        /// A `$ref` JSON pointer, as written (`#/a/b/$value`, `./base.tokens.json`).
        case pointer(String)
    }

    struct Span: Sendable {
        var start: Int
        var end: Int
        var role: Role
    }

    /// The JSON read, nil when it is not JSON.
    let root: JSONNode?
    /// How many bytes precede the JSON's offsets (a byte-order mark).
    let shift: Int
    private(set) var spans: [Span] = []
    /// The name span of each token and group, by path (the first written).
    private(set) var names: [String: (start: Int, end: Int)] = [:]
    /// Where each key and value that starts at an offset ends.
    private(set) var ends: [Int: Int] = [:]

    /// The index of a tokens file, or of a resolver document (`isResolver`: its `$ref`s
    /// alone, wherever they are; it holds no tokens of its own).
    init(_ bytes: [UInt8], maximumDepth: Int, isResolver: Bool = false) {
        shift = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        root = try? JSONReader.read(bytes, duplicateKeys: .keep, maximumDepth: maximumDepth)
        guard let root else { return }
        if isResolver {
            references(in: root)
        } else {
            group(root, path: "")
        }
    }

    /// The innermost span that holds `offset` (its end included, for a cursor just past it);
    /// of two as wide, the later (a reference that is a token's whole `$value`).
    func span(atOffset offset: Int) -> Span? {
        var found: Span?
        for span in spans where span.start <= offset && offset <= span.end {
            if let best = found, best.end - best.start < span.end - span.start { continue }
            found = span
        }
        return found
    }

    /// The node a JSON pointer within the file (`#/a/b`) names, if any.
    func node(atPointer pointer: String) -> JSONNode? {
        guard var node = root, let segments = Self.segments(of: pointer) else { return nil }
        for segment in segments {
            if let next = node.members?.last(where: { $0.key == segment })?.value {
                node = next
            } else if let items = node.elements, let index = Int(segment), items.indices.contains(index) {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }

    /// The token a pointer's value belongs to (`#/color/$root/$value/components/0` →
    /// `color`), nil for a pointer to no token's value.
    static func token(ofPointer pointer: String) -> String? {
        guard let segments = segments(of: pointer), let value = segments.firstIndex(of: "$value") else { return nil }
        let path = segments[..<value].filter { $0 != "$root" }
        return path.isEmpty ? nil : path.joined(separator: ".")
    }

    /// A JSON pointer's segments, unescaped (RFC 6901: `~1` is `/`, `~0` is `~`); nil for a
    /// pointer into another file.
    static func segments(of pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        let body = pointer.dropFirst()
        guard !body.isEmpty else { return [] }
        guard body.hasPrefix("/") else { return nil }
        return body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The end of the key or value that starts at `offset` (document offsets).
    func end(ofNodeAt offset: Int) -> Int? { ends[offset - shift].map { $0 + shift } }

    // MARK: The walk

    private mutating func add(_ start: JSONLocation, _ end: Int, _ role: Role) {
        spans.append(Span(start: start.offset + shift, end: end + shift, role: role))
    }

    private mutating func name(_ member: JSONMember, _ path: String) {
        add(member.keyLocation, member.keyEndOffset, .name(path))
        if names[path] == nil {
            names[path] = (member.keyLocation.offset + shift, member.keyEndOffset + shift)
        }
    }

    /// A group's members: tokens, groups, `$root` and `$extends`.
    private mutating func group(_ node: JSONNode, path: String) {
        ends[node.location.offset] = node.endOffset
        for member in node.members ?? [] {
            ends[member.keyLocation.offset] = member.keyEndOffset
            let key = member.key
            switch key {
            case "$root" where !path.isEmpty:
                token(member, path: path)
            case "$extends":
                references(in: member.value)
            case _ where key.hasPrefix("$"):
                values(member.value)
            default:
                let child = path.isEmpty ? key : path + "." + key
                if member.value.members?.contains(where: { $0.key == "$value" }) == true {
                    token(member, path: child)
                } else if member.value.members != nil {
                    name(member, child)
                    group(member.value, path: child)
                } else {
                    values(member.value)
                }
            }
        }
    }

    private mutating func token(_ member: JSONMember, path: String) {
        name(member, path)
        ends[member.value.location.offset] = member.value.endOffset
        for field in member.value.members ?? [] {
            ends[field.keyLocation.offset] = field.keyEndOffset
            if field.key == "$value" {
                add(field.value.location, field.value.endOffset, .value(path))
                references(in: field.value)
            } else {
                values(field.value)
            }
        }
    }

    /// The references in a value (a curly reference, a `$ref`, and those inside a
    /// composite's members or a list), with every node's end.
    private mutating func references(in node: JSONNode) {
        ends[node.location.offset] = node.endOffset
        switch node.value {
        case .string(let text):
            if text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 {
                let inner = text.dropFirst().dropLast()
                if !inner.contains("{"), !inner.contains("}") {
                    add(node.location, node.endOffset, .reference(String(inner)))
                }
            }
        case .object(let members):
            for member in members {
                ends[member.keyLocation.offset] = member.keyEndOffset
                if member.key == "$ref", let pointer = member.value.string {
                    add(member.value.location, member.value.endOffset, .pointer(pointer))
                    ends[member.value.location.offset] = member.value.endOffset
                } else {
                    references(in: member.value)
                }
            }
        case .array(let elements):
            for element in elements { references(in: element) }
        default: break
        }
    }

    /// The ends of a value no token holds (`$extensions`, `$description`, …).
    private mutating func values(_ node: JSONNode) {
        ends[node.location.offset] = node.endOffset
        for member in node.members ?? [] {
            ends[member.keyLocation.offset] = member.keyEndOffset
            values(member.value)
        }
        for element in node.elements ?? [] { values(element) }
    }
}

/// A tokens document as the server answers about it: the file read, its JSON's spans, and
/// the theme it is part of, resolved.
struct TokensView: Sendable {
    /// The file read on its own (a resolver document: none).
    var document: TokensDocument?
    var index: TokensIndex
    /// The theme the file is part of: the default theme of a resolver document of its folder
    /// that names it (the other files read from disk or open buffers), else the file alone.
    var analysis: ThemeAnalysis?
    /// The resolver document of the folder that names the file, if one does.
    var resolver: String?
    /// The problems located in this file: the reader's, the resolver document's, and those
    /// of resolving its theme.
    var diagnostics: [Diagnostic]

    /// Reads the tokens document at `path`, whose text is `text`. The other files of its
    /// theme, and a resolver document, are read from disk, as saved (the DTCG reader reads
    /// them by path).
    init(path: String, text: DocumentText, options: ThemeOptions) {
        let readOptions = TokensReadOptions(maximumFileSize: options.limits.maxFileSize)
        index = TokensIndex(
            text.bytes, maximumDepth: readOptions.maximumDepth, isResolver: TokensFiles.isResolver(path))
        if TokensFiles.isResolver(path) {
            document = nil
            let read = try? TokensReader.readResolver(contentsOf: path, options: readOptions)
            diagnostics = (read?.diagnostics ?? []).filter { $0.location.file == path }
            analysis = nil
            resolver = path
            return
        }
        let read = TokensReader.read(text.bytes, file: path, options: readOptions)
        document = read
        var files = [read.themeFile]
        var name = Workspace.fileName(of: path)
        resolver = nil
        // The default theme (or the first) of a resolver beside the file that names it.
        // The buffer stands in for the file as saved, so that the resolver reads the text
        // being edited with the other files (a reference into another file's composite is
        // expanded as the loader expands it).
        let bytes = text.bytes
        let buffer: TokensFileSource = { file, limit in
            TokensFiles.standardized(file) == path ? .success(bytes) : TokensReader.disk(file, limit)
        }
        if let (resolverPath, themes) = Self.resolver(naming: path, options: readOptions, source: buffer),
            let theme = themes.themes.first(where: { $0.name == themes.defaultTheme && Self.holds($0, path) })
                ?? themes.themes.first(where: { Self.holds($0, path) })
        {
            files = theme.files
            name = theme.name
            resolver = resolverPath
        }
        let analysis = ThemeAnalysis.merging(files, name: name, options: options)
        self.analysis = analysis
        var seen = Set<Diagnostic>()
        diagnostics = (read.diagnostics + analysis.diagnostics).filter {
            $0.location.file == path && seen.insert($0).inserted
        }
    }

    private static func holds(_ theme: TokensTheme, _ path: String) -> Bool {
        theme.files.contains { TokensFiles.standardized($0.path) == path }
    }

    /// The first resolver document (by name) of `path`'s folder whose themes hold `path`.
    private static func resolver(naming path: String, options: TokensReadOptions, source: @escaping TokensFileSource)
        -> (String, ResolverDocument)?
    {
        let folder = Workspace.folder(of: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.filter({ TokensFiles.isResolver($0) }).sorted() {
            let resolverPath = (folder == "/" ? "" : folder) + "/" + name
            guard let read = try? TokensReader.readResolver(contentsOf: resolverPath, options: options, source: source),
                read.themes.contains(where: { holds($0, path) })
            else { continue }
            return (resolverPath, read)
        }
        return nil
    }

    /// The theme, resolved as far as it goes.
    var theme: Theme? { analysis?.degradedTheme }
}

extension LintJob {
    /// The diagnostics of an open tokens document: what its reader, its resolver document
    /// and the resolution of its theme find in it, and what the linter finds, through the
    /// entry point plists take (`ThemeLinter.lint(paths:)`): each problem once.
    func tokensDiagnostics(configuration: LintConfiguration) -> [LSPDiagnostic] {
        let view = TokensView(path: path, text: text, options: options)
        var found = view.diagnostics
        var linter = ThemeLinter(currentDirectory: folder, options: options, configuration: configuration)
        linter.contents = overlay
        let shown = DisplayPath.relative(path, to: folder)
        if let report = try? linter.lint(paths: [path]) {
            // The linter reads the file as DTCG too, and says again much of what the view
            // found (kept once each, below); a file name it would not take as a theme's
            // (invalid_theme_name, not_flat) is no problem of a tokens file.
            found += report.diagnostics.filter {
                $0.location.file == shown && $0.code != .parseError && $0.code != .invalidThemeName
                    && $0.code != .notFlat
            }
        }
        var texts: [String: DocumentText?] = [path: text]
        var seen = Set<String>()
        return found.sorted().compactMap { diagnostic in
            var lsp = lspDiagnostic(diagnostic, texts: &texts)
            // A tokens entry's range is its start alone: the JSON node there gives its end.
            if lsp.range.end == lsp.range.start, diagnostic.location.line > 0,
                let end = view.index.end(
                    ofNodeAt: text.offset(line: diagnostic.location.line, column: diagnostic.location.column))
            {
                lsp.range.end = text.position(atOffset: end, encoding: encoding)
            }
            let identity = "\(lsp.range.start.line):\(lsp.range.start.character):\(lsp.code):\(lsp.message)"
            return seen.insert(identity).inserted ? lsp : nil
        }
    }
}

extension Answers {
    // MARK: Tokens

    /// The LSP range of a span of the snapshot's text.
    private func range(_ start: Int, _ end: Int, in text: DocumentText) -> LSPRange {
        LSPRange(
            start: text.position(atOffset: start, encoding: encoding),
            end: text.position(atOffset: end, encoding: encoding))
    }

    /// The token a span is about: its own, or the one it references.
    private static func key(of role: TokensIndex.Role) -> String? {
        switch role {
        case .name(let path), .value(let path), .reference(let path): path
        case .pointer(let pointer): TokensIndex.token(ofPointer: pointer)
        }
    }

    /// The hover of a tokens document: on a token's name or value, the token; on a
    /// reference, the token it names: its kind, resolved value, alias chain and description.
    func tokensHover(_ snapshot: ThemeSnapshot, _ tokens: TokensView, position: Position) -> Hover? {
        let offset = snapshot.text.offset(of: position, encoding: encoding)
        guard let span = tokens.index.span(atOffset: offset), let key = Self.key(of: span.role) else { return nil }
        let markdown: String
        if snapshot.theme?[key] != nil || snapshot.file.contains(key) {
            guard var described = describe(key: key, in: snapshot) else { return nil }
            if let source = tokens.document?.colorSources[key], source.space.rawValue != "srgb" {
                described += "\n\nWritten in \(Self.code(source.space.rawValue))"
            }
            markdown = described
        } else {
            // A group, or a token of sub-keys (a composite): what lies under it.
            let under = (snapshot.theme.map { Array($0.values.keys) } ?? []).filter { $0.hasPrefix(key + ".") }.sorted()
            guard !under.isEmpty else {
                guard case .reference = span.role else { return nil }
                return Hover(
                    contents: MarkupContent(value: "**\(Self.code(key))** — names no token"),
                    range: range(span.start, span.end, in: snapshot.text))
            }
            let shown = under.prefix(20).map { sub in
                "- \(Self.code(sub)): \(snapshot.theme?[sub].map { Self.code($0.description) } ?? "no value")"
            }
            let more = under.count > 20 ? ["- … and \(under.count - 20) more"] : []
            markdown = (["**\(Self.code(key))** — \(under.count) keys", ""] + shown + more).joined(separator: "\n")
        }
        return Hover(contents: MarkupContent(value: markdown), range: range(span.start, span.end, in: snapshot.text))
    }

    /// Where the reference under the cursor leads: a curly reference to the token's (or
    /// group's) name, here or in another file of its theme; a `$ref` to the value it points
    /// at, or to the file it names.
    func tokensDefinition(_ snapshot: ThemeSnapshot, _ tokens: TokensView, position: Position) -> [Location] {
        let offset = snapshot.text.offset(of: position, encoding: encoding)
        guard let span = tokens.index.span(atOffset: offset) else { return [] }
        switch span.role {
        case .reference(let target):
            if let name = tokens.index.names[target] {
                return [
                    Location(uri: uri(ofPath: snapshot.path), range: range(name.start, name.end, in: snapshot.text))
                ]
            }
            guard let written = snapshot.theme?.source(forKey: target)?.key, written.line > 0 else { return [] }
            return location(of: written).map { [$0] } ?? []
        case .pointer(let pointer):
            if let node = tokens.index.node(atPointer: pointer) {
                let shift = tokens.index.shift
                return [
                    Location(
                        uri: uri(ofPath: snapshot.path),
                        range: range(node.location.offset + shift, node.endOffset + shift, in: snapshot.text))
                ]
            }
            // Another file (a resolver's source): its start.
            let relative = String(pointer.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            guard !relative.isEmpty else { return [] }
            let target = TokensFiles.standardized(
                relative.hasPrefix("/") ? relative : Workspace.folder(of: snapshot.path) + "/" + relative)
            guard uris[target] != nil || FileManager.default.fileExists(atPath: target) else { return [] }
            let start = Position(line: 0, character: 0)
            return [Location(uri: uri(ofPath: target), range: LSPRange(start: start, end: start))]
        case .name, .value:
            return []
        }
    }

    /// A key's place in another file, as an LSP location (the point where it starts).
    private func location(of written: SourceLocation) -> Location? {
        guard let text = text(ofPath: written.file) else { return nil }
        let start = text.position(line: written.line, column: written.column, encoding: encoding)
        return Location(uri: uri(ofPath: written.file), range: LSPRange(start: start, end: start))
    }

    /// Every color token whose value this file writes, with the sRGB color it resolves to
    /// (converted from any color space), at its whole `$value`.
    func tokensColors(_ snapshot: ThemeSnapshot, _ tokens: TokensView) -> [ColorInformation] {
        guard let theme = snapshot.theme else { return [] }
        var colors: [ColorInformation] = []
        var placed = Set<Int>()
        for entry in snapshot.file.document.entries where Self.kind(of: entry.key, in: theme) == .color {
            let start = entry.valueRange.start + tokens.index.shift
            guard placed.insert(start).inserted, let color = theme.color(forKey: entry.key),
                let end = tokens.index.end(ofNodeAt: start)
            else { continue }
            colors.append(
                ColorInformation(
                    range: range(start, end, in: snapshot.text),
                    color: LSPColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)))
        }
        return colors
    }

    /// `color` as DTCG 2025.10 writes a color: an sRGB color object with its hex.
    static func tokensColorPresentation(_ color: LSPColor, range: LSPRange) -> [ColorPresentation] {
        func component(_ value: Double) -> String {
            let clamped = min(max(value.isNaN ? 0 : value, 0), 1)
            return ThemeValue.text(of: (clamped * 10_000).rounded() / 10_000)
        }
        let hex = hex(color, hash: true, uppercase: false, alphaFirst: false)
        let opaque = hex.count == 7
        let alpha = opaque ? "" : ", \"alpha\": \(component(color.alpha))"
        let text =
            "{\"colorSpace\": \"srgb\", \"components\": [\(component(color.red)), \(component(color.green)), "
            + "\(component(color.blue))]\(alpha), \"hex\": \"\(hex.prefix(7))\"}"
        return [ColorPresentation(label: text, textEdit: TextEdit(range: range, newText: text))]
    }
}

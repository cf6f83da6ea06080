import ThemeSupport

/// One theme a tokens file or a resolver document gives: its name and its files, merged in
/// order, the later winning, with aliases resolved after the merge (late binding, SPEC §3).
///
/// A resolver's themes are flattened, one per combination of its modifiers' contexts, each
/// holding its whole chain of files, rather than inheritance chains between themes: a
/// combination (`dark-slim`) has no single parent among the others (`dark` and `slim` are
/// not themes, and `dark-default` and `light-slim` are equally near), while SPEC §5's
/// `INHERITED_THEME` chains are one parent deep at each step. The files are read once and
/// shared by every theme that uses them, so the themes cost their lists, not copies.
package struct TokensTheme: Sendable {
    /// The contexts joined with `-` (`dark-slim`), in resolution order; for a resolver with
    /// no modifiers, its `name` or its file's stem, and for a tokens file, the file's stem.
    package var name: String
    /// Each modifier's context in this theme, in resolution order.
    package var contexts: [(modifier: String, context: String)]
    /// The files, in resolution order: a later file's key wins over an earlier one's. The
    /// first holds the theme's reserved entries (`APPEARANCE`, `DARK_THEME`/`LIGHT_THEME`)
    /// when a modifier's contexts are `light` and `dark`, located at those contexts in the
    /// resolver document.
    package var files: [ThemeFile]
}

/// What a resolver document (`.resolver.json`, DTCG 2025.10's Resolver module) gives.
package struct ResolverDocument: Sendable {
    /// The resolver's path, as given.
    package var file: String
    /// One theme per combination of contexts, the combinations in the order the modifiers'
    /// contexts are written (the first modifier's contexts vary slowest).
    package var themes: [TokensTheme]
    /// The theme of every modifier's `default` context (or its first), if any theme.
    package var defaultTheme: String?
    /// Problems with the resolver document itself: a `$ref` that names nothing, a file that
    /// cannot be read, a `default` that names no context.
    package var diagnostics: [Diagnostic]
    /// Every tokens document read, once each, in the order first used.
    package var documents: [TokensDocument]
}

extension TokensReader {
    /// The themes of the file at `path`: a resolver document's context combinations
    /// (a `.resolver.json` file), or a tokens file as one theme
    /// named after its stem. The one call the loader's folder scan, `themelint` and
    /// `themekit import` need for a DTCG file; each theme's `files` go where a plist
    /// theme's chain of `ThemeFile`s goes.
    ///
    /// - Throws: `ThemeError` (`io_error`) when the file cannot be read at all.
    package static func themes(
        contentsOf path: String, options: TokensReadOptions = TokensReadOptions(),
        source: @escaping TokensFileSource = disk
    ) throws(ThemeError) -> ResolverDocument {
        if path.hasSuffix(".resolver.json") {
            return try readResolver(contentsOf: path, options: options, source: source)
        }
        let document = try read(contentsOf: path, options: options, source: source)
        return ResolverDocument(
            file: path, themes: [TokensTheme(name: stem(of: path), contexts: [], files: [document.themeFile])],
            defaultTheme: stem(of: path), diagnostics: [], documents: [document])
    }

    /// A file name without its folder and its `.tokens.json`, `.tokens`, `.resolver.json`
    /// or `.json`.
    static func stem(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".resolver.json", ".tokens.json", ".tokens", ".json"] where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            break
        }
        return String(name)
    }

    /// The most themes a resolver document gives: one per combination of its modifiers'
    /// contexts.
    package static let maximumCombinations = 4_096

    /// Reads a resolver document and every file it names.
    package static func readResolver(
        contentsOf path: String, options: TokensReadOptions = TokensReadOptions(),
        source: @escaping TokensFileSource = disk
    ) throws(ThemeError) -> ResolverDocument {
        let bytes: [UInt8]
        do {
            bytes = try source(path, options.maximumFileSize).get()
        } catch {
            switch error {
            case .tooLarge(let size):
                throw ThemeError(
                    Diagnostic(
                        .parseError, "the file is \(size) bytes, over the limit of \(options.maximumFileSize) bytes",
                        at: SourceLocation(file: path, line: 1, column: 1)))
            case .system(let message):
                throw ThemeError(Diagnostic(.ioError, message, at: .wholeFile(path)))
            }
        }
        return readResolver(bytes, file: path, options: options, source: source)
    }

    /// Reads a resolver document held in memory, read from `path`: the files it names are
    /// read relative to `path` (`themekit import` reads its inputs once, then this).
    package static func readResolver(
        _ bytes: [UInt8], file path: String, options: TokensReadOptions = TokensReadOptions(),
        source: @escaping TokensFileSource = disk
    ) -> ResolverDocument {
        var reading = ResolverReading(path: path, options: options, source: source)
        reading.run(bytes)
        return reading.result
    }
}

/// Reading one resolver document (`TokensReader.readResolver`).
struct ResolverReading {
    let path: String
    let options: TokensReadOptions
    /// Where the files named are read from.
    let source: TokensFileSource
    private var text = SourceText([])
    private var root = JSONNode(.null, at: JSONLocation(offset: 0, line: 1, column: 1))
    private var diagnostics: [Diagnostic] = []
    private var documents: [TokensDocument] = []
    /// `documents` checked as theme files, once each (every theme shares them).
    private var files: [ThemeFile] = []
    /// Where each of `documents` was read from, to read it again with the structured tokens
    /// of the other files (`expandAcrossFiles`).
    private var origins: [Origin] = []
    private enum Origin {
        /// A whole file's bytes.
        case bytes([UInt8], file: String)
        /// An object of a file (inline in the resolver document, or a pointer's).
        case node(JSONNode, SourceText, file: String)
    }
    /// Each file source's chain (the files its `$extends` names, then itself), by key, as
    /// indexes of `files`.
    private var chains: [String: [Int]] = [:]
    /// The files whose `$extends` is being followed.
    private var extending: Set<String> = []
    /// Each source read, by file and fragment, as its index in `documents`.
    private var read: [String: Int] = [:]
    private var themes: [TokensTheme] = []
    private var defaultTheme: String?

    init(path: String, options: TokensReadOptions, source: @escaping TokensFileSource = TokensReader.disk) {
        self.path = path
        self.options = options
        self.source = source
    }

    var result: ResolverDocument {
        ResolverDocument(
            file: path, themes: themes, defaultTheme: defaultTheme, diagnostics: diagnostics.sorted(),
            documents: documents)
    }

    /// One step of the resolution order: a set's sources, or a modifier's contexts.
    private enum Step {
        case set([JSONNode])
        case modifier(
            name: String, contexts: [(name: String, at: JSONLocation, sources: [JSONNode])], fallback: String?)
    }

    mutating func run(_ bytes: [UInt8]) {
        text = SourceText(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        do {
            root = try JSONReader.read(bytes, duplicateKeys: .refuse, maximumDepth: options.maximumDepth)
        } catch {
            problem(.parseError, error.message, at: error.location)
            return
        }
        if let version = root["version"] {
            if version.string != "2025.10" {
                problem(
                    .tokenValue,
                    "'version' is \(version.kind == "a string" ? "'\(Escaping.visible(version.string ?? ""))'" : version.kind), not \"2025.10\"",
                    at: version.location)
            }
        } else {
            problem(
                .tokenNote, severity: .warning, "a resolver document has a 'version' (\"2025.10\"): read as 2025.10",
                at: root.location)
        }
        guard let order = root["resolutionOrder"]?.elements else {
            problem(
                .tokenValue, "a resolver document needs a 'resolutionOrder' array",
                at: root["resolutionOrder"]?.location ?? root.location)
            return
        }
        var steps: [Step] = []
        for item in order {
            if let step = step(item) { steps.append(step) }
        }
        // Every combination of the modifiers' contexts, the first modifier slowest.
        var combinations: [[Int]] = [[]]
        var modifiers: [(name: String, contexts: [(name: String, at: JSONLocation, sources: [JSONNode])])] = []
        var defaults: [Int] = []
        for case .modifier(let name, let contexts, let fallback) in steps {
            guard !contexts.isEmpty else { continue }
            modifiers.append((name, contexts))
            defaults.append(contexts.firstIndex { $0.name == fallback } ?? 0)
            // Each combination is a whole theme: modifiers multiply them (twenty modifiers of
            // two contexts would be a million themes), so past a bound none is made.
            guard combinations.count * contexts.count <= TokensReader.maximumCombinations else {
                problem(
                    .tokenValue,
                    "the modifiers make more than \(TokensReader.maximumCombinations) combinations of contexts, each a whole theme: no theme is read",
                    at: contexts[0].at)
                return
            }
            combinations = combinations.flatMap { chosen in contexts.indices.map { chosen + [$0] } }
        }
        // The light/dark modifier, found once (asked a theme at a time, it was n² in contexts).
        let appearance = modifiers.firstIndex {
            $0.contexts.count == 2 && Set($0.contexts.map(\.name)) == ["light", "dark"]
        }
        var built: [(theme: TokensTheme, files: [Int])] = []
        for chosen in combinations {
            var files: [Int] = []
            var reserved: [ThemeFile] = []
            if let appearance,
                let entries = appearanceEntries(modifiers: modifiers, number: appearance, chosen: chosen)
            {
                reserved.append(entries)
            }
            var modifierNumber = 0
            for step in steps {
                switch step {
                case .set(let sources):
                    files += sources.flatMap { source(for: $0) }
                case .modifier(_, let contexts, _):
                    guard !contexts.isEmpty else { continue }
                    files += contexts[chosen[modifierNumber]].sources.flatMap { source(for: $0) }
                    modifierNumber += 1
                }
            }
            let contexts = zip(modifiers, chosen).map { (modifier: $0.name, context: $0.contexts[$1].name) }
            let name =
                contexts.isEmpty
                ? (root["name"]?.string ?? TokensReader.stem(of: path))
                : contexts.map(\.context).joined(separator: "-")
            built.append((TokensTheme(name: name, contexts: contexts, files: reserved), files))
            if chosen == defaults { defaultTheme = name }
        }
        expandAcrossFiles()
        themes = built.map { theme, files in
            var theme = theme
            theme.files += files.map { self.files[$0] }
            return theme
        }
    }

    /// A reference to a structured token (a composite, a cubicBezier) of another file the
    /// document reads becomes a reference per sub-key, as one within a file does: each file
    /// that has such a reference is read again knowing the other files' structured tokens
    /// (a file is read twice at most, and most are read once).
    private mutating func expandAcrossFiles() {
        // Which document holds each structured token, the later winning as in a merge.
        var holder: [String: Int] = [:]
        for (index, document) in documents.enumerated() {
            for path in document.subKeys.keys { holder[path] = index }
        }
        guard !holder.isEmpty else { return }
        for index in documents.indices {
            let document = documents[index]
            var external: [String: TokenStructure] = [:]
            for target in document.referencedPaths where document.subKeys[target] == nil {
                // A token of this file of that name is what its reference reaches.
                guard let other = holder[target], other != index, files[index][target] == nil,
                    let structure = documents[other].structure(at: target)
                else { continue }
                external[target] = structure
            }
            guard !external.isEmpty else { continue }
            var again =
                switch origins[index] {
                case .bytes(let bytes, let file):
                    TokensReader.read(bytes, file: file, options: options, external: external)
                case .node(let node, let text, let file):
                    TokensReader.read(node, text: text, file: file, options: options, external: external)
                }
            again.baseFile = document.baseFile
            documents[index] = again
            files[index] = again.themeFile
        }
    }

    /// The step an item of `resolutionOrder` names: a `$ref` to `#/sets/…` or
    /// `#/modifiers/…`, or an inline object with `type` `set` or `modifier`.
    private mutating func step(_ item: JSONNode) -> Step? {
        var node = item
        var name = item["name"]?.string ?? ""
        var type = item["type"]?.string
        if let pointer = item["$ref"]?.string {
            guard let segments = TokensWalk.segments(of: pointer), segments.count == 2,
                segments[0] == "sets" || segments[0] == "modifiers", let found = root[segments[0]]?[segments[1]]
            else {
                problem(
                    .tokenReference,
                    "'\(Escaping.visible(pointer))' names no set or modifier of this document ('#/sets/NAME', '#/modifiers/NAME')",
                    at: item.location)
                return nil
            }
            node = found
            name = segments[1]
            type = segments[0] == "sets" ? "set" : "modifier"
        }
        switch type {
        case "set"?:
            return .set(node["sources"]?.elements ?? [])
        case "modifier"?:
            guard let members = node["contexts"]?.members else {
                problem(
                    .tokenValue, "modifier '\(Escaping.visible(name))' needs a 'contexts' object", at: node.location)
                return nil
            }
            for member in members where member.value.elements == nil {
                problem(
                    .tokenValue,
                    "context '\(Escaping.visible(member.key))' is \(member.value.kind), not a list of sources",
                    at: member.value.location)
            }
            let contexts = members.map { (name: $0.key, at: $0.keyLocation, sources: $0.value.elements ?? []) }
            let fallback = node["default"]?.string
            if let fallback, let written = node["default"], !contexts.contains(where: { $0.name == fallback }) {
                problem(
                    .tokenValue,
                    "modifier '\(Escaping.visible(name))': default '\(Escaping.visible(fallback))' is none of its contexts",
                    at: written.location)
            }
            return .modifier(name: name, contexts: contexts, fallback: fallback)
        default:
            problem(
                .tokenValue, "an item of 'resolutionOrder' is a '$ref' to a set or a modifier, or one with its 'type'",
                at: item.location)
            return nil
        }
    }

    /// `APPEARANCE` and the partner entry for a theme whose light/dark modifier chose
    /// `chosen` (SPEC §8), located at the context's key in the resolver document.
    private func appearanceEntries(
        modifiers: [(name: String, contexts: [(name: String, at: JSONLocation, sources: [JSONNode])])], number: Int,
        chosen: [Int]
    ) -> ThemeFile? {
        let context = modifiers[number].contexts[chosen[number]]
        let other = context.name == "light" ? "dark" : "light"
        var partner = chosen
        partner[number] = modifiers[number].contexts.firstIndex { $0.name == other } ?? 0
        let partnerName = zip(modifiers, partner).map { $0.contexts[$1].name }.joined(separator: "-")
        let offset = context.at.offset
        let entries = [
            TokenEntry(key: "APPEARANCE", value: .string(context.name), keyOffset: offset, valueOffset: offset),
            TokenEntry(
                key: context.name == "light" ? "DARK_THEME" : "LIGHT_THEME", value: .string(partnerName),
                keyOffset: offset, valueOffset: offset),
        ]
        return ThemeFile(PropertyListDocument(file: path, text: text, tokenEntries: entries, diagnostics: []))
    }

    /// The tokens of one source: a `$ref` to a file (relative to the resolver, with an
    /// optional `#/pointer` into it), or tokens written inline.
    private mutating func source(for node: JSONNode) -> [Int] {
        guard let reference = node["$ref"]?.string else {
            let key = "#inline@\(node.location.offset)"
            if let known = read[key] { return [known] }
            let document = TokensReader.read(node, text: text, file: path, options: options)
            return [remember(document, as: key, from: .node(node, text, file: path))]
        }
        return source(reference, from: path, at: node.location)
    }

    /// The files of `reference`, relative to the file `from`: the file (or the object a
    /// pointer names in it), after the files its root `$extends` names, base first.
    private mutating func source(_ reference: String, from: String, at location: JSONLocation) -> [Int] {
        let node = JSONNode(.null, at: location)
        let path = from
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        // `./colors.json` is `colors.json`: one file, one path in every report.
        var relative = String(parts[0])
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        guard !relative.isEmpty else {
            problem(
                .tokenReference, "'\(Escaping.visible(reference))': a source is a tokens file ('./colors.tokens.json')",
                at: node.location)
            return []
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let file = relative.hasPrefix("/") ? relative : (folder.isEmpty ? relative : folder + "/" + relative)
        let key = file + "#" + fragment
        if let known = chains[key] { return known }
        let bytes: [UInt8]
        do {
            bytes = try source(file, options.maximumFileSize).get()
        } catch {
            let reason: String =
                switch error {
                case .tooLarge(let size): "it is \(size) bytes, over the limit of \(options.maximumFileSize)"
                case .system(let message): message
                }
            problem(.tokenReference, "'\(Escaping.visible(reference))' cannot be read: \(reason)", at: node.location)
            return []
        }
        guard !fragment.isEmpty else {
            let document = TokensReader.read(bytes, file: file, options: options)
            var chain: [Int] = []
            if let base = document.baseFile {
                // A file extending another: the base first, no deeper than the JSON nests,
                // and never back into a file on the way.
                guard extending.count < options.maximumDepth, extending.insert(file).inserted else {
                    problem(
                        .aliasCycle, "'\(Escaping.visible(reference))': its '$extends' leads back to itself",
                        at: node.location)
                    return []
                }
                chain = source(base, from: file, at: location)
                extending.remove(file)
            }
            chain.append(remember(document, as: key, from: .bytes(bytes, file: file)))
            chains[key] = chain
            return chain
        }
        // A pointer into the file: its tokens are that object's (Terrazzo also writes `#name`).
        let whole = TokensReader.read(bytes, file: file, options: options)
        guard whole.errors.first?.code != .parseError,
            let fileRoot = try? JSONReader.read(bytes, duplicateKeys: .refuse, maximumDepth: options.maximumDepth)
        else {
            chains[key] = [remember(whole, as: key, from: .bytes(bytes, file: file))]
            return chains[key] ?? []
        }
        let segments = TokensWalk.segments(of: "#" + fragment) ?? [fragment]
        var target = fileRoot
        for segment in segments {
            guard let next = target[segment] else {
                problem(
                    .unresolvedAlias,
                    "'\(Escaping.visible(reference))' names nothing in '\(Escaping.visible(relative))'",
                    at: node.location)
                return []
            }
            target = next
        }
        let fileText = SourceText(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        let document = TokensReader.read(target, text: fileText, file: file, options: options)
        chains[key] = [remember(document, as: key, from: .node(target, fileText, file: file))]
        return chains[key] ?? []
    }

    private mutating func remember(_ document: TokensDocument, as key: String, from origin: Origin) -> Int {
        read[key] = documents.count
        documents.append(document)
        origins.append(origin)
        files.append(document.themeFile)
        return files.count - 1
    }

    private mutating func problem(
        _ code: DiagnosticCode, severity: Severity = .error, _ message: String, at location: JSONLocation
    ) {
        diagnostics.append(
            Diagnostic(
                code, severity: severity, message,
                at: SourceLocation(file: path, line: location.line, column: location.column),
                sourceLine: text.lines.text(ofLine: location.line)))
    }
}

public import Foundation
public import ThemeKit
import ThemeSupport

/// What a `.themelint.json` file asks for: which rules report and at what severity
/// (`disabled_rules`, `rules.<id>.severity`), which files a folder search takes (`included`,
/// `excluded`), the project's own control states (`states`), and the opt-in rules' settings.
///
/// The default configuration (no file) runs every rule that is not opt-in, at its own
/// severity. Today the only opt-in rule is `min_contrast`, enabled by giving it at least one
/// pair:
///
///     {
///       "$schema": "Lint/themelint.schema.json",
///       "rules": {
///         "min_contrast": {
///           "pairs": [
///             {"foreground": "textColor", "background": "backgroundColor", "minimum": 4.5},
///             {"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "themes": ["highcontrast"]},
///             {"foreground": "textColor", "background": "backgroundColor", "minimum": 7, "folders": ["Features/*/Themes"]}
///           ]
///         }
///       }
///     }
///
/// Parsing is strict, as `Lint/themelint.schema.json` is: an unknown key or rule id at any
/// level, a value of the wrong type, a rule that cannot be disabled in `disabled_rules`, a
/// pattern outside the configuration's folder (or `.` in `excluded`, which would skip
/// nothing), a minimum outside 1…21 or an empty list of pairs is an error that names the
/// JSON path of the problem.
public struct LintConfiguration: Sendable, Hashable {
    /// The name of the file themelint looks for, from the current folder up to the
    /// repository root (`discover(in:)`).
    public static let fileName = ".themelint.json"
    /// The largest configuration file read, in bytes: a configuration is a few lines.
    public static let maximumFileSize = 1 << 20

    /// The file the configuration was read from, as reported; `nil` for one built in code.
    public var file: String?
    /// The folder `included` and `excluded` are relative to (absolute): the one holding the
    /// file; `nil` for a configuration built in code, whose patterns then match nothing.
    public var folder: String?
    /// `min_contrast`'s pairs, in the file's order; empty when the rule is off.
    public var contrastPairs: [ContrastPair]
    /// Rules that report nothing (`disabled_rules`). A rule that stops a file from being
    /// read (`parse_error`, `not_flat`, …: those that a comment cannot silence either) is
    /// never among them.
    public var disabledRules: Set<DiagnosticCode>
    /// Rules whose problems are reported at another severity (`rules.<id>.severity`).
    public var severities: [DiagnosticCode: Severity]
    /// Where themes are looked for when a folder is searched: when not empty, a file found
    /// must lie at or below a match (`included`).
    package var included: [PathPattern]
    /// What a folder search skips: files and folders at or below a match (`excluded`).
    package var excluded: [PathPattern]
    /// The project's own control states (`states`), in their priority order, which comes
    /// after the built-in states (`ThemeState.builtIn`): what `unknown_state` and
    /// `state_order` accept besides those.
    public var states: [String] = [] {
        didSet { knownStates = ThemeState.known(adding: states) }
    }
    /// The built-in states, then `states`, in priority order.
    package private(set) var knownStates: [ThemeState] = ThemeState.builtIn

    /// Creates a configuration; with no pairs, no opt-in rule runs.
    public init(
        contrastPairs: [ContrastPair] = [], disabledRules: Set<DiagnosticCode> = [],
        severities: [DiagnosticCode: Severity] = [:], file: String? = nil
    ) {
        self.contrastPairs = contrastPairs
        self.disabledRules = disabledRules
        self.severities = severities
        self.file = file
        self.included = []
        self.excluded = []
    }

    /// Whether a rule runs under this configuration: every rule that is not opt-in does;
    /// an opt-in rule does when the configuration gives it something to check. A disabled
    /// rule still runs, so that a comment silencing it is not taken for superfluous; its
    /// problems are dropped afterwards (`applyRuleSettings(to:)`).
    public func enables(_ rule: RuleDescription) -> Bool {
        guard rule.isOptIn else { return true }
        return rule.id == .minContrast && !contrastPairs.isEmpty
    }

    /// Drops the problems of disabled rules and re-grades the others as configured, in
    /// place: one pass, and nothing at all without such settings.
    func applyRuleSettings(to diagnostics: inout [Diagnostic]) {
        if !disabledRules.isEmpty { diagnostics.removeAll { disabledRules.contains($0.code) } }
        guard !severities.isEmpty else { return }
        for index in diagnostics.indices {
            if let severity = severities[diagnostics[index].code] { diagnostics[index].severity = severity }
        }
    }

    /// Whether an enabled rule needs the theme named `name`, in the folder `folder` (its
    /// segments below the configuration's folder, `nil` outside it), built whole (its values
    /// resolved and parsed), which the linter otherwise skips: a `min_contrast` pair applies
    /// to it, or to a theme that names it as its partner (`partnerOf`, the names).
    func needsResolvedTheme(named name: String, inFolder folder: [Substring]?, partnerOf: [String] = []) -> Bool {
        contrastPairs.contains { pair in
            pair.applies(toTheme: name, inFolder: folder)
                || partnerOf.contains { pair.applies(toTheme: $0, inFolder: folder) }
        }
    }

    /// The segments of the folder at `path` (absolute) below the configuration's folder;
    /// `nil` when it is not below it, or for a configuration built in code.
    func segments(ofFolder path: String) -> [Substring]? {
        folder.flatMap { PathPattern.segments(of: PathPattern.normalized(path), below: PathPattern.normalized($0)) }
    }
}

extension LintConfiguration {
    /// Reads the configuration file at `path` (relative to `currentDirectory`), reported as
    /// `path` was given.
    ///
    /// - Throws: `LintFailure` when the file cannot be read, is not JSON, or is not a valid
    ///   configuration.
    public static func load(path: String, currentDirectory: String? = nil) throws(LintFailure) -> LintConfiguration {
        let base = currentDirectory ?? FileManager.default.currentDirectoryPath
        let absolute = path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            // A link that leads nowhere is there, but is no file: say what it is.
            guard isLink(absolute) else { throw LintFailure("no such configuration file: \(path)") }
            throw LintFailure("the configuration \(path) is \(brokenLink(absolute))")
        }
        guard !isDirectory.boolValue else {
            throw LintFailure("the configuration \(path) is a directory, not a file")
        }
        // ThemeKit's reader of theme files: bounded, and a FIFO is refused, not waited on.
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.load(absolute, limit: maximumFileSize)
        } catch {
            switch error {
            case .tooLarge:
                throw LintFailure("\(path): larger than \(maximumFileSize) bytes; a configuration is a few lines")
            case .system(let reason):
                throw LintFailure("cannot read the configuration \(path): \(reason)")
            }
        }
        var configuration: LintConfiguration
        do {
            configuration = try parse(Data(bytes), file: path)
        } catch {
            throw LintFailure(error.description)
        }
        configuration.folder = PathPattern.normalized(absolute + "/..")
        return configuration
    }

    /// Whether `path` is a symbolic link, whether or not it leads anywhere (`lstat`: a link
    /// to nothing is one too).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// What a symbolic link that leads to no file is, in the system's words where it has
    /// no better ones: `a loop of symbolic links`.
    static func brokenLink(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) != 0 else { return "a symbolic link that cannot be followed" }
        switch errno {
        case ELOOP: return "a loop of symbolic links"
        case ENOENT: return "a symbolic link to a file that does not exist"
        case let code: return "a symbolic link that cannot be followed: " + String(cString: strerror(code)).lowercased()
        }
    }

    /// The configuration of a run started in `currentDirectory`: the `.themelint.json` in it
    /// or in the nearest folder above it, inside the repository that holds it (the search
    /// stops at the folder holding `.git`, a folder or a worktree's file); `nil` when there
    /// is none.
    ///
    /// Outside a repository only the current folder is looked in: a stray
    /// `/tmp/.themelint.json` or `~/.themelint.json` must not change a run. The file is
    /// reported relative to the current folder (`../.themelint.json`).
    ///
    /// - Throws: `LintFailure` when the file is there but cannot be used.
    public static func discover(in currentDirectory: String? = nil) throws(LintFailure) -> LintConfiguration? {
        var folder = currentDirectory ?? FileManager.default.currentDirectoryPath
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let start = folder
        var levels = 0
        var found: (folder: String, levels: Int)?
        while true {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            let candidate = base + fileName
            if found == nil, FileManager.default.fileExists(atPath: candidate) || isLink(candidate) {
                found = (folder, levels)
            }
            // Inside a repository: the nearest file found so far is the one.
            if FileManager.default.fileExists(atPath: base + ".git") { break }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else {
                // No repository above: only a file in the current folder counts.
                if let nearest = found, nearest.levels > 0 { found = nil }
                break
            }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            levels += 1
        }
        guard let found else { return nil }
        let display = String(repeating: "../", count: found.levels) + fileName
        return try load(path: display, currentDirectory: start)
    }

    /// Parses a configuration document, strictly.
    ///
    /// - Throws: `ConfigurationError` at the line and column of the first problem, naming
    ///   its JSON path (keys of an object are checked in sorted order, so the answer does
    ///   not depend on the order they are written in).
    public static func parse(_ data: Data, file: String) throws(ConfigurationError) -> LintConfiguration {
        let document: JSONNode
        do {
            document = try ConfigurationParser.read(Array(data))
        } catch {
            throw ConfigurationError(
                file: file, jsonPath: "", position: SourcePosition(error.location),
                message: "not valid JSON: \(error.message)")
        }
        var parser = ConfigurationParser(file: file)
        return try parser.configuration(document)
    }
}

extension SourcePosition {
    /// The line and column of a place in a JSON file.
    init(_ location: JSONLocation) {
        self.init(line: location.line, column: location.column)
    }
}

/// Walks a configuration document, checking each value against what the schema allows.
struct ConfigurationParser {
    var file: String

    /// The keys each object may have; anything else is an error.
    static let rootKeys = ["$schema", "disabled_rules", "excluded", "included", "rules", "states"]
    static let ruleSettingKeys = ["severity"]
    static let minContrastKeys = ["pairs", "severity"]
    static let pairKeys = ["background", "folders", "foreground", "minimum", "themes"]
    /// The range a contrast ratio can take.
    static let ratioRange = 1.0...21.0
    /// Every rule id, for `disabled_rules` and `rules`.
    static let ruleIDs = RuleCatalog.descriptions.map(\.id.rawValue)
    /// How deep a configuration or baseline may nest: a configuration needs five levels.
    static let maximumDepth = 64

    /// Reads a configuration or baseline document: a key written twice is refused, so the
    /// file means the same to themelint as to any other JSON tool (JSONDecoder keeps the first,
    /// Python's `json` the last).
    static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try JSONReader.read(bytes, duplicateKeys: .refuse, maximumDepth: maximumDepth)
    }

    /// An object's members by key, with where each key is: what `object` checks and returns.
    struct Fields {
        /// The object itself (a missing key is reported at it).
        var node: JSONNode
        var members: [String: JSONMember]

        subscript(key: String) -> JSONNode? { members[key]?.value }
    }

    mutating func configuration(_ document: JSONNode) throws(ConfigurationError) -> LintConfiguration {
        let root = try object(document, at: ".", allowed: Self.rootKeys, required: [])
        if let schema = root["$schema"] { _ = try string(schema, at: Self.path(".", "$schema")) }
        var configuration = LintConfiguration(file: file)
        if let disabled = root["disabled_rules"] {
            configuration.disabledRules = try disabledRules(disabled, at: Self.path(".", "disabled_rules"))
        }
        for key in ["included", "excluded"] {
            guard let list = root[key] else { continue }
            let patterns = try patterns(list, at: Self.path(".", key))
            if key == "included" { configuration.included = patterns } else { configuration.excluded = patterns }
        }
        if let list = root["states"] {
            configuration.states = try states(list, at: Self.path(".", "states"))
        }
        guard let rules = root["rules"] else { return configuration }
        let rulesPath = Self.path(".", "rules")
        guard let ruleTable = rules.members else {
            throw error(at: rulesPath, rules.location, "must be an object, not \(rules.kind)")
        }
        for member in ruleTable.sorted(by: { $0.key < $1.key }) {
            let rulePath = Self.path(rulesPath, member.key)
            let code = try ruleID(member.key, at: rulePath, member.keyLocation)
            let value = member.value
            if code == .minContrast {
                configuration.contrastPairs = try contrastPairs(value, at: rulePath)
            } else {
                _ = try object(value, at: rulePath, allowed: Self.ruleSettingKeys, required: [])
            }
            if let severity = value["severity"] {
                configuration.severities[code] = try self.severity(severity, at: Self.path(rulePath, "severity"))
            }
        }
        return configuration
    }

    /// A rule id that names a rule (`themelint --list-rules`), else an error with the closest.
    func ruleID(_ id: String, at path: String, _ location: JSONLocation) throws(ConfigurationError) -> DiagnosticCode {
        guard Self.ruleIDs.contains(id) else {
            let hint = Suggestions.hint(Suggestions.closest(to: id, among: Self.ruleIDs))
            throw error(
                at: path, location,
                "unknown rule \(ConfigurationText.quoted(id))\(hint); themelint --list-rules lists the rules")
        }
        return DiagnosticCode(rawValue: id)
    }

    private func disabledRules(_ value: JSONNode, at path: String) throws(ConfigurationError) -> Set<DiagnosticCode> {
        guard let items = value.elements else {
            throw error(at: path, value.location, "must be an array of rule ids, not \(value.kind)")
        }
        var codes = Set<DiagnosticCode>()
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let code = try ruleID(try string(item, at: itemPath), at: itemPath, item.location)
            guard RuleCatalog.description(of: code)?.isSuppressible == true else {
                throw error(
                    at: itemPath, item.location,
                    "'\(code)' cannot be disabled, as no comment can silence it: fix the file, or leave it out with 'excluded'"
                )
            }
            guard codes.insert(code).inserted else {
                throw error(at: itemPath, item.location, "'\(code)' is listed twice")
            }
        }
        return codes
    }

    /// The project's states: names a key can hold after `:` (no `.`, `:` or `/`), none
    /// built in, none twice.
    private func states(_ value: JSONNode, at path: String) throws(ConfigurationError) -> [String] {
        guard let items = value.elements else {
            throw error(at: path, value.location, "must be an array of state names, not \(value.kind)")
        }
        var names: [String] = []
        var seen = Set<String>()
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let name = try string(item, at: itemPath)
            guard !name.isEmpty, !name.contains(where: { ".:/".contains($0) || $0.isWhitespace }) else {
                throw error(
                    at: itemPath, item.location,
                    "\(ConfigurationText.quoted(name)) is not a state name: a state is written after ':' in a key, "
                        + "and holds no '.', ':', '/' or space")
            }
            guard ThemeState(rawValue: name) == nil else {
                throw error(
                    at: itemPath, item.location, "\(ConfigurationText.quoted(name)) is a built-in state already")
            }
            guard seen.insert(name).inserted else {
                throw error(at: itemPath, item.location, "\(ConfigurationText.quoted(name)) is listed twice")
            }
            names.append(name)
        }
        return names
    }

    private func patterns(_ value: JSONNode, at path: String) throws(ConfigurationError) -> [PathPattern] {
        guard let items = value.elements else {
            throw error(at: path, value.location, "must be an array of glob patterns, not \(value.kind)")
        }
        var patterns: [PathPattern] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let text = try string(item, at: itemPath)
            guard let pattern = PathPattern(text) else {
                throw error(
                    at: itemPath, item.location,
                    "\(ConfigurationText.quoted(text)) must be relative to the configuration's folder, without '..'"
                )
            }
            // `.` is the folder itself, which a folder search never skips: it would match nothing.
            guard !(pattern.isWholeFolder && path.hasSuffix("excluded")) else {
                throw error(
                    at: itemPath, item.location,
                    "\(ConfigurationText.quoted(text)) is the configuration's folder itself, which a folder search never "
                        + "skips (a folder named is searched): name the folders or files below it to skip")
            }
            patterns.append(pattern)
        }
        return patterns
    }

    private func severity(_ value: JSONNode, at path: String) throws(ConfigurationError) -> Severity {
        guard let text = value.string, let severity = Severity(rawValue: text) else {
            let shown = value.string.map(ConfigurationText.quoted) ?? value.kind
            throw error(at: path, value.location, "must be \"error\" or \"warning\", not \(shown)")
        }
        return severity
    }

    private func contrastPairs(_ value: JSONNode, at path: String) throws(ConfigurationError) -> [ContrastPair] {
        let settings = try object(value, at: path, allowed: Self.minContrastKeys, required: ["pairs"])
        let pairsPath = Self.path(path, "pairs")
        let pairs = settings["pairs"]
        guard let items = pairs?.elements else {
            throw error(
                at: pairsPath, pairs?.location ?? value.location,
                "must be an array of pairs, not \(pairs?.kind ?? "nothing")")
        }
        guard !items.isEmpty else {
            throw error(
                at: pairsPath, pairs?.location ?? value.location,
                "must hold at least one pair; leave min_contrast out to turn the rule off")
        }
        var result: [ContrastPair] = []
        for (index, item) in items.enumerated() {
            result.append(try pair(item, at: "\(pairsPath)[\(index)]"))
        }
        return result
    }

    private func pair(_ value: JSONNode, at path: String) throws(ConfigurationError) -> ContrastPair {
        let fields = try object(
            value, at: path, allowed: Self.pairKeys, required: ["foreground", "background", "minimum"])
        let foreground = try colorKey(fields["foreground"] ?? value, at: Self.path(path, "foreground"))
        let background = try colorKey(fields["background"] ?? value, at: Self.path(path, "background"))
        let minimumPath = Self.path(path, "minimum")
        let minimumNode = fields["minimum"] ?? value
        guard let minimum = minimumNode.number else {
            throw error(
                at: minimumPath, minimumNode.location, "must be a number from 1 to 21, not \(minimumNode.kind)")
        }
        guard Self.ratioRange.contains(minimum) else {
            throw error(
                at: minimumPath, minimumNode.location,
                "must be a contrast ratio from 1 to 21, not \(ThemeValue.text(of: minimum)) (4.5 is WCAG AA for text, 7 is AAA)"
            )
        }
        var themes: [String]?
        if let list = fields["themes"] {
            themes = try themeNames(list, at: Self.path(path, "themes"))
        }
        var folders: [String]?
        if let list = fields["folders"] {
            let foldersPath = Self.path(path, "folders")
            let patterns = try self.patterns(list, at: foldersPath)
            guard !patterns.isEmpty else {
                throw error(
                    at: foldersPath, list.location,
                    "must name at least one folder; leave it out to check themes in any folder")
            }
            var seen = Set<String>()
            for (index, pattern) in patterns.enumerated() where !seen.insert(pattern.description).inserted {
                throw error(
                    at: "\(foldersPath)[\(index)]", list.elements?[index].location ?? list.location,
                    "\(ConfigurationText.quoted(pattern.description)) is listed twice")
            }
            folders = patterns.map(\.description)
        }
        return ContrastPair(
            foreground: foreground, background: background, minimum: minimum, themes: themes, folders: folders)
    }

    private func colorKey(_ value: JSONNode, at path: String) throws(ConfigurationError) -> String {
        let key = try string(value, at: path)
        // A design token's path (`color.text`) takes its kind from a `$type` declaration
        // (SPEC §2), which only the theme knows: the rule checks it there.
        guard ValueKind.typed(forKey: key)?.kind == .color || key.contains(".") else {
            throw error(
                at: path, value.location,
                "\(ConfigurationText.quoted(key)) is not a color key: a color key's name ends in 'Color'")
        }
        return key
    }

    private func themeNames(_ value: JSONNode, at path: String) throws(ConfigurationError) -> [String] {
        guard let items = value.elements else {
            throw error(at: path, value.location, "must be an array of theme names, not \(value.kind)")
        }
        guard !items.isEmpty else {
            throw error(at: path, value.location, "must name at least one theme; leave it out to check every theme")
        }
        var names: [String] = []
        // Each name is checked against those before it: a set, not a scan of the list.
        var seen = Set<String>()
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let name = try string(item, at: itemPath)
            guard ThemeName.isValid(name) else {
                throw error(
                    at: itemPath, item.location,
                    "\(ConfigurationText.quoted(name)) is not a theme name: a theme's file name without .plist, of letters, digits, '.', '_' and '-'"
                )
            }
            guard seen.insert(name).inserted else {
                throw error(at: itemPath, item.location, "\(ConfigurationText.quoted(name)) is listed twice")
            }
            names.append(name)
        }
        return names
    }

    /// The fields of an object that has every key of `required` and no key outside `allowed`.
    /// An unknown key is reported at the key; a missing one at the object.
    func object(
        _ value: JSONNode, at path: String, allowed: [String], required: [String]
    ) throws(ConfigurationError) -> Fields {
        guard let members = value.members else {
            throw error(at: path, value.location, "must be an object, not \(value.kind)")
        }
        // The reader refused a key written twice: each key is here once.
        let fields = Fields(
            node: value, members: Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last }))
        for member in members.sorted(by: { $0.key < $1.key }) where !allowed.contains(member.key) {
            let hint = Suggestions.hint(Suggestions.closest(to: member.key, among: allowed))
            throw error(
                at: Self.path(path, member.key), member.keyLocation,
                "unknown key \(ConfigurationText.quoted(member.key))\(hint); \(Self.list(allowed))")
        }
        for key in required where fields.members[key] == nil {
            throw error(at: Self.path(path, key), value.location, "is required")
        }
        return fields
    }

    /// A string that is not empty.
    func string(_ value: JSONNode, at path: String) throws(ConfigurationError) -> String {
        guard let text = value.string else {
            throw error(at: path, value.location, "must be a string, not \(value.kind)")
        }
        guard !text.isEmpty else { throw error(at: path, value.location, "must not be empty") }
        return text
    }

    func error(at path: String, _ location: JSONLocation, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, jsonPath: path, position: SourcePosition(location), message: message)
    }

    private static func list(_ keys: [String]) -> String {
        keys.count == 1
            ? "the only key here is '\(keys[0])'"
            : "the keys here are " + keys.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// `parent.key`, or `parent["key"]` for a key that is not a plain identifier, escaped
    /// as JSON escapes it.
    static func path(_ parent: String, _ key: String) -> String {
        let base = parent == "." ? "" : parent
        let plain =
            key.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard !plain else { return base + "." + key }
        let escaped = ConfigurationText.escaped(key, doubleQuotes: true)
        return (base.isEmpty ? "." : base) + "[\"" + escaped + "\"]"
    }
}

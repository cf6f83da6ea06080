import ThemeKit
import ThemeSupport

/// Tokens Studio's multi-file layout (its Git sync): a folder of token set files
/// (`core.json`, `components/button.json`), `$themes.json` naming which sets each theme
/// uses, and `$metadata.json` giving the sets' order. Read as a resolver document is: each
/// theme `group` is a modifier and each theme of it a context, every combination of one theme
/// a group is a theme named after them joined with `-` (what `@tokens-studio/sd-transforms`'s
/// `permutateThemes` computes), its sources the sets its themes mark `enabled` or `source`, in
/// `tokenSetOrder` (a later set's token wins). A group whose two themes are `light` and
/// `dark` (any case) makes APPEARANCE pairs. The set files are read by ThemeKit's tokens
/// reader, so they must be in the W3C DTCG format (`$value`, `$type`), which Tokens Studio
/// writes when asked; its legacy format (`value`, `type`) is refused at its first token.
enum TokensStudioImporter {
    /// Whether `file` is Tokens Studio's themes file, by its name.
    static func isThemesFile(_ file: String) -> Bool {
        (file.split(separator: "/").last.map(String.init) ?? file) == "$themes.json"
    }

    /// The most combinations of themes an import writes: each is a whole theme, so groups
    /// of themes multiply the output (20 groups of 2 would be a million themes).
    static let maximumCombinations = DTCGImporter.maximumCombinations

    /// One theme of `$themes.json`: its name, group, sets (`enabled` or `source`, in
    /// the order written) and where it is written.
    struct Choice {
        var name: String
        var group: String?
        var sets: [(name: String, at: SourceLocation)]
        var location: SourceLocation
    }

    /// The themes of the `$themes.json` at `file` (`bytes`), read with the set files beside it.
    static func themes(_ bytes: [UInt8], file: String, notes: inout [ImportNote]) throws(ImportFailure)
        -> [SourceTheme]
    {
        let folder = Self.folder(of: file)
        let root = try json(bytes, file: file)
        func at(_ location: JSONLocation) -> SourceLocation {
            SourceLocation(file: file, line: location.line, column: location.column)
        }
        guard let items = root.elements else {
            throw ImportFailure(
                "$themes.json is \(root.kind), not Tokens Studio's list of themes", at: at(root.location))
        }
        var choices: [Choice] = []
        var failures: [ImportFailure] = []
        for item in items {
            guard let name = item["name"]?.string, let selected = item["selectedTokenSets"]?.members else {
                failures.append(
                    ImportFailure(
                        "a theme of $themes.json has a 'name' and a 'selectedTokenSets' object", at: at(item.location)))
                continue
            }
            var sets: [(String, SourceLocation)] = []
            for member in selected {
                switch member.value.string {
                case "enabled"?, "source"?: sets.append((member.key, at(member.keyLocation)))
                case "disabled"?: continue
                default:
                    failures.append(
                        ImportFailure(
                            "set '\(member.key)' of theme '\(name)' is \(member.value.kind == "a string" ? "'\(member.value.string ?? "")'" : member.value.kind), not 'enabled', 'source' or 'disabled'",
                            at: at(member.value.location)))
                }
            }
            choices.append(Choice(name: name, group: item["group"]?.string, sets: sets, location: at(item.location)))
        }
        try ThemeImporter.throwAll(failures)
        guard !choices.isEmpty else {
            throw ImportFailure("$themes.json lists no themes: nothing to import", at: at(root.location))
        }
        // Groups in the order first written; themes with no group are each a theme alone,
        // unless some are grouped (which sd-transforms refuses too).
        var groups: [[Int]] = []
        if choices.allSatisfy({ $0.group == nil }) {
            groups = [Array(choices.indices)]
        } else {
            var groupIndex: [String: Int] = [:]
            for (index, choice) in choices.enumerated() {
                guard let group = choice.group else {
                    throw ImportFailure(
                        "theme '\(choice.name)' has no 'group', beside themes that have one: every combination of one theme a group is a theme",
                        at: choice.location)
                }
                if let known = groupIndex[group] {
                    groups[known].append(index)
                } else {
                    groupIndex[group] = groups.count
                    groups.append([index])
                }
            }
        }
        let count = groups.reduce(1) { $0.multipliedReportingOverflow(by: $1.count).partialValue }
        guard count <= maximumCombinations, count > 0 else {
            throw ImportFailure(
                "\(groups.count) groups of themes make more than \(maximumCombinations) combinations, each a whole theme: refused",
                at: at(root.location))
        }
        let order = try setOrder(folder: folder, notes: &notes)
        // Each set read once, shared by the themes that use it.
        var read: [String: ThemeFile] = [:]
        var setFailures: [ImportFailure] = []
        var tried = Set<String>()  // a set that cannot be read is said once, however many themes name it
        func setFile(_ name: String, at location: SourceLocation) -> ThemeFile? {
            if let known = read[name] { return known }
            guard tried.insert(name).inserted else { return nil }
            let path = folder + name + ".json"
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.load(path, limit: ThemeLimits.standard.maxFileSize)
            } catch {
                let reason: String =
                    switch error {
                    case .tooLarge(let size): "it is \(size) bytes, over the limit"
                    case .system(let message): message
                    }
                setFailures.append(ImportFailure("set '\(name)' (\(path)) cannot be read: \(reason)", at: location))
                return nil
            }
            if let legacy = legacyToken(bytes) {
                setFailures.append(
                    ImportFailure(
                        "'\(legacy.key)' is in Tokens Studio's legacy format ('value', 'type'): ThemeKit reads the W3C DTCG format ('$value', '$type'), which Tokens Studio writes when its token format is set to W3C DTCG",
                        at: SourceLocation(file: path, line: legacy.at.line, column: legacy.at.column)))
                return nil
            }
            let document = TokensReader.read(bytes, file: path)
            for diagnostic in document.themeFile.diagnostics + document.notes {
                if diagnostic.severity == .error {
                    setFailures.append(
                        ImportFailure(
                            "\(diagnostic.message) [\(diagnostic.code.rawValue)]", at: diagnostic.location))
                } else {
                    notes.append(ImportNote(diagnostic.message, at: diagnostic.location))
                }
            }
            read[name] = document.themeFile
            return document.themeFile
        }
        // Every combination, the first group's themes varying slowest.
        var combinations: [[Int]] = [[]]
        for group in groups { combinations = combinations.flatMap { chosen in group.map { chosen + [$0] } } }
        let appearanceGroup = groups.firstIndex { group in
            group.count == 2 && Set(group.map { choices[$0].name.lowercased() }) == ["light", "dark"]
        }
        func name(_ chosen: [Int]) -> String { chosen.map { choices[$0].name }.joined(separator: "-") }
        var themes: [SourceTheme] = []
        for chosen in combinations {
            var sets: [(name: String, at: SourceLocation)] = []
            var seen = Set<String>()
            for index in chosen {
                for set in choices[index].sets where seen.insert(set.name).inserted { sets.append(set) }
            }
            if let order {
                let rank = { (set: String) in order[set] ?? Int.max }
                sets = sets.enumerated().sorted {
                    (rank($0.element.name), $0.offset) < (rank($1.element.name), $1.offset)
                }
                .map(\.element)
            }
            let files = sets.compactMap { setFile($0.name, at: $0.at) }
            var theme = DTCGImporter.theme(named: name(chosen), files: files, resolver: file, notes: &notes)
            theme.location = choices[chosen[0]].location
            if let appearanceGroup {
                let own = chosen[appearanceGroup]
                theme.appearance = choices[own].name.lowercased() == "dark" ? .dark : .light
                var partner = chosen
                partner[appearanceGroup] = groups[appearanceGroup].first { $0 != own } ?? own
                theme.partner = name(partner)
            }
            themes.append(theme)
        }
        try ThemeImporter.throwAll(setFailures)
        return themes
    }

    /// Each set's place in `$metadata.json`'s `tokenSetOrder`, when the folder has one.
    static func setOrder(folder: String, notes: inout [ImportNote]) throws(ImportFailure) -> [String: Int]? {
        let path = folder + "$metadata.json"
        guard let bytes = try? FileBytes.load(path, limit: ThemeLimits.standard.maxFileSize) else { return nil }
        let root = try json(bytes, file: path)
        guard let order = root["tokenSetOrder"]?.elements else {
            notes.append(
                ImportNote(
                    "$metadata.json has no 'tokenSetOrder' list: the sets are merged in the order the themes name them",
                    at: SourceLocation(file: path, line: root.location.line, column: root.location.column)))
            return nil
        }
        var places: [String: Int] = [:]
        for (index, item) in order.enumerated() {
            guard let name = item.string else { continue }
            if places[name] == nil { places[name] = index }
        }
        return places
    }

    /// The first token written in Tokens Studio's legacy format: an object with a `value`
    /// and no `$value`, and where its key is. One walk; `nil` for a file that does not parse
    /// (the tokens reader says where it breaks).
    static func legacyToken(_ bytes: [UInt8]) -> (key: String, at: JSONLocation)? {
        guard let root = try? JSONReader.read(bytes, duplicateKeys: .keep, maximumDepth: 128) else { return nil }
        var stack: [(path: String, node: JSONNode, at: JSONLocation)] = [("", root, root.location)]
        while let (path, node, location) = stack.popLast() {
            guard let members = node.members else { continue }
            // A token: a `value` beside a `type`, or a scalar `value` (a DTCG group may hold a
            // group or a token named `value`, never a scalar).
            if let value = members.last(where: { $0.key == "value" }), !members.contains(where: { $0.key == "$value" }),
                members.contains(where: { $0.key == "type" })
                    || (value.value.members == nil && value.value.elements == nil)
            {
                return (path, location)
            }
            for member in members.reversed() where !member.key.hasPrefix("$") {
                stack.append((path.isEmpty ? member.key : path + "." + member.key, member.value, member.keyLocation))
            }
        }
        return nil
    }

    /// The folder of `file` as a prefix of its siblings' paths (`tokens/` for
    /// `tokens/$themes.json`, nothing for `$themes.json`), so that they are shown as the
    /// themes file is, relative or absolute.
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    /// `bytes` read as JSON, a syntax error said at its line and column in `file`.
    static func json(_ bytes: [UInt8], file: String) throws(ImportFailure) -> JSONNode {
        do {
            return try JSONReader.read(bytes, duplicateKeys: .refuse, maximumDepth: 128)
        } catch {
            throw ImportFailure(
                error.message, at: SourceLocation(file: file, line: error.location.line, column: error.location.column))
        }
    }
}

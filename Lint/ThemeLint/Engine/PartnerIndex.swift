import ThemeKit

/// Which themes name which as their partner (`DARK_THEME`, `LIGHT_THEME`), folder by
/// folder: a `min_contrast` pair that applies to a theme applies to the partner it names.
///
/// Built once a run, from the files linted and the partners they name (so that a theme
/// linted alone still finds a partner that names it back), each file read once through
/// the run's cache and each of its two reserved keys looked up once: linear in the files.
struct PartnerIndex: Sendable {
    /// Folder (absolute) → partner's name → the themes naming it, sorted by name.
    private var namings: [String: [String: [PartnerNaming]]] = [:]

    /// An index naming no partner, for a run that does not need one.
    init() {}

    /// The index of the theme files at `paths` (absolute) and the partners they name, each
    /// file read with `read` (nil when it cannot be read).
    init(files paths: [String], read: (String) -> ThemeFile?) {
        var visited = Set<String>()
        var named: [String] = []
        for path in paths {
            named += visit(path, visited: &visited, read: read)
        }
        for path in named {
            _ = visit(path, visited: &visited, read: read)
        }
        for folder in namings.keys {
            for partner in namings[folder, default: [:]].keys {
                namings[folder]?[partner]?.sort { $0.name < $1.name }
            }
        }
    }

    /// Records the partners the theme file at `path` names, once; returns their paths.
    private mutating func visit(_ path: String, visited: inout Set<String>, read: (String) -> ThemeFile?) -> [String] {
        guard visited.insert(path).inserted else { return [] }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        guard let name = ThemeName.of(fileName: fileName), let file = read(path) else { return [] }
        let folder = String(path.dropLast(fileName.count + 1))
        var paths: [String] = []
        for appearance in ThemeAppearance.allCases {
            let key = ThemeName.partnerKey(for: appearance)
            guard let entry = file[key], case .string(let partner) = entry.value, ThemeName.isValid(partner),
                partner != name
            else { continue }
            let naming = PartnerNaming(
                name: name, key: key, location: file.document.location(at: entry.valueRange.start))
            namings[folder, default: [:]][partner, default: []].append(naming)
            paths.append(folder + "/" + partner + ".plist")
        }
        return paths
    }

    /// The themes of `folder` (absolute) whose file names `name` as its partner, by name.
    func namings(of name: String, inFolder folder: String) -> [PartnerNaming] {
        namings[folder]?[name] ?? []
    }
}

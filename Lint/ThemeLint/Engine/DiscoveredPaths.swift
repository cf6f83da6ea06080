import ThemeKit

extension ThemeLinter {
    /// Of `paths` (folders a tool found by itself, such as the SwiftPM plugin's `Themes`
    /// folders, given as `--default-path`), those a search of the current folder would
    /// reach: not inside a hidden folder (`.build`, `.git`, …) or a skipped one
    /// (`node_modules`, `Pods`, `Carthage`, `DerivedData`), and not covered by the
    /// configuration's `excluded`. So `swift package themelint` lints what `themelint .`
    /// would, not the `Themes` folder of an ignored scratch checkout. A path outside the
    /// current folder is kept, as a named path is. Paths named on the command line are not
    /// filtered: they win, as ever.
    package func discovered(_ paths: [String]) -> [String] {
        let discovery = ThemeDiscovery(currentDirectory: currentDirectory, configuration: configuration)
        return paths.filter { discovery.reaches($0) }
    }
}

extension ThemeDiscovery {
    /// Whether a search of the current folder reaches `path`: no folder on the way from
    /// the current folder down to it (itself included) is skipped by name or `excluded`.
    func reaches(_ path: String) -> Bool {
        let absolute = PathPattern.normalized(absolute(path))
        let here = PathPattern.normalized(currentDirectory)
        guard let below = PathPattern.segments(of: absolute, below: here) else { return true }
        if below.contains(where: { Self.skipsByName($0, isFolder: { true }) }) { return false }
        // As `themeFiles(under: ["."])` matches: relative to the configuration's folder,
        // only what lies below the searched folder.
        guard let patternFolder, !excluded.isEmpty,
            let base = PathPattern.segments(of: here, below: patternFolder)
        else { return true }
        return !excluded.matches(base + below, shortest: base.count + 1)
    }
}

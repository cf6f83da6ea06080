import Foundation
import Synchronization

/// Everything known about one theme after reading its lineage and resolving it.
public struct ThemeAnalysis: Sendable {
    /// The theme's name.
    public var name: String
    /// The resolved theme, when there was no error.
    public var theme: Theme?
    /// Every problem found in the theme and its ancestors, sorted.
    public var diagnostics: [Diagnostic]
    /// The files read: the theme first, then its ancestors.
    public var files: [ThemeFile]
    /// The names of `files`' themes, in the same order.
    public var lineage: [String]
    /// The keys of the merged theme (the theme and its ancestors); nil when resolution
    /// did not run. A view of the resolver's own table: nothing is copied to offer it.
    public var mergedKeys: Dictionary<String, Int>.Keys?
    /// The keys the theme's own file sets that none of its ancestors has (empty for a
    /// theme without a parent); nil unless asked for with `findsIntroducedKeys`, or when
    /// resolution did not run.
    public var introducedKeys: [String]?

    /// The diagnostics that are errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Reads themes from one folder: a theme and its `INHERITED_THEME` ancestors, merged and
/// resolved.
public struct ThemeLoader: Sendable {
    /// Reads one theme file; the linter passes one that caches.
    public typealias FileReader = @Sendable (_ path: String) -> Result<ThemeFile, ThemeError>

    /// The folder holding `<name>.plist` files.
    public var directory: String
    /// How values are read.
    public var options: ThemeOptions

    /// Creates a loader for a folder.
    public init(directory: String, options: ThemeOptions = ThemeOptions()) {
        self.directory = directory
        self.options = options
    }

    /// The path of a theme's file (the name is not checked).
    public func path(of name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".plist"
    }

    /// Loads a theme whole.
    ///
    /// With `allowingErrors`, a theme whose files can be read and whose lineage is whole
    /// loads even when some of its keys are broken: those keys are left out, and the
    /// theme's `problems` (and `isDegraded`) say what was wrong.
    /// - Throws: `ThemeError` with every error of the theme and its ancestors.
    public func load(_ name: String, allowingErrors: Bool = false) throws(ThemeError) -> Theme {
        let analysis = analyze(name, keepsPartialTheme: allowingErrors)
        if let theme = analysis.theme { return theme }
        throw ThemeError(analysis.errors)
    }

    /// Reads and resolves a theme, collecting every problem rather than stopping.
    ///
    /// With `producesTheme` false (the linter), every value is still resolved and checked,
    /// but no `Theme` is built. With `findsIntroducedKeys`, the analysis also lists the keys
    /// the theme's own file adds to its ancestors' (found during the merge, for the linter).
    public func analyze(
        _ name: String, producesTheme: Bool = true, findsIntroducedKeys: Bool = false, reader: FileReader? = nil
    ) -> ThemeAnalysis {
        analyze(
            name, producesTheme: producesTheme, keepsPartialTheme: false, findsIntroducedKeys: findsIntroducedKeys,
            reader: reader)
    }

    /// `analyze`, keeping a degraded theme (the keys that resolve) when there are errors.
    func analyze(
        _ name: String, producesTheme: Bool = true, keepsPartialTheme: Bool, findsIntroducedKeys: Bool = false,
        reader: FileReader? = nil
    ) -> ThemeAnalysis {
        let plistReader = PropertyListReader(limits: options.limits)
        let read: FileReader
        if let reader {
            read = reader
        } else {
            read = { path in Result { () throws(ThemeError) in try ThemeFile.read(path, reader: plistReader) } }
        }
        var analysis = ThemeAnalysis(name: name, theme: nil, diagnostics: [], files: [], lineage: [])
        guard ThemeName.isValid(name) else {
            analysis.diagnostics = [
                Diagnostic(
                    .invalidThemeName,
                    "'\(name)' is not a theme name: use letters, digits, '.', '_' and '-', starting with a letter or digit",
                    at: .wholeFile(directory))
            ]
            return analysis
        }
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        var current = name
        var namedBy: (file: ThemeFile, entry: PropertyListEntry)?
        lineage: while true {
            let path = path(of: current)
            let file: ThemeFile
            switch read(path) {
            case .success(let read):
                file = read
            case .failure(let error):
                if FileManager.default.fileExists(atPath: path) || Self.isSymbolicLink(path) {
                    diagnostics += error.diagnostics
                } else if let namedBy {
                    diagnostics.append(
                        namedBy.file.document.diagnostic(
                            .missingParent,
                            "\(ThemeName.inheritanceKey) names '\(current)', but there is no \(current).plist beside this theme",
                            at: namedBy.entry.valueRange, key: ThemeName.inheritanceKey))
                } else {
                    diagnostics.append(themeNotFound(current, at: path))
                }
                break lineage
            }
            analysis.files.append(file)
            analysis.lineage.append(current)
            seen.insert(current)
            diagnostics += file.diagnostics
            guard let parentEntry = file[ThemeName.inheritanceKey] else { break }
            guard case .string(let parent) = parentEntry.value, ThemeName.isValid(parent) else {
                diagnostics.append(
                    file.document.diagnostic(
                        .missingParent,
                        "\(ThemeName.inheritanceKey) must be a theme name; \(ThemeResolver.describe(parentEntry.value)) is not one",
                        at: parentEntry.valueRange, key: ThemeName.inheritanceKey))
                break
            }
            if seen.contains(parent) {
                let start = analysis.lineage.firstIndex(of: parent) ?? 0
                let cycle = analysis.lineage[start...] + [parent]
                diagnostics.append(
                    file.document.diagnostic(
                        .inheritanceCycle, "inheritance cycle: \(cycle.joined(separator: " → "))",
                        at: parentEntry.valueRange, key: ThemeName.inheritanceKey))
                break
            }
            namedBy = (file, parentEntry)
            current = parent
        }
        let unreadable = diagnostics.contains { $0.code == .parseError || $0.code == .ioError }
        let brokenLineage = diagnostics.contains {
            [.missingParent, .inheritanceCycle, .themeNotFound].contains($0.code)
        }
        if !analysis.files.isEmpty, !unreadable, !brokenLineage {
            var resolver = ThemeResolver(
                name: name, lineage: analysis.lineage, chain: analysis.files, options: options,
                producesTheme: producesTheme, keepsPartialTheme: keepsPartialTheme,
                findsIntroducedKeys: findsIntroducedKeys)
            let outcome = resolver.resolve()
            diagnostics += outcome.diagnostics
            let errors = diagnostics.filter { $0.severity == .error }
            if errors.isEmpty {
                analysis.theme = outcome.theme
            } else if keepsPartialTheme {
                analysis.theme = outcome.theme?.degraded(by: errors)
            }
            analysis.mergedKeys = resolver.mergedKeys
            analysis.introducedKeys = findsIntroducedKeys ? resolver.introducedKeys : nil
        }
        diagnostics.sort()
        analysis.diagnostics = diagnostics
        return analysis
    }

    /// A reader that reads and parses each path once, for a tool that loads many themes of
    /// one folder: themes that share ancestors then share their files, instead of every
    /// theme of a long inheritance chain parsing the whole chain again.
    package func cachingReader() -> FileReader {
        let reader = PropertyListReader(limits: options.limits)
        let cache = Mutex([String: Result<ThemeFile, ThemeError>]())
        return { path in
            if let known = cache.withLock({ $0[path] }) { return known }
            let read = Result { () throws(ThemeError) in try ThemeFile.read(path, reader: reader) }
            cache.withLock { $0[path] = read }
            return read
        }
    }

    /// The most theme names a `theme_not_found` note lists before "and N more".
    static let listedThemes = 10

    /// `theme_not_found` for `name`: the nearest theme's name in the message ("did you
    /// mean"), and a note on the folder listing its first themes in order. The folder is
    /// read once, and the work is linear in the number of its entries.
    private func themeNotFound(_ name: String, at path: String) -> Diagnostic {
        var message = "no theme named '\(name)' in \(directory)"
        let note: String
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .compactMap(ThemeName.of(fileName:))
            if let nearest = Suggestions.closest(to: name, among: names) {
                message += "; did you mean '\(nearest)'?"
            }
            let first = Self.smallest(Self.listedThemes, of: names)
            if first.isEmpty {
                note = "no themes in this folder"
            } else {
                let more = names.count - first.count
                note = "available: " + first.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "")
            }
        } catch {
            var isFolder: ObjCBool = false
            note =
                !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder)
                ? "this folder does not exist"
                : isFolder.boolValue ? "this folder cannot be read" : "this is not a folder"
        }
        return Diagnostic(
            .themeNotFound, message, at: .wholeFile(path), notes: [Diagnostic.Note(note, at: .wholeFile(directory))])
    }

    /// The `count` smallest of `names`, sorted, in one pass of at most `count` steps each.
    private static func smallest(_ count: Int, of names: [String]) -> [String] {
        var first: [String] = []
        first.reserveCapacity(count + 1)
        for name in names {
            if first.count == count, let last = first.last, name >= last { continue }
            first.insert(name, at: first.firstIndex { name < $0 } ?? first.count)
            if first.count > count { first.removeLast() }
        }
        return first
    }

    /// The names of the themes in the folder, sorted; files that are not themes are skipped.
    public func availableThemes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap(ThemeName.of(fileName:)).sorted()
    }

    /// Whether `path` is a symbolic link, whether or not it leads anywhere (`fileExists`
    /// follows links, so it says no for a dangling one).
    public static func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}

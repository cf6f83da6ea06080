// The same file in Plugins/ThemeLintPlugin and Plugins/ThemeKeysPlugin: plugins cannot share
// a target, so each holds a copy, and Tests/PackageTests/PluginTests.swift fails when the
// copies differ. Change both together. Tests/PackageTests/ThemeFolders.swift is a symbolic
// link to the lint plugin's copy, so that the tests call the code the plugins run.

import Foundation

/// Finding theme folders in a package, and the files a folder's themes are read from, the
/// same way for both plugins.
enum ThemeFolders {
    /// Folders themelint skips when it searches a folder, besides hidden ones (`.build`,
    /// `.git`, `.swiftpm`): the same list as its `ThemeDiscovery.skippedFolders`, which a
    /// plugin cannot import.
    static let skippedFolders: Set<String> = ["node_modules", "Pods", "Carthage", "DerivedData"]

    /// The folders of themes under `root`, sorted, each once: every folder named `Themes`
    /// that holds a `*.plist` or a DTCG file (`*.tokens.json`, `*.tokens`, `*.resolver.json`),
    /// and every folder, whatever its name, that holds a DTCG resolver document
    /// (`*.resolver.json`: a designer's `Design/` with its token files in `tokens/`). Hidden
    /// folders and `skippedFolders` are not searched. `.themelint.json`'s `excluded` is left
    /// to themelint, which applies it to the folders the lint plugin passes as
    /// `--default-path`.
    static func find(under root: URL) -> [URL] {
        let manager = FileManager.default
        guard
            let walker = manager.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var folders: [String: URL] = [:]
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if skippedFolders.contains(name) {
                walker.skipDescendants()
                continue
            }
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if !isFolder, isResolver(name) {
                let folder = url.deletingLastPathComponent().standardizedFileURL
                folders[folder.path] = folder
            } else if isFolder, name == "Themes" {
                let contents = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
                if contents.contains(where: { $0.hasSuffix(".plist") || isTokensFile($0) }) {
                    let folder = url.standardizedFileURL
                    folders[folder.path] = folder
                }
            }
        }
        return folders.keys.sorted().compactMap { folders[$0] }
    }

    /// Whether a file named `name` is read as DTCG: a resolver document or a tokens file
    /// (ThemeKit's `TokensFolder.isTokensFile`, which a plugin cannot import).
    static func isTokensFile(_ name: String) -> Bool {
        isResolver(name) || name.hasSuffix(".tokens.json") || name.hasSuffix(".tokens")
    }

    /// Whether a file named `name` is a DTCG resolver document.
    static func isResolver(_ name: String) -> Bool { name.hasSuffix(".resolver.json") }

    /// The files the themes of `folder` are read from, sorted, each once: its `*.plist` and
    /// DTCG files, and every file a DTCG file names by `$ref` (a resolver's sources, wherever
    /// they are, and the files they `$ref` in turn), so that an edit to any of them makes a
    /// build plugin run again. A file that cannot be read or parsed adds nothing more:
    /// `themekit` reports it.
    static func themeFiles(in folder: URL) -> [URL] {
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".plist") || isTokensFile($0)
        }
        var found: [String: URL] = [:]
        var pending = names.map { folder.appendingPathComponent($0).standardizedFileURL }
        while let file = pending.popLast() {
            guard found[file.path] == nil else { continue }
            found[file.path] = file
            guard isTokensFile(file.lastPathComponent), let data = manager.contents(atPath: file.path),
                let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            else { continue }
            for reference in fileReferences(in: json) {
                let target = URL(fileURLWithPath: reference, relativeTo: file.deletingLastPathComponent())
                    .standardizedFileURL
                if found[target.path] == nil, manager.fileExists(atPath: target.path) { pending.append(target) }
            }
        }
        return found.keys.sorted().compactMap { found[$0] }
    }

    /// The files that the `$ref`s of a JSON document name, as written (a `$ref` of
    /// `./tokens/base.tokens.json#/color` names `./tokens/base.tokens.json`; one within the
    /// document, `#/…`, names none). Walked with a list, not recursion: a deep document
    /// costs no stack.
    static func fileReferences(in json: Any) -> [String] {
        var references: [String] = []
        var pending: [Any] = [json]
        while let value = pending.popLast() {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String {
                    let file = String(reference.prefix { $0 != "#" })
                    if !file.isEmpty { references.append(file) }
                }
                pending.append(contentsOf: object.values)
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array)
            }
        }
        return references
    }

    /// `url` relative to `root` when it is under it, else its whole path.
    static func relative(_ url: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

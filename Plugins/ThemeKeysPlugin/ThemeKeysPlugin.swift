import Foundation
import PackagePlugin

/// Generates typed `ThemeKey`s for a target at build time: `themekit keys` over the target's
/// `Themes` folders (folders named `Themes` holding `*.plist` files, among its sources or
/// resources, outside hidden folders and `node_modules`, `Pods`, `Carthage`, `DerivedData`)
/// into `ThemeKeys.swift` in the plugin's work folder, which the target compiles.
///
/// Every theme file is an input of the command, so the keys are generated again when a theme
/// changes; a theme that fails to load fails the build with its diagnostics.
@main
struct ThemeKeysPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let folders = ThemeFolders.find(under: target.directoryURL)
        guard !folders.isEmpty else {
            Diagnostics.warning("\(target.name): no Themes folder with *.plist files, so no typed theme keys")
            return []
        }
        let themes = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".plist") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ThemeKeys.swift")
        return [
            .buildCommand(
                displayName: "Generating typed theme keys for \(target.name) from \(themes.count) themes",
                executable: try context.tool(named: "themekit").url,
                arguments: ["keys"] + folders.map(\.path) + ["-o", output.path],
                inputFiles: themes,
                outputFiles: [output])
        ]
    }
}

// BEGIN ThemeFolders. The same text in Plugins/ThemeLintPlugin/ThemeLintPlugin.swift and
// Plugins/ThemeKeysPlugin/ThemeKeysPlugin.swift: plugins cannot share a target, so each
// holds a copy, and Tests/PackageTests/PluginTests.swift fails when the copies differ.
// Change both together.

/// Finding theme folders in a package, the same way for both plugins.
enum ThemeFolders {
    /// Folders themelint skips when it searches a folder, besides hidden ones (`.build`,
    /// `.git`, `.swiftpm`): the same list as its `ThemeDiscovery.skippedFolders`, which a
    /// plugin cannot import.
    static let skippedFolders: Set<String> = ["node_modules", "Pods", "Carthage", "DerivedData"]

    /// Folders named `Themes` that hold at least one `*.plist`, under `root`, sorted; hidden
    /// folders and `skippedFolders` are not searched. `.themelint.json`'s `excluded` is left
    /// to themelint, which applies it to the folders the lint plugin passes as
    /// `--default-path`.
    static func find(under root: URL) -> [URL] {
        let manager = FileManager.default
        guard
            let walker = manager.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var folders: [URL] = []
        for case let url as URL in walker {
            if skippedFolders.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            guard url.lastPathComponent == "Themes" else { continue }
            let contents = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
            if contents.contains(where: { $0.hasSuffix(".plist") }) { folders.append(url) }
        }
        return folders.sorted { $0.path < $1.path }
    }

    /// `url` relative to `root` when it is under it, else its whole path.
    static func relative(_ url: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

// END ThemeFolders

import Foundation
import PackagePlugin

/// Generates typed `ThemeKey`s for a target at build time: `themekit keys` over the target's
/// `Themes` folders (folders named `Themes` holding `*.plist` files, among its sources or
/// resources) into `ThemeKeys.swift` in the plugin's work folder, which the target compiles.
///
/// Every theme file is an input of the command, so the keys are generated again when a theme
/// changes; a theme that fails to load fails the build with its diagnostics.
@main
struct ThemeKeysPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let folders = themeFolders(under: target.directoryURL)
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

    /// Folders named `Themes` under `root` that hold at least one `*.plist`, sorted.
    private func themeFolders(under root: URL) -> [URL] {
        let manager = FileManager.default
        guard
            let walker = manager.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var folders: [URL] = []
        for case let url as URL in walker where url.lastPathComponent == "Themes" {
            let contents = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
            if contents.contains(where: { $0.hasSuffix(".plist") }) { folders.append(url) }
        }
        return folders.sorted { $0.path < $1.path }
    }
}

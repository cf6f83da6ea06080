import Foundation
import PackagePlugin

/// Generates typed `ThemeKey`s for a target at build time: `themekit keys` over the target's
/// folders of themes (`ThemeFolders.find` among its sources or resources: folders named
/// `Themes` holding `*.plist` or DTCG files, and folders holding a DTCG resolver document,
/// such as a designer's `Design/`; outside hidden folders and `node_modules`, `Pods`,
/// `Carthage`, `DerivedData`) into `ThemeKeys.swift` in the plugin's work folder, which the
/// target compiles.
///
/// Every file the themes are read from is an input of the command (`ThemeFolders.themeFiles`:
/// the plists, the DTCG files, and the token files a resolver names wherever they are), so
/// the keys are generated again when any of them changes; a theme that fails to load fails
/// the build with its diagnostics.
@main
struct ThemeKeysPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let folders = ThemeFolders.find(under: target.directoryURL)
        guard !folders.isEmpty else {
            Diagnostics.warning(
                "\(target.name): no Themes folder with *.plist or DTCG files, and no folder with a *.resolver.json, "
                    + "so no typed theme keys")
            return []
        }
        let files = folders.flatMap(ThemeFolders.themeFiles(in:))
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ThemeKeys.swift")
        return [
            .buildCommand(
                displayName: "Generating typed theme keys for \(target.name) from \(files.count) theme files",
                executable: try context.tool(named: "themekit").url,
                arguments: ["keys"] + folders.map(\.path) + ["-o", output.path],
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}

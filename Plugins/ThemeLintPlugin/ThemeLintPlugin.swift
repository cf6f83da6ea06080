import Foundation
import PackagePlugin

/// `swift package themelint [OPTIONS] [PATH…]`: runs the package's `themelint` with the
/// arguments given, as given, from the package's folder: paths and `--config FILE` are
/// relative to it, and so are the paths in the report. With no path, themelint lints every
/// `Themes` folder of the package (a folder named `Themes` holding `*.plist` files, outside
/// the folders themelint skips: hidden ones such as `.build`, `node_modules`, `Pods`, …, and
/// those `.themelint.json`'s `excluded` covers, which themelint applies to them). The
/// command fails when themelint exits non-zero: errors, warnings with `--strict`, or a usage
/// or configuration error.
///
/// The arguments are passed on verbatim, not split into options and paths here: only
/// themelint knows which options take a value (`--config FILE`, `--format json`), and
/// guessing broke each new one. The package's `Themes` folders go to themelint as
/// `--default-path`, which it lints only when no path is among the arguments, and then as
/// folders found, not named: skipped where `themelint .` would skip them.
@main
struct ThemeLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        let defaults = ThemeFolders.find(under: root).flatMap {
            ["--default-path", ThemeFolders.relative($0, to: root)]
        }
        let process = Process()
        process.executableURL = try context.tool(named: "themelint").url
        // First, so that an option the user left without its value cannot take one of these.
        process.arguments = defaults + arguments
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure("themelint exited with status \(process.terminationStatus)")
        }
    }
}

/// Why the command failed, as `swift package` prints it.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
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

import Foundation
import PackagePlugin

/// `swift package themelint [OPTIONS] [FOLDER…]`: runs the package's `themelint` over every
/// `Themes` folder of the package (a folder named `Themes` holding `*.plist` files, outside
/// hidden folders such as `.build`), or over the folders and files given. Folders are relative
/// to the package, and so are the paths in the report. Arguments starting with `-` are passed
/// to themelint as options (`--strict`, `--format json`). The command fails when themelint
/// exits non-zero: errors, or warnings with `--strict`.
@main
struct ThemeLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        var options: [String] = []
        var paths: [String] = []
        var takesValue = false
        for argument in arguments {
            if takesValue || argument.hasPrefix("-") {
                options.append(argument)
                takesValue = !takesValue && argument == "--format"
            } else {
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            paths = ThemeFolders.find(under: root).map { ThemeFolders.relative($0, to: root) }
            guard !paths.isEmpty else {
                throw PluginFailure("no Themes folder with *.plist files in \(root.path): give folders to lint")
            }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "themelint").url
        process.arguments = options + paths
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

/// Finding theme folders in a package.
enum ThemeFolders {
    /// Folders named `Themes` that hold at least one `*.plist`, under `root`, sorted; hidden
    /// folders (`.build`, `.git`, `.swiftpm`) are not searched.
    static func find(under root: URL) -> [URL] {
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

    /// `url` relative to `root` when it is under it, else its whole path.
    static func relative(_ url: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

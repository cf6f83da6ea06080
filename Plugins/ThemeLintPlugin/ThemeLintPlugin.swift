import Foundation
import PackagePlugin

/// `swift package themelint [OPTIONS] [PATH…]`: runs the package's `themelint` with the
/// arguments given, as given, from the package's folder: paths and `--config FILE` are
/// relative to it, and so are the paths in the report. With no path, themelint lints every
/// folder of themes of the package (`ThemeFolders.find`): each folder named `Themes` holding
/// `*.plist` or DTCG files, and each folder holding a DTCG resolver document
/// (`*.resolver.json`, with the token files it names wherever they are), outside the folders
/// themelint skips: hidden ones such as `.build`, `node_modules`, `Pods`, …, and those
/// `.themelint.json`'s `excluded` covers, which themelint applies to them. The command fails
/// when themelint exits non-zero: errors, warnings with `--strict`, or a usage or
/// configuration error.
///
/// The arguments are passed on verbatim, not split into options and paths here: only
/// themelint knows which options take a value (`--config FILE`, `--format json`), and
/// guessing broke each new one. The package's folders of themes go to themelint as
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

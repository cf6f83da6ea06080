import ArgumentParser
import Foundation
import ThemeKit
import ThemeOutput
import ThemeSupport
import ThemeTools

/// `--themes DIR`, shared by the commands that look at one theme of a folder.
struct ThemesOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder of themes (default: $THEMEKIT_THEMES, else ./Themes).", valueName: "dir"))
    var themes: String?

    /// The folder: the option, else `THEMEKIT_THEMES`, else `./Themes`, as `ThemeManager.shared` does.
    var directory: String { Self.directory(themes) }

    /// `given`, else `THEMEKIT_THEMES`, else `./Themes`.
    static func directory(_ given: String?) -> String {
        given ?? ProcessInfo.processInfo.environment["THEMEKIT_THEMES"] ?? "./Themes"
    }

    /// Loads the theme `name` from the folder. An unknown name (with a "did you mean") or a
    /// missing folder prints a message and exits 2; a theme that does not load prints its diagnostics and exits 1.
    func load(_ name: String, path: DisplayPath) throws -> Theme {
        try Self.load(name, from: directory, path: path)
    }

    /// Loads the theme `name` from `directory`, as `load(_:path:)` does.
    static func load(_ name: String, from directory: String, path: DisplayPath) throws -> Theme {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw ToolFailure.usage("no such folder: \(directory)")
        }
        let loader = ThemeLoader(directory: directory)
        let available = loader.availableThemes()
        guard available.contains(name) else {
            // In the manager's words (`theme_not_found`), and with its suggestion.
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            let hint = Suggestions.hint(Suggestions.closest(to: name, among: available))
            throw ToolFailure.usage("no theme named '\(name)' in \(path(directory))\(hint); available: \(list)")
        }
        do {
            return try loader.load(name)
        } catch {
            throw ToolFailure.problems(path.rendered(error))
        }
    }
}

extension ThemesOptions {
    /// Loads the partner `theme` names for the other appearance (`DARK_THEME` of a light
    /// theme, `LIGHT_THEME` of a dark one), from the same folder; nil when it names none.
    /// A partner that does not load prints a line naming it and its diagnostics, and exits 1.
    func loadPartner(of theme: Theme, path: DisplayPath) throws -> Theme? {
        try Self.loadPartner(of: theme, from: directory, path: path)
    }

    /// Loads `theme`'s partner from `directory`, as `loadPartner(of:path:)` does.
    static func loadPartner(of theme: Theme, from directory: String, path: DisplayPath) throws -> Theme? {
        guard let name = theme.partnerName else { return nil }
        let other = theme.appearance.opposite
        do {
            return try ThemeLoader(directory: directory).load(name)
        } catch {
            let key = ThemeName.partnerKey(for: other)
            throw ToolFailure.problems(
                "themekit: error: \(Escaping.visible(theme.name))'s \(other.rawValue) partner "
                    + "'\(Escaping.visible(name))' (its \(key)) does not load; --no-partner leaves it out\n"
                    + path.rendered(error))
        }
    }
}

/// The current directory, for showing paths relative to it.
func currentDisplayPath() -> DisplayPath {
    DisplayPath(currentDirectory: FileManager.default.currentDirectoryPath)
}

/// A failure a command reports itself: a usage or I/O error (exit 2, one line on stderr)
/// or problems in the themes (exit 1, the rendered diagnostics on stderr).
enum ToolFailure: Error {
    case usage(String)
    case problems(String)

    /// An export that would lose a value: one `themekit: error:` line a problem, exit 1.
    static func unexportable(_ error: ThemeExporter.ExportError) -> ToolFailure {
        let path = currentDisplayPath()
        let lines = error.rendered { path($0) }.split(separator: "\n", omittingEmptySubsequences: false)
        return .problems(lines.map { "themekit: error: \($0)\n" }.joined())
    }

    /// Prints the failure to standard error and gives the exit code to leave with.
    func report() -> ExitCode {
        switch self {
        case .usage(let message):
            // Paths and names quoted in it escaped, so that it stays one line; `problems`
            // are diagnostics, which escape their own.
            FileHandle.standardError.write(Data("themekit: error: \(Escaping.visible(message))\n".utf8))
            return ExitCode(2)
        case .problems(let text):
            FileHandle.standardError.write(Data(text.utf8))
            return ExitCode(1)
        }
    }
}

/// Writes `text` to the file `output` (as `OutputFile` does: atomically for a regular or new
/// file, through a symbolic link, in place for a device such as `/dev/stdout`), or to
/// standard output when there is none. An empty path, or a file that cannot be written, is a
/// usage or I/O error (exit 2) naming `what` and saying why (the system's words).
func emit(_ text: String, to output: String?, what: String) throws {
    guard let output else {
        print(text, terminator: "")
        return
    }
    guard !output.isEmpty else { throw ToolFailure.usage("give a file to write \(what) to: the path is empty") }
    do {
        try OutputFile.write(text, to: output)
    } catch {
        throw ToolFailure.usage("cannot write \(what) to \(output): \(error.reason)")
    }
}

extension ParsableCommand {
    /// Runs `body`, turning a `ToolFailure` into its message and exit code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as ToolFailure {
            throw failure.report()
        }
    }
}

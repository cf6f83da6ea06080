import ArgumentParser
import Foundation
import ThemeKit
import ThemeOutput
import ThemeSupport
import ThemeTools

/// `themekit import [--from FORMAT] INPUT… -o DIR`: themes of other theme managers as flat
/// ThemeKit themes.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import themes of other theme managers as flat ThemeKit themes.",
        discussion: """
            Formats (--from; without it, recognised from each file's shape and name): \
            \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")) (DB5, SwiftTheme and \
            Awful plists, BRStyle JSON, Motif JSON or YAML, DTCG 2025.10 design tokens). plist reads \
            any property list whose root is a dictionary: nested dictionaries become dotted keys, \
            arrays indexed keys. dtcg reads a tokens file (.tokens.json, .tokens) as one theme, and a \
            resolver document (.resolver.json) and the files it names as one theme per combination \
            of its modifiers' contexts (light-compact), light and dark contexts as APPEARANCE pairs, \
            and Tokens Studio's $themes.json and the set files beside it the same way, a group a \
            modifier; a plain .json file is DTCG when it names the DTCG schemas or holds a $value \
            or a resolutionOrder.

            One theme is written per source theme, named by the theme-name rules (Example Theme \
            → example-theme.plist). Every lossy step (a value that cannot be typed, dropped or \
            kept as a plain string) is one 'FILE:LINE:COL: note:' line on standard error, and \
            in --report's JSON. The themes are written to a scratch folder, loaded and linted \
            there, and moved into DIR only when all of them load with no themelint error.

            Exit status: 0 imported (notes allowed); 1 an input cannot be imported (broken \
            syntax, a root that is not a dictionary), said at its line and column, and nothing \
            written; 2 usage errors, an unreadable input, a file in DIR that only --force \
            replaces, a folder where a theme goes (never replaced), or a --report path that \
            is an input or an output of the run or cannot be written. A run that fails leaves \
            DIR as it was.
            """
    )

    @Option(help: ArgumentHelp("The source format (default: recognised per file).", valueName: "format"))
    var from: String?

    @Argument(help: "The files to import.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the themes to.", valueName: "dir"))
    var output: String

    @Flag(help: "Replace theme files already in the folder.")
    var force = false

    @Option(help: ArgumentHelp("Write the notes and each key's source as JSON to this file.", valueName: "file"))
    var report: String?

    func validate() throws {
        if let from, ImportFormat(rawValue: from) == nil {
            throw ValidationError(
                "unknown format '\(from)': one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if output.isEmpty { throw ValidationError("give a folder to write the themes to: the path is empty") }
    }

    func run() throws {
        try reportingFailures {
            var sources: [ThemeImporter.Source] = []
            for path in inputs {
                do {
                    sources.append(
                        ThemeImporter.Source(
                            file: path, bytes: try FileBytes.load(path, limit: ThemeLimits.standard.maxFileSize)))
                } catch FileBytes.Failure.system(let reason) {
                    throw ToolFailure.usage("cannot read \(path): \(reason)")
                } catch FileBytes.Failure.tooLarge(let size) {
                    throw ToolFailure.usage("cannot read \(path): \(size) bytes is over the limit")
                } catch {
                    throw ToolFailure.usage("cannot read \(path): \(error)")
                }
            }
            let imported: ThemeImporter.Output
            do {
                imported = try ThemeImporter.run(
                    sources, format: from.flatMap(ImportFormat.init(rawValue:)),
                    namesDefault: !FileManager.default.fileExists(
                        atPath: UserPath.appending("default.plist", to: output)))
            } catch let error as ImportFailure {
                throw ToolFailure.problems(error.rendered() + "\n")
            }
            if !imported.notes.isEmpty {
                FileHandle.standardError.write(Data(imported.notes.map { $0.rendered() + "\n" }.joined().utf8))
            }
            // The report is checked and written beside its path before any theme is: a path
            // that cannot be written fails first, and it is renamed into place with the themes,
            // all or nothing.
            let report = try prepareReport(imported)
            let written: [String]
            do {
                written = try ImportWriter.write(imported.themes, to: output, force: force) {
                    () throws(ImportWriter.Failure) in
                    guard let report else { return }
                    do throws(OutputFile.WriteError) { try report() } catch {
                        throw .output("cannot write the report to \(error.path): \(error.reason)")
                    }
                }
            } catch ImportWriter.Failure.output(let message) {
                throw ToolFailure.usage(message)
            } catch ImportWriter.Failure.check(let message) {
                throw ToolFailure.problems("themekit: error: " + message + "\n")
            }
            for (theme, path) in zip(imported.themes, written) {
                let renamed =
                    theme.sourceName == theme.name ? "" : " (renamed from '\(Escaping.visible(theme.sourceName))')"
                // Declarations (`P.$type`, SPEC §2) are written, but hold no value: not counted.
                let keys = theme.values.keys.count { DeclarationKind.of(key: $0) == nil }
                print("\(Escaping.visible(path)): \(keys) keys from \(Escaping.visible(theme.file))\(renamed)")
            }
            // A manager starts with `default`: say so where the folder has none, before
            // themelint's `missing_default` does.
            let start = UserPath.appending("default.plist", to: output)
            if !FileManager.default.fileExists(atPath: start) {
                FileHandle.standardError.write(
                    Data(
                        ("themekit: note: \(Escaping.visible(output)) has no default.plist, the theme a manager starts "
                            + "with (themelint: missing_default): rename the theme to start with, or import into "
                            + "a folder that has one\n").utf8))
            }
        }
    }

    /// `--report`'s JSON staged (`OutputFile.stage`) once its path is known not to be an
    /// input, the output folder, or a theme this run writes (compared resolved: links, `./`
    /// and `..` followed), so that the report never overwrites what the import reads or
    /// writes; what puts it in place, the import's last step. `nil` without `--report`.
    func prepareReport(_ imported: ThemeImporter.Output) throws -> (() throws(OutputFile.WriteError) -> Void)? {
        guard let report else { return nil }
        guard !report.isEmpty else { throw ToolFailure.usage("give a file to write the report to: the path is empty") }
        let ownPath = "give the report a path of its own"
        if let input = inputs.first(where: { UserPath.isSameFile(report, $0) }) {
            throw ToolFailure.usage("the report \(report) is the input \(input): \(ownPath)")
        }
        if UserPath.isSameFile(report, output) {
            throw ToolFailure.usage("the report \(report) is the folder the themes go to: \(ownPath)")
        }
        for theme in imported.themes {
            let target = UserPath.appending(theme.name + ".plist", to: output)
            if UserPath.isSameFile(report, target) {
                throw ToolFailure.usage("the report \(report) is the theme \(target) this import writes: \(ownPath)")
            }
        }
        let json = (try? ImportReport(imported).json()) ?? "{}\n"
        // A report in the folder the import is still to make can only be written once the
        // folder is there: as the last step, which takes the themes out again if it fails.
        if !FileManager.default.fileExists(atPath: output), UserPath.isSameFile(UserPath.folder(of: report), output) {
            return { () throws(OutputFile.WriteError) in try OutputFile.write(json, to: report) }
        }
        do {
            let staged = try OutputFile.stage(json, to: report)
            return { () throws(OutputFile.WriteError) in try staged.commit() }
        } catch {
            throw ToolFailure.usage("cannot write the report to \(report): \(error.reason)")
        }
    }
}

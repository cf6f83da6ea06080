import ArgumentParser
import Foundation
import ThemeTools

/// `themekit preview [DIR] -o FILE`: every theme of a folder on one self-contained HTML page.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write one self-contained HTML page showing every theme of a folder side by side.",
        discussion: """
            The page needs nothing else: inline CSS and one small inline script, no network. \
            Exit status: 0 written; 1 written, but some themes did not load (their diagnostics \
            go to standard error and onto the page); 2 usage or I/O errors, or a folder with no \
            theme files.
            """
    )

    @Argument(help: "The folder of themes (default: $THEMEKIT_THEMES, else ./Themes).")
    var folder: String?

    @Option(
        name: [.short, .long], help: ArgumentHelp("Write the page here (default: standard output).", valueName: "file"))
    var output: String?

    func run() throws {
        try reportingFailures {
            let directory = ThemesOptions.directory(folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                throw ToolFailure.usage("no such folder: \(directory)")
            }
            let path = currentDisplayPath()
            let collection = ThemeCollection(directory: directory)
            guard !collection.themes.isEmpty || !collection.failures.isEmpty else {
                throw ToolFailure.usage("no themes (*.plist) in \(path(directory))")
            }
            let page = PreviewPage.render(collection, folder: path(directory), path: path)
            try emit(page, to: output, what: "the page")
            let problems = collection.failures.keys.sorted().compactMap { collection.failures[$0] }
            if !problems.isEmpty {
                throw ToolFailure.problems(problems.map(path.rendered).joined())
            }
        }
    }
}

import ArgumentParser
import Foundation
import ThemeKit
import ThemeTools

/// `themekit keys DIR… [-o FILE]`: typed `ThemeKey`s for every key of the themes in the folders.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Generate typed ThemeKey declarations from the union of the themes' keys.",
        discussion: """
            Writes Swift source declaring one static ThemeKey per key, grouped by value type, so that \
            app code reads ThemeManager.shared[.primaryColor] and a misspelt key does not compile. \
            Keys that are not Swift identifiers are escaped (button-color becomes buttonColor); two \
            keys with one name are an error. Styled keys (Style:state.property) also declare each \
            style as a ThemeStyleName and each state beyond the built-in ones as a ThemeState, so \
            that theme.style(.myCustomButton, states: [.pressed]) is checked too. With --asset-catalog NAME, \
            declares instead one String constant per colorset of the asset catalog `themekit export NAME \
            --format xcassets` writes (enum ThemeColorAsset { static let colorBgPrimary = "colorBgPrimary" }), \
            named as the colorsets are. Exit status: 0 written (warnings on stderr); 1 a theme \
            failed to load or keys cannot be named (nothing is written); 2 usage or I/O errors.
            """
    )

    @Argument(help: "Folders of themes (NAME.plist); their keys are merged.")
    var directories: [String] = []

    @Option(name: .shortAndLong, help: "Write the source to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("access-level"), help: "Access level of the keys: internal or public.")
    var accessLevel = "internal"

    @Option(
        name: .customLong("asset-catalog"),
        help: ArgumentHelp(
            "Declare the colorset names of `themekit export NAME --format xcassets` instead (the folder: "
                + "the one DIR, else $THEMEKIT_THEMES, else ./Themes).", valueName: "name"))
    var assetCatalog: String?

    func run() throws {
        try reportingFailures {
            if let assetCatalog { try generateAssetCatalogKeys(assetCatalog) } else { try generate() }
        }
    }

    private func generate() throws {
        guard let level = KeyGenerator.AccessLevel(rawValue: accessLevel) else {
            throw ToolFailure.usage("unknown access level '\(accessLevel)': use internal or public")
        }
        guard !directories.isEmpty else { throw ToolFailure.usage("give at least one folder of themes") }
        var surveys: [KeySurvey] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw ToolFailure.usage("no such folder: \(directory)") }
            // The keys' names, kinds and places, not every theme whole.
            let survey = KeySurvey(directory: directory)
            guard !survey.isEmpty else { throw ToolFailure.usage("no themes (*.plist) in \(directory)") }
            surveys.append(survey)
        }
        let generated = KeyGenerator(accessLevel: level).generate(from: surveys)
        let rendered = generated.diagnostics.map { $0.rendered + "\n" }.joined()
        guard let source = generated.source else {
            let errors = generated.diagnostics.count { $0.severity == .error }
            throw ToolFailure.problems(
                rendered + "themekit: error: no keys written: \(errors) error\(errors == 1 ? "" : "s")\n")
        }
        FileHandle.standardError.write(Data(rendered.utf8))
        try emit(source, to: output, what: "the keys")
    }
}

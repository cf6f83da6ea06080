import Foundation
import ThemeKit
import ThemeOutput
import ThemeSupport
import ThemeTools

extension ExportCommand {
    /// `--format xcassets -o DIR.xcassets`: the theme and its partner as an Xcode asset
    /// catalog, written all or nothing; a note on standard error for each color whose colorset
    /// is not named as its key.
    func exportAssetCatalog(_ theme: Theme, partner: Theme?) throws {
        guard let output, !output.isEmpty else {
            throw ToolFailure.usage("--format xcassets writes a folder: give it with -o NAME.xcassets")
        }
        // A NAME before the suffix: `-o .xcassets` would be a hidden folder, which Xcode lists
        // as no catalog.
        let folderName = UserPath.lastComponent(of: output)
        guard folderName.hasSuffix(".xcassets"), folderName.count > ".xcassets".count else {
            throw ToolFailure.usage(
                "an asset catalog is a folder named NAME.xcassets: \(Escaping.visible(output)) is not")
        }
        let catalog: AssetCatalogExporter.Catalog
        do {
            // The color each key was written as, for a theme of DTCG files (none for a plist's).
            // The folder's DTCG files read once for both, and the loaded themes used as they are.
            let tokens = ThemeLoader(directory: options.directory).tokensFolder()
            var sources: [String: SourceColors] = [:]
            for side in [theme, partner].compactMap({ $0 }) { sources[side.name] = SourceColors.of(side, in: tokens) }
            catalog = try AssetCatalogExporter.catalog(theme, partner: partner) { name, key in
                sources[name]?.color(forKey: key)
            }
        } catch {
            throw ToolFailure.unexportable(error)
        }
        do {
            try AssetCatalogWriter.write(catalog, to: output)
        } catch {
            throw ToolFailure.usage(error.message)
        }
        var notes = ""
        for entry in catalog.names.entries {
            guard let reason = entry.reason else { continue }
            notes +=
                "themekit: note: '\(Escaping.visible(entry.key))' is the colorset \(entry.name): \(Escaping.visible(reason))\n"
        }
        FileHandle.standardError.write(Data(notes.utf8))
    }
}

import ThemeKit
import ThemeTools

extension KeysCommand {
    /// `--asset-catalog NAME`: the colorset names of the theme `NAME` (and its partner) as
    /// Swift constants, from the one folder given, else the default themes folder.
    func generateAssetCatalogKeys(_ name: String) throws {
        guard let level = KeyGenerator.AccessLevel(rawValue: accessLevel) else {
            throw ToolFailure.usage("unknown access level '\(accessLevel)': use internal or public")
        }
        guard directories.count <= 1 else {
            throw ToolFailure.usage("--asset-catalog reads one folder of themes: \(directories.count) given")
        }
        let directory = directories.first ?? ThemesOptions.directory(nil)
        let path = currentDisplayPath()
        let theme = try ThemesOptions.load(name, from: directory, path: path)
        let partner = try ThemesOptions.loadPartner(of: theme, from: directory, path: path)
        let names = AssetCatalogExporter.names(theme, partner: partner)
        let source = AssetCatalogKeys.source(names, theme: theme.name, partner: partner?.name, accessLevel: level)
        try emit(source, to: output, what: "the keys")
    }
}

package import ThemeKit

/// The color each color key of a DTCG theme was written as (a 2025.10 color object: its
/// space, components, alpha and hex as the file has them), for an exporter that writes a
/// theme back out without turning an OKLCH or a Display P3 color into its sRGB fallback.
///
/// A key whose value is an alias gives the color of the token its chain ends at; a key the
/// theme's files define literally gives the color of the file that wins the merge (the last
/// in resolution order that defines it). A key written as a hex string (a lenient read), a
/// key that is no color, and every key of a plist theme give none: the theme's own sRGB
/// value is then what there is to write.
package struct SourceColors: Sendable {
    /// The theme, to find where each key's value was written (the end of its alias chain).
    private let theme: Theme?
    /// Each color object as written, by where its value is (a file, a line, a column): one
    /// position holds one value, whichever key or file read it.
    private let written: [SourceLocation: TokenColor]

    /// No source colors (a plist theme's).
    package init() {
        theme = nil
        written = [:]
    }

    /// The source colors of `theme`, loaded from the DTCG source `source`.
    package init(theme: Theme, source: ResolverDocument) {
        var written: [SourceLocation: TokenColor] = [:]
        for document in source.documents where !document.colorSources.isEmpty {
            let file = document.themeFile
            for (key, color) in document.colorSources {
                guard let entry = file[key] else { continue }
                written[document.document.location(at: entry.valueRange.start)] = color
            }
        }
        self.theme = written.isEmpty ? nil : theme
        self.written = written
    }

    /// The source colors of the theme `name` of the folder `directory`, loaded now: empty
    /// when it is no DTCG theme there (a plist's, or none). An exporter that has loaded the
    /// theme and read the folder takes `of(_:in:)` instead.
    package static func of(
        themeNamed name: String, in directory: String, options: ThemeOptions = ThemeOptions()
    ) -> SourceColors {
        let loader = ThemeLoader(directory: directory, options: options)
        let folder = loader.tokensFolder()
        guard let theme = try? loader.load(name, allowingErrors: true, tokens: folder) else { return SourceColors() }
        return of(theme, in: folder)
    }

    /// The source colors of `theme`, as loaded from `folder` (the DTCG themes of its folder,
    /// read once for every theme an export writes): empty when `folder` gives no theme of
    /// that name. No file is read again and nothing is resolved again.
    package static func of(_ theme: Theme, in folder: TokensFolder) -> SourceColors {
        guard let source = folder.source(ofTheme: theme.name) else { return SourceColors() }
        return SourceColors(theme: theme, source: source)
    }

    /// Whether no key has a source color.
    package var isEmpty: Bool { written.isEmpty }

    /// The color `key`'s value was written as, through its alias chain, if it was written as
    /// a DTCG color object.
    package func color(forKey key: String) -> TokenColor? {
        guard let theme, let place = theme.source(forKey: key)?.value else { return nil }
        return written[place]
    }
}

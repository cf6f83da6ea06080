extension ThemeAnalysis {
    /// The DTCG theme that `files` make (`TokensTheme.files`), merged in order (a later
    /// file's key wins) and resolved as the loader resolves a lineage, aliases after the merge
    /// and curly references the only aliases (a DTCG string that names a token is text). The
    /// files name no parent. `diagnostics` holds the files' own errors, then resolution's; a
    /// file that did not parse, or `resolve: false` (a source that names a file it cannot
    /// read), leaves the theme unresolved (`degradedTheme` nil): its references would dangle
    /// by the hundred. The loader's `analyze(_:of:)` adds the source's problems and partners.
    package static func merging(
        _ files: [ThemeFile], name: String, options: ThemeOptions = ThemeOptions(), resolve: Bool = true
    ) -> ThemeAnalysis {
        // The resolver takes the nearest file first, as a child comes before its parents.
        let chain = Array(files.reversed())
        var analysis = ThemeAnalysis(name: name, files: chain)
        analysis.isTokensTheme = true
        analysis.ancestry = ThemeLineage(names: [name], paths: chain.map(\.path))
        var diagnostics = chain.flatMap(\.diagnostics)
        let unparsed = diagnostics.contains { $0.code == .parseError || $0.code == .ioError }
        if resolve, !chain.isEmpty, !unparsed {
            var resolver = ThemeResolver(name: name, lineage: analysis.ancestry, chain: chain, options: options)
            resolver.explicitAliasesOnly = true
            let outcome = resolver.resolve()
            // A reference to a token of another type is the reader's `token_reference`; the
            // value it reaches is then not of its kind for the resolver too: one problem,
            // reported once.
            let references = Set(diagnostics.lazy.filter { $0.code == .tokenReference }.map(\.location))
            diagnostics += outcome.diagnostics.filter { !references.contains($0.location) }
            analysis.resolution = outcome.resolved
        }
        analysis.diagnostics = diagnostics.sorted()
        return analysis
    }
}

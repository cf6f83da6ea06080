extension ThemeAnalysis {
    /// The theme that `files` make, merged in order (a later file's key wins) and resolved
    /// as the loader resolves a lineage, aliases after the merge: a DTCG theme's files
    /// (`TokensTheme.files`), which name no parent. The files' own problems come first, then
    /// resolution's; an unreadable file leaves the theme unresolved (`degradedTheme` nil).
    package static func merging(_ files: [ThemeFile], name: String, options: ThemeOptions = ThemeOptions())
        -> ThemeAnalysis
    {
        // The resolver takes the nearest file first, as a child comes before its parents.
        let chain = Array(files.reversed())
        var analysis = ThemeAnalysis(name: name, files: chain)
        analysis.ancestry = ThemeLineage(names: [name], paths: chain.prefix(1).map(\.path))
        var diagnostics = chain.flatMap(\.diagnostics)
        if !chain.isEmpty, !diagnostics.contains(where: { $0.code == .parseError || $0.code == .ioError }) {
            var resolver = ThemeResolver(name: name, lineage: analysis.ancestry, chain: chain, options: options)
            let outcome = resolver.resolve()
            diagnostics += outcome.diagnostics
            analysis.resolution = outcome.resolved
        }
        analysis.diagnostics = diagnostics.sorted()
        return analysis
    }
}

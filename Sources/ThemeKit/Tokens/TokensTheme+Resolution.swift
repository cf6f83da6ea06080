extension TokensTheme {
    /// The theme resolved by ThemeKit's resolver, as a plist theme and its ancestors are:
    /// its files merged, the later winning (a file later in resolution order is nearer the
    /// theme, as a child is), then every value parsed and every alias followed once over the
    /// merge (late binding, SPEC §3), each key of the kind its `$type` declares (SPEC §2).
    ///
    /// The problems are each file's own and resolution's, sorted; `theme` is the resolved
    /// theme when there is no error. A resolver's reserved entries (`APPEARANCE`, the
    /// partner) are read as values like the plist loader's, and what they name is not
    /// checked here.
    package func resolved(options: ThemeOptions = ThemeOptions()) -> ThemeAnalysis {
        let chain = Array(files.reversed())
        var analysis = ThemeAnalysis(name: name, files: chain)
        analysis.ancestry = ThemeLineage(names: [name], paths: chain.map(\.path))
        var resolver = ThemeResolver(name: name, lineage: analysis.ancestry, chain: chain, options: options)
        let outcome = resolver.resolve()
        analysis.resolution = outcome.resolved
        analysis.diagnostics = (chain.flatMap(\.diagnostics) + outcome.diagnostics).sorted()
        return analysis
    }
}

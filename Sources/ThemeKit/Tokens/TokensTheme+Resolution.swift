extension TokensTheme {
    /// The theme resolved as the loader resolves a DTCG theme (`ThemeAnalysis.merging`): its
    /// files merged in order, the later winning, curly references the only aliases. A
    /// resolver's reserved entries (`APPEARANCE`, the partner) are read as values, and what
    /// they name is not checked here (the loader's `analyze(_:of:)` does).
    package func resolved(options: ThemeOptions = ThemeOptions()) -> ThemeAnalysis {
        ThemeAnalysis.merging(files, name: name, options: options)
    }
}

package import ThemeKit

/// One theme read and resolved, as the rules see it.
package struct ThemeContext: Sendable {
    /// What loading found: the files of the lineage, the merged keys, the diagnostics.
    package var analysis: ThemeAnalysis
    /// The run's configuration: what opt-in rules check.
    package var configuration = LintConfiguration()
    /// The theme built whole (values resolved and parsed), when an enabled rule needs its
    /// values; `nil` otherwise, and for a theme with errors.
    package var resolvedTheme: Theme?
    /// The segments of the theme file's folder below the configuration's folder (what a
    /// `min_contrast` pair's `folders` match); `nil` outside it.
    package var folder: [Substring]?
    /// The appearance of another theme of the same folder (a partner), by its name: read
    /// through the run's session, so that each lineage is walked once; nil when its lineage
    /// is broken or the linter did not say.
    package var appearanceOfTheme: @Sendable (String) -> ThemeAppearance? = { _ in nil }

    /// The themes of the same folder whose own file names this theme as its partner
    /// (`DARK_THEME` or `LIGHT_THEME`), sorted by name: a `min_contrast` pair that applies
    /// to one of them applies to this theme too. Found only while `min_contrast` runs.
    package var namedAsPartnerBy: [PartnerNaming] = []

    /// The theme's own file (the first of its lineage), if it could be read.
    package var file: ThemeFile? { analysis.files.first }

    /// The files the theme itself is made of: its own file, or every file of a DTCG theme,
    /// whose sets, merged in order, make one theme with no ancestor (SPEC §12). A rule that
    /// reads the whole merged theme once (`checksOwnFilesTogether`) looks at each of them;
    /// the others are given one of them at a time as `file`.
    package var ownFiles: [ThemeFile] {
        analysis.isTokensTheme ? analysis.files : (file.map { [$0] } ?? [])
    }
}

/// A theme's file naming another theme of its folder as its partner.
package struct PartnerNaming: Sendable, Hashable {
    /// The theme whose file names the partner.
    package var name: String
    /// The reserved key that names it: `DARK_THEME` or `LIGHT_THEME`.
    package var key: String
    /// Where the partner's name is written, the value of `key`.
    package var location: SourceLocation

    /// Creates a naming.
    package init(name: String, key: String, location: SourceLocation) {
        self.name = name
        self.key = key
        self.location = location
    }
}

/// A folder of themes given to themelint as a folder.
package struct FolderContext: Sendable {
    /// The folder as reported (relative to the current directory where possible).
    package var displayPath: String
    /// The theme files found directly in it, as reported, sorted.
    package var themeFiles: [String]
}

/// A lint rule: a description with examples, and, for the problems only the linter looks
/// for, the check itself.
///
/// Most rules report what loading a theme reports (`unresolved_alias`, `missing_font_size`,
/// …): the same reader and resolver as `ThemeManager` find them, so the linter and the app
/// can never disagree. Those rules check nothing of their own.
package protocol Rule: Sendable {
    /// The rule's id, severity, words and examples.
    static var description: RuleDescription { get }
    /// Creates the rule.
    init()
    /// The linter's own checks of one theme.
    func check(_ theme: ThemeContext) -> [Diagnostic]
    /// The linter's own checks of a folder given as a folder.
    func check(folder: FolderContext) -> [Diagnostic]
    /// Whether one run of the rule reads the whole merged theme, and so checks a DTCG
    /// theme's files together (`ThemeContext.ownFiles`): run once per file, as the other
    /// rules are, it would read the theme once per file, n² for a resolver of n sets.
    static var checksOwnFilesTogether: Bool { get }
}

extension Rule {
    package static var checksOwnFilesTogether: Bool { false }
    package func check(_ theme: ThemeContext) -> [Diagnostic] { [] }
    package func check(folder: FolderContext) -> [Diagnostic] { [] }
}

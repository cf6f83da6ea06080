/// One `min_contrast` pair: text drawn in `foreground` on `background` must reach
/// `minimum`, in every theme or in the themes named, anywhere or in the folders named.
public struct ContrastPair: Sendable, Hashable {
    /// The `…Color` key of the text (or icon) color.
    public var foreground: String
    /// The `…Color` key of the color behind it.
    public var background: String
    /// The lowest acceptable WCAG 2.x contrast ratio, from 1 to 21 (4.5 is WCAG AA for
    /// body text, 7 is AAA).
    public var minimum: Double
    /// The names of the themes the pair applies to (and so to the partner each of them
    /// names, `DARK_THEME` or `LIGHT_THEME`); `nil`: every theme linted.
    public var themes: [String]? {
        didSet { themeSet = themes.map(Set.init) }
    }
    /// `themes` as a set: a pair is asked about each theme linted, and a list of many names
    /// scanned for each made that quadratic.
    private var themeSet: Set<String>?
    /// Glob patterns, relative to the configuration's folder as `excluded` is, of the
    /// folders whose themes the pair applies to (at or below a match); `nil`: any folder.
    /// A theme outside the configuration's folder is in none.
    public var folders: [String]? {
        didSet { folderSet = Self.compile(folders) }
    }
    /// `folders`, compiled.
    private var folderSet: PathPatternSet?

    /// Creates a pair; `folders` that are not patterns relative to the configuration's
    /// folder (`/abs`, `../x`) match no folder.
    public init(
        foreground: String, background: String, minimum: Double, themes: [String]? = nil, folders: [String]? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.minimum = minimum
        self.themes = themes
        self.folders = folders
        themeSet = themes.map(Set.init)
        folderSet = Self.compile(folders)
    }

    private static func compile(_ folders: [String]?) -> PathPatternSet? {
        folders.map { PathPatternSet($0.compactMap(PathPattern.init)) }
    }

    /// Whether the pair is checked in the theme named `name`, wherever it is (a pair that
    /// names folders is checked in none here: see `applies(toTheme:inFolder:)`).
    public func applies(toTheme name: String) -> Bool {
        folderSet == nil && themeSet?.contains(name) ?? true
    }

    /// Whether the pair is checked in the theme named `name` in the folder `folder` (its
    /// segments below the configuration's folder; `nil` outside it).
    func applies(toTheme name: String, inFolder folder: [Substring]?) -> Bool {
        guard themeSet?.contains(name) ?? true else { return false }
        guard let folderSet else { return true }
        return folder.map { folderSet.matches($0) } ?? false
    }

    public static func == (lhs: ContrastPair, rhs: ContrastPair) -> Bool {
        (lhs.foreground, lhs.background, lhs.minimum, lhs.themes, lhs.folders)
            == (rhs.foreground, rhs.background, rhs.minimum, rhs.themes, rhs.folders)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(foreground)
        hasher.combine(background)
        hasher.combine(minimum)
        hasher.combine(themes)
        hasher.combine(folders)
    }
}

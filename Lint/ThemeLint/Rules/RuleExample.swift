/// A theme folder written inline, for a rule's examples: file name → content.
///
/// In a triggering example, `↓` marks each place the rule must report (it is removed
/// before the files are written); `wholeFile` names files (or `""` for the folder itself)
/// that the rule must report as a whole, with no position.
public struct RuleExample: Sendable, Hashable {
    /// File name → content, `↓` included.
    public var files: [String: String]
    /// Files (or `""`, the folder) reported as a whole.
    public var wholeFile: [String]
    /// Symbolic links to create: name → target.
    public var symlinks: [String: String]
    /// The configuration the example runs with (an opt-in rule's examples enable it).
    public var configuration: LintConfiguration
    /// What the rule says at the marks, in report order (file, line, column): the rule's
    /// messages, as a reader of the rule file sees them and the tests check them. Empty
    /// when an example does not pin them.
    public var messages: [String]

    /// An example folder of several files.
    public init(
        _ files: [String: String], wholeFile: [String] = [], symlinks: [String: String] = [:],
        configuration: LintConfiguration = LintConfiguration(), messages: [String] = []
    ) {
        self.files = files
        self.wholeFile = wholeFile
        self.symlinks = symlinks
        self.configuration = configuration
        self.messages = messages
    }

    /// An example of one `default.plist` whose root dict holds `entries`, one a line.
    public init(
        entries: [String], wholeFile: [String] = [], configuration: LintConfiguration = LintConfiguration(),
        messages: [String] = []
    ) {
        self.init(
            ["default.plist": RuleExample.plist(entries)], wholeFile: wholeFile, configuration: configuration,
            messages: messages)
    }

    /// A plist document whose root dict holds `entries`, one a line, each after a tab:
    /// line 3 holds the first entry, and column 2 is where it starts.
    public static func plist(_ entries: [String]) -> String {
        "<plist version=\"1.0\">\n<dict>\n" + entries.map { "\t\($0)\n" }.joined() + "</dict>\n</plist>\n"
    }

    /// A `default.plist` with nothing to report, for examples about other files.
    public static let defaultTheme = plist(["<key>primaryColor</key><string>35a2fb</string>"])

    /// A light `default` and its dark partner `night`, each naming the other: a pair with
    /// nothing to report, for the appearance rules' examples.
    public static let lightAndDarkPair = RuleExample([
        "default.plist": plist(["<key>DARK_THEME</key><string>night</string>"]),
        "night.plist": plist([
            "<key>APPEARANCE</key><string>dark</string>", "<key>LIGHT_THEME</key><string>default</string>",
        ]),
    ])
}

import ThemeKit

/// `io_error`: A theme file cannot be read at all.
///
/// Checked when a file is read, by `PropertyListReader.read(contentsOf:)` (`FileBytes`): the
/// message is the system's reason (`no such file`, `is a directory`, …).
package struct IOErrorRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .ioError,
        summary: "A theme file cannot be read at all.",
        rationale:
            "An unreadable file, a folder named like a theme, or a link to nothing: themelint exits with status 2.",
        nonTriggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme
                ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.defaultTheme
                ], wholeFile: ["broken.plist"], symlinks: ["broken.plist": "/nonexistent/theme.plist"],
                messages: ["no such file"])
        ],
        isSuppressible: false
    )
}

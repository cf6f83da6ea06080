import Foundation
import ThemeKit

// A label that follows the theme, an observer that hears every change, and theme switches.
// `swift run ThemedApp` goes through every theme and back to the one it started with;
// `swift run ThemedApp dark` switches to `dark`, which ThemeManager.shared saves for the
// next start (in $XDG_CONFIG_HOME/ThemedApp/theme, else ~/.config/ThemedApp/theme).

/// A label that styles itself from the theme: at once, then after every change, on the main
/// actor. The manager holds it weakly, so there is no token to keep or cancel.
@MainActor
final class TitleLabel {
    private(set) var style = "unstyled"

    init() {
        ThemeManager.shared.bind(self) { label, theme in
            // `.textColor` and the other keys are generated from the Themes folder at build
            // time by ThemeKeysPlugin: a key that no theme has does not compile.
            let text = theme[.textColor]?.hexString ?? "-"
            let background = theme[.backgroundColor]?.hexString ?? "-"
            let font = theme[.titleFont].map { "\($0.name) \($0.size)" } ?? "-"
            label.style = "\(font), \(text) on \(background), \"\(theme[.greeting] ?? "-")\""
            print("label, \(theme.name): \(label.style)")
        }
    }
}

let manager = ThemeManager.shared
// The themes ship as a resource folder. Set it before first use: nothing is read until then.
manager.directory = Bundle.module.url(forResource: "Themes", withExtension: nil)?.path ?? "Themes"

// Code that is not UI hears each change through the notification (or through
// `manager.changes()`, an AsyncStream). The Theme the change installed rides along.
let observer = NotificationCenter.default.addObserver(
    forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil
) { note in
    let previous = note.userInfo?[ThemeManager.previousThemeKey] as? String ?? "-"
    let theme = note.userInfo?[ThemeManager.themeValueKey] as? Theme
    print("observer: \(previous) → \(theme?.name ?? "-")")
}

let title = TitleLabel()  // styled now, with the saved theme, else `default`

do {
    if let name = CommandLine.arguments.dropFirst().first {
        try manager.changeTheme(name)
    } else {
        let start = manager.currentThemeName
        for name in manager.availableThemes where name != start {
            try manager.changeTheme(name)
        }
        try manager.changeTheme(start)
    }
} catch {
    // Every problem of the theme at its file:line:column, or the themes there are.
    FileHandle.standardError.write(Data("ThemedApp: \(error)\n".utf8))
    exit(1)
}
NotificationCenter.default.removeObserver(observer)
print("now: \(manager.currentThemeName), \(title.style)")

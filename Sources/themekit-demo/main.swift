// themekit-demo: the mission in one command. Loads the shipped themes, registers an
// observer, switches themes, and prints what the observer received and a few values.
import Foundation
import ThemeKit

let directory = CommandLine.arguments.dropFirst().first ?? "Themes"
let center = NotificationCenter()
// An in-memory store, so that the demo never touches the user's saved choice.
let manager = ThemeManager(directory: directory, notificationCenter: center, store: InMemoryThemeStore())

func describe(_ manager: ThemeManager) -> String {
    let theme = manager.currentTheme  // one snapshot: these lookups agree with each other
    let header = theme.font(forKey: "headerFont").map(\.description) ?? "-"
    let button = theme.font(forKey: "buttonFont").map(\.description) ?? "-"
    return """
          backgroundColor \(theme.color(forKey: "backgroundColor")?.hexString ?? "-")  \
        textColor \(theme.color(forKey: "textColor")?.hexString ?? "-")  \
        headerColor \(theme.color(forKey: "headerColor")?.hexString ?? "-")
          headerFont \(header)  buttonFont \(button)  spacingSize \(theme.number(forKey: "spacingSize").map { "\($0)" } ?? "-")
        """
}

let observer = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) {
    note in
    let previous = note.userInfo?[ThemeManager.previousThemeKey] as? String ?? "?"
    let current = note.userInfo?[ThemeManager.themeKey] as? String ?? "?"
    print("observer: didChangeTheme \(previous) → \(current)")
}

print("themes in \(directory): \(manager.availableThemes.joined(separator: ", "))")
if let error = manager.restoreError {
    print("could not load the default theme:\n\(error)")
    exit(1)
}
print("current: \(manager.currentThemeName)")
print(describe(manager))
for name in ["lowcontrast", "dark", "highcontrast", "dark"] {
    print("\nchangeTheme(\"\(name)\")")
    do {
        try manager.changeTheme(name)
        print(describe(manager))
    } catch {
        print(error)
    }
}
print("\nchangeTheme(\"../etc/passwd\")")
do {
    try manager.changeTheme("../etc/passwd")
} catch {
    print(error)
    print("current is still \(manager.currentThemeName)")
}
center.removeObserver(observer)

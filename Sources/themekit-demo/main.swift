// themekit-demo: the mission in one command. Loads the shipped themes, binds an object to
// the theme, registers an observer, switches themes, and prints what each of them saw.
//
//   themekit-demo [FOLDER]           the walkthrough, on a manager of its own (saves nothing)
//   themekit-demo --shared [THEME]   ThemeManager.shared: what it restores for this app, and
//                                    saves THEME as this app's choice
//   themekit-demo --follow-system [BASE] [--seconds N]
//                                    a manager following the desktop's light or dark setting
//                                    (the XDG portal over D-Bus; THEMEKIT_APPEARANCE overrides)
//   themekit-demo --help | --version
import Foundation
import ThemeKit
import ThemeKitPortal
import ThemeSupport

/// A stand-in for a label: UI objects live on the main actor.
@MainActor
final class Badge {
    var textColor: ThemeColor?
    var font: ThemeFont?
    private(set) var restyles = 0

    init(manager: ThemeManager) {
        // Styled now and after every change; the manager holds the badge weakly.
        manager.bind(self) { badge, theme in
            badge.textColor = theme.color(forKey: "textColor")
            badge.font = theme.font(forKey: "headerFont")
            badge.restyles += 1
            print(
                "badge: restyled for \(theme.name): text \(badge.textColor?.hexString ?? "-"), \(shown(badge.font?.description))"
            )
        }
    }
}

/// A value read from a theme or a path as the demo prints it: control and invisible
/// characters escaped (`Escaping.visible`), so that a font name holding `&#13;` cannot
/// rewrite the line; "-" for nothing.
func shown(_ text: String?) -> String {
    text.map(Escaping.visible) ?? "-"
}

func describe(_ theme: Theme) -> String {
    let header = shown(theme.font(forKey: "headerFont")?.description)
    let button = shown(theme.font(forKey: "buttonFont")?.description)
    return """
          backgroundColor \(theme.color(forKey: "backgroundColor")?.hexString ?? "-")  \
        textColor \(theme.color(forKey: "textColor")?.hexString ?? "-")  \
        headerColor \(theme.color(forKey: "headerColor")?.hexString ?? "-")
          headerFont \(header)  buttonFont \(button)  spacingSize \(theme.number(forKey: "spacingSize").map { "\($0)" } ?? "-")
        """
}

/// `--shared`: the app's shared manager, its saved choice kept per application.
func sharedDemo(choosing name: String?) -> Int32 {
    let manager = ThemeManager.shared
    print("app: \(Escaping.visible(FileThemeStore.currentApplicationName))")
    print("folder: \(Escaping.visible(manager.directory))")
    print("store: \(Escaping.visible((manager.store as? FileThemeStore)?.path ?? "none"))")
    print("restored: \(manager.currentThemeName)\(manager.isDegraded ? " (degraded)" : "")")
    if let error = manager.restoreError { print(error) }
    guard let name else { return 0 }
    do {
        try manager.changeTheme(name)
        print("saved: \(manager.currentThemeName)")
        return 0
    } catch {
        print(error)
        return 1
    }
}

/// `--follow-system`: a manager of the shipped themes that follows the desktop's light or
/// dark setting from `base`, printing every change until interrupted (or for `seconds`).
@MainActor
func followSystemDemo(base: String, seconds: Double?) -> Never {
    let center = NotificationCenter()
    let manager = ThemeManager(
        directory: ProcessInfo.processInfo.environment["THEMEKIT_THEMES"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "Themes",
        notificationCenter: center, store: InMemoryThemeStore())
    if let override = manager.appearanceOverride {
        print("THEMEKIT_APPEARANCE=\(override.rawValue) stands in for the desktop's setting")
    } else {
        print("the desktop's setting: the XDG portal on the session bus (THEMEKIT_APPEARANCE=dark overrides it)")
    }
    _ = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) { note in
        let previous = note.userInfo?[ThemeManager.previousThemeKey] as? String ?? "?"
        let current = note.userInfo?[ThemeManager.themeKey] as? String ?? "?"
        let system = manager.systemAppearance?.rawValue ?? "no preference"
        print("observer: didChangeTheme \(previous) → \(current) (system: \(system))")
    }
    _ = center.addObserver(forName: ThemeManager.didFailToReloadNotification, object: manager, queue: nil) { note in
        print("observer: \(note.userInfo?[ThemeManager.errorKey].map { "\($0)" } ?? "a theme failed")")
    }
    manager.appearanceSource = PortalAppearanceSource()
    do {
        try manager.followSystemAppearance(base: base)
    } catch {
        print(error)
        exit(1)
    }
    print("following the system from \(Escaping.visible(base)): \(manager.currentThemeName) for now")
    let badge = Badge(manager: manager)
    if let seconds {
        Task { @MainActor in
            try? await Task.sleep(for: .seconds(seconds))
            print("the badge was styled \(badge.restyles) times")
            exit(0)
        }
    } else {
        print("switch the desktop between light and dark; Ctrl-C ends")
    }
    // Bindings apply on the main queue: serve it from here on. The main run loop, not
    // dispatchMain(), which would end the main thread and with it this frame's locals.
    while true { RunLoop.main.run(until: Date(timeIntervalSinceNow: 60)) }
}

let usage = """
    USAGE: themekit-demo [FOLDER]
           themekit-demo --shared [THEME]
           themekit-demo --follow-system [BASE] [--seconds N]

    The walkthrough: loads FOLDER's themes (default ./Themes) on a manager of its own that saves
    nothing, binds an object to the theme, registers an observer, switches themes and prints
    what each of them saw. With --shared: ThemeManager.shared, what it restores for this app,
    and THEME saved as this app's choice. With --follow-system: the shipped themes (or
    $THEMEKIT_THEMES) following the desktop's light or dark setting from BASE (default: default),
    read from the XDG portal over D-Bus (THEMEKIT_APPEARANCE=light|dark overrides it); every
    change is printed until Ctrl-C, or for N seconds.

    OPTIONS:
      --shared                Use ThemeManager.shared.
      --follow-system         Follow the desktop's light or dark setting.
      --seconds <N>           With --follow-system: end after N seconds.
      -h, --help              Show help information.
      --version               Show the version.

    """

/// Ends the process with a usage error (exit 2).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(
        Data("themekit-demo: error: \(Escaping.visible(message))\nRun 'themekit-demo --help' for usage.\n".utf8))
    exit(2)
}

/// Reads the command line: `--help` and `--version` anywhere answer and end the process,
/// as they do for the other tools, and are never taken for a folder; any other option, or a
/// second folder or theme, is a usage error (exit 2). `--follow-system` runs its demo.
@MainActor
func command(_ arguments: [String]) -> (shared: Bool, name: String?) {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(usage, terminator: "")
        exit(0)
    }
    if arguments.contains("--version") {
        print(ThemeKitVersion.current)
        exit(0)
    }
    if arguments.first == "--follow-system" {
        var rest = Array(arguments.dropFirst())
        var seconds: Double?
        if let option = rest.firstIndex(of: "--seconds") {
            guard option + 1 < rest.count, let value = Double(rest[option + 1]), value >= 0, value.isFinite else {
                fail("--seconds needs a number of seconds")
            }
            seconds = value
            rest.removeSubrange(option...(option + 1))
        }
        if let option = rest.first(where: { $0.hasPrefix("-") }) { fail("unknown option '\(option)'") }
        guard rest.count <= 1 else { fail("give at most one base theme, not \(rest.count)") }
        followSystemDemo(base: rest.first ?? "default", seconds: seconds)
    }
    let shared = arguments.first == "--shared"
    let rest = shared ? Array(arguments.dropFirst()) : arguments
    if let option = rest.first(where: { $0.hasPrefix("-") && $0 != "-" }) { fail("unknown option '\(option)'") }
    guard rest.count <= 1 else {
        fail("give at most one \(shared ? "theme" : "folder"), not \(rest.count)")
    }
    return (shared, rest.first)
}

let (shared, named) = command(Array(CommandLine.arguments.dropFirst()))
if shared {
    exit(sharedDemo(choosing: named))
}

let directory = named ?? "Themes"
let center = NotificationCenter()
// An in-memory store, so that the walkthrough never touches the user's saved choice.
let manager = ThemeManager(directory: directory, notificationCenter: center, store: InMemoryThemeStore())

let observer = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: manager, queue: nil) {
    note in
    let previous = note.userInfo?[ThemeManager.previousThemeKey] as? String ?? "?"
    let current = note.userInfo?[ThemeManager.themeKey] as? String ?? "?"
    print("observer: didChangeTheme \(previous) → \(current)")
}

print("themes in \(Escaping.visible(directory)): \(manager.availableThemes.joined(separator: ", "))")
if let error = manager.restoreError {
    print("could not load the default theme:\n\(error)")
    exit(1)
}
print("current: \(manager.currentThemeName)")
print(describe(manager.currentTheme))
let badge = Badge(manager: manager)
for name in ["lowcontrast", "dark", "highcontrast", "dark"] {
    print("\nchangeTheme(\"\(name)\")")
    do {
        try manager.changeTheme(name)
        print(describe(manager.currentTheme))  // one snapshot: these lookups agree with each other
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
print(
    "\nthe badge was styled \(badge.restyles) times: once at bind, then once per change, and not for the name refused"
)
center.removeObserver(observer)

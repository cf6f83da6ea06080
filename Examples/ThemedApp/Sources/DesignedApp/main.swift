import Foundation
import ThemeKit

// The same manager on a designer's folder: `Design/` holds a DTCG 2025.10 resolver document and
// the token files it names, as a design tool exports them (no plists). Its themes are the
// resolver's contexts, `light` and `dark`, each the other's partner. `swift run DesignedApp`
// starts on the resolver's default, switches to `dark`, then follows a desktop that flips
// from light to dark and back, printing the colors each theme applies.

/// A desktop's light/dark setting, flipped by hand: what an app reads from the system (the
/// freedesktop portal, Apple's appearance) through ThemeKit's `AppearanceSource`.
final class StandInDesktop: AppearanceSource {
    private let stream: AsyncStream<ThemeAppearance?>
    private let continuation: AsyncStream<ThemeAppearance?>.Continuation

    init(_ appearance: ThemeAppearance) {
        (stream, continuation) = AsyncStream.makeStream(of: ThemeAppearance?.self)
        continuation.yield(appearance)
    }

    func appearances() -> AsyncStream<ThemeAppearance?> { stream }

    func flip(to appearance: ThemeAppearance) { continuation.yield(appearance) }
}

/// The colors and the card radius of `theme`, as the app would apply them: typed keys that
/// ThemeKeysPlugin generated from the token files (`color.text` is `.colorText`), so that a
/// token the designer renames breaks this build rather than the screen.
func style(_ theme: Theme) -> String {
    let text = theme[.colorText]?.hexString ?? "-"
    let background = theme[.colorBackground]?.hexString ?? "-"
    let accent = theme[.colorAccent]?.hexString ?? "-"
    let radius = theme[.radiusCard].map { "\($0)" } ?? "-"
    return "\(theme.name) (\(theme.appearance)): text \(text) on \(background), accent \(accent), card radius \(radius)"
}

let folder = Bundle.module.url(forResource: "Design", withExtension: nil)?.path ?? "Design"
let manager = ThemeManager(directory: folder, store: InMemoryThemeStore())
manager.appearanceOverride = nil  // the stand-in desktop decides, whatever THEMEKIT_APPEARANCE says
print("start: \(style(manager.currentTheme))")

do {
    try manager.changeTheme("dark")
    print("changeTheme(\"dark\"): \(style(manager.currentTheme))")

    let desktop = StandInDesktop(.light)
    manager.appearanceSource = desktop
    var changes = manager.changes().makeAsyncIterator()
    try manager.followSystemAppearance(base: "light")
    print("following the desktop (light): \(style(manager.currentTheme))")
    for appearance in [ThemeAppearance.dark, .light] {
        desktop.flip(to: appearance)
        while let change = await changes.next() {
            guard change.cause == .systemAppearance else { continue }
            print("desktop → \(appearance): \(style(change.theme))")
            break
        }
    }
} catch {
    // Every problem at its file:line:column in the JSON.
    FileHandle.standardError.write(Data("DesignedApp: \(error)\n".utf8))
    exit(1)
}

import Foundation
import ThemeKit

// The themes ship as a resource folder; `.primaryColor` and the other keys below come from
// ThemeKeys.swift, which ThemeKeysPlugin generates from that folder at build time. A key
// missing from every theme would not compile.
let folder = Bundle.module.url(forResource: "Themes", withExtension: nil)?.path ?? "Themes"
let manager = ThemeManager(directory: folder)

for name in manager.availableThemes {
    do {
        try manager.changeTheme(name)
    } catch {
        print("\(name): \(error)")
        exit(1)
    }
    let primary = manager[.primaryColor]?.hexString ?? "-"
    let background = manager[.backgroundColor]?.hexString ?? "-"
    let title = manager[.titleFont].map { "\($0.name) \($0.size)" } ?? "-"
    let corner = manager[.cornerRadiusSize] ?? 0
    let greeting = manager[.greeting] ?? "-"
    print("\(name): primary \(primary) on \(background), title \(title), corners \(corner), \"\(greeting)\"")
}

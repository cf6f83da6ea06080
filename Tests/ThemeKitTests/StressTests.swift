import Foundation
import Synchronization
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// Many threads reading every key of the current theme while others switch themes and
/// rewrite theme files under live reload. Every snapshot a reader takes must be one whole
/// theme: its `themeName` is its name, every color agrees with its `markerColor`, and it
/// has every key. Meanwhile the system's appearance flips (through a source and the
/// override), and a switcher now and then follows it from `alpha`, whose dark partner is
/// `gamma`.
///
/// Runs for `THEMEKIT_STRESS_SECONDS` (default 2); `Scripts/stress.sh` runs it longer,
/// optionally under ThreadSanitizer. The figures are printed on a `stress:` line.
@Suite("Stress", .serialized)
struct StressTests {
    static let themes = ["default", "alpha", "beta", "gamma"]
    /// Keys per theme besides `themeName`, `markerColor` and `generation`.
    static let keyCount = 60
    static let valueCount = keyCount + 3

    /// One version of a theme. `beta` inherits from `alpha`: its even keys are alpha's
    /// aliases of `markerColor`, bound late to beta's own marker; its odd keys it sets.
    static func text(of name: String, color: String, generation: Int) -> String {
        var text = "<plist version=\"1.0\">\n<dict>\n"
        if name == "beta" { text += "\t<key>INHERITED_THEME</key><string>alpha</string>\n" }
        // alpha and gamma are a light and dark pair, for the appearance flips.
        if name == "alpha" { text += "\t<key>DARK_THEME</key><string>gamma</string>\n" }
        if name == "gamma" { text += "\t<key>APPEARANCE</key><string>dark</string>\n" }
        text += "\t<key>themeName</key><string>\(name)</string>\n"
        text += "\t<key>markerColor</key><string>\(color)</string>\n"
        text += "\t<key>generation</key><integer>\(generation)</integer>\n"
        for index in 0..<keyCount {
            if index.isMultiple(of: 2) {
                if name != "beta" { text += "\t<key>k\(index)Color</key><string>markerColor</string>\n" }
            } else {
                text += "\t<key>k\(index)Color</key><string>\(color)</string>\n"
            }
        }
        return text + "</dict>\n</plist>\n"
    }

    /// `n` as six lowercase hex digits.
    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// What is wrong with a snapshot, if anything.
    static func problem(in theme: Theme) -> String? {
        guard theme.string(forKey: "themeName") == theme.name else {
            return "\(theme.name) has themeName \(theme.string(forKey: "themeName") ?? "nil")"
        }
        guard theme.values.count == valueCount else { return "\(theme.name) has \(theme.values.count) values" }
        guard let marker = theme.color(forKey: "markerColor") else { return "\(theme.name) has no marker" }
        for index in 0..<keyCount where theme.color(forKey: "k\(index)Color") != marker {
            return "\(theme.name): k\(index)Color is not \(marker)"
        }
        return nil
    }

    /// The counters every thread adds to.
    final class Counters: Sendable {
        let snapshots = Atomic<Int>(0)
        let keyReads = Atomic<Int>(0)
        let lookups = Atomic<Int>(0)
        let switches = Atomic<Int>(0)
        let failedSwitches = Atomic<Int>(0)
        let reloads = Atomic<Int>(0)
        let flips = Atomic<Int>(0)
        let appearanceChanges = Atomic<Int>(0)
        let forcedReloads = Atomic<Int>(0)
        let failedReloads = Atomic<Int>(0)
        let writes = Atomic<Int>(0)
        let inconsistencies = Atomic<Int>(0)
        let examples = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)

        func add(_ counter: borrowing Atomic<Int>, _ amount: Int = 1) {
            counter.wrappingAdd(amount, ordering: .relaxed)
        }

        func get(_ counter: borrowing Atomic<Int>) -> Int { counter.load(ordering: .relaxed) }

        func inconsistent(_ problem: String) {
            add(inconsistencies)
            examples.withLock { if $0.count < 10 { $0.append(problem) } }
        }
    }

    @Test("readers see one whole theme while themes switch and live reload rewrites files")
    func readersSeeWholeThemesUnderSwitchingAndLiveReload() throws {
        let seconds = ProcessInfo.processInfo.environment["THEMEKIT_STRESS_SECONDS"].flatMap(Double.init) ?? 2
        let readers = 6
        let switchers = 2
        let folder = try TemporaryDirectory()
        for (index, name) in Self.themes.enumerated() {
            try folder.write(name + ".plist", Self.text(of: name, color: Self.hex(index * 0x11_1111), generation: 0))
        }
        let center = NotificationCenter()
        let manager = ThemeManager(directory: folder.path, notificationCenter: center)
        let counters = Counters()
        let source = ManualAppearanceSource()
        manager.appearanceSource = source
        let changes = manager.changes(bufferingNewest: 1_000_000)
        let listener = Task {
            for await change in changes where change.cause == .systemAppearance {
                counters.add(counters.appearanceChanges)
            }
        }
        defer { listener.cancel() }
        let observer = center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: nil, queue: nil) {
            [counters] note in
            // A reload keeps the name; a switch changes it.
            let previous = note.userInfo?[ThemeManager.previousThemeKey] as? String
            if previous == note.userInfo?[ThemeManager.themeKey] as? String { counters.add(counters.reloads) }
        }
        let failureObserver = center.addObserver(
            forName: ThemeManager.didFailToReloadNotification, object: nil, queue: nil
        ) { [counters] _ in counters.add(counters.failedReloads) }
        defer {
            center.removeObserver(observer)
            center.removeObserver(failureObserver)
        }
        let directory = folder.path
        #expect(Self.problem(in: manager.currentTheme) == nil)
        try manager.startWatching(quietPeriod: .milliseconds(5))
        defer { manager.stopWatching() }

        let group = DispatchGroup()
        for reader in 0..<readers {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var index = reader
                while !counters.stop.load(ordering: .relaxed) {
                    let theme = manager.currentTheme
                    if let problem = Self.problem(in: theme) { counters.inconsistent(problem) }
                    counters.add(counters.snapshots)
                    counters.add(counters.keyReads, Self.valueCount)
                    // A single lookup sees a whole theme too: every theme has every key.
                    index = (index + 1) % Self.keyCount
                    if manager.color(forKey: "k\(index)Color") == nil { counters.inconsistent("k\(index)Color is nil") }
                    counters.add(counters.lookups)
                }
            }
        }
        for switcher in 0..<switchers {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var generator = SystemRandomNumberGenerator()
                var round = 0
                while !counters.stop.load(ordering: .relaxed) {
                    round += 1
                    do {
                        if switcher == 0, round.isMultiple(of: 10) {
                            try manager.reloadTheme()
                            counters.add(counters.forcedReloads)
                        } else if switcher == 1, round.isMultiple(of: 3) {
                            try manager.followSystemAppearance(base: "alpha")
                            // A while of following, for the flips to change the theme.
                            usleep(2_000)
                        } else {
                            try manager.changeTheme(Self.themes.randomElement(using: &generator) ?? "default")
                        }
                        counters.add(counters.switches)
                    } catch {
                        // A file caught half-written by the rewriter: refused, as it must be.
                        counters.add(counters.failedSwitches)
                    }
                }
            }
        }
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            // The system flips: mostly through the source, now and then the override.
            let states: [ThemeAppearance?] = [.dark, .light, nil, .dark]
            var flip = 0
            while !counters.stop.load(ordering: .relaxed) {
                flip += 1
                if flip.isMultiple(of: 5) {
                    manager.appearanceOverride = flip.isMultiple(of: 10) ? nil : states[flip % states.count]
                } else {
                    source.send(states[flip % states.count])
                }
                counters.add(counters.flips)
                usleep(UInt32.random(in: 200...2_000))
            }
        }
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            var generation = 0
            while !counters.stop.load(ordering: .relaxed) {
                generation += 1
                // Mostly the current theme or its parent, so that live reload fires.
                let current = manager.currentTheme.lineage
                let name =
                    generation.isMultiple(of: 3)
                    ? Self.themes[generation % Self.themes.count] : current.last ?? "default"
                let color = Self.hex(Int.random(in: 0...0xFF_FFFF))
                let text = Self.text(of: name, color: color, generation: generation)
                let path = directory + "/" + name + ".plist"
                if generation.isMultiple(of: 2) {
                    // In place, in two writes: a reload may catch the first half alone.
                    let bytes = Array(text.utf8)
                    let file = open(path, O_WRONLY | O_TRUNC)
                    _ = bytes[..<(bytes.count / 2)].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                    usleep(200)
                    _ = bytes[(bytes.count / 2)...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                    close(file)
                } else {
                    // An editor's save: a temporary file renamed over the theme.
                    let temporary = directory + "/.\(name).tmp"
                    try? Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
                    rename(temporary, path)
                }
                counters.add(counters.writes)
                usleep(UInt32.random(in: 1_000...8_000))
            }
        }

        let start = ContinuousClock.now
        Thread.sleep(forTimeInterval: seconds)
        counters.stop.store(true, ordering: .relaxed)
        let joined = group.wait(timeout: .now() + 60)
        let elapsed = ContinuousClock.now - start
        manager.stopWatching()

        let live = counters.get(counters.reloads) - counters.get(counters.forcedReloads)
        print(
            "stress: \(elapsed) with \(readers) reader threads, \(switchers) switcher threads, 1 rewriter: "
                + "\(counters.get(counters.snapshots)) snapshots, \(counters.get(counters.keyReads)) key reads, "
                + "\(counters.get(counters.lookups)) lookups, \(counters.get(counters.switches)) switches and reloads "
                + "(\(counters.get(counters.failedSwitches)) refused), \(counters.get(counters.writes)) file writes, "
                + "\(live) live reloads (\(counters.get(counters.failedReloads)) refused), "
                + "\(counters.get(counters.flips)) appearance flips "
                + "(\(counters.get(counters.appearanceChanges)) changed the theme), "
                + "inconsistencies \(counters.get(counters.inconsistencies))")
        #expect(joined == .success, "a worker did not stop within 60 s")
        #expect(counters.get(counters.inconsistencies) == 0, "\(counters.examples.withLock { $0 })")
        #expect(counters.get(counters.snapshots) > 0)
        #expect(counters.get(counters.switches) > 0)
        #expect(counters.get(counters.writes) > 0)
        #expect(live > 0)
        #expect(counters.get(counters.flips) > 0)
    }
}

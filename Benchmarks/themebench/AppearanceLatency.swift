import Foundation
import Synchronization
import ThemeKit
import ThemeKitPortal

#if canImport(Glibc)
    import Glibc
#endif

/// `--appearance-latency N`: the desktop's appearance flipped N times by a fake portal on a
/// private D-Bus (the test suite's, `Tests/ThemeKitPortalTests/Fixtures/fake_portal.py`,
/// run from the package root), each flip timed from the command that makes the portal emit
/// `SettingChanged` to the moment a bound object on the main actor has restyled itself with
/// the new theme. The time holds the portal's own work (Python), the bus, the source's
/// thread, the manager's load of the theme and the binding's round on the main queue.
@MainActor
enum AppearanceLatency {
    /// The target: a flip restyles bound objects within this.
    static let target: Duration = .milliseconds(100)

    /// A bound object: records when it was last styled, and with what.
    @MainActor
    final class Label {
        var theme = ""
        var styledAt = ContinuousClock.now

        init(_ manager: ThemeManager) {
            manager.bind(self) { label, theme in
                label.theme = theme.name
                label.styledAt = ContinuousClock.now
            }
        }
    }

    /// Runs the flips and prints the row; returns the exit status (2: it could not run).
    static func run(flips: Int, workspace: String) -> Int32 {
        let daemon = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let script = FileManager.default.currentDirectoryPath + "/Tests/ThemeKitPortalTests/Fixtures/fake_portal.py"
        guard let daemon, FileManager.default.fileExists(atPath: script) else {
            log("themebench: --appearance-latency needs dbus-daemon and \(script) (run it from the package root)")
            return 2
        }
        let folder = workspace + "/appearance"
        let socket = folder + "/bus"
        do {
            try FileManager.default.createDirectory(atPath: folder + "/services", withIntermediateDirectories: true)
            try """
            <busconfig><type>session</type><listen>unix:path=\(socket)</listen>\
            <servicedir>\(folder)/services</servicedir><policy context="default">\
            <allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>\
            </policy></busconfig>
            """.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
            try themes(in: folder)
        } catch {
            log("themebench: cannot write the appearance run's files: \(error)")
            return 2
        }
        guard let bus = try? Child(daemon, ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address=1"]),
            bus.waitForLine(startingWith: "unix:")
        else {
            log("themebench: dbus-daemon did not start")
            return 2
        }
        defer { bus.kill() }
        let address = "unix:path=" + socket
        guard let portal = try? Child("/usr/bin/python3", [script, "--address", address, "--value", "2"]),
            portal.waitForLine(startingWith: "ready")
        else {
            log(
                "themebench: the fake portal did not start (it needs /usr/bin/python3 with python3-dbus and python3-gi)"
            )
            return 2
        }
        defer { portal.kill() }

        let manager = ThemeManager(directory: folder, notificationCenter: NotificationCenter())
        manager.appearanceOverride = nil
        manager.appearanceSource = PortalAppearanceSource(busAddress: address)
        do {
            try manager.followSystemAppearance(base: "default")
        } catch {
            log("themebench: \(error)")
            return 2
        }
        let label = Label(manager)
        guard serve(until: { manager.systemAppearance == .light && label.theme == "default" }) else {
            log("themebench: the manager never heard the portal")
            return 2
        }
        var times: [Duration] = []
        for flip in 0..<flips {
            let (value, theme) = flip.isMultiple(of: 2) ? (1, "night") : (2, "default")
            let start = ContinuousClock.now
            portal.send("set \(value)")
            guard serve(until: { label.theme == theme }) else {
                log("themebench: flip \(flip + 1) never reached the bound object")
                return 2
            }
            times.append(label.styledAt - start)
        }
        times.sort()
        let median = times[times.count / 2]
        let slowest = times[times.count - 1]
        print(
            "appearance: \(flips) flips, SettingChanged → bound object restyled: median \(milliseconds(median)), "
                + "slowest \(milliseconds(slowest)) (target ≤ \(milliseconds(target)): "
                + "\(slowest <= target ? "holds" : "does not hold"))")
        return 0
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f ms", Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
    }

    /// Serves the main queue (where bindings apply) until `done` holds, at most 10 s.
    private static func serve(until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !done() {
            guard Date() < deadline else { return false }
            RunLoop.main.run(until: Date().addingTimeInterval(0.0005))
        }
        return true
    }

    /// A light `default` and its dark partner `night`, each a hundred colors.
    private static func themes(in folder: String) throws {
        var light = "<plist version=\"1.0\">\n<dict>\n<key>DARK_THEME</key><string>night</string>\n"
        var dark = "<plist version=\"1.0\">\n<dict>\n<key>INHERITED_THEME</key><string>default</string>\n"
        dark += "<key>APPEARANCE</key><string>dark</string>\n"
        for index in 0..<100 {
            light += "<key>k\(index)Color</key><string>#\(String(format: "%06X", index * 997))</string>\n"
            dark += "<key>k\(index)Color</key><string>#\(String(format: "%06X", 0xFFFFFF - index * 997))</string>\n"
        }
        try (light + "</dict>\n</plist>\n").write(toFile: folder + "/default.plist", atomically: true, encoding: .utf8)
        try (dark + "</dict>\n</plist>\n").write(toFile: folder + "/night.plist", atomically: true, encoding: .utf8)
    }

    /// A child process: its standard input to write to, its output read line by line.
    final class Child {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()

        init(_ executable: String, _ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Reads its output until a line starts with `prefix` (false if it ends first).
        func waitForLine(startingWith prefix: String) -> Bool {
            var text = ""
            while true {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else { return false }
                text += String(decoding: data, as: UTF8.self)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix(prefix) }) { return true }
            }
        }

        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        func kill() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }
}

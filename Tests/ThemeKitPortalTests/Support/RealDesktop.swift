import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the tests against the real portal need from the machine (Debian 12's packages;
/// `Scripts/test.sh` installs them): the portal and its GTK backend, dconf and its GSettings
/// backend, GNOME's schema of `color-scheme`, Xvfb for the GTK backend, gsettings and gdbus.
enum RealDesktopMachine {
    private static let needed: [(path: String, package: String)] = [
        ("/usr/libexec/xdg-desktop-portal", "xdg-desktop-portal"),
        ("/usr/libexec/xdg-desktop-portal-gtk", "xdg-desktop-portal-gtk"),
        ("/usr/libexec/dconf-service", "dconf-service"),
        ("/usr/bin/Xvfb", "xvfb"),
        ("/usr/bin/gsettings", "libglib2.0-bin"),
        ("/usr/bin/gdbus", "libglib2.0-bin"),
        ("/usr/bin/dbus-daemon", "dbus-daemon"),
        ("/usr/share/glib-2.0/schemas/org.gnome.desktop.interface.gschema.xml", "gsettings-desktop-schemas"),
        ("/usr/share/xdg-desktop-portal/portals/gtk.portal", "xdg-desktop-portal-gtk"),
    ]

    /// Whether GSettings can write through dconf: the GIO module dconf-gsettings-backend installs.
    private static var hasDconfBackend: Bool {
        let lib = URL(fileURLWithPath: "/usr/lib")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return (folders + [""]).contains {
            FileManager.default.fileExists(atPath: lib.path + "/" + $0 + "/gio/modules/libdconfsettings.so")
        }
    }

    /// Whether the real portal can run here; says loudly, once, which packages are missing
    /// when it cannot.
    static let canRun: Bool = {
        var missing = needed.filter { !FileManager.default.fileExists(atPath: $0.path) }.map(\.package)
        if !hasDconfBackend { missing.append("dconf-gsettings-backend") }
        if !FileManager.default.isExecutableFile(atPath: Machine.python) { missing.append("python3") }
        let packages = missing.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if !packages.isEmpty {
            print(
                "warning: ThemeKitPortalTests' tests against the REAL portal are SKIPPED: missing "
                    + "\(packages.joined(separator: " ")) (Debian packages); Scripts/test.sh installs them")
        }
        return packages.isEmpty
    }()
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where the real xdg-desktop-portal can run on a private bus.
    static var needsRealPortal: Self {
        .enabled(
            if: RealDesktopMachine.canRun,
            "needs xdg-desktop-portal, xdg-desktop-portal-gtk, dconf, xvfb, libglib2.0-bin, gsettings-desktop-schemas")
    }
}

/// A desktop of one test, as GNOME runs one: Xvfb, a private session bus, dconf, and Debian's
/// own xdg-desktop-portal and xdg-desktop-portal-gtk, all started by
/// `Fixtures/real_portal.py` in a scratch folder; its color scheme is set with gsettings.
/// Everything it started ends with it (its end of input, then a kill of the script, whose
/// children die with it).
final class RealDesktop {
    private let scratch: ScratchFolder
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var received: [UInt8] = []
    private var ended = false
    /// The bus's D-Bus address.
    private(set) var address = ""

    /// A desktop whose color scheme is `scheme` (`prefer-dark`, `default`, `prefer-light`),
    /// with the portal already running and answering it; or, `cold`, not started yet: the
    /// first call to it starts it (D-Bus activation).
    init(scheme: String, cold: Bool = false) async throws {
        scratch = try ScratchFolder()
        let script = PackageSources.root.appendingPathComponent("Tests/ThemeKitPortalTests/Fixtures/real_portal.py")
        let log = scratch.url.appendingPathComponent("real_portal.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw HarnessError(description: "cannot write \(log.path)")
        }
        process.executableURL = URL(fileURLWithPath: Machine.python)
        process.arguments = [script.path, "--folder", scratch.url.path, "--scheme", scheme] + (cold ? ["--cold"] : [])
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let line = try await nextLine()
        guard line.hasPrefix("address ") else { throw failure(line) }
        address = String(line.dropFirst("address ".count))
        let ready = try await nextLine()
        guard ready == "ready" else { throw failure(ready) }
    }

    /// Sets the desktop's color scheme as a desktop does (`gsettings set
    /// org.gnome.desktop.interface color-scheme`), and waits until the portal says so.
    func set(_ scheme: String) async throws {
        input.fileHandleForWriting.write(Data("set \(scheme)\n".utf8))
        let line = try await nextLine()
        guard line.hasPrefix("ok ") else { throw failure(line) }
    }

    private func failure(_ line: String) -> HarnessError {
        let log = (try? String(contentsOf: scratch.url.appendingPathComponent("real_portal.log"), encoding: .utf8))
        return HarnessError(description: "real_portal.py: \(line)\n\(log ?? "")")
    }

    /// The script's next line of output, waiting (looking at most `tries` times, 10 ms apart:
    /// the script bounds its start, and each later step, at 60 s).
    private func nextLine(tries: Int = 9 * patience) async throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        for _ in 0...tries {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while !ended, poll(&entry, 1, 0) > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &chunk, chunk.count)
                received += chunk[..<max(count, 0)]
                ended = count <= 0
            }
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            if ended { throw failure("ended") }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw failure("no answer")
    }

    /// Ends the desktop: the script's input closes, so it kills what it started and exits; a
    /// script that has not ended after 10 s is killed (its children die with it).
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        for _ in 0..<1000 where process.isRunning { usleep(10_000) }
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}

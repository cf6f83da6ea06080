import Foundation
import TestSupport
import Testing

@testable import ThemeKitPortal

#if canImport(Glibc)
    import Glibc
#endif

/// What the end-to-end tests need from the machine: `dbus-daemon`, and `/usr/bin/python3`
/// with python3-dbus and python3-gi for the fake portal (a python3 earlier on PATH may lack
/// them). `Scripts/test.sh` installs them.
enum Machine {
    static let dbusDaemon = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let python = "/usr/bin/python3"

    /// Whether the end-to-end tests can run here; says loudly, once, when they cannot.
    static let canRunEndToEnd: Bool = {
        let missing = [
            dbusDaemon == nil ? "dbus-daemon (Debian: dbus-daemon)" : nil,
            pythonHasDBus ? nil : "\(python) with dbus and gi (Debian: python3-dbus python3-gi)",
        ].compactMap { $0 }
        if !missing.isEmpty {
            print(
                "warning: ThemeKitPortalTests' end-to-end tests are SKIPPED: missing \(missing.joined(separator: ", ")); "
                    + "Scripts/test.sh installs them")
        }
        return missing.isEmpty
    }()

    private static var pythonHasDBus: Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import dbus, dbus.mainloop.glib; from gi.repository import GLib"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where `dbus-daemon` and the fake portal's Python can run: the source is
    /// tested against the real daemon and a portal on it, never a mock of the wire.
    static var needsBusAndPortal: Self {
        .enabled(if: Machine.canRunEndToEnd, "needs dbus-daemon and /usr/bin/python3 with python3-dbus and python3-gi")
    }
}

/// Errors of the test harness itself (not of the code under test).
struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// A scratch folder of one test, removed when the value goes.
final class ScratchFolder {
    let url: URL

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/themekit-portal-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError(description: "mkdtemp failed") }
        url = URL(fileURLWithPath: String(cString: made))
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A child process of a test: killed (and waited for) when the value goes.
final class Child {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var received: [UInt8] = []

    /// Starts `executable` with `arguments`, its standard error written to `log`.
    init(_ executable: String, _ arguments: [String], log: URL) throws {
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw HarnessError(description: "cannot write \(log.path)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    /// Waits (looking at most `tries` times, 10 ms apart) for a line of its standard output
    /// that starts with `prefix`, and returns it.
    func line(startingWith prefix: String, tries: Int = patience) async throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var ended = false
        for _ in 0...tries {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while !ended, poll(&entry, 1, 0) > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &chunk, chunk.count)
                received += chunk[..<max(count, 0)]
                ended = count <= 0
            }
            let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return String(line) }
            if ended { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let name = process.executableURL?.lastPathComponent ?? "?"
        throw HarnessError(description: "no line starting '\(prefix)' from \(name)\(ended ? ", which ended" : "")")
    }

    /// Writes `line` and a newline to its standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Kills it with SIGKILL (no goodbye on the bus) and waits for it to end.
    func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        kill()
    }
}

/// A private `dbus-daemon` for one test, on a socket in a scratch folder, with a
/// configuration of its own whose only service folder is an empty one: no real portal can
/// ever be started on it.
final class TestBus {
    private let scratch: ScratchFolder
    private var daemon: Child?
    private var portals: [Child] = []

    /// The bus's D-Bus address.
    var address: String { "unix:path=" + scratch.url.appendingPathComponent("bus").path }

    /// A bus, started.
    init() async throws {
        scratch = try ScratchFolder()
        let services = scratch.url.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let configuration = """
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <servicedir>\(services.path)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """
        try configuration.write(to: scratch.url.appendingPathComponent("bus.conf"), atomically: true, encoding: .utf8)
        try await start()
    }

    /// Starts the daemon (again, after `kill()`: on the same socket), and waits until it listens.
    func start() async throws {
        guard let executable = Machine.dbusDaemon else { throw HarnessError(description: "no dbus-daemon") }
        let configuration = scratch.url.appendingPathComponent("bus.conf").path
        let child = try Child(
            executable, ["--config-file=\(configuration)", "--nofork", "--print-address=1"],
            log: scratch.url.appendingPathComponent("daemon.log"))
        daemon = child
        _ = try await child.line(startingWith: "unix:")
    }

    /// A log that reads a new source's sequence on this bus.
    func read(options: PortalOptions = PortalOptions()) -> StreamLog {
        StreamLog(PortalAppearanceSource(busAddress: address, options: options).appearances())
    }

    /// Kills the daemon: every connection to it ends at once, as when a session ends.
    func kill() {
        daemon?.kill()
        daemon = nil
    }

    /// Starts a fake portal with `arguments` (`--value 1`, `--version 1`, `--not-found`, …) and
    /// waits until it owns the portal's name.
    @discardableResult
    func startPortal(_ arguments: [String]) async throws -> Child {
        let script = PackageSources.root.appendingPathComponent("Tests/ThemeKitPortalTests/Fixtures/fake_portal.py")
        let log = scratch.url.appendingPathComponent("portal-\(portals.count).log")
        let portal = try Child(Machine.python, [script.path, "--address", address] + arguments, log: log)
        portals.append(portal)
        _ = try await portal.line(startingWith: "ready")
        return portal
    }

    deinit {
        for portal in portals { portal.kill() }
        daemon?.kill()
    }
}

/// A Unix socket that listens and never answers: a connection to it waits in its backlog,
/// as with a bus that has hung.
final class SilentListener {
    let address: String
    private let descriptor: Int32

    init(in folder: URL) throws {
        let path = folder.appendingPathComponent("silent").path
        address = "unix:path=" + path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { bytes in
            bytes.copyBytes(from: path.utf8.prefix(bytes.count - 1))
        }
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            throw HarnessError(description: "cannot listen at \(path)")
        }
    }

    deinit {
        close(descriptor)
    }
}

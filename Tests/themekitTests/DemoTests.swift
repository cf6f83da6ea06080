import Foundation
import TestSupport
import Testing

@Suite("themekit-demo, end to end")
struct DemoTests {
    @Test("the demo switches themes and its observer hears each change once")
    func demoRuns() throws {
        let demo = try CLI.binary("themekit-demo")
        let process = Process()
        process.executableURL = demo
        process.currentDirectoryURL = CLI.packageRoot
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let heard = output.split(separator: "\n").filter { $0.hasPrefix("observer:") }
        #expect(
            heard == [
                "observer: didChangeTheme default → lowcontrast", "observer: didChangeTheme lowcontrast → dark",
                "observer: didChangeTheme dark → highcontrast", "observer: didChangeTheme highcontrast → dark",
            ])
        #expect(output.contains("backgroundColor #000000  textColor #F2F2F7  headerColor #0A84FF"))
        #expect(output.contains("current is still dark"))
        // The bound badge: styled at bind, then once per real change, right after the change.
        let badge = output.split(separator: "\n").filter { $0.hasPrefix("badge: restyled for ") }
            .map { $0.dropFirst("badge: restyled for ".count).prefix { $0 != ":" } }
        #expect(badge == ["default", "lowcontrast", "dark", "highcontrast", "dark"])
        #expect(output.contains("badge: restyled for lowcontrast: text #5A5A5A, Helvetica-Light 20"))
        // Its count, as the demo sums it up: the refused name styled nothing.
        #expect(output.contains("the badge was styled \(badge.count) times: once at bind, then once per change,"))
    }

    /// Runs a copy of the demo named `app`, in `--shared` mode, with a private config folder.
    private func shared(
        _ app: URL, _ arguments: [String], config: String, themes: String?, in folder: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = app
        process.arguments = ["--shared"] + arguments
        process.currentDirectoryURL = folder ?? CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config
        environment["THEMEKIT_THEMES"] = themes
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("two apps using ThemeManager.shared keep their own saved theme")
    func sharedManagerSavesPerApplication() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("themekit-shared-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let demo = try CLI.binary("themekit-demo")
        let one = scratch.appendingPathComponent("app-one")
        let two = scratch.appendingPathComponent("app-two")
        try FileManager.default.copyItem(at: demo, to: one)
        try FileManager.default.copyItem(at: demo, to: two)
        let config = scratch.appendingPathComponent("config").path
        let themes = CLI.packageRoot.appendingPathComponent("Themes").path

        let chose = try shared(one, ["dark"], config: config, themes: themes)
        #expect(chose.status == 0)
        #expect(chose.output.contains("app: app-one\n"))
        #expect(chose.output.contains("store: \(config)/app-one/theme\n"))
        #expect(chose.output.contains("saved: dark\n"))
        // The other app's choice is its own: the first app's "dark" is not restored there.
        let other = try shared(two, ["lowcontrast"], config: config, themes: themes)
        #expect(other.output.contains("restored: default\n"))
        #expect(other.output.contains("saved: lowcontrast\n"))
        #expect(try shared(one, [], config: config, themes: themes).output.contains("restored: dark\n"))
        #expect(try shared(two, [], config: config, themes: themes).output.contains("restored: lowcontrast\n"))
        #expect(try String(contentsOfFile: config + "/app-one/theme", encoding: .utf8) == "dark\n")

        // An empty THEMEKIT_THEMES counts as unset: ./Themes of the current folder.
        let empty = try shared(one, [], config: config, themes: "", in: CLI.packageRoot)
        #expect(empty.output.contains("folder: ./Themes\n"))
        #expect(empty.output.contains("restored: dark\n"))
    }

    @Test("an unknown option, or two folders, is a usage error (exit 2)")
    func usageErrorsAreExit2() throws {
        let unknown = try CLI.run(["--bogus"], tool: "themekit-demo")
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr == "themekit-demo: error: unknown option '--bogus'\nRun 'themekit-demo --help' for usage.\n")
        #expect(unknown.stdout.isEmpty)
        let two = try CLI.run(["Themes", "Other"], tool: "themekit-demo")
        #expect(two.status == 2)
        #expect(two.stderr.hasPrefix("themekit-demo: error: give at most one folder, not 2\n"))
    }

    @Test(
        "--follow-system follows THEMEKIT_APPEARANCE where no portal answers: default's dark partner, bound and heard")
    func followSystem() throws {
        let missingBus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "XDG_RUNTIME_DIR": "/nonexistent"]
        let dark = try CLI.run(
            ["--follow-system", "--seconds", "0.3"], tool: "themekit-demo",
            environment: missingBus.merging(["THEMEKIT_APPEARANCE": "dark"]) { $1 })
        #expect(dark.status == 0)
        #expect(
            dark.stdout == """
                THEMEKIT_APPEARANCE=dark stands in for the desktop's setting
                observer: didChangeTheme default → dark (system: dark)
                following the system from default: dark for now
                badge: restyled for dark: text #F2F2F7, ArialRoundedMTBold 20
                the badge was styled 1 times

                """)
        // No bus and no override: no preference, so the base.
        let none = try CLI.run(
            ["--follow-system", "--seconds", "0.3"], tool: "themekit-demo",
            environment: missingBus.merging(["THEMEKIT_APPEARANCE": ""]) { $1 })
        #expect(none.status == 0)
        #expect(none.stdout.contains("following the system from default: default for now\n"))
        #expect(!none.stdout.contains("didChangeTheme"))
        // An override that is neither light nor dark is said (once, on standard error), not
        // ignored silently; the desktop's setting is then followed.
        let purple = try CLI.run(
            ["--follow-system", "--seconds", "0.3"], tool: "themekit-demo",
            environment: missingBus.merging(["THEMEKIT_APPEARANCE": "purple"]) { $1 })
        #expect(purple.status == 0)
        #expect(
            purple.stderr
                == "ThemeKit: warning: THEMEKIT_APPEARANCE must be 'light' or 'dark'; 'purple' is neither, so it is ignored\n"
        )
        #expect(purple.stdout.hasPrefix("the desktop's setting: the XDG portal on the session bus"))
        #expect(purple.stdout.contains("following the system from default: default for now\n"))
        let bad = try CLI.run(["--follow-system", "--seconds", "soon"], tool: "themekit-demo")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("themekit-demo: error: --seconds needs a number of seconds\n"))
        let missing = try CLI.run(
            ["--follow-system", "ghost", "--seconds", "0"], tool: "themekit-demo", environment: missingBus)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("no theme named 'ghost'"))
    }
}

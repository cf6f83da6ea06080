import Foundation
import TestSupport
import Testing

/// `themekit lsp` with Neovim's built-in LSP client, headless, with no user configuration
/// (`--clean`): Fixtures/lsp/nvim-e2e.lua opens a theme, types an edit that makes a dangling
/// alias, waits for the diagnostic, hovers a color and goes to a definition across
/// INHERITED_THEME, and exits 1 when a check fails.
@Suite("themekit lsp, with Neovim", .serialized)
struct LSPNeovimTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lsp/nvim-e2e.lua")
    static let readmeScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lsp/nvim-readme.lua")

    /// `nvim` on the PATH, if it is there.
    static let nvim: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("nvim") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Whether `nvim` is there; when it is not, says so on standard output (the test is then
    /// reported as skipped, with the same reason).
    static let canRun: Bool = {
        if nvim == nil {
            print("LSPNeovimTests: SKIPPED: \(missing)")
        }
        return nvim != nil
    }()

    static let missing = "nvim is not installed (apt-get install neovim; Scripts/test.sh installs it when root)"

    @Test(
        "Neovim's client: a typed dangling alias is diagnosed, a color hovers, a definition crosses INHERITED_THEME",
        .enabled(if: canRun, Comment(rawValue: missing)))
    func neovimEndToEnd() throws {
        let nvim = try #require(Self.nvim)
        let repo = try TemporaryRepository([
            "Themes/base.plist": theme([
                "<key>primaryColor</key>", "<string>#35A2FB</string>",
                "<key>buttonColor</key>", "<string>primaryColor</string>",
            ]),
            "Themes/child.plist": theme([
                "<key>INHERITED_THEME</key>", "<string>base</string>",
                "<key>buttonColor</key>", "<string>primaryColor</string>",
                "<!-- é😀 --><key>linkColor</key><string>buttonColor</string>",
                "<key>accentColor</key>", "<string>@primaryColor</string>",
            ]),
        ])
        var environment = ProcessInfo.processInfo.environment
        environment["THEMEKIT"] = try CLI.binary("themekit").path
        environment["THEMEKIT_LSP_ROOT"] = repo.root.path
        // No user or system configuration, data or state of Neovim's: --clean, and a home of its own.
        environment["XDG_CONFIG_HOME"] = repo.url("xdg-config").path
        environment["XDG_DATA_HOME"] = repo.url("xdg-data").path
        environment["XDG_STATE_HOME"] = repo.url("xdg-state").path
        let result = try CLI.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"),
            ["120", nvim.path, "--headless", "--clean", "-c", "luafile \(Self.script.path)"], in: repo.root,
            environment: environment)
        #expect(result.status == 0, "nvim-e2e.lua failed: \(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("nvim-e2e: ok"))
    }

    static let tokensScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lsp/nvim-tokens.lua")

    @Test(
        "Neovim's client on a tokens file: a dangling reference over its whole text, hover, definition and colors",
        .enabled(if: canRun, Comment(rawValue: missing)))
    func neovimOnTokens() throws {
        let nvim = try #require(Self.nvim)
        let repo = try TemporaryRepository([
            "Tokens/design.tokens.json": """
            {
              "color": {
                "$type": "color",
                "blue": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.8], "hex": "#3366cc" } },
                "accent": { "$value": "{color.blue}" },
                "ghost": { "$value": "{color.missing}" }
              }
            }
            """
        ])
        var environment = ProcessInfo.processInfo.environment
        environment["THEMEKIT"] = try CLI.binary("themekit").path
        environment["THEMEKIT_LSP_ROOT"] = repo.root.path
        environment["XDG_CONFIG_HOME"] = repo.url("xdg-config").path
        environment["XDG_DATA_HOME"] = repo.url("xdg-data").path
        environment["XDG_STATE_HOME"] = repo.url("xdg-state").path
        let result = try CLI.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"),
            ["120", nvim.path, "--headless", "--clean", "-c", "luafile \(Self.tokensScript.path)"], in: repo.root,
            environment: environment)
        #expect(result.status == 0, "nvim-tokens.lua failed: \(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("nvim-tokens: ok"))
    }

    /// The README's `init.lua` block, from its section on editors.
    static func readmeConfiguration() throws -> String {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### An editor that checks as you type"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```lua\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test(
        "the README's Neovim configuration: opening a theme attaches the server; typing, hover and definition work",
        .enabled(if: canRun, Comment(rawValue: missing)))
    func readmeConfigurationWorks() throws {
        let nvim = try #require(Self.nvim)
        let repo = try TemporaryRepository([
            "Themes/base.plist": theme(["<key>primaryColor</key>", "<string>#35A2FB</string>"]),
            "Themes/child.plist": theme([
                "<key>INHERITED_THEME</key>", "<string>base</string>",
                "<key>buttonColor</key>", "<string>primaryColor</string>",
                "<key>linkColor</key><string>buttonColor</string>",
            ]),
            "init.lua": try Self.readmeConfiguration(),
        ])
        var environment = ProcessInfo.processInfo.environment
        // As the README says: `themekit` on the PATH.
        let tools = try CLI.binary("themekit").deletingLastPathComponent().path
        environment["PATH"] = tools + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["XDG_CONFIG_HOME"] = repo.url("xdg-config").path
        environment["XDG_DATA_HOME"] = repo.url("xdg-data").path
        environment["XDG_STATE_HOME"] = repo.url("xdg-state").path
        let result = try CLI.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"),
            ["120", nvim.path, "--headless", "--clean", "-u", "init.lua", "-c", "luafile \(Self.readmeScript.path)"],
            in: repo.root, environment: environment)
        #expect(result.status == 0, "nvim-readme.lua failed: \(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("nvim-readme: ok"))
    }
}

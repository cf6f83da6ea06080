import Foundation
import TestSupport
import Testing

/// `themekit lsp` with a second real client: pytest-lsp (pygls), which structures every
/// message into the LSP 3.17 types of lsprotocol. Tests/lsp-pytest holds the suite; this
/// runs it on the built binary, and fails when it fails or finds no test (pytest's exit 5).
@Suite("themekit lsp, with pytest-lsp", .serialized)
struct LSPPytestTests {
    static let suite = CLI.packageRoot.appendingPathComponent("Tests/lsp-pytest")

    /// `python3` on the PATH, if it is there.
    static let python: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static let missing =
        "pytest-lsp is not installed for python3 (python3 -m pip install pytest-lsp; Scripts/test.sh installs it)"

    /// Whether `python3` can import pytest-lsp; when it cannot, says so on standard output
    /// (the test is then reported as skipped, with the same reason).
    static let canRun: Bool = {
        guard let python,
            let result = try? CLI.run(executable: python, ["-c", "import pytest_lsp"], in: CLI.packageRoot),
            result.status == 0
        else {
            print("LSPPytestTests: SKIPPED: \(missing)")
            return false
        }
        return true
    }()

    @Test(
        "pytest-lsp: initialize with dynamic registration, diagnostics, hover, definition, colors, completion, a cycle, CR-only lines, bad frames, shutdown",
        .enabled(if: canRun, Comment(rawValue: missing)))
    func pytestLSPSuitePasses() throws {
        let python = try #require(Self.python)
        var environment = ProcessInfo.processInfo.environment
        environment["THEMEKIT"] = try CLI.binary("themekit").path
        // No __pycache__ written into the source tree.
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let result = try CLI.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"),
            [
                "600", python.path, "-m", "pytest", "-c", Self.suite.appendingPathComponent("pytest.ini").path,
                "--rootdir", Self.suite.path, "-q", "-rs", Self.suite.path,
            ],
            in: Self.suite, environment: environment)
        // Exit 5: no test was collected, which is no pass.
        #expect(result.status != 5, "pytest collected no test: \(result.stdout) \(result.stderr)")
        #expect(result.status == 0, "pytest-lsp suite failed:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed"))
        #expect(!result.stdout.contains(" skipped"), "a pytest-lsp test was skipped:\n\(result.stdout)")
    }
}

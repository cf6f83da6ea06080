import Foundation

/// The one way the tests run the checks written in Python (the configuration, SARIF and DTCG
/// schema validators), and ask whether the modules those need are there: CI installs them;
/// without them a test says so and skips.
package enum Python {
    /// Whether `python3` is there and imports every one of `modules`.
    package static func has(_ modules: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Runs `python3 script arguments…` from the package root, `script` a path from it: its
    /// status, and what it wrote to either stream together as `stdout`.
    package static func run(_ script: String, _ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLI.packageRoot.appendingPathComponent(script).path] + arguments
        process.currentDirectoryURL = CLI.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: "")
    }
}

package import Foundation
package import Testing

/// Runs the package's built tools (`themelint` unless told otherwise), as CI and users do.
///
/// Each end-to-end target adds its own golden files as `CLI.golden` (its `Fixtures/`).
package enum CLI {
    /// The package root: reports are relative to it when the binary runs there.
    package static let packageRoot = PackageSources.root

    /// The tool named `name` built beside this test bundle.
    package static func binary(_ name: String = "themelint") throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/\(name)")
        try #require(FileManager.default.isExecutableFile(atPath: fallback.path), "build \(name) first")
        return fallback
    }

    /// How a program ended: its exit status and what it wrote.
    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String

        package init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Runs `tool` with `arguments` in `directory`, outside GitHub Actions, with
    /// `environment` added to this process's.
    package static func run(
        _ arguments: [String], tool: String = "themelint", in directory: URL = packageRoot,
        environment: [String: String] = [:]
    ) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        env.merge(environment) { $1 }
        return try run(executable: binary(tool), arguments, in: directory, environment: env)
    }

    /// Runs any program to its end and collects its status and output; `input`, if given,
    /// is its standard input, and `output`, if given, takes its standard output instead
    /// (`stdout` is then empty).
    package static func run(
        executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        input: String? = nil, output: FileHandle? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let out = Pipe()
        let err = Pipe()
        if input != nil { process.standardInput = stdin }
        process.standardOutput = output ?? out
        process.standardError = err
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        if output != nil { try out.fileHandleForWriting.close() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Whether `/dev/full` is there to stand for a full disk.
    package static let hasFullDisk = FileManager.default.fileExists(atPath: "/dev/full")

    /// Runs `tool` from the package root with standard output on `/dev/full`: its status
    /// and standard error.
    package static func runIntoFullDisk(_ tool: String, _ arguments: [String]) throws -> Result {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        return try run(executable: binary(tool), arguments, in: packageRoot, output: full)
    }

    /// Expects `tool --help` to print its usage, naming `--version`, and to exit 0.
    package static func expectHelp(_ tool: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(["--help"], tool: tool)
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(
            result.stdout.hasPrefix("OVERVIEW: ") || result.stdout.hasPrefix("USAGE: "), sourceLocation: sourceLocation)
        #expect(result.stdout.contains("USAGE: \(tool)"), sourceLocation: sourceLocation)
        #expect(result.stdout.contains("--version"), sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
    }

    /// Expects `tool --version` to print the package's one version, the CHANGELOG's newest
    /// release, and to exit 0.
    package static func expectVersion(_ tool: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(["--version"], tool: tool)
        #expect(result.status == 0, "\(tool)", sourceLocation: sourceLocation)
        #expect(result.stdout == (try PackageSources.newestRelease()) + "\n", sourceLocation: sourceLocation)
    }
}

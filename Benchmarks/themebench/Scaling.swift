// `themebench --scaling`: every shape of ScalingShape.all run at 1, n and 4n, each run a child
// process measured by GNU time (CPU seconds and peak resident memory), printed as the ratios
// of the growth from n to 4n. Linear work reads about 4.
import Foundation
import ThemeBenchSupport
import ThemeKit
import ThemeOutput

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a tool: its CPU time, peak memory and output.
struct ScalingRun {
    var cpuSeconds: Double
    var peakKilobytes: Int
    var outputBytes: Int
    var exitStatus: Int
    var timedOut: Bool
}

/// One shape's measurements, and whether they hold.
struct ScalingResult: Encodable {
    var id: String
    var about: String
    var tool: String
    var named: Bool
    var n: Int
    var inputBytes: Int
    var inputBytes4n: Int
    var seconds: [Double]
    var peakMiB: [Double]
    var outputBytes: [Int]
    var timeRatio: Double?
    var memoryRatio: Double?
    var bytesPerInputByte: Double
    var note: String?
    var holds: Bool
}

enum Scaling {
    /// The time ratio linear work stays under, and the SARIF memory bound.
    static let timeLimit = 7.0
    static let memoryLimit = 7.0
    static let sarifBytesPerInputByte = 60.0
    /// Growth below these is noise, whatever its ratio: 20 ms of CPU, 4 MiB of memory.
    static let flatSeconds = 0.02
    static let flatKilobytes = 4_096
    /// A run of n longer than this is not run again at 4n.
    static let slowSeconds = 60.0

    /// Measures the shapes `only` names (all without it), `repeats` runs of each size, each
    /// shape's n times `scale`, stopping a tool's run after `timeout` seconds. Returns
    /// whether every shape holds.
    static func run(
        only filter: String?, repeats: Int, timeout: Double, json wantsJSON: Bool, scale: Double = 1,
        workspace: String
    ) throws -> Bool {
        let folder = URL(fileURLWithPath: executablePath()).deletingLastPathComponent().path
        let tools = Tools(folder: folder, timeout: timeout)
        try tools.check()
        var results: [ScalingResult] = []
        for var shape in ScalingShape.all where shape.isNamed(by: filter) {
            shape.n = shape.n(scaledBy: scale)
            log("\(shape.id): \(shape.about), \(shape.tool), n = \(shape.n) and \(4 * shape.n)…")
            results.append(try measure(shape, tools: tools, repeats: repeats, workspace: workspace))
            let result = results[results.count - 1]
            let seconds = result.seconds.map { String(format: "%.3f s", $0) }.joined(separator: " / ")
            let peaks = result.peakMiB.map { String(format: "%.1f MiB", $0) }.joined(separator: " / ")
            var line = "  \(seconds); \(peaks) → time ×\(ratioText(result.timeRatio))"
            line += ", memory ×\(ratioText(result.memoryRatio))"
            if !result.holds { line += "  DOES NOT HOLD" }
            if let note = result.note { line += " (\(note))" }
            log(line)
        }
        if wantsJSON {
            print(try JSONOutput.text(results))
        } else {
            printTable(results)
        }
        return results.allSatisfy(\.holds)
    }

    /// Measures `shape` at 1 (the fixed costs), n and 4n: the median of `repeats` runs each.
    static func measure(
        _ shape: ScalingShape, tools: Tools, repeats: Int, workspace: String
    ) throws -> ScalingResult {
        let sizes = [1, shape.n, 4 * shape.n]
        var folders: [String] = []
        var inputBytes: [Int] = []
        for size in sizes {
            let folder = workspace + "/scaling-\(shape.id)-\(size)"
            inputBytes.append(try write(shape.files(size), to: folder))
            folders.append(folder)
        }
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        // An asset catalog is a folder of a folder and a file a color. Each run writes a new
        // one in the workspace's `catalogs`, removed only with the workspace when themebench
        // ends: on a file system without a journal (ext4 here) the kernel skips each inode freed
        // in the last minute (six while its inode table block is unwritten) when it makes a new
        // one (`recently_deleted`, most of perf's samples), so that a run after a catalog was
        // replaced or removed paid for every inode freed, and the shapes read ×3.4 to ×10 from
        // run to run. What others freed before themebench started still counts (Performance).
        let catalogs = workspace + "/catalogs"
        try FileManager.default.createDirectory(atPath: catalogs, withIntermediateDirectories: true)
        var runs: [[ScalingRun]] = Array(repeating: [], count: sizes.count)
        var note: String?
        rounds: for round in 0..<repeats {
            for index in sizes.indices {
                let catalog = catalogs + "/\(shape.id)-\(sizes[index])-\(round).xcassets"
                let run = try tools.run(shape, in: folders[index], catalog: catalog)
                if run.timedOut || run.exitStatus > 1 {
                    note =
                        run.timedOut ? "n = \(sizes[index]) timed out" : "n = \(sizes[index]) exited \(run.exitStatus)"
                    runs[index].append(run)
                    break rounds
                }
                runs[index].append(run)
                if index == 1, run.cpuSeconds > slowSeconds {
                    note = String(format: "n = %d took %.0f s; 4n not run", sizes[index], run.cpuSeconds)
                    break rounds
                }
            }
            if round == 0, runs[2].first.map({ $0.cpuSeconds > 20 }) == true { break }
        }
        let seconds = runs.map { median($0.map(\.cpuSeconds)) }
        let peaks = runs.map { median($0.map { Double($0.peakKilobytes) }) }
        let outputs = runs.map { $0.last?.outputBytes ?? 0 }
        var timeRatio: Double?
        var memoryRatio: Double?
        var holds = note == nil
        if note == nil {
            let grownTime = seconds[2] - seconds[0]
            let grownMemory = peaks[2] - peaks[0]
            timeRatio = grownTime < flatSeconds ? nil : grownTime / max(seconds[1] - seconds[0], 1e-3)
            memoryRatio =
                grownMemory < Double(flatKilobytes) ? nil : grownMemory / max(peaks[1] - peaks[0], 1)
            holds = (timeRatio ?? 0) < timeLimit && (memoryRatio ?? 0) < memoryLimit
        }
        let perByte = (peaks.last.map { $0 - peaks[0] } ?? 0) * 1024 / Double(inputBytes[2])
        if shape.tool == .lint(format: "sarif"), perByte > sarifBytesPerInputByte { holds = false }
        return ScalingResult(
            id: shape.id, about: shape.about, tool: shape.tool.description, named: shape.named, n: shape.n,
            inputBytes: inputBytes[1], inputBytes4n: inputBytes[2], seconds: seconds,
            peakMiB: peaks.map { $0 / 1024 }, outputBytes: outputs, timeRatio: timeRatio, memoryRatio: memoryRatio,
            bytesPerInputByte: perByte, note: note, holds: holds)
    }

    static func write(_ files: [String: String], to folder: String) throws -> Int {
        try? FileManager.default.removeItem(atPath: folder)
        var bytes = 0
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = Data(text.utf8)
            try data.write(to: url)
            bytes += data.count
        }
        return bytes
    }

    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    static func ratioText(_ ratio: Double?) -> String {
        ratio.map { String(format: "%.1f", $0) } ?? "flat"
    }

    static func printTable(_ results: [ScalingResult]) {
        let header = [
            "shape", "tool", "n", "input at 4n", "CPU n → 4n", "time", "peak n → 4n", "memory", "B/byte", "holds",
        ]
        let table = results.map { result in
            [
                result.id + (result.named ? "" : " *"), result.tool, "\(result.n)",
                String(format: "%.1f MB", Double(result.inputBytes4n) / 1e6),
                result.seconds.count == 3 ? String(format: "%.2f → %.2f s", result.seconds[1], result.seconds[2]) : "-",
                result.note == nil ? "×" + ratioText(result.timeRatio) : "-",
                result.peakMiB.count == 3
                    ? String(format: "%.0f → %.0f MiB", result.peakMiB[1], result.peakMiB[2]) : "-",
                result.note == nil ? "×" + ratioText(result.memoryRatio) : "-",
                String(format: "%.0f", result.bytesPerInputByte),
                result.holds ? "yes" : "NO" + (result.note.map { " (\($0))" } ?? ""),
            ]
        }
        let widths = (0..<header.count).map { column in ([header] + table).map { $0[column].count }.max() ?? 0 }
        for line in [header] + table {
            print(
                zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                    .trimmingCharacters(in: .whitespaces))
        }
        let held = results.filter(\.holds).count
        print(
            "\n\(held) of \(results.count) shapes hold: time and memory grow less than \(Int(timeLimit))x from n to 4n "
                + "(the growth above the run at n = 1; under 20 ms or 4 MiB is flat), "
                + "SARIF under \(Int(sarifBytesPerInputByte)) B of memory per input byte. * = not named in issue 12.")
    }

    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// Runs the tools under GNU time (`/usr/bin/time`), which reports a child's peak memory
/// without the parent's: Linux's own `wait4` figure starts from the parent's size at `fork`.
struct Tools {
    var folder: String
    var timeout: Double
    static let time = "/usr/bin/time"

    var themelint: String { folder + "/themelint" }
    var themekit: String { folder + "/themekit" }

    func check() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.time) else {
            throw ScalingError("themebench --scaling needs GNU time at \(Self.time) (apt-get install time)")
        }
        for tool in [themelint, themekit] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw ScalingError(
                "no \(tool): build every product first (swift build -c release), then run \(folder)/themebench --scaling"
            )
        }
    }

    /// The command line of `shape`'s tool on the files in `folder`; an asset catalog, a
    /// folder written only with -o, goes to `catalog`.
    func arguments(_ shape: ScalingShape, in folder: String, catalog: String) -> [String] {
        let themes = folder + "/Themes"
        switch shape.tool {
        case .lint(let format):
            let configuration = folder + "/" + ScalingShape.configurationPath
            let config =
                FileManager.default.fileExists(atPath: configuration) ? ["--config", configuration] : ["--no-config"]
            return [themelint, "--format", format] + config + [themes]
        case .load: return [Scaling.executablePath(), "--scaling-load", themes]
        case .show(let json): return [themekit, "show", "default", "--themes", themes] + (json ? ["--json"] : [])
        case .showStyle(let style):
            let containers = try? String(
                contentsOfFile: folder + "/" + ScalingShape.containersPath, encoding: .utf8)
            return [themekit, "show", "default", "--themes", themes, "--style", style]
                + (containers.map { ["--container", $0] } ?? [])
        case .keys: return [themekit, "keys", themes]
        case .preview: return [themekit, "preview", themes]
        case .export(let format):
            return [themekit, "export", "default", "--themes", themes, "--format", format]
                + (format == "xcassets" ? ["-o", catalog] : [])
        case .exportTheme(let name, let format):
            return [themekit, "export", name, "--themes", themes, "--format", format]
                + (format == "xcassets" ? ["-o", catalog] : [])
        case .importing(let format):
            return [
                themekit, "import", "--from", format,
                folder + "/" + (shape.importSource ?? ScalingShape.importSourcePath(for: format)), "-o",
                folder + "/Imported", "--force",
            ]
        case .lspOpen: return [Scaling.executablePath(), "--scaling-lsp-open", themes]
        case .readTokens: return [Scaling.executablePath(), "--scaling-read-tokens", folder]
        case .resolveTokens: return [Scaling.executablePath(), "--scaling-resolve-tokens", folder]
        case .managerSwitch: return [Scaling.executablePath(), "--scaling-manager-switch", folder]
        case .managerReload: return [Scaling.executablePath(), "--scaling-manager-reload", folder]
        }
    }

    func run(_ shape: ScalingShape, in folder: String, catalog: String) throws -> ScalingRun {
        let report = folder + "/time.txt"
        let output = folder + "/stdout"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.time)
        process.arguments =
            ["-o", report, "-f", "%U %S %M %x", "timeout", "-s", "KILL", "\(Int(timeout))"]
            + arguments(shape, in: folder, catalog: catalog)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let outputBytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        try? FileManager.default.removeItem(atPath: output)
        // GNU time writes "Command exited with non-zero status N" first when N is not 0.
        let lines = (try? String(contentsOfFile: report, encoding: .utf8)).map { $0.split(separator: "\n") } ?? []
        let fields = lines.last?.split(separator: " ") ?? []
        guard fields.count == 4, let user = Double(fields[0]), let system = Double(fields[1]),
            let peak = Int(fields[2]), let status = Int(fields[3])
        else { throw ScalingError("GNU time wrote '\(lines.joined(separator: "\\n"))' for \(shape.id)") }
        // timeout kills the tool and then itself (one process group): GNU time then says
        // "Command terminated by signal 9" and counts only timeout's own use.
        let killed = lines.contains { $0.contains("terminated by signal") }
        return ScalingRun(
            cpuSeconds: user + system, peakKilobytes: peak, outputBytes: outputBytes, exitStatus: killed ? 137 : status,
            timedOut: killed || status == 137)
    }
}

struct ScalingError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

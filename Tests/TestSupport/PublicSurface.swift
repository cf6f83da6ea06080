package import Foundation
import Testing

/// A module's public surface in the current build: its symbol graph, from the toolchain's
/// `swift-symbolgraph-extract` over the built module (what `swift package dump-symbol-graph`
/// runs for every module, without a second SwiftPM waiting on the one running the tests),
/// listed one line per symbol by `Scripts/public-surface.py`.
package enum PublicSurface {
    /// The golden lists: Tests/PackageTests/Fixtures/PublicSurface/.
    package static let folder = PackageSources.root.appendingPathComponent("Tests/PackageTests/Fixtures/PublicSurface")

    /// The sorted lines of `module`'s public symbols and conformances.
    package static func list(of module: String) throws -> String {
        let modules = try SwiftCompiler.modulesFolder()
        let extract = try extractor()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "public-surface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["-module-name", module, "-I", modules.path]
        arguments += ["-I", PackageSources.root.appendingPathComponent("Sources/CLibXML2").path]
        arguments += SwiftCompiler.libxml2Flags()
        arguments += ["-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path]
        // Its own module cache beside the build's, kept between runs, as SwiftCompiler's.
        let cache = modules.deletingLastPathComponent().appendingPathComponent("PublicSurface-ModuleCache")
        arguments += ["-module-cache-path", cache.path]
        let extracted = try CLI.run(executable: extract, arguments)
        try #require(extracted.status == 0, "swift-symbolgraph-extract \(module): \(extracted.stderr)")
        let listed = try CLI.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", PackageSources.root.appendingPathComponent("Scripts/public-surface.py").path, output.path,
                module,
            ])
        try #require(listed.status == 0, "Scripts/public-surface.py \(module): \(listed.stderr)")
        return listed.stdout
    }

    /// `swift-symbolgraph-extract`: the first on `PATH`, else the one beside `swiftc`.
    static func extractor() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let onPath = path.split(separator: ":").map { String($0) + "/swift-symbolgraph-extract" }
        let beside = try SwiftCompiler.swiftc().resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("swift-symbolgraph-extract").path
        let found = (onPath + [beside]).first { FileManager.default.isExecutableFile(atPath: $0) }
        return URL(fileURLWithPath: try #require(found, "no swift-symbolgraph-extract on PATH or beside swiftc"))
    }

    /// What changed from `old` to `new`, lists of sorted lines: `- line` for each line only
    /// `old` has and `+ line` for each only `new` has, in the lists' order; empty when the
    /// texts are the same.
    package static func difference(from old: String, to new: String) -> String {
        guard old != new else { return "" }
        let before = Set(old.split(separator: "\n"))
        let after = Set(new.split(separator: "\n"))
        let lines = before.subtracting(after).map { ("-", $0) } + after.subtracting(before).map { ("+", $0) }
        guard !lines.isEmpty else { return "(the same lines, in another order or spacing)" }
        return lines.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map { "\($0.0) \($0.1)" }.joined(separator: "\n")
    }
}

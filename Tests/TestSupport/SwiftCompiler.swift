package import Foundation
import Testing

/// Type-checks Swift files against the ThemeKit (and ThemeKitPortal) modules of the current
/// build, with the toolchain's `swiftc`, as an app target that imports them would be checked.
package enum SwiftCompiler {
    /// The folder holding `ThemeKit.swiftmodule` for this build.
    package static func modulesFolder() throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidates = [
            beside.appendingPathComponent("Modules"), beside,
            beside.deletingLastPathComponent().appendingPathComponent("Modules"),
            CLI.packageRoot.appendingPathComponent(".build/debug/Modules"),
        ]
        let found = candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("ThemeKit.swiftmodule").path)
        }
        return try #require(found, "no ThemeKit.swiftmodule near \(beside.path): build the package first")
            .resolvingSymlinksInPath()
    }

    /// `swiftc`: `THEMEKIT_SWIFTC`, else the first on `PATH`, else the usual toolchain places.
    package static func swiftc() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let given = environment["THEMEKIT_SWIFTC"] { candidates.append(given) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(folder) + "/swiftc")
        }
        candidates += ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        return URL(fileURLWithPath: try #require(found, "no swiftc on PATH: set THEMEKIT_SWIFTC"))
    }

    /// The C flags libxml2 needs, from pkg-config when it is there.
    package static func libxml2Flags() -> [String] {
        var flags = pkgConfigFlags("libxml-2.0")
        if flags.isEmpty, FileManager.default.fileExists(atPath: "/usr/include/libxml2") {
            flags = ["-I/usr/include/libxml2"]
        }
        return flags.flatMap { ["-Xcc", $0] }
    }

    /// `pkg-config --cflags package`, split; empty when pkg-config or the package is missing.
    private static func pkgConfigFlags(_ package: String) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags", package]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        var flags: [String] = []
        if (try? process.run()) != nil {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0 {
                flags = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
            }
        }
        return flags
    }

    /// Type-checks `files` (in Swift 6 mode) and returns the compiler's status and messages.
    package static func typecheck(_ files: [URL]) throws -> CLI.Result {
        let modules = try modulesFolder()
        var arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path]
        arguments += ["-I", CLI.packageRoot.appendingPathComponent("Sources/CLibXML2").path]
        arguments += libxml2Flags()
        // ThemeKitPortal's module imports the system libdbus-1's (CDBus).
        arguments += ["-I", CLI.packageRoot.appendingPathComponent("Sources/CDBus").path]
        arguments += pkgConfigFlags("dbus-1").flatMap { ["-Xcc", $0] }
        // A module cache of its own, beside the build's (whose modules clang must not see
        // under a second spelling of their path), kept between runs so that only the first
        // run builds the system modules.
        let cache = modules.deletingLastPathComponent().appendingPathComponent("ThemeKitKeysTests-ModuleCache")
        arguments += ["-module-cache-path", cache.path]
        return try CLI.run(executable: swiftc(), arguments + files.map(\.path))
    }
}

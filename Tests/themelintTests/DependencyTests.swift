import TestSupport
import Testing

/// What each target is built from: themelint writes its output through ThemeOutput, as
/// themekit does, and does not pull in themekit's ThemeTools; and every target declares each
/// module it imports, rather than reaching it through another target, so that a dependency
/// dropped elsewhere cannot break it (nor a build system that links only what is declared).
@Suite struct DependencyTests {
    @Test func themelintDependsOnThemeOutputNotThemeTools() throws {
        let themelint = try PackageSources.target("themelint")
        #expect(themelint.contains("path: \"Lint/themelint\""))
        #expect(themelint.contains("\"ThemeOutput\""))
        #expect(!themelint.contains("ThemeTools"))
    }

    @Test func themekitAndThemeLintWriteThroughThemeOutput() throws {
        #expect(try PackageSources.target("themekit").contains("\"ThemeOutput\""))
        #expect(try PackageSources.target("ThemeLint").contains("\"ThemeOutput\""))
    }

    /// Modules every platform's toolchain brings: no target declares them.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Musl", "Darwin", "Android", "WinSDK",
        "Synchronization", "Observation", "Testing", "XCTest",
    ]

    /// Modules a target imports that it cannot declare, and why.
    static let undeclarable: [String: String] = [
        // Yams's C target, libyaml: Yams vends no product for it, so a manifest cannot name it;
        // ThemeTools reads libyaml's events itself (YAMLTreeReader.swift), and Yams brings it.
        "CYaml": "ThemeTools"
    ]

    /// Every Swift target of the manifest (regular, executable, test) and its folder.
    static func swiftTargets() throws -> [(name: String, path: String)] {
        let lines = try PackageSources.manifest().split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var targets: [(name: String, path: String)] = []
        for (index, line) in lines.enumerated()
        where [".target(", ".executableTarget(", ".testTarget("].contains(line) && index + 1 < lines.count {
            guard let name = lines[index + 1].wholeMatch(of: /name: "([^"]+)",/)?.1 else { continue }
            let text = try PackageSources.target(String(name))
            guard let path = text.firstMatch(of: /path: "([^"]+)"/)?.1 else { continue }
            targets.append((String(name), String(path)))
        }
        return targets
    }

    @Test("every module a target imports is a dependency it declares, not one it reaches through another")
    func everyImportedModuleIsDeclared() throws {
        let targets = try Self.swiftTargets()
        #expect(targets.count > 15, "targets read from Package.swift: \(targets.map(\.name))")
        for target in targets {
            let declared = try PackageSources.target(target.name)
            let undeclared = try PackageSources.importedModules(under: target.path).filter { module in
                !Self.toolchainModules.contains(module) && Self.undeclarable[module] != target.name
                    && !declared.contains("\"\(module)\"")
            }
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared) without declaring it")
        }
    }
}

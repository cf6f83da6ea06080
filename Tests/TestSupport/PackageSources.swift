package import Foundation
import Testing

/// The package's own files as the tests read them: the manifest and the sources of a target,
/// so that a test can pin what the package exposes (its products, what a target depends on,
/// what a module declares `public`).
package enum PackageSources {
    /// The package's root folder.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The text of `Package.swift`.
    package static func manifest() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// The manifest's text from `opening` to the first line after it that is `closing`
    /// (indentation included): a list or a call the manifest spells over several lines, such
    /// as `    products: [` … `    ],`. Empty when `opening` is not there.
    package static func manifestSection(from opening: String, to closing: String) throws -> String {
        let lines = try manifest().split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix(opening) }) else { return "" }
        let end = lines[start...].firstIndex { $0 == closing } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// The target named `name` as the manifest declares it: from its `name:` line to the
    /// line that closes the call.
    package static func target(_ name: String) throws -> String {
        let lines = try manifest().split(separator: "\n", omittingEmptySubsequences: false)
        guard
            let nameLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "name: \"\(name)\"," })
        else { return "" }
        let end = lines[nameLine...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == ")," } ?? lines.endIndex
        return lines[nameLine..<end].joined(separator: "\n")
    }

    /// The version of the CHANGELOG's newest release: its first `## [x.y.z] - YYYY-MM-DD`
    /// heading, the version every tool prints.
    package static func newestRelease() throws -> String {
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}/).map { String($0.1) }
        }
        return try #require(releases.first, "no '## [x.y.z] - YYYY-MM-DD' heading in CHANGELOG.md")
    }

    /// Every line of the Swift files under `folder` (relative to the root) that declares
    /// something `public` or `open`, as `file:line: text`.
    package static func publicDeclarations(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                // `public import` re-exports nothing to an app by itself; a declaration does.
                guard trimmed.hasPrefix("public ") || trimmed.hasPrefix("open "),
                    !trimmed.hasPrefix("public import ")
                else { continue }
                found.append("\(folder)/\(relative):\(index + 1): \(trimmed)")
            }
        }
        return found.sorted()
    }

    /// The modules the Swift files under `folder` (relative to the root) import, sorted:
    /// every `import`, whatever its access level or attributes (`@testable`,
    /// `internal import`, `import struct M.T`), inside `#if` too.
    package static func importedModules(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        let pattern =
            /\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+).*/
        var modules: Set<String> = []
        while let relative = walker.nextObject() as? String {
            // A target's Fixtures/ are excluded from it: data, not its sources.
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("Fixtures/") else { continue }
            let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            // Only the lines that can be imports meet the pattern (Swift's regexes are slow).
            for line in text.split(separator: "\n") where line.contains("import ") {
                if let match = line.wholeMatch(of: pattern) { modules.insert(String(match.1)) }
            }
        }
        return modules.sorted()
    }
}

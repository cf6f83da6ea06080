package import Foundation

/// The third-party DTCG data of `../shared/dtcg` (its README says what each set is), read
/// the same way by the reader's tests and the linter's: absent in a plain clone, where the
/// tests that need it skip and say why.
package enum DTCGData {
    /// `../shared/dtcg`, beside the checkout.
    package static let folder = PackageSources.root.appendingPathComponent("../shared/dtcg").standardized
    /// Whether the data is there.
    package static let isPresent = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("README.md").path)
    /// Why a test that needs it is skipped.
    package static let absence = "../shared/dtcg is absent (a plain clone): the third-party DTCG data is not read"

    /// Terrazzo's parser cases, every file's (`terrazzo-cases/*.json` but `skipped.json`).
    package static func terrazzoCases() throws -> [[String: Any]] {
        let cases = folder.appendingPathComponent("terrazzo-cases")
        var all: [[String: Any]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: cases.path).sorted()
        where name.hasSuffix(".json") && name != "skipped.json" {
            let data = try Data(contentsOf: cases.appendingPathComponent(name))
            let file = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            all += file?["cases"] as? [[String: Any]] ?? []
        }
        return all
    }

    /// The known differences from Terrazzo's answers (`ID: reason` lines, `#` a comment) in
    /// Tests/ThemeKitTests/Fixtures/DTCG/terrazzo-known-differences.txt.
    package static func knownDifferences() throws -> [String: String] {
        let text = try String(
            contentsOf: PackageSources.root.appendingPathComponent(
                "Tests/ThemeKitTests/Fixtures/DTCG/terrazzo-known-differences.txt"),
            encoding: .utf8)
        var known: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            known[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(
                in: .whitespaces)
        }
        return known
    }

    /// The DTCG reports' examples (`spec-examples/examples.json`'s entries).
    package static func specExamples() throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("spec-examples/examples.json"))
        let index = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return index?["examples"] as? [[String: Any]] ?? []
    }

    /// Style Dictionary's reference fixtures (`style-dictionary-refs/expected.json`'s).
    package static func styleDictionaryFixtures() throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("style-dictionary-refs/expected.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["fixtures"] as? [[String: Any]] ?? []
    }

    /// `expected.json`'s wrap of a Style Dictionary fixture: each `"key": leaf` line as
    /// `"key": {"$value": leaf}`, in place (`leaves`), or `"value"` renamed `"$value"`
    /// (`value-key`); line numbers are kept.
    package static func wrapped(_ text: String, how: String) -> String {
        if how == "value-key" { return text.replacingOccurrences(of: "\"value\":", with: "\"$value\":") }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            // The key's closing quote, then the colon (`"a" : 1` too).
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("\""),
                let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\""),
                let colon = line[close...].range(of: ":")
            else {
                return String(line)
            }
            var value = line[colon.upperBound...].trimmingCharacters(in: .whitespaces)
            guard let first = value.first, first != "{", first != "[" else { return String(line) }
            let comma = value.hasSuffix(",")
            if comma { value.removeLast() }
            return line[..<colon.upperBound] + " {\"$value\": " + value + "}" + (comma ? "," : "")
        }.joined(separator: "\n")
    }
}

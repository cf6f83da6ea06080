import Foundation
import ThemeKit

/// SARIF 2.1.0, as GitHub code scanning reads it: the rules with their descriptions and
/// help, and results with relative artifact URIs, start and end positions (columns in
/// Unicode code points, said so by `columnKind`) and fingerprints built from rule, file
/// and key, so that a problem keeps its identity when lines move.
public enum SARIFReporter {
    /// The report as a SARIF log, ending with a newline.
    public static func report(_ report: LintReport) -> String {
        let rules = RuleCatalog.descriptions
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "themelint",
                            "version": ThemeLintVersion.current,
                            "semanticVersion": ThemeLintVersion.current,
                            "rules": rules.map(ruleMetadata),
                        ]
                    ],
                    "columnKind": "unicodeCodePoints",
                    "results": report.diagnostics.map { result($0, ruleIndex: index[$0.code]) },
                ] as [String: Any]
            ],
        ]
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func ruleMetadata(_ rule: RuleDescription) -> [String: Any] {
        let name = rule.id.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var markdown = "\(rule.summary)\n\n\(rule.rationale)"
        if let example = rule.triggeringExamples.first, example.files.count == 1, let text = example.files.first?.value,
            text.contains("↓")
        {
            markdown += "\n\nTriggers it (`↓` marks the place):\n\n```xml\n\(text)```"
        }
        if !rule.isSuppressible {
            markdown += "\n\nCannot be silenced with `themelint:disable-next-line`."
        }
        return [
            "id": rule.id.rawValue,
            "name": name,
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": rule.rationale],
            "help": ["text": "\(rule.summary) \(rule.rationale)", "markdown": markdown],
            "defaultConfiguration": ["level": level(rule.severity)],
            "properties": ["tags": rule.isOptIn ? ["themes", "opt-in"] : ["themes"], "precision": "very-high"],
        ]
    }

    static func result(_ diagnostic: Diagnostic, ruleIndex: Int?) -> [String: Any] {
        var result: [String: Any] = [
            "ruleId": diagnostic.code.rawValue,
            "level": level(diagnostic.severity),
            "message": ["text": diagnostic.message],
            "locations": [location(diagnostic.location, end: diagnostic.end)],
            "partialFingerprints": ["themelint/v1": fingerprint(diagnostic)],
        ]
        if let ruleIndex { result["ruleIndex"] = ruleIndex }
        if !diagnostic.notes.isEmpty {
            result["relatedLocations"] = diagnostic.notes.enumerated().map { offset, note in
                var related = location(note.location, end: nil)
                related["id"] = offset
                related["message"] = ["text": note.message]
                return related
            }
        }
        return result
    }

    static func location(_ location: SourceLocation, end: SourcePosition?) -> [String: Any] {
        var physical: [String: Any] = [
            "artifactLocation": ["uri": uri(location.file)]
        ]
        if location.line > 0 {
            // A problem found at a single point (libxml2 reports no extent) covers one column.
            let end =
                end.flatMap { $0 > location.position ? $0 : nil }
                ?? SourcePosition(line: location.line, column: location.column + 1)
            let region: [String: Any] = [
                "startLine": location.line, "startColumn": location.column, "endLine": end.line,
                "endColumn": end.column,
            ]
            physical["region"] = region
        }
        return ["physicalLocation": physical]
    }

    /// A relative path as a URI reference: each segment percent-encoded, and `:` in the
    /// first segment too, where it would read as a scheme (`themes:v2/a.plist` is not the
    /// scheme `themes`).
    static func uri(_ path: String) -> String {
        let segment = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
        let first = segment.subtracting(CharacterSet(charactersIn: ":"))
        return path.split(separator: "/", omittingEmptySubsequences: false).enumerated().map { index, part in
            part.addingPercentEncoding(withAllowedCharacters: index == 0 ? first : segment) ?? String(part)
        }.joined(separator: "/")
    }

    static func level(_ severity: Severity) -> String { severity == .error ? "error" : "warning" }

    /// FNV-1a (64-bit) over rule, file and key; for a problem with no key, the message
    /// without its digits (which are usually line numbers) stands in for the key.
    static func fingerprint(_ diagnostic: Diagnostic) -> String {
        let subject = diagnostic.key ?? diagnostic.message.filter { !$0.isNumber }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(diagnostic.code.rawValue)\u{0}\(diagnostic.location.file)\u{0}\(subject)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

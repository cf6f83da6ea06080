import Foundation
import ThemeKit
import ThemeOutput

/// SARIF 2.1.0, as GitHub code scanning reads it: the rules with their descriptions and
/// help, and results with relative artifact URIs, start and end positions (columns in
/// Unicode code points, said so by `columnKind`) and fingerprints built from rule, file
/// and key, so that a problem keeps its identity when lines move.
///
/// The log is written as it is made: a skeleton, then each result encoded on its own from
/// a typed `Encodable` value by `JSONOutput`, so that memory stays that of one result
/// however many there are (a tree of `[String: Any]` per result cost hundreds of bytes per
/// input byte).
public enum SARIFReporter: Sendable {
    /// The report as a SARIF log, ending with a newline.
    public static func report(_ report: LintReport) -> String {
        var out = ""
        write(report) { out += $0 }
        return out
    }

    /// Hands the SARIF log of `report` to `sink` piece by piece (ending with a newline):
    /// the same bytes as `report(_:)`, without holding them all.
    public static func write(_ report: LintReport, to sink: (String) throws -> Void) rethrows {
        let rules = RuleCatalog.descriptions
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        // The layout `JSONOutput` gives each piece, which JSONSerialization once gave the
        // whole log: two spaces an indent level, `"key" : value`, keys sorted.
        try sink("{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"runs\" : [\n    {\n")
        try sink("      \"columnKind\" : \"unicodeCodePoints\",\n      \"results\" : [\n")
        var first = true
        for diagnostic in report.diagnostics {
            let result = result(diagnostic, ruleIndex: index[diagnostic.code])
            try sink((first ? "" : ",\n") + indented(encoded(result), by: "        ", first: true))
            first = false
        }
        try sink(first ? "\n      ],\n" : "\n      ],\n")
        let tool = Tool(
            driver: Driver(
                name: "themelint", rules: rules.map(ruleMetadata), semanticVersion: ThemeLintVersion.current,
                version: ThemeLintVersion.current))
        try sink("      \"tool\" : " + indented(encoded(tool), by: "      ", first: false) + "\n")
        try sink("    }\n  ],\n  \"version\" : \"2.1.0\"\n}\n")
    }

    // MARK: - The log's parts, as SARIF names them

    struct Message: Encodable {
        var text: String
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var rules: [Rule]
        var semanticVersion: String
        var version: String
    }

    struct Rule: Encodable {
        struct Help: Encodable {
            var markdown: String
            var text: String
        }
        struct Configuration: Encodable {
            var level: String
        }
        struct Properties: Encodable {
            var precision: String
            var tags: [String]
        }
        var defaultConfiguration: Configuration
        var fullDescription: Message
        var help: Help
        var id: String
        var name: String
        var properties: Properties
        var shortDescription: Message
    }

    struct Result: Encodable {
        var level: String
        var locations: [Location]
        var message: Message
        var partialFingerprints: [String: String]
        var relatedLocations: [Location]?
        var ruleId: String
        var ruleIndex: Int?
    }

    struct Location: Encodable {
        var id: Int?
        var message: Message?
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        struct Artifact: Encodable {
            var uri: String
        }
        var artifactLocation: Artifact
        var region: Region?
    }

    struct Region: Encodable {
        var endColumn: Int
        var endLine: Int
        var startColumn: Int
        var startLine: Int
    }

    static func ruleMetadata(_ rule: RuleDescription) -> Rule {
        let name = rule.id.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        var markdown = "\(rule.summary)\n\n\(rule.rationale)"
        if let example = rule.triggeringExamples.first, example.files.count == 1,
            let (file, text) = example.files.first,
            text.contains("↓")
        {
            // A DTCG rule's example is JSON, and ends where its last brace does.
            let language = file.hasSuffix(".plist") ? "xml" : "json"
            let ending = text.hasSuffix("\n") ? "" : "\n"
            markdown += "\n\nTriggers it (`↓` marks the place):\n\n```\(language)\n\(text)\(ending)```"
        }
        if !rule.isSuppressible {
            markdown += "\n\nCannot be silenced with `themelint:disable-next-line` or `themelint:disable-file`."
        }
        return Rule(
            defaultConfiguration: .init(level: level(rule.severity)), fullDescription: Message(text: rule.rationale),
            help: .init(markdown: markdown, text: "\(rule.summary) \(rule.rationale)"), id: rule.id.rawValue,
            name: name,
            properties: .init(precision: "very-high", tags: rule.isOptIn ? ["themes", "opt-in"] : ["themes"]),
            shortDescription: Message(text: rule.summary))
    }

    static func result(_ diagnostic: Diagnostic, ruleIndex: Int?) -> Result {
        Result(
            level: level(diagnostic.severity), locations: [location(diagnostic.location, end: diagnostic.end)],
            message: Message(text: diagnostic.message),
            partialFingerprints: ["themelint/v1": fingerprint(diagnostic)],
            relatedLocations: diagnostic.notes.isEmpty
                ? nil
                : diagnostic.notes.enumerated().map { offset, note in
                    var related = location(note.location, end: nil)
                    related.id = offset
                    related.message = Message(text: note.message)
                    return related
                },
            ruleId: diagnostic.code.rawValue, ruleIndex: ruleIndex)
    }

    static func location(_ location: SourceLocation, end: SourcePosition?) -> Location {
        var region: Region?
        if location.line > 0 {
            // A problem found at a single point (libxml2 reports no extent) covers one column.
            let end =
                end.flatMap { $0 > location.position ? $0 : nil }
                ?? SourcePosition(line: location.line, column: location.column + 1)
            region = Region(
                endColumn: end.column, endLine: end.line, startColumn: location.column, startLine: location.line)
        }
        return Location(
            physicalLocation: PhysicalLocation(artifactLocation: .init(uri: uri(location.file)), region: region))
    }

    /// One piece of the log as JSON text. It holds strings and integers only, which always
    /// encode.
    static func encoded(_ value: some Encodable) -> String {
        (try? JSONOutput.text(value)) ?? "{}"
    }

    /// Encoded JSON text, its lines (after the first, unless `first`) indented by `indent`.
    /// A JSON string never holds a raw line break, so splitting at them splits lines only.
    static func indented(_ text: String, by indent: String, first: Bool) -> String {
        var out = first ? indent : ""
        out.reserveCapacity(text.utf8.count * 2)
        for character in text.unicodeScalars {
            out.unicodeScalars.append(character)
            if character == "\n" { out += indent }
        }
        return out
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
        let subject = diagnostic.key ?? Diagnostic.identity(ofMessage: diagnostic.message)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(diagnostic.code.rawValue)\u{0}\(diagnostic.location.file)\u{0}\(subject)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Diagnostic {
    /// What stands for a problem with no key in SARIF's fingerprint: its message without
    /// its digits, which are usually line numbers. (The baseline keeps what the message
    /// names: `Baseline.identity(ofMessage:)`.)
    static func identity(ofMessage message: String) -> String { message.filter { !$0.isNumber } }
}

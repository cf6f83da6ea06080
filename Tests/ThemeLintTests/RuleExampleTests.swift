import Foundation
import TestSupport
import Testing
import ThemeKit

@testable import ThemeLint

/// A place a rule reports: a file (as reported) and a line and column, or 0:0 for a
/// whole file or folder.
struct Mark: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int

    static func < (lhs: Mark, rhs: Mark) -> Bool { (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column) }
    var description: String { "\(file):\(line):\(column)" }
}

/// How an example is rewritten before it runs: it must pass in every variant.
enum Variant: String, CaseIterable, Sendable {
    /// As written.
    case plain
    /// CRLF line endings: lines and columns must not move.
    case crlf
    /// Multibyte text (in an XML comment, so the example's keys and values stay as
    /// written) before each marker on its line: columns count scalars, not bytes.
    case multibyte

    func apply(_ text: String) -> String {
        switch self {
        case .plain: text
        case .crlf: text.replacingOccurrences(of: "\n", with: "\r\n")
        case .multibyte: text.replacingOccurrences(of: "↓", with: "<!--Äß☺𝄞-->↓")
        }
    }

    /// `apply` for the file `name`. JSON has no comment to hold multibyte text anywhere, so a
    /// DTCG file is taken as written in that variant: the DTCG rules' examples write
    /// multibyte names before their marks themselves.
    func apply(_ text: String, to name: String) -> String {
        guard self == .multibyte, name.hasSuffix(".json") || name.hasSuffix(".tokens") else { return apply(text) }
        return text
    }
}

/// Writes an example folder, runs the linter on it (with the example's configuration unless
/// `configuration` is given), and returns the marks it expects and the marks the rule reported.
func run(
    _ example: RuleExample, rule: DiagnosticCode, variant: Variant, configuration: LintConfiguration? = nil
) throws -> (expected: [Mark], reported: [Mark], messages: [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var expected: [Mark] = []
    for (name, written) in example.files {
        var text = ""
        var line = 1
        var column = 1
        var previous: Unicode.Scalar?
        for scalar in variant.apply(written, to: name).unicodeScalars {
            if scalar == "↓" {
                expected.append(Mark(file: name, line: line, column: column))
                continue
            }
            text.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previous = scalar
        }
        _ = previous
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    for (name, target) in example.symlinks {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }
    expected += example.wholeFile.map { Mark(file: $0.isEmpty ? "." : $0, line: 0, column: 0) }
    let report = try ThemeLinter(currentDirectory: folder.path, configuration: configuration ?? example.configuration)
        .lint(paths: ["."])
    let own = report.diagnostics.filter { $0.code == rule }
    let reported = own.map { Mark(file: $0.location.file, line: $0.location.line, column: $0.location.column) }
    return (expected.sorted(), reported.sorted(), own.map(\.message))
}

@Suite("Rules and their examples")
struct RuleExampleTests {
    @Test(
        "non-triggering examples report nothing; triggering ones exactly their marks",
        arguments: RuleCatalog.descriptions)
    func examples(_ rule: RuleDescription) throws {
        #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.id) has no non-triggering example")
        #expect(!rule.triggeringExamples.isEmpty, "\(rule.id) has no triggering example")
        for variant in Variant.allCases {
            for example in rule.nonTriggeringExamples {
                let outcome = try run(example, rule: rule.id, variant: variant)
                #expect(outcome.expected == [], "a non-triggering example of \(rule.id) has marks")
                #expect(outcome.reported == [], "\(rule.id), \(variant): \(example.files.keys.sorted())")
            }
            for example in rule.triggeringExamples {
                let outcome = try run(example, rule: rule.id, variant: variant)
                #expect(!outcome.expected.isEmpty, "a triggering example of \(rule.id) has no mark")
                #expect(outcome.reported == outcome.expected, "\(rule.id), \(variant): \(example.files.keys.sorted())")
                if !example.messages.isEmpty {
                    #expect(outcome.messages == example.messages, "\(rule.id), \(variant)")
                }
            }
        }
    }

    @Test("every rule shows what it says: a triggering example with its messages", arguments: RuleCatalog.descriptions)
    func examplesShowMessages(_ rule: RuleDescription) {
        #expect(rule.triggeringExamples.contains { !$0.messages.isEmpty }, "\(rule.id): add messages to an example")
    }

    @Test("every code a diagnostic can carry has a rule: the loader's, each kind's and the linter's")
    func everyCodeHasARule() throws {
        let ruleIDs = Set(RuleCatalog.descriptions.map(\.id))
        // Every code declared in ThemeKit and ThemeLint, read from their sources, so that a
        // code added without its rule fails here. `theme_not_found` is the loader's answer
        // to a name with no file; themelint lints files it found, so never reports it.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var declared: Set<DiagnosticCode> = []
        for folder in ["Sources/ThemeKit", "Lint/ThemeLint"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = files?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(
                    contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let range = line.range(of: ": DiagnosticCode = \"") else { continue }
                    declared.insert(DiagnosticCode(rawValue: String(line[range.upperBound...].prefix { $0 != "\"" })))
                }
            }
        }
        #expect(declared.count >= 20, "the declarations were not found")
        #expect(Set(DiagnosticCode.loadCodes).isSubset(of: declared))
        for code in declared.subtracting([.themeNotFound]).sorted() {
            #expect(ruleIDs.contains(code), "\(code) has no rule in RuleCatalog")
        }
        for kind in ValueKind.typed {
            #expect(kind.code.map(ruleIDs.contains) == true, "the kind \(kind.kind) has no rule")
        }
    }

    @Test("rule ids are unique snake_case, and each rule's severity is what its reports carry")
    func catalogIsConsistent() throws {
        let ids = RuleCatalog.descriptions.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
        for rule in RuleCatalog.descriptions {
            let outcome = try ThemeLinter.reportForExample(rule.triggeringExamples[0])
            let severities = Set(outcome.filter { $0.code == rule.id }.map(\.severity))
            #expect(severities == [rule.severity], "\(rule.id)")
        }
    }

    @Test("the Rules article's table is the one the descriptions generate")
    func rulesArticleTableIsCurrent() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Lint/ThemeLint/ThemeLint.docc/Rules.md")
        var text = try String(contentsOf: article, encoding: .utf8)
        if Golden.isUpdating,
            let begin = text.range(of: "<!-- rules:begin -->\n"), let end = text.range(of: "<!-- rules:end -->")
        {
            text.replaceSubrange(begin.upperBound..<end.lowerBound, with: RuleCatalog.markdownTable())
            try text.write(to: article, atomically: true, encoding: .utf8)
            Golden.recordRewrite(of: article)
            return
        }
        #expect(
            text.contains("<!-- rules:begin -->\n" + RuleCatalog.markdownTable() + "<!-- rules:end -->"),
            "regenerate the table in Rules.md from RuleCatalog.markdownTable()")
    }
}

extension ThemeLinter {
    /// Every diagnostic for an example folder (all rules), for checks across rules.
    static func reportForExample(_ example: RuleExample) throws -> [Diagnostic] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in example.files {
            try Data(text.replacingOccurrences(of: "↓", with: "").utf8).write(to: folder.appendingPathComponent(name))
        }
        for (name, target) in example.symlinks {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
        }
        return try ThemeLinter(currentDirectory: folder.path, configuration: example.configuration).lint(paths: ["."])
            .diagnostics
    }
}

import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools

/// Whether `python3` with `jsonschema` and `referencing` is there to check the exports
/// against the DTCG schemas (CI installs them; without them the tests say so and skip).
let hasDTCGSchemaTools = Python.has("jsonschema", "referencing")

/// The DTCG exports against the official 2025.10 JSON Schemas of `../shared/dtcg`
/// (`validate_dtcg.py`): every token's value against its type's schema too, which
/// `format.json` skips for a type that comes from a group (DTCG #439).
@Suite struct DTCGSchemaTests {
    /// `validate_dtcg.py` on `files`: its status and output.
    static func validate(_ files: [String]) throws -> (status: Int32, output: String) {
        let result = try Python.run(
            "Tests/ThemeToolsTests/validate_dtcg.py",
            [DTCGData.folder.appendingPathComponent("schemas/2025.10").path] + files)
        return (result.status, result.stdout)
    }

    @Test(
        "every shipped theme and every import fixture's themes, exported as dtcg and dtcg-resolver, are schema-valid",
        .enabled(if: DTCGData.isPresent, "\(DTCGData.absence)"),
        .enabled(if: hasDTCGSchemaTools, "needs python3 with jsonschema and referencing: the exports are not checked"))
    func exportsAreSchemaValid() throws {
        let scratch = try Scratch()
        var files: [String] = []
        for (number, origin) in try DTCGRoundTripTests.origins().enumerated() {
            let loader = ThemeLoader(directory: origin.folder)
            for name in loader.availableThemes() {
                let theme = try loader.load(name)
                let tokens = try DTCGExporter.export(theme, partner: nil, in: origin.folder, resolver: false)
                files.append(try scratch.write("\(number)/\(name).tokens.json", tokens).path)
                let partner = try theme.partnerName.map { try loader.load($0) }
                let resolver = try DTCGExporter.export(theme, partner: partner, in: origin.folder, resolver: true)
                files.append(try scratch.write("\(number)/\(name).resolver.json", resolver).path)
            }
        }
        let result = try Self.validate(files)
        #expect(result.status == 0, "\(result.output)")
        let passed = result.output.split(separator: "\n").filter { $0.contains(": ok (") }
        #expect(passed.count == files.count)
        #expect(files.count >= 40)
    }

    @Test(
        "the check reads each value by its type, a group's too, and finds a literal with no type",
        .enabled(if: DTCGData.isPresent, "\(DTCGData.absence)"),
        .enabled(if: hasDTCGSchemaTools, "needs python3 with jsonschema and referencing"))
    func checkFindsGroupTypedValues() throws {
        let scratch = try Scratch()
        let file = try scratch.write(
            "bad.tokens.json",
            #"{ "size": { "$type": "dimension", "gap": { "$value": { "value": 4, "unit": "pt" } } }, "n": { "$value": 3 } }"#
        )
        let result = try Self.validate([file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("size.gap: values/dimension.json: 'pt' is not valid"))
        #expect(result.output.contains("n: a value with no $type"))
    }
}

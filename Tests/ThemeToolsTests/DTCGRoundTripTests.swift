import Foundation
import TestSupport
import Testing
import ThemeKit
import ThemeTools

/// Export to DTCG, then `themekit import --from dtcg`, gives every key of the theme back
/// with the same resolved value and the same alias (SPEC §12, issue 38): for the shipped
/// themes, every import fixture's themes, and the DTCG design system as the loader reads it.
@Suite struct DTCGRoundTripTests {
    /// A folder of themes to export, kept alive with the scratch folder that holds it.
    struct Origin {
        var label: String
        var folder: String
        var scratch: Scratch?
        /// Whether the themes are plists (a DTCG theme's colors are exported as its files
        /// wrote them, which a plist re-imported from them writes in sRGB).
        var isPlist = true
    }

    /// The import fixtures' folders (`Fixtures/Import/FORMAT/`).
    static let importFormats = ["awful", "brstyle", "db5", "motif", "plist", "swifttheme"]

    /// Every folder of themes the round trip covers.
    static func origins() throws -> [Origin] {
        var origins = [Origin(label: "Themes", folder: Paths.themes)]
        for format in importFormats {
            origins.append(try imported(format, ImportFixtures.sources(format)))
        }
        let designSystem = Paths.fixtures.appendingPathComponent("DTCG/design-system")
        origins.append(
            try imported(
                "DTCG design system",
                [ImportDTCGTests.source(designSystem.appendingPathComponent("design-system.resolver.json"))]))
        origins.append(
            try imported(
                "Tokens Studio",
                [ImportDTCGTests.source(ImportTokensStudioTests.folder.appendingPathComponent("$themes.json"))]))
        origins.append(Origin(label: "DTCG design system, read as DTCG", folder: designSystem.path, isPlist: false))
        return origins
    }

    /// `sources` imported into a scratch folder.
    static func imported(_ label: String, _ sources: [ThemeImporter.Source]) throws -> Origin {
        let scratch = try Scratch()
        let output = try ThemeImporter.run(sources)
        let folder = scratch.url.appendingPathComponent("themes").path
        _ = try ImportWriter.write(output.themes, to: folder, force: false)
        return Origin(label: label, folder: folder, scratch: scratch)
    }

    /// `text` (a tokens file or a resolver document) written as `file` and imported with
    /// `--from dtcg` into a folder beside it: its loader.
    static func reimport(_ text: String, as file: String) throws -> (Scratch, ThemeLoader) {
        let scratch = try Scratch()
        let url = try scratch.write(file, text)
        let output = try ThemeImporter.run(
            [ThemeImporter.Source(file: url.path, bytes: Array(text.utf8))], format: .dtcg)
        let folder = scratch.url.appendingPathComponent("out").path
        _ = try ImportWriter.write(output.themes, to: folder, force: false)
        return (scratch, ThemeLoader(directory: folder))
    }

    /// How `copy` differs from `original`: a key missing or added, a value or an alias
    /// that is not the same.
    static func differences(_ original: Theme, _ copy: Theme) -> [String] {
        var found: [String] = []
        let copied = copy.values
        for (key, value) in original.values.sorted(by: { $0.key < $1.key }) {
            guard let other = copied[key] else {
                found.append("\(key): missing")
                continue
            }
            if value != other { found.append("\(key): \(value) became \(other)") }
            let alias = original.source(forKey: key)?.aliasOf
            let otherAlias = copy.source(forKey: key)?.aliasOf
            if alias != otherAlias { found.append("\(key): alias \(alias ?? "none") became \(otherAlias ?? "none")") }
        }
        for key in copied.keys.sorted() where original[key] == nil { found.append("\(key): added") }
        if original.appearance != copy.appearance { found.append("APPEARANCE: \(copy.appearance)") }
        return found
    }

    /// `text` without the line of the extension's `partner`.
    static func withoutPartner(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("      \"partner\": ") }.joined(separator: "\n")
    }

    @Test("every theme exported as a tokens file and imported again has every key's value and alias")
    func tokensFileRoundTrip() throws {
        var compared = 0
        for origin in try Self.origins() {
            let loader = ThemeLoader(directory: origin.folder)
            for name in loader.availableThemes() {
                let original = try loader.load(name)
                let text = try DTCGExporter.export(original, partner: nil, in: origin.folder, resolver: false)
                // Exporting twice gives the same bytes.
                #expect(try DTCGExporter.export(original, partner: nil, in: origin.folder, resolver: false) == text)
                let (scratch, imported) = try Self.reimport(text, as: "\(name).tokens.json")
                let copy = try imported.load(name)
                #expect(Self.differences(original, copy) == [], "\(origin.label): \(name) imported")
                // The exported file read where it is (a manager on a folder of DTCG files).
                let direct = try ThemeLoader(directory: scratch.path).load(name)
                #expect(Self.differences(original, direct) == [], "\(origin.label): \(name) read as DTCG")
                // Exported again, the re-imported plist gives the same file; a DTCG theme's
                // colors are then sRGB, but its export read as DTCG gives the same file. Only
                // the partner a tokens file names for a person is not read back (a tokens
                // file is one theme: the pair is a resolver document's).
                let expected = Self.withoutPartner(text)
                if origin.isPlist {
                    let again = try DTCGExporter.export(
                        copy, partner: nil, in: imported.directory, resolver: false)
                    #expect(again == expected, "\(origin.label): \(name) exported again")
                }
                let fromFile = try DTCGExporter.export(direct, partner: nil, in: scratch.path, resolver: false)
                #expect(fromFile == expected, "\(origin.label): \(name) exported again from its DTCG export")
                compared += original.count
            }
        }
        #expect(compared > 500)
    }

    @Test("every theme with a partner exported as a resolver document and imported again gives both, as light and dark")
    func resolverRoundTrip() throws {
        var pairs = 0
        for origin in try Self.origins() {
            let loader = ThemeLoader(directory: origin.folder)
            for name in loader.availableThemes() {
                let theme = try loader.load(name)
                guard let partnerName = theme.partnerName else { continue }
                let partner = try loader.load(partnerName)
                let text = try DTCGExporter.export(theme, partner: partner, in: origin.folder, resolver: true)
                #expect(try DTCGExporter.export(theme, partner: partner, in: origin.folder, resolver: true) == text)
                let (scratch, imported) = try Self.reimport(text, as: "\(name).resolver.json")
                defer { withExtendedLifetime(scratch) {} }
                // Its themes are its contexts, light and dark (the default one named default).
                let themes = try imported.availableThemes().map { try imported.load($0) }
                #expect(themes.count == 2)
                let own = try #require(themes.first { $0.appearance == theme.appearance })
                let other = try #require(themes.first { $0.appearance == partner.appearance })
                #expect(Self.differences(theme, own) == [], "\(origin.label): \(name) from its resolver")
                #expect(
                    Self.differences(partner, other) == [], "\(origin.label): \(partnerName) from \(name)'s resolver")
                #expect(own.partnerName == other.name)
                pairs += 1
            }
        }
        #expect(pairs >= 6)
    }
}

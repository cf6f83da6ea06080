import Foundation
import Testing
import ThemeKit
import ThemeOutput
import ThemeTools

@Suite struct ThemeExporterTests {
    @Test(
        "keys become kebab-case custom property names",
        arguments: [
            ("primaryColor", "--primary-color"), ("URLColor", "--url-color"), ("h1Color", "--h1-color"),
            ("headerFontSize", "--header-font-size"), ("already-kebab", "--already-kebab"),
            ("snake_case", "--snake_case"), ("caféColor", "--café-color"), ("2xSize", "--2x-size"),
        ])
    func kebabCaseNames(key: String, property: String) {
        #expect(ThemeExporter.cssName(key) == property)
    }

    @Test func charactersOutsideAnIdentifierAreEscaped() {
        #expect(ThemeExporter.cssName("a b") == #"--a\ b"#)
        #expect(ThemeExporter.cssName("x.y:z") == #"--x\.y\:z"#)
        #expect(ThemeExporter.cssName("line\nbreak") == #"--line\a break"#)
        #expect(ThemeExporter.cssName("<b>") == #"--\<b\>"#)
    }

    @Test func stringsAreQuotedAndEscaped() {
        #expect(ThemeExporter.cssString(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(ThemeExporter.cssString("a\nb") == #""a\a b""#)
        #expect(ThemeExporter.cssString("</style>") == #""\3c /style>""#)
    }

    @Test func shippedThemeExportsEveryValueWithItsUnit() throws {
        let theme = try ThemeLoader(directory: Paths.themes).load("lowcontrast")
        let css = try ThemeExporter.css(theme)
        #expect(css.contains("\n:root {\n"))
        #expect(css.contains("  --primary-color: #7fa7c9;\n"))
        #expect(css.contains("  --overlay-color: #00000066;\n"), "alpha is kept when not opaque")
        #expect(css.contains("  --header-font-family: \"Helvetica-Light\";\n  --header-font-size: 20px;\n"))
        #expect(css.contains("  --button-font-size: 20px;\n"), "an aliased font takes its size along")
        #expect(css.contains("  --spacing-size: 12.5px;\n"))
        #expect(css.contains("  --logo-image: \"appLogo\";\n"))
        #expect(css.contains("  --animations-enabled: true;\n"))
        let properties = css.split(separator: "\n").filter { $0.hasPrefix("  --") }
        #expect(
            properties.count == 33 + 4 - 3,
            "33 keys; four fonts as two properties each; three font sizes folded into them")
        #expect(properties == properties.sorted())
        #expect(css.components(separatedBy: "--header-font-size:").count == 2, "written once")
    }

    @Test func dataThemeSelectorNamesTheTheme() throws {
        let theme = Theme(name: "dark", values: ["inkColor": .color(ThemeColor(red: 1, green: 1, blue: 1))])
        let css = try ThemeExporter.css(theme, selector: .dataTheme)
        #expect(css.hasSuffix("[data-theme=\"dark\"] {\n  --ink-color: #ffffff;\n}\n"))
    }

    @Test func anOrphanFontSizeIsItsOwnProperty() throws {
        let theme = Theme(name: "t", values: ["titleFontSize": .size(18)])
        #expect(try ThemeExporter.css(theme).contains("  --title-font-size: 18px;\n"))
    }

    @Test func keysThatMeetAfterConversionAreAnErrorNotALoss() {
        let theme = Theme(
            name: "t",
            values: [
                "primaryColor": .color(ThemeColor(red: 1, green: 0, blue: 0)),
                "primary-color": .color(ThemeColor(red: 0, green: 0, blue: 1)),
                "titleFont": .font(ThemeFont(name: "Menlo", size: 12)), "titleFontFamily": .string("x"),
            ])
        #expect {
            try ThemeExporter.css(theme)
        } throws: { error in
            guard let error = error as? ThemeExporter.CSSNameError else { return false }
            return error.collisions.map(\.property) == ["--primary-color", "--title-font-family"]
                && error.collisions.map(\.keys) == [
                    ["primary-color", "primaryColor"], ["titleFont", "titleFontFamily"],
                ]
                && error.description.hasPrefix(
                    "keys 'primary-color' and 'primaryColor' would all be written as --primary-color")
        }
    }

    @Test(
        "numbers of any magnitude are exact positional decimals, never an exponent or a trap",
        arguments: [
            (12.0, "12"), (12.5, "12.5"), (-0.0, "0"), (1e16, "10000000000000000"),
            (1e15, "1000000000000000"), (-1e16, "-10000000000000000"), (1e-7, "0.0000001"),
            (1.5e-7, "0.00000015"), (123456789.125, "123456789.125"), (0.1, "0.1"),
            (1e22, "10000000000000000000000"),
            (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5"),
            (Double.greatestFiniteMagnitude, "17976931348623157" + String(repeating: "0", count: 292)),
        ])
    func numbersArePlainExactDecimals(number: Double, text: String) {
        #expect(ThemeExporter.cssNumber(number) == text)
        #expect(Double(text) == number, "reads back as the same Double")
    }

    @Test func hugeAndTinySizesAreWrittenAsTheyAre() throws {
        let theme = Theme(
            name: "t",
            values: ["cornerSize": .size(1e16), "hairlineSize": .size(1e-7), "scale": .number(-2.5e20)])
        let css = try ThemeExporter.css(theme)
        #expect(css.contains("  --corner-size: 10000000000000000px;\n"))
        #expect(css.contains("  --hairline-size: 0.0000001px;\n"), "a size above 0 never becomes 0px")
        #expect(css.contains("  --scale: -250000000000000000000;\n"))
    }

    /// Both JSON outputs go through `JSONOutput`: whatever text a number gets, it reads back
    /// as the same Double, the sign of zero included (read with JSONDecoder, which reads
    /// exactly; see `JSONOutputTests`).
    @Test func jsonNumbersReadBackAsTheSameDouble() throws {
        let numbers: [Double] = [
            12, 0.1, 1e300, .leastNonzeroMagnitude, -0.0, 1e15, 1e16, 1e-7, -2.5e20, .greatestFiniteMagnitude,
            0.30000000000000004, 123_456.789, 1.0 / 3,
        ]
        var values: [String: ThemeValue] = [:]
        for (index, number) in numbers.enumerated() {
            values["n\(index)"] = .number(number)
            values["n\(index)Size"] = .size(number)
            values["n\(index)Font"] = .font(ThemeFont(name: "Menlo", size: number))
        }
        let theme = Theme(name: "numbers", values: values)
        let export = try JSONDecoder().decode([String: ReadNumber].self, from: Data(ThemeExporter.json(theme).utf8))
        let show = try JSONDecoder().decode(
            ReadTable.self, from: Data(ThemeTable(theme: theme, path: DisplayPath(currentDirectory: "/")).json.utf8))
        let rows = Dictionary(uniqueKeysWithValues: show.values.map { ($0.key, $0.value.number) })
        #expect(export.count == values.count && rows.count == values.count)
        for (index, number) in numbers.enumerated() {
            for key in ["n\(index)", "n\(index)Size", "n\(index)Font"] {
                for (output, read) in [("export", export[key]?.number), ("show", rows[key])] {
                    #expect(
                        read == number && read?.sign == number.sign, "\(output) \(key): \(read ?? .nan) for \(number)")
                }
            }
        }
    }

    /// A number as the JSON outputs write it: bare, or as a font's `size`.
    private struct ReadNumber: Decodable {
        var number: Double

        enum FontKeys: String, CodingKey {
            case size
        }

        init(from decoder: any Decoder) throws {
            if let font = try? decoder.container(keyedBy: FontKeys.self) {
                number = try font.decode(Double.self, forKey: .size)
            } else {
                number = try decoder.singleValueContainer().decode(Double.self)
            }
        }
    }

    private struct ReadTable: Decodable {
        struct Row: Decodable {
            var key: String
            var value: ReadNumber
        }
        var values: [Row]
    }

    @Test func valuesAndNamesCSSCannotExpressAreAnErrorNotAChange() {
        let theme = Theme(
            name: "t",
            values: [
                "ratio": .number(.nan), "far": .number(.infinity), "near": .number(-.infinity),
                "": .string("x"), "titleFont": .font(ThemeFont(name: "Menlo", size: .nan)),
                "inkColor": .color(ThemeColor(red: 0, green: 0, blue: 0)),
            ])
        #expect {
            try ThemeExporter.css(theme)
        } throws: { error in
            guard let error = error as? ThemeExporter.CSSError else { return false }
            return error.collisions.isEmpty
                && error.unwritable.map(\.key) == ["", "far", "near", "ratio", "titleFont"]
                && error.unwritable.map(\.what) == ["an empty name", "infinity", "-infinity", "NaN", "NaN"]
                && error.description == """
                    the empty key has an empty name, which CSS cannot express: change the value or the key
                    key 'far' has infinity, which CSS cannot express: change the value or the key
                    key 'near' has -infinity, which CSS cannot express: change the value or the key
                    key 'ratio' has NaN, which CSS cannot express: change the value or the key
                    key 'titleFont' has NaN, which CSS cannot express: change the value or the key
                    """
        }
    }

    @Test func numbersJSONCannotExpressAreAnErrorSharedWithCSS() {
        let theme = Theme(
            name: "t",
            values: [
                "ratio": .number(.nan), "gapSize": .size(.infinity), "near": .number(-.infinity),
                "": .string("x"), "titleFont": .font(ThemeFont(name: "Menlo", size: .nan)),
                "inkColor": .color(ThemeColor(red: 0, green: 0, blue: 0)),
            ])
        #expect {
            try ThemeExporter.json(theme)
        } throws: { error in
            guard let error = error as? ThemeExporter.ExportError else { return false }
            return error.format == "JSON" && error.collisions.isEmpty
                && error.description == """
                    key 'gapSize' has infinity, which JSON cannot express: change the value or the key
                    key 'near' has -infinity, which JSON cannot express: change the value or the key
                    key 'ratio' has NaN, which JSON cannot express: change the value or the key
                    key 'titleFont' has NaN, which JSON cannot express: change the value or the key
                    """
        }
        #expect(throws: ThemeExporter.ExportError.self) { try ThemeExporter.checkJSON(theme) }
        let finite = Theme(name: "t", values: ["": .string("x"), "gapSize": .size(1e300)])
        #expect(throws: Never.self) { try ThemeExporter.checkJSON(finite) }
    }

    @Test func jsonIsOneObjectOfResolvedValues() throws {
        let theme = try ThemeLoader(directory: Paths.themes).load("lowcontrast")
        let json = try ThemeExporter.json(theme)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object.count == theme.values.count)
        #expect(object["primaryColor"] as? String == "#7FA7C9")
        #expect((object["buttonFont"] as? [String: Any])?["name"] as? String == "Helvetica-Light")
        #expect((object["buttonFont"] as? [String: Any])?["size"] as? Int == 20)
        #expect(object["spacingSize"] as? Double == 12.5)
        #expect(object["animationsEnabled"] as? Bool == true)
        #expect(json.hasPrefix("{\n  \"accentColor\" : \"#C98A88\",\n"), "keys sorted, two-space indent")
    }

    /// Found by the tools fuzzer (Tests/ThemeToolsTests/Fixtures/fuzz/bidi.plist): a raw
    /// U+FEFF at the start of a string read back empty through Foundation's JSONSerialization
    /// on Linux, for a key as for a value.
    @Test func byteOrderMarksInKeysAndValuesReadBack() throws {
        let theme = Theme(name: "bom", values: ["\u{FEFF}key": .string("\u{FEFF}"), "plain": .string("\u{FEFF}x")])
        let json = try ThemeExporter.json(theme)
        #expect(json == "{\n  \"plain\" : \"\\uFEFFx\",\n  \"\\uFEFFkey\" : \"\\uFEFF\"\n}\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        #expect(object == ["\u{FEFF}key": "\u{FEFF}", "plain": "\u{FEFF}x"])
    }
}

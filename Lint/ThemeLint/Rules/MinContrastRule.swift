import Foundation
public import ThemeKit

extension DiagnosticCode {
    /// A configured foreground/background pair is below its minimum contrast ratio, or
    /// cannot be checked in a theme (opt-in, `min_contrast`).
    public static let minContrast: DiagnosticCode = "min_contrast"
}

/// `min_contrast` (opt-in): A configured text/background pair of colors is below its
/// minimum WCAG contrast ratio.
///
/// It runs only when `.themelint.json` gives it pairs. Each pair is checked in each theme
/// it applies to, and in the partner each of those themes names (`DARK_THEME`,
/// `LIGHT_THEME`): a light theme's pair holds for the dark theme that stands in for it. A
/// pair is checked on the theme's resolved colors (aliases followed, parents merged); a
/// translucent foreground is painted over the background first. A theme with errors is
/// not checked: its colors are not known, and its errors are already reported.
///
/// A problem is reported once, in the theme whose colors fail: as the pair's own when the
/// pair applies to that theme, else through the first theme (by name) that names it as its
/// partner and that the pair applies to, with a note where that theme names it.
package struct MinContrastRule: Rule {
    package init() {}

    /// Checks the merged theme once, whatever files made it.
    package static let checksOwnFilesTogether = true

    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        let pairs = theme.configuration.contrastPairs.enumerated().compactMap {
            index, pair -> (index: Int, pair: ContrastPair, through: PartnerNaming?)? in
            if pair.applies(toTheme: theme.analysis.name, inFolder: theme.folder) { return (index, pair, nil) }
            let naming = theme.namedAsPartnerBy.first { pair.applies(toTheme: $0.name, inFolder: theme.folder) }
            return naming.map { (index, pair, $0) }
        }
        guard !pairs.isEmpty, let file = theme.file, let resolved = theme.resolvedTheme else { return [] }
        let origin = theme.configuration.file ?? LintConfiguration.fileName
        // Each "did you mean" compares a name with every key of the theme: at most
        // `Suggestions.budget` per theme, so many pairs naming missing keys in a
        // large theme stay linear.
        var budget = Suggestions.Budget()
        return pairs.compactMap { index, pair, through in
            let path = "\(ConfigurationParser.path(".rules", DiagnosticCode.minContrast.rawValue)).pairs[\(index)]"
            let partner = through.map(Self.throughPartner) ?? ""
            let notes = through.map { [Diagnostic.Note(Self.partnerNote($0), at: $0.location)] } ?? []
            for (key, field) in [(pair.foreground, "foreground"), (pair.background, "background")] {
                guard resolved.color(forKey: key) == nil else { continue }
                var problem = Self.uncheckable(
                    key, in: resolved, file: file, named: "\(path).\(field) in \(origin)" + partner, budget: &budget)
                problem.notes += notes
                return problem
            }
            guard let foreground = resolved.color(forKey: pair.foreground),
                let background = resolved.color(forKey: pair.background)
            else { return nil }
            let ratio = foreground.contrastRatio(against: background)
            guard ratio < pair.minimum else { return nil }
            var problem = Self.tooLow(
                pair, foreground: foreground, background: background, ratio: ratio, in: resolved, file: file,
                named: "\(path) in \(origin)" + partner)
            problem.notes += notes
            return problem
        }
    }

    // MARK: What the rule says

    /// A pair below its minimum: `'textColor' #777777 on 'backgroundColor' #FFFFFF: contrast
    /// 4.47:1 is below the minimum 4.5:1 of .rules.min_contrast.pairs[0] in .themelint.json`
    /// (each color as `describe` words it; the pair as the configuration names it, since
    /// several pairs can check the same colors in different themes or folders).
    static func belowMinimum(
        _ foreground: String, on background: String, ratio: Double, minimum: Double, namedBy origin: String
    ) -> String {
        "\(foreground) on \(background): contrast \(ThemeColor.contrastRatioText(ratio)):1 is below the minimum "
            + "\(ThemeValue.text(of: minimum)):1 of \(origin)"
    }

    /// What a pair that applies to a theme through the theme naming it as its partner adds
    /// to the pair's name: `, which applies here through the partner: 'default' names this
    /// theme as its DARK_THEME`.
    static func throughPartner(_ naming: PartnerNaming) -> String {
        ", which applies here through the partner: '\(naming.name)' names this theme as its \(naming.key)"
    }

    /// The note at where the theme the pair applies to names this one as its partner.
    static func partnerNote(_ naming: PartnerNaming) -> String { "'\(naming.name)' names this theme here" }

    /// The note at where a color of the pair gets its value.
    static func valueNote(role: String, key: String) -> String { "the \(role) '\(key)' gets its value here" }

    /// A pair that cannot be checked, and the configuration entry that names it.
    static func uncheckable(_ problem: String, namedBy origin: String) -> String {
        "contrast cannot be checked: \(problem); it is named by \(origin)"
    }

    /// Why: the key holds something else than a color.
    static func notAColor(_ key: String, _ value: ThemeValue) -> String { "'\(key)' is \(value), not a color" }

    /// Why: the theme has no such key.
    static func noSuchKey(_ key: String, suggestion: String?) -> String {
        "this theme has no key '\(key)'\(Suggestions.hint(suggestion))"
    }

    /// The report of a pair below its minimum, at the first key of the foreground's alias
    /// chain (else the background's) that the theme's own file sets; at the file as a whole
    /// when both colors are inherited unchanged.
    private static func tooLow(
        _ pair: ContrastPair, foreground: ThemeColor, background: ThemeColor, ratio: Double, in theme: Theme,
        file: ThemeFile, named origin: String
    ) -> Diagnostic {
        let message = Self.belowMinimum(
            describe(pair.foreground, foreground, in: theme), on: describe(pair.background, background, in: theme),
            ratio: ratio, minimum: pair.minimum, namedBy: origin)
        var notes: [Diagnostic.Note] = []
        for (key, role) in [(pair.foreground, "foreground"), (pair.background, "background")] {
            if let source = theme.source(forKey: key), source.value.line > 0 {
                notes.append(Diagnostic.Note(Self.valueNote(role: role, key: key), at: source.value))
            }
        }
        let chains = chain(of: pair.foreground, in: theme) + chain(of: pair.background, in: theme)
        guard let entry = chains.lazy.compactMap({ file[$0] }).first else {
            return Diagnostic(
                .minContrast, message, at: .wholeFile(file.path), key: pair.foreground, notes: notes)
        }
        return file.document.diagnostic(.minContrast, message, at: entry.keyRange, key: pair.foreground, notes: notes)
    }

    /// The report of a pair whose key is missing, or is not a color, in a theme: an error,
    /// since a check the configuration asks for must not pass by not being made.
    private static func uncheckable(
        _ key: String, in theme: Theme, file: ThemeFile, named origin: String, budget: inout Suggestions.Budget
    ) -> Diagnostic {
        let problem: String
        if let value = theme[key] {
            problem = Self.notAColor(key, value)
        } else {
            problem = Self.noSuchKey(key, suggestion: budget.closest(to: key, among: theme.values.keys))
        }
        return Diagnostic(.minContrast, Self.uncheckable(problem, namedBy: origin), at: .wholeFile(file.path), key: key)
    }

    /// `textColor #5A5A5A (from inkColor)`, with the composited color of a translucent one;
    /// the key the value comes from as the file names it (`(from '{color.ink}')` in DTCG).
    private static func describe(_ key: String, _ color: ThemeColor, in theme: Theme) -> String {
        var text = "'\(key)' \(color.hexString)"
        if let last = chain(of: key, in: theme).last, last != key {
            let syntax = theme.source(forKey: key)?.syntax ?? .plist
            text += " (from '\(syntax.link(last))')"
        }
        return text
    }

    /// `key`, then each key its alias chain passes through, to the one holding the value.
    private static func chain(of key: String, in theme: Theme) -> [String] {
        [key] + theme.aliasChain(forKey: key)
    }

    package static let description = RuleDescription(
        id: .minContrast,
        summary: "A configured text/background pair of colors is below its minimum WCAG contrast ratio.",
        rationale:
            "Text that does not stand out from its background is hard to read, and unreadable for many people with low vision; WCAG 2.x asks for 4.5:1 for body text (AA) and 7:1 (AAA). Enabled and configured in .themelint.json; "
            + "a pair that applies to a theme applies to the partner it names for the other appearance (DARK_THEME, "
            + "LIGHT_THEME) too, since that theme stands in for it when the system turns dark or light.",
        nonTriggeringExamples: [
            RuleExample(
                entries: [
                    "<key>textColor</key><string>000000</string>",
                    "<key>backgroundColor</key><string>FFFFFF</string>",
                ], configuration: examples),
            RuleExample(
                [
                    "default.plist": RuleExample.plist([
                        "<key>textColor</key><string>777777</string>",
                        "<key>backgroundColor</key><string>FFFFFF</string>",
                    ]),
                    "highcontrast.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "<key>textColor</key><string>000000</string>",
                    ]),
                ], configuration: LintConfiguration(contrastPairs: [highContrastPair])),
            RuleExample(
                withDarkPartner([
                    "<key>textColor</key><string>F2F2F7</string>",
                    "<key>backgroundColor</key><string>000000</string>",
                ]), configuration: defaultOnly),
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "↓<key>textColor</key><string>777777</string>",
                    "<key>backgroundColor</key><string>FFFFFF</string>",
                ], configuration: examples,
                messages: [
                    "'textColor' #777777 on 'backgroundColor' #FFFFFF: contrast 4.47:1 is below the minimum 4.5:1 "
                        + "of .rules.min_contrast.pairs[0] in .themelint.json"
                ]),
            RuleExample(
                [
                    "default.plist": RuleExample.plist([
                        "<key>inkColor</key><string>000000</string>",
                        "<key>textColor</key><string>inkColor</string>",
                        "<key>backgroundColor</key><string>FFFFFF</string>",
                    ]),
                    "dim.plist": RuleExample.plist([
                        "<key>INHERITED_THEME</key><string>default</string>",
                        "↓<key>inkColor</key><string>00000055</string>",
                    ]),
                ], configuration: examples),
            RuleExample(
                entries: ["<key>backgroundColor</key><string>FFFFFF</string>"], wholeFile: ["default.plist"],
                configuration: examples),
            RuleExample(
                withDarkPartner(["↓<key>backgroundColor</key><string>111111</string>"]), configuration: defaultOnly,
                messages: [
                    "'textColor' #000000 on 'backgroundColor' #111111: contrast 1.11:1 is below the minimum 4.5:1 "
                        + "of .rules.min_contrast.pairs[0] in .themelint.json, which applies here through the "
                        + "partner: 'default' names this theme as its DARK_THEME"
                ]),
        ],
        isOptIn: true
    )

    /// The configuration of the examples: body text at WCAG AA.
    private static let examples = LintConfiguration(contrastPairs: [
        ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 4.5)
    ])

    /// A readable `default` naming `night` its `DARK_THEME`, and `night`, dark, inheriting
    /// it and setting `entries`.
    private static func withDarkPartner(_ entries: [String]) -> [String: String] {
        [
            "default.plist": RuleExample.plist([
                "<key>textColor</key><string>000000</string>",
                "<key>backgroundColor</key><string>FFFFFF</string>",
                "<key>DARK_THEME</key><string>night</string>",
            ]),
            "night.plist": RuleExample.plist(
                [
                    "<key>INHERITED_THEME</key><string>default</string>",
                    "<key>APPEARANCE</key><string>dark</string>",
                ] + entries),
        ]
    }

    /// Body text at WCAG AA, for the theme named `default` (and so for its partner).
    private static let defaultOnly = LintConfiguration(contrastPairs: [
        ContrastPair(foreground: "textColor", background: "backgroundColor", minimum: 4.5, themes: ["default"])
    ])

    /// AAA, for the theme named `highcontrast` only.
    private static let highContrastPair = ContrastPair(
        foreground: "textColor", background: "backgroundColor", minimum: 7, themes: ["highcontrast"])
}

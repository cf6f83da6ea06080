import Foundation

/// What a theme's reserved appearance keys say: whether it is light or dark (`APPEARANCE`,
/// inherited), and the partners its own file names (`DARK_THEME`, `LIGHT_THEME`, not
/// inherited: a dark child of a light theme must not take its parent's `DARK_THEME`).
package struct AppearanceFacts: Sendable, Hashable {
    /// The theme's appearance: the nearest `APPEARANCE` of its lineage, else `light`.
    package var appearance: ThemeAppearance = .light
    /// The theme's own `DARK_THEME`, when it is a theme name.
    package var darkThemeName: String?
    /// The theme's own `LIGHT_THEME`, when it is a theme name.
    package var lightThemeName: String?

    package init(appearance: ThemeAppearance = .light, darkThemeName: String? = nil, lightThemeName: String? = nil) {
        self.appearance = appearance
        self.darkThemeName = darkThemeName
        self.lightThemeName = lightThemeName
    }

    /// The theme's partner of `appearance`, if its file names one.
    package func partner(for appearance: ThemeAppearance) -> String? {
        switch appearance {
        case .dark: darkThemeName
        case .light: lightThemeName
        }
    }
}

/// A theme's appearance as its lineage declares it: the nearest `APPEARANCE`, and the
/// problem with it when it is neither `light` nor `dark` (the theme is then taken as light).
package struct DeclaredAppearance: Sendable, Hashable {
    /// The appearance the lineage declares, `light` when it declares none (or a wrong one).
    package var appearance: ThemeAppearance = .light
    /// `invalid_appearance` at the `APPEARANCE` that decides, when it is wrong.
    package var problem: Diagnostic?

    /// What `file` itself declares, or nil when it has no `APPEARANCE`.
    package static func declared(in file: ThemeFile) -> DeclaredAppearance? {
        guard let entry = file[ThemeName.appearanceKey] else { return nil }
        if case .string(let text) = entry.value, let appearance = ThemeAppearance(rawValue: text) {
            return DeclaredAppearance(appearance: appearance)
        }
        var suggestion: String?
        if case .string(let text) = entry.value {
            suggestion = Suggestions.closest(to: text, among: ThemeAppearance.allCases.map(\.rawValue))
        }
        let problem = file.document.diagnostic(
            .invalidAppearance,
            "\(ThemeName.appearanceKey) must be 'light' or 'dark'; \(ThemeResolver.describe(entry.value)) is neither"
                + Suggestions.hint(suggestion),
            at: entry.valueRange, key: ThemeName.appearanceKey)
        return DeclaredAppearance(problem: problem)
    }
}

extension ThemeLoader {
    /// Reads and checks the reserved appearance keys of the analysed theme: its
    /// appearance (its own `APPEARANCE`, else its nearest ancestor's, else `light`; a wrong
    /// one is `invalid_appearance`) and the partners its own file names (one that is not a
    /// theme name, or names no file beside the theme, is `missing_partner`, at the value).
    /// The ancestors' appearance comes from the session's parent link when there is one
    /// (worked out once per link), else from the ancestors' files.
    func addAppearance(to analysis: inout ThemeAnalysis) {
        // A DTCG theme's are found with its partners among the folder's DTCG themes.
        guard let own = analysis.files.first, !analysis.isTokensTheme else { return }
        let declared =
            DeclaredAppearance.declared(in: own) ?? analysis.parentLink?.appearance
            ?? analysis.files.dropFirst().lazy.compactMap(DeclaredAppearance.declared(in:)).first
            ?? DeclaredAppearance()
        var facts = AppearanceFacts(appearance: declared.appearance)
        var problems = declared.problem.map { [$0] } ?? []
        for appearance in ThemeAppearance.allCases {
            let key = ThemeName.partnerKey(for: appearance)
            guard let entry = own[key] else { continue }
            guard case .string(let name) = entry.value, ThemeName.isValid(name) else {
                problems.append(
                    own.document.diagnostic(
                        .missingPartner,
                        "\(key) must be a theme name; \(ThemeResolver.describe(entry.value)) is not one",
                        at: entry.valueRange, key: key))
                continue
            }
            guard FileManager.default.fileExists(atPath: path(of: name)) else {
                let names =
                    (try? FileManager.default.contentsOfDirectory(atPath: directory))?
                    .compactMap(ThemeName.of(fileName:)) ?? []
                problems.append(
                    own.document.diagnostic(
                        .missingPartner,
                        "\(key) names '\(name)', but there is no \(name).plist beside this theme"
                            + Suggestions.hint(Suggestions.closest(to: name, among: names)),
                        at: entry.valueRange, key: key))
                continue
            }
            switch appearance {
            case .dark: facts.darkThemeName = name
            case .light: facts.lightThemeName = name
            }
        }
        analysis.appearance = facts
        if !problems.isEmpty {
            analysis.diagnostics = (analysis.diagnostics + problems.filter { !analysis.diagnostics.contains($0) })
                .sorted()
        }
    }
}

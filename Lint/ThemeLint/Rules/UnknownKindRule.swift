package import ThemeKit

/// `unknown_kind`: A `$type` declaration names no kind.
package struct UnknownKindRule: Rule {
    package init() {}

    /// What the rule says of `declaration`, whose value `written` (as the resolver words it)
    /// names no kind.
    static func message(_ declaration: String, is written: String, suggestion: String?) -> String {
        "'\(declaration)' is \(written), which names no kind\(Suggestions.hint(suggestion))"
    }

    /// Not in a DTCG theme: there the tokens reader checks `$type` (a composite's type,
    /// `typography` or `shadow`, is its sub-keys', each with its own kind; a type DTCG does
    /// not have is a `token_note`, its value kept as written), and Terrazzo's valid files use
    /// every composite type.
    package func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, !theme.analysis.isTokensTheme else { return [] }
        return file.declarations.compactMap { kind, entry -> Diagnostic? in
            guard kind == .type else { return nil }
            let suggestion: String?
            let written: String
            switch entry.value {
            case .string(let name):
                guard ValueKind.declared(named: name) == nil else { return nil }
                written = "'\(name)'"
                suggestion = Suggestions.closest(to: name, among: ValueKind.declaredNames)
            case .integer(let number): (written, suggestion) = ("the integer \(number)", nil)
            case .real(let number): (written, suggestion) = ("the number \(number)", nil)
            case .bool(let flag): (written, suggestion) = (flag ? "<true/>" : "<false/>", nil)
            case .nested: return nil  // not_flat says so
            }
            return file.document.diagnostic(
                Self.description.id, Self.message(entry.key, is: written, suggestion: suggestion),
                at: entry.valueRange, key: entry.key)
        }
    }

    package static let description = RuleDescription(
        id: .unknownKind,
        severity: .error,
        summary: "A `$type` declaration names no kind.",
        rationale:
            "A `$type` gives the keys under it their kind (color, dimension, duration, …); a name that is no kind "
            + "types nothing, and the keys it meant to check are taken as written.",
        nonTriggeringExamples: [
            RuleExample([
                "default.plist": RuleExample.plist([
                    "<key>color.$type</key><string>color</string>", "<key>color.bg</key><string>#35a2fb</string>",
                ])
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": RuleExample.plist([
                        "<key>color.$type</key>↓<string>colour</string>",
                        "<key>color.bg</key><string>#35a2fb</string>",
                    ])
                ],
                messages: ["'color.$type' is 'colour', which names no kind; did you mean 'color'?"])
        ]
    )
}

extension DiagnosticCode {
    /// themelint: A `$type` names no kind (error). Package: no app needs the constant, and
    /// the public surface stays as reviewed.
    package static let unknownKind: DiagnosticCode = "unknown_kind"
}

import ThemeKit

/// `token_reference`: A DTCG reference that cannot be followed as written.
///
/// Checked by the tokens reader (`TokensWalk`: a curly reference to a token of another
/// `$type`, a malformed one, a `$ref` to another file outside a resolver) and the resolver
/// document's reader (a source it cannot read, a `$ref` to no set or modifier). A reference
/// that names nothing is `unresolved_alias`, one that leads back to itself `alias_cycle`, as
/// for a plist's aliases.
package struct TokenReferenceRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .tokenReference,
        summary:
            "A DTCG reference that cannot be followed as written: to a token of another `$type`, malformed, or to a "
            + "file that cannot be read.",
        rationale:
            "A color that names a dimension, or a reference with a missing brace, resolves to nothing a tool can use; "
            + "DTCG makes both errors.",
        nonTriggeringExamples: [
            RuleExample([
                "default.tokens.json": """
                {
                  "size": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
                  "gap": { "$type": "dimension", "$value": "{size}" }
                }
                """
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.tokens.json": """
                    {
                      "size": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
                      "bg": { "$type": "color", "$value": ↓"{size}" },
                      "gap": { "$type": "dimension", "$value": ↓"{size" }
                    }
                    """
                ],
                messages: [
                    "'bg' is a color, but '{size}' is a dimension",
                    "'{size' is no reference: write '{group.token}'",
                ])
        ]
    )
}

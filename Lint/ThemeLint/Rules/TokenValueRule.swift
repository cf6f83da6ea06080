import ThemeKit

/// `token_value`: A DTCG token's `$value` does not fit its `$type`.
///
/// Checked by the tokens reader (`TokensWalk`), as it reads each value by its type, and by
/// the resolver document's reader for a document that is not one.
package struct TokenValueRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .tokenValue,
        summary:
            "A DTCG token's `$value` does not fit its `$type` (a dimension with no unit, a color with no space, …).",
        rationale:
            "A value its type cannot read has no value in any tool: the app would fall back to a default where the "
            + "design says something else.",
        nonTriggeringExamples: [
            RuleExample([
                "default.tokens.json": """
                { "gap": { "$type": "dimension", "$value": { "value": 8, "unit": "px" } } }
                """
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.tokens.json": """
                    {
                      "größe☺𝄞": { "$type": "dimension", "$value": ↓{ "value": 8 } },
                      "weight": { "$type": "fontWeight", "$value": ↓true }
                    }
                    """
                ],
                messages: [
                    "'größe☺𝄞': a dimension needs a 'unit' string",
                    "'weight' is a boolean, not a weight from 1 to 1000 or a keyword (thin … extra-black)",
                ])
        ]
    )
}

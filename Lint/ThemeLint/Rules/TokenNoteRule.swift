import ThemeKit

/// `token_note`: Where a DTCG file deviates from the format and the reader kept the value.
///
/// Reported by the tokens reader (`TokensWalk.note`) and the resolver document's reader:
/// reading is lenient, each deviation one located warning.
package struct TokenNoteRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .tokenNote,
        severity: .warning,
        summary:
            "A DTCG file deviates from the format where the reader kept or converted the value (a hex string color, "
            + "an `em` unit, a type DTCG does not have, a color outside sRGB).",
        rationale:
            "Real files deviate, and the value is kept as well as it can be; the note says where another tool may "
            + "read it differently.",
        nonTriggeringExamples: [
            RuleExample([
                "default.tokens.json": """
                { "blue": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } } }
                """
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.tokens.json": """
                    {
                      "blue": { "$type": "color", "$value": ↓"#0000ff" },
                      "label": { "$type": ↓"string", "$value": "Hello" }
                    }
                    """
                ],
                messages: [
                    "'blue': a hex string; DTCG 2025.10 writes a color object",
                    "'string' is no DTCG type: values are kept as written",
                ])
        ]
    )
}

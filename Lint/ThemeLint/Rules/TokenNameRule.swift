import ThemeKit

/// `token_name`: A DTCG token or group name that DTCG forbids.
///
/// Checked by the tokens reader (`TokensWalk.nameProblem` and the `$` members it meets), as
/// it reads the file.
package struct TokenNameRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .tokenName,
        summary:
            "A DTCG token or group name with `{`, `}` or `.`, or one starting with `$` that DTCG does not reserve.",
        rationale:
            "A dot splits a token's path and braces make a reference: such a name would be read as another token, "
            + "or as none, by every tool of the format; names starting with `$` are the format's own.",
        nonTriggeringExamples: [
            RuleExample([
                "default.tokens.json": """
                {
                  "color": {
                    "$type": "color",
                    "brandBlue": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } }
                  }
                }
                """
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.tokens.json": """
                    {
                      "color": {
                        "$type": "color",
                        ↓"brand.blue": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } },
                        "accent": { ↓"$themes": 1, "$value": { "colorSpace": "srgb", "components": [1, 0, 0] } }
                      }
                    }
                    """
                ],
                messages: [
                    "'brand.blue': a token or group name cannot contain '.'",
                    "'$themes' inside token 'color.accent': a token holds only '$' members",
                ])
        ]
    )
}

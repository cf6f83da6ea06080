import ThemeKit

/// `unresolved_alias`: An alias names no key: an `@name`, or a typed value that is neither valid nor a key.
///
/// Checked while resolving, by the shared resolver: `ThemeResolver.resolveLiteral` (an
/// `@name` that names no key: `ThemeResolver.Message.namesNoKey`) and
/// `ThemeResolver.reportWrongType` (a typed value that reads as a key name:
/// `ThemeResolver.Message.neitherValueNorKey`, in a plist only: a DTCG string is never a
/// key's name); "did you mean" is added by `ThemeResolver.addSuggestions` within the
/// suggestion budget, never naming the key that holds the alias. A reference is shown as
/// its file wrote it (`ReferenceSyntax`): `'@name'` in a plist, `'{name}'` in DTCG.
package struct UnresolvedAliasRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .unresolvedAlias,
        summary: "An alias names no key: an `@name`, or a typed value that is neither valid nor a key.",
        rationale: "A misspelt alias would leave a view unstyled at run time; the message suggests the closest key.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>primaryColor</key><string>35a2fb</string>",
                "<key>headerColor</key><string>primaryColor</string>",
                "<key>buttonColor</key><string>@primaryColor</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>primaryColor</key><string>35a2fb</string>",
                    "<key>headerColor</key>↓<string>primaryColour</string>",
                    "<key>title</key>↓<string>@subtitle</string>",
                ],
                messages: [
                    "'headerColor' is 'primaryColour', which is neither a color nor a key; did you mean 'primaryColor'?",
                    "'@subtitle' names no key",
                ]),
            // A DTCG file: a curly reference, a `$ref` and an `$extends` that name nothing.
            RuleExample(
                [
                    "default.tokens.json": """
                    {
                      "color": {
                        "$type": "color",
                        "text": { "$value": ↓"{color.gray}" },
                        "link": { "$value": ↓{ "$ref": "#/color/blue/$value" } }
                      },
                      "more": { "$extends": ↓"{less}" }
                    }
                    """
                ],
                messages: [
                    "'{color.gray}' names no key",
                    "'$ref' '#/color/blue/$value' names nothing in this file",
                    "'$extends' names no group: 'less'",
                ]),
        ]
    )
}

import ThemeKit

/// `alias_cycle`: Aliases lead back to where they started.
///
/// Checked while resolving, by the shared resolver: `ThemeResolver.resolveLiteral` walks each
/// alias chain once and `reportCycle` reports a cycle at its first alias (the first in the
/// file nearest the child, so that a cycle a child's override closes is not the parent's). It says
/// `ThemeResolver.Message.aliasCycle`, with `cycleMember` as a note at each other member; in a
/// DTCG file the links after the first key are shown as it writes them (`a → {b} → {a}`).
package struct AliasCycleRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .aliasCycle,
        summary: "Aliases lead back to where they started.",
        rationale:
            "A cycle has no value; RNThemeManager would hang on it. Reported once per cycle, at its first alias, with the others as notes.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>aColor</key><string>bColor</string>",
                "<key>bColor</key><string>fff</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                entries: [
                    "<key>aColor</key>↓<string>bColor</string>",
                    "<key>bColor</key><string>cColor</string>",
                    "<key>cColor</key><string>aColor</string>",
                ], messages: ["alias cycle: aColor → bColor → cColor → aColor"]),
            RuleExample(entries: ["<key>loopColor</key>↓<string>loopColor</string>"]),
            // A DTCG file: curly references, a `$ref` to itself (an alias of itself) and
            // `$extends` that go round.
            RuleExample(
                [
                    "default.tokens.json": """
                    {
                      "$type": "number",
                      "a": { "$value": ↓"{b}" },
                      "b": { "$value": "{a}" },
                      "c": { "$value": ↓{ "$ref": "#/c/$value" } },
                      "g": { "$extends": ↓"{h}" },
                      "h": { "$extends": "{g}" }
                    }
                    """
                ],
                messages: [
                    "alias cycle: a → {b} → {a}",
                    "alias cycle: c → {c}",
                    "'$extends' leads back to 'g'",
                ]),
        ]
    )
}

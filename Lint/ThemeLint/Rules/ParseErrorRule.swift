import ThemeKit

/// `parse_error`: The file is not a readable XML property list.
///
/// Checked when a file is read, by `PropertyListReader` and its SAX handler
/// (`SAXPropertyListParser`), which word libxml2's errors and their own refusals.
package struct ParseErrorRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: .parseError,
        summary: "The file is not a readable XML property list.",
        rationale:
            "Malformed XML, a wrong encoding, an unknown element, a scalar whose text does not parse, or a refused DTD feature: the theme cannot load at all.",
        nonTriggeringExamples: [
            RuleExample(entries: [
                "<key>count</key><integer>3</integer>",
                "<key>title</key><string>Tom &amp; Jerry</string>",
            ])
        ],
        triggeringExamples: [
            RuleExample(
                [
                    "default.plist": """
                    <plist><dict>
                    	<key>title</key><string>x↓</dict></plist>
                    """
                ], messages: ["malformed XML: opening and ending tag mismatch: string line 2 and dict"]),
            RuleExample(entries: ["<key>count</key>↓<integer>many</integer>"]),
            RuleExample(
                [
                    "default.plist": """
                    <?xml version="1.0"?>
                    ↓<!DOCTYPE plist [ <!ENTITY x "y"> ]>
                    <plist><dict/></plist>
                    """
                ]),
        ],
        isSuppressible: false
    )
}

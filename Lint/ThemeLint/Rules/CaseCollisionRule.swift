public import ThemeKit

/// `case_collision`: Two keys, or two theme files, differ only in letter case.
public struct CaseCollisionRule: Rule {
    public init() {}

    public func check(_ theme: ThemeContext) -> [Diagnostic] {
        guard let file = theme.file, let merged = theme.analysis.mergedKeys else { return [] }
        var byFolded: [String: [String]] = [:]
        for key in merged.keys { byFolded[key.lowercased(), default: []].append(key) }
        var found: [Diagnostic] = []
        for key in file.keys.sorted() {
            guard let group = byFolded[key.lowercased()], group.count > 1, let entry = file[key] else { continue }
            // Report a key of this file when another spelling comes before it: from an
            // ancestor, or earlier in this file.
            let earlier = group.filter { other in
                guard other != key else { return false }
                guard let mine = file[other] else { return true }
                return mine.keySpan.start < entry.keySpan.start
            }
            guard let other = earlier.sorted().first else { continue }
            found.append(
                file.document.diagnostic(
                    Self.description.id, severity: .warning, "'\(key)' differs from '\(other)' only in letter case",
                    at: entry.keySpan, key: key))
        }
        return found
    }

    public func check(folder: FolderContext) -> [Diagnostic] {
        var seen: [String: String] = [:]
        var found: [Diagnostic] = []
        for path in folder.themeFiles {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let other = seen[name.lowercased()] {
                found.append(
                    Diagnostic(
                        Self.description.id, severity: .warning,
                        "theme file '\(name)' differs from '\(other)' only in letter case", at: .wholeFile(path)))
            } else {
                seen[name.lowercased()] = name
            }
        }
        return found
    }

    public static let description = RuleDescription(
        id: .caseCollision,
        severity: .warning,
        summary: "Two keys, or two theme files, differ only in letter case.",
        rationale:
            "Lookups are case-sensitive, so one of them is almost certainly a typo; theme files that differ in case collide on case-insensitive file systems.",
        nonTriggeringExamples: [
            RuleExample(
                """
                	<key>primaryColor</key><string>fff</string>
                	<key>secondaryColor</key><string>000</string>
                """)
        ],
        triggeringExamples: [
            RuleExample(
                """
                	<key>primaryColor</key><string>fff</string>
                	↓<key>PrimaryColor</key><string>000</string>
                """),
            RuleExample(
                [
                    "default.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>primaryColor</key><string>35a2fb</string>
                    </dict>
                    </plist>
                    """,
                    "Dark.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key><string>default</string>
                    </dict>
                    </plist>
                    """,
                    "dark.plist": """
                    <plist version="1.0">
                    <dict>
                    	<key>INHERITED_THEME</key><string>default</string>
                    </dict>
                    </plist>
                    """,
                ], wholeFile: ["dark.plist"]),
        ]
    )
}

import Foundation
import Testing
import ThemeKit

@testable import ThemeLint

/// Shapes that a careless linter lints in quadratic time (many problems on one long line, a
/// CR-only file, many suppression comments, many orphan font sizes, keys that differ only in
/// case, many unresolved aliases), at a small size: the whole report is pinned, positions,
/// ends and notes included, so that work that keeps them linear changes no word of it.
/// Timing is left to benchmarks.
@Suite struct LinearShapeTests {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"

    static func plist(_ entries: [String], separator: String = "\n") -> String {
        header + separator + "<dict>" + separator + entries.joined(separator: separator) + separator + "</dict>"
            + separator + "</plist>" + separator
    }

    /// The files, as `/tmp` generators wrote them for the old themelint.
    static func files() -> [String: String] {
        var files: [String: String] = [:]
        var one: [String] = []
        for _ in 0..<30 { one.append("<key>a</key><true/>") }
        for i in 0..<30 { one.append("<key>é☺\(i)Color</key><string>#zz</string>") }
        for i in 0..<30 { one.append("<key>n\(i)</key><dict/>") }
        one.append("<key>a</key><string>@𝄞missing</string>")
        files["oneline.plist"] = header + "<dict>" + one.joined() + "</dict></plist>\n"
        files["cronly.plist"] = plist(one, separator: "\r")

        var suppress: [String] = []
        for i in 0..<12 {
            suppress.append(
                "<!-- themelint:disable-next-line invalid_color -->\n<key>c\(i)Color</key><string>#zz</string>")
        }
        suppress.append(
            "<!-- themelint:disable-next-line invalid_color, unresolved_alias -->\n<!-- themelint:disable-next-line invalid_color -->\n<key>d0Color</key>\n<string>\n#zz\n</string>"
        )
        suppress.append(
            "<!-- themelint:disable-next-line unresolved_alias --><key>d1Color</key><string>#zz</string>")
        suppress.append("<!-- themelint:disable-next-line not_a_rule --><key>d2Color</key><string>@nowhere</string>")
        suppress.append("<!-- themelint:disable-next-line -->")
        suppress.append(
            "<!-- themelint:disable-next-line invalid_color --><key>e0Color</key><string>#zz</string><key>e1Color</key><string>#zz</string><!-- themelint:disable-next-line invalid_color --><key>e2Color</key><string>#zz</string>"
        )
        suppress.append("<!-- themelint:disable-next-line not_flat --><key>e3</key><array/>")
        suppress.append("<!-- themelint:disable-next-line invalid_color -->")
        files["suppress.plist"] = plist(suppress)

        var orphan = [
            "<key>titleFont</key><string>Futura</string>", "<key>titelFontSize</key><integer>12</integer>",
            "<key>titleFontSize</key><integer>20</integer>", "<key>bodyFnt</key><string>Futura</string>",
            "<key>bodyFontSize</key><integer>10</integer>", "<key>titleFontSize</key><integer>21</integer>",
        ]
        for i in 0..<8 { orphan.append("<key>k\(i)FontSize</key><integer>\(i + 1)</integer>") }
        for i in 0..<3 { orphan.append("<key>k\(i)xFont</key><string>Futura</string>") }
        files["orphan.plist"] = plist(orphan)

        files["default.plist"] = plist([
            "<key>primaryColor</key><string>fff</string>", "<key>Zeta</key><integer>1</integer>",
            "<key>shared</key><integer>1</integer>",
        ])
        files["dark.plist"] = plist([
            "<key>INHERITED_THEME</key><string>default</string>", "<key>PrimaryColor</key><string>000</string>",
            "<key>zeta</key><integer>2</integer>", "<key>ZETA</key><integer>3</integer>",
            "<key>b</key><integer>1</integer>", "<key>PRIMARYCOLOR</key><string>111</string>",
            "<key>B</key><integer>2</integer>", "<key>straße</key><integer>1</integer>",
            "<key>STRASSE</key><integer>1</integer>", "<key>éColor</key><string>fff</string>",
            "<key>éCOLOR</key><string>fff</string>", "<key>zeta</key><integer>4</integer>",
            "<key>Shared</key><integer>1</integer>", "<key>a</key><integer>1</integer>", "<key>A</key><dict/>",
            "<key>sharedd</key><integer>1</integer>", "<key>primaryColr</key><string>@primaryColor</string>",
        ])

        var alias: [String] = []
        for i in 0..<10 { alias.append("<key>k\(i)</key><string>@missing\(i)</string>") }
        for i in 0..<5 { alias.append("<key>m\(i)Color</key><string>k\(i)x</string>") }
        alias.append("<key>near</key><string>@k1</string><key>far</key><string>@k11</string>")
        files["alias.plist"] = plist(alias)
        return files
    }

    /// What themelint reports for `files()` (`--format json`, rendered as `render` does).
    static let expected: [String] = [
        "alias.plist:4:14-4:40 error [unresolved_alias] '@missing0' names no key",
        "alias.plist:5:14-5:40 error [unresolved_alias] '@missing1' names no key",
        "alias.plist:6:14-6:40 error [unresolved_alias] '@missing2' names no key",
        "alias.plist:7:14-7:40 error [unresolved_alias] '@missing3' names no key",
        "alias.plist:8:14-8:40 error [unresolved_alias] '@missing4' names no key",
        "alias.plist:9:14-9:40 error [unresolved_alias] '@missing5' names no key",
        "alias.plist:10:14-10:40 error [unresolved_alias] '@missing6' names no key",
        "alias.plist:11:14-11:40 error [unresolved_alias] '@missing7' names no key",
        "alias.plist:12:14-12:40 error [unresolved_alias] '@missing8' names no key",
        "alias.plist:13:14-13:40 error [unresolved_alias] '@missing9' names no key",
        "alias.plist:14:19-14:39 error [unresolved_alias] 'm0Color' is 'k0x', which is neither a color nor a key; did you mean 'k0'?",
        "alias.plist:15:19-15:39 error [unresolved_alias] 'm1Color' is 'k1x', which is neither a color nor a key; did you mean 'k1'?",
        "alias.plist:16:19-16:39 error [unresolved_alias] 'm2Color' is 'k2x', which is neither a color nor a key; did you mean 'k2'?",
        "alias.plist:17:19-17:39 error [unresolved_alias] 'm3Color' is 'k3x', which is neither a color nor a key; did you mean 'k3'?",
        "alias.plist:18:19-18:39 error [unresolved_alias] 'm4Color' is 'k4x', which is neither a color nor a key; did you mean 'k4'?",
        "alias.plist:19:50-19:71 error [unresolved_alias] '@k11' names no key; did you mean 'k1'?",
        "cronly.plist:2:50-2:62 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:70-2:82 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:90-2:102 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:110-2:122 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:130-2:142 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:150-2:162 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:170-2:182 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:190-2:202 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:210-2:222 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:230-2:242 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:250-2:262 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:270-2:282 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:290-2:302 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:310-2:322 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:330-2:342 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:350-2:362 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:370-2:382 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:390-2:402 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:410-2:422 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:430-2:442 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:450-2:462 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:470-2:482 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:490-2:502 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:510-2:522 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:530-2:542 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:550-2:562 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:570-2:582 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:590-2:602 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:610-2:622 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "cronly.plist:2:649-2:669 error [invalid_color] 'é☺0Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:689-2:709 error [invalid_color] 'é☺1Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:729-2:749 error [invalid_color] 'é☺2Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:769-2:789 error [invalid_color] 'é☺3Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:809-2:829 error [invalid_color] 'é☺4Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:849-2:869 error [invalid_color] 'é☺5Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:889-2:909 error [invalid_color] 'é☺6Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:929-2:949 error [invalid_color] 'é☺7Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:969-2:989 error [invalid_color] 'é☺8Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1009-2:1029 error [invalid_color] 'é☺9Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1050-2:1070 error [invalid_color] 'é☺10Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1091-2:1111 error [invalid_color] 'é☺11Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1132-2:1152 error [invalid_color] 'é☺12Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1173-2:1193 error [invalid_color] 'é☺13Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1214-2:1234 error [invalid_color] 'é☺14Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1255-2:1275 error [invalid_color] 'é☺15Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1296-2:1316 error [invalid_color] 'é☺16Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1337-2:1357 error [invalid_color] 'é☺17Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1378-2:1398 error [invalid_color] 'é☺18Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1419-2:1439 error [invalid_color] 'é☺19Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1460-2:1480 error [invalid_color] 'é☺20Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1501-2:1521 error [invalid_color] 'é☺21Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1542-2:1562 error [invalid_color] 'é☺22Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1583-2:1603 error [invalid_color] 'é☺23Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1624-2:1644 error [invalid_color] 'é☺24Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1665-2:1685 error [invalid_color] 'é☺25Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1706-2:1726 error [invalid_color] 'é☺26Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1747-2:1767 error [invalid_color] 'é☺27Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1788-2:1808 error [invalid_color] 'é☺28Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1829-2:1849 error [invalid_color] 'é☺29Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "cronly.plist:2:1863-2:1870 error [not_flat] 'n0' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:1884-2:1891 error [not_flat] 'n1' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:1905-2:1912 error [not_flat] 'n2' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:1926-2:1933 error [not_flat] 'n3' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:1947-2:1954 error [not_flat] 'n4' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:1968-2:1975 error [not_flat] 'n5' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:1989-2:1996 error [not_flat] 'n6' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2010-2:2017 error [not_flat] 'n7' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2031-2:2038 error [not_flat] 'n8' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2052-2:2059 error [not_flat] 'n9' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2074-2:2081 error [not_flat] 'n10' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2096-2:2103 error [not_flat] 'n11' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2118-2:2125 error [not_flat] 'n12' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2140-2:2147 error [not_flat] 'n13' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2162-2:2169 error [not_flat] 'n14' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2184-2:2191 error [not_flat] 'n15' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2206-2:2213 error [not_flat] 'n16' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2228-2:2235 error [not_flat] 'n17' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2250-2:2257 error [not_flat] 'n18' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2272-2:2279 error [not_flat] 'n19' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2294-2:2301 error [not_flat] 'n20' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2316-2:2323 error [not_flat] 'n21' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2338-2:2345 error [not_flat] 'n22' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2360-2:2367 error [not_flat] 'n23' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2382-2:2389 error [not_flat] 'n24' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2404-2:2411 error [not_flat] 'n25' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2426-2:2433 error [not_flat] 'n26' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2448-2:2455 error [not_flat] 'n27' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2470-2:2477 error [not_flat] 'n28' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2492-2:2499 error [not_flat] 'n29' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "cronly.plist:2:2500-2:2512 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | cronly.plist:2:30 'a' is first defined here",
        "dark.plist:5:1-5:24 warning [case_collision] 'PrimaryColor' differs from 'primaryColor' only in letter case",
        "dark.plist:5:1-5:24 warning [unknown_override] 'PrimaryColor' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'primaryColor'?",
        "dark.plist:6:1-6:16 warning [case_collision] 'zeta' differs from 'Zeta' only in letter case",
        "dark.plist:6:1-6:16 warning [unknown_override] 'zeta' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'Zeta'?",
        "dark.plist:7:1-7:16 warning [case_collision] 'ZETA' differs from 'Zeta' only in letter case",
        "dark.plist:7:1-7:16 warning [unknown_override] 'ZETA' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:8:1-8:13 warning [unknown_override] 'b' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:9:1-9:24 warning [case_collision] 'PRIMARYCOLOR' differs from 'PrimaryColor' only in letter case",
        "dark.plist:9:1-9:24 warning [unknown_override] 'PRIMARYCOLOR' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:10:1-10:13 warning [case_collision] 'B' differs from 'b' only in letter case",
        "dark.plist:10:1-10:13 warning [unknown_override] 'B' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:11:1-11:18 warning [unknown_override] 'straße' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:12:1-12:19 warning [unknown_override] 'STRASSE' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:13:1-13:18 warning [unknown_override] 'éColor' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:14:1-14:18 warning [case_collision] 'éCOLOR' differs from 'éColor' only in letter case",
        "dark.plist:14:1-14:18 warning [unknown_override] 'éCOLOR' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:15:1-15:16 error [duplicate_key] duplicate key 'zeta': it is first defined on line 6 | dark.plist:6:1 'zeta' is first defined here",
        "dark.plist:16:1-16:18 warning [case_collision] 'Shared' differs from 'shared' only in letter case",
        "dark.plist:16:1-16:18 warning [unknown_override] 'Shared' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'shared'?",
        "dark.plist:17:1-17:13 warning [case_collision] 'a' differs from 'A' only in letter case",
        "dark.plist:17:1-17:13 warning [unknown_override] 'a' overrides nothing: no ancestor of this theme ('default' and up) has it",
        "dark.plist:18:13-18:20 error [not_flat] 'A' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "dark.plist:19:1-19:19 warning [unknown_override] 'sharedd' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'shared'?",
        "dark.plist:20:1-20:23 warning [unknown_override] 'primaryColr' overrides nothing: no ancestor of this theme ('default' and up) has it; did you mean 'primaryColor'?",
        "oneline.plist:2:47-2:59 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:66-2:78 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:85-2:97 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:104-2:116 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:123-2:135 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:142-2:154 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:161-2:173 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:180-2:192 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:199-2:211 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:218-2:230 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:237-2:249 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:256-2:268 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:275-2:287 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:294-2:306 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:313-2:325 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:332-2:344 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:351-2:363 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:370-2:382 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:389-2:401 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:408-2:420 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:427-2:439 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:446-2:458 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:465-2:477 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:484-2:496 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:503-2:515 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:522-2:534 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:541-2:553 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:560-2:572 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:579-2:591 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "oneline.plist:2:617-2:637 error [invalid_color] 'é☺0Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:656-2:676 error [invalid_color] 'é☺1Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:695-2:715 error [invalid_color] 'é☺2Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:734-2:754 error [invalid_color] 'é☺3Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:773-2:793 error [invalid_color] 'é☺4Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:812-2:832 error [invalid_color] 'é☺5Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:851-2:871 error [invalid_color] 'é☺6Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:890-2:910 error [invalid_color] 'é☺7Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:929-2:949 error [invalid_color] 'é☺8Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:968-2:988 error [invalid_color] 'é☺9Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1008-2:1028 error [invalid_color] 'é☺10Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1048-2:1068 error [invalid_color] 'é☺11Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1088-2:1108 error [invalid_color] 'é☺12Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1128-2:1148 error [invalid_color] 'é☺13Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1168-2:1188 error [invalid_color] 'é☺14Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1208-2:1228 error [invalid_color] 'é☺15Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1248-2:1268 error [invalid_color] 'é☺16Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1288-2:1308 error [invalid_color] 'é☺17Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1328-2:1348 error [invalid_color] 'é☺18Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1368-2:1388 error [invalid_color] 'é☺19Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1408-2:1428 error [invalid_color] 'é☺20Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1448-2:1468 error [invalid_color] 'é☺21Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1488-2:1508 error [invalid_color] 'é☺22Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1528-2:1548 error [invalid_color] 'é☺23Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1568-2:1588 error [invalid_color] 'é☺24Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1608-2:1628 error [invalid_color] 'é☺25Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1648-2:1668 error [invalid_color] 'é☺26Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1688-2:1708 error [invalid_color] 'é☺27Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1728-2:1748 error [invalid_color] 'é☺28Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1768-2:1788 error [invalid_color] 'é☺29Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "oneline.plist:2:1801-2:1808 error [not_flat] 'n0' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1821-2:1828 error [not_flat] 'n1' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1841-2:1848 error [not_flat] 'n2' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1861-2:1868 error [not_flat] 'n3' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1881-2:1888 error [not_flat] 'n4' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1901-2:1908 error [not_flat] 'n5' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1921-2:1928 error [not_flat] 'n6' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1941-2:1948 error [not_flat] 'n7' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1961-2:1968 error [not_flat] 'n8' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:1981-2:1988 error [not_flat] 'n9' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2002-2:2009 error [not_flat] 'n10' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2023-2:2030 error [not_flat] 'n11' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2044-2:2051 error [not_flat] 'n12' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2065-2:2072 error [not_flat] 'n13' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2086-2:2093 error [not_flat] 'n14' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2107-2:2114 error [not_flat] 'n15' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2128-2:2135 error [not_flat] 'n16' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2149-2:2156 error [not_flat] 'n17' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2170-2:2177 error [not_flat] 'n18' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2191-2:2198 error [not_flat] 'n19' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2212-2:2219 error [not_flat] 'n20' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2233-2:2240 error [not_flat] 'n21' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2254-2:2261 error [not_flat] 'n22' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2275-2:2282 error [not_flat] 'n23' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2296-2:2303 error [not_flat] 'n24' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2317-2:2324 error [not_flat] 'n25' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2338-2:2345 error [not_flat] 'n26' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2359-2:2366 error [not_flat] 'n27' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2380-2:2387 error [not_flat] 'n28' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2401-2:2408 error [not_flat] 'n29' is a <dict>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "oneline.plist:2:2408-2:2420 error [duplicate_key] duplicate key 'a': it is first defined on line 2 | oneline.plist:2:28 'a' is first defined here",
        "orphan.plist:5:1-5:25 warning [orphan_font_size] 'titelFontSize' sizes no font: there is no 'titelFont'; did you mean 'titleFontSize'?",
        "orphan.plist:8:1-8:24 warning [orphan_font_size] 'bodyFontSize' sizes no font: there is no 'bodyFont'",
        "orphan.plist:9:1-9:25 error [duplicate_key] duplicate key 'titleFontSize': it is first defined on line 6 | orphan.plist:6:1 'titleFontSize' is first defined here",
        "orphan.plist:10:1-10:22 warning [orphan_font_size] 'k0FontSize' sizes no font: there is no 'k0Font'; did you mean 'k0xFontSize'?",
        "orphan.plist:11:1-11:22 warning [orphan_font_size] 'k1FontSize' sizes no font: there is no 'k1Font'; did you mean 'k1xFontSize'?",
        "orphan.plist:12:1-12:22 warning [orphan_font_size] 'k2FontSize' sizes no font: there is no 'k2Font'; did you mean 'k2xFontSize'?",
        "orphan.plist:13:1-13:22 warning [orphan_font_size] 'k3FontSize' sizes no font: there is no 'k3Font'; did you mean 'k0xFontSize'?",
        "orphan.plist:14:1-14:22 warning [orphan_font_size] 'k4FontSize' sizes no font: there is no 'k4Font'; did you mean 'k0xFontSize'?",
        "orphan.plist:15:1-15:22 warning [orphan_font_size] 'k5FontSize' sizes no font: there is no 'k5Font'; did you mean 'k0xFontSize'?",
        "orphan.plist:16:1-16:22 warning [orphan_font_size] 'k6FontSize' sizes no font: there is no 'k6Font'; did you mean 'k0xFontSize'?",
        "orphan.plist:17:1-17:22 warning [orphan_font_size] 'k7FontSize' sizes no font: there is no 'k7Font'; did you mean 'k0xFontSize'?",
        "orphan.plist:18:1-18:19 error [missing_font_size] 'k0xFont' has no size: add 'k0xFontSize'",
        "orphan.plist:19:1-19:19 error [missing_font_size] 'k1xFont' has no size: add 'k1xFontSize'",
        "orphan.plist:20:1-20:19 error [missing_font_size] 'k2xFont' has no size: add 'k2xFontSize'",
        "suppress.plist:29:1-29:51 warning [superfluous_disable] this comment silences nothing: no invalid_color on the next entry",
        "suppress.plist:34:1-34:54 warning [superfluous_disable] this comment silences nothing: no unresolved_alias on the next entry",
        "suppress.plist:34:72-34:92 error [invalid_color] 'd1Color' is '#zz', which is not a color (3, 4, 6 or 8 hex digits, '#' optional)",
        "suppress.plist:35:1-35:48 error [invalid_disable] 'not_a_rule' is not a themelint rule",
        "suppress.plist:35:66-35:91 error [unresolved_alias] '@nowhere' names no key",
        "suppress.plist:36:1-36:37 error [invalid_disable] this comment names no rule to disable",
        "suppress.plist:37:127-37:177 warning [superfluous_disable] this comment silences nothing: no invalid_color on the next entry",
        "suppress.plist:38:1-38:46 error [invalid_disable] 'not_flat' cannot be silenced by a comment: fix the problem itself",
        "suppress.plist:38:59-38:67 error [not_flat] 'e3' is an <array>; theme values are <string>, <integer>, <real>, <true/> or <false/>",
        "suppress.plist:39:1-39:51 warning [superfluous_disable] this comment silences nothing: no invalid_color on the next entry",
    ]

    /// Each diagnostic with everything a reporter may show: start, end, rule, message, notes.
    static func render(_ report: LintReport) -> [String] {
        func place(_ location: ThemeKit.SourceLocation) -> String {
            location.line > 0 ? "\(location.file):\(location.line):\(location.column)" : location.file
        }
        return report.diagnostics.map { diagnostic in
            var line = place(diagnostic.location)
            if diagnostic.location.line > 0, let end = diagnostic.end { line += "-\(end.line):\(end.column)" }
            line += " \(diagnostic.severity.rawValue) [\(diagnostic.code)] \(diagnostic.message)"
            for note in diagnostic.notes { line += " | \(place(note.location)) \(note.message)" }
            return line
        }
    }

    @Test("one long line, a CR-only file, suppressions, orphans, case collisions and aliases report as before")
    func reportsAsBefore() throws {
        let found = try lint(".")
        #expect(found.count == Self.expected.count)
        for (line, (actual, expected)) in zip(found, Self.expected).enumerated() {
            #expect(actual == expected, "diagnostic \(line)")
        }
    }

    func lint(_ name: String) throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (file, text) in Self.files() {
            try Data(text.utf8).write(to: root.appendingPathComponent(file))
        }
        let report = try ThemeLinter(currentDirectory: root.path).lint(paths: [name])
        return Self.render(report)
    }

    /// A chain where each theme adds a key (the linter reads each such theme's own keys,
    /// not its merged theme's): a key that differs only in case from one far up the chain,
    /// and a misspelling of one, are still found, and each theme's unknown override once.
    @Test("a chain where each theme adds a key: case collisions and misspellings across it")
    func chainOfAddedKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ parent: String?, _ key: String) throws {
            let inherit = parent.map { "<key>INHERITED_THEME</key><string>\($0)</string>" } ?? ""
            try Self.plist([inherit + "<key>\(key)</key><string>#123456</string>"])
                .write(to: folder.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
        }
        try write("default", nil, "primaryColor")
        for index in 0..<20 { try write("t\(index)", index == 0 ? "default" : "t\(index - 1)", "k\(index)Color") }
        try write("u0", "t19", "PrimaryColor")
        try write("u1", "u0", "primaryColr")
        let report = try ThemeLinter(currentDirectory: folder.path).lint(paths: ["."])
        let lines = report.diagnostics.map { "\($0.location.file):\($0.location.line) \($0.message)" }
        #expect(lines.contains("u0.plist:4 'PrimaryColor' differs from 'primaryColor' only in letter case"))
        #expect(
            lines.contains(
                "u1.plist:4 'primaryColr' overrides nothing: no ancestor of this theme ('u0' and up) has it; did you mean 'primaryColor'?"
            ))
        #expect(report.diagnostics.count { $0.code == .unknownOverride } == 22)
        #expect(report.diagnostics.count { $0.code == .caseCollision } == 1)
    }
}

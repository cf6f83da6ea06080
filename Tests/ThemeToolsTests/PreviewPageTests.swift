import Foundation
import Testing
import ThemeKit
import ThemeOutput
import ThemeTools

@Suite struct PreviewPageTests {
    static let root = DisplayPath(currentDirectory: Paths.packageRoot.path)

    static func page(_ directory: String) -> String {
        PreviewPage.render(ThemeCollection(directory: directory), folder: root(directory), path: root)
    }

    @Test func theShippedPageNamesNothingOutsideItself() {
        let page = Self.page(Paths.themes)
        let csp = #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; "#
        #expect(page.contains(csp), "the browser itself refuses to fetch anything")
        let rest = page.replacingOccurrences(of: #"http-equiv="Content-Security-Policy""#, with: "")
        for forbidden in ["http", "//", "src=", "href=", "@import", "url("] {
            #expect(!rest.lowercased().contains(forbidden), "found \(forbidden)")
        }
        #expect(page.components(separatedBy: "<script").count == 2, "one inline script, no script src")
    }

    /// The names of the page's theme columns, in order.
    static func headings(_ page: String) -> [String] {
        page.components(separatedBy: "<th class=\"theme").dropFirst()
            .map { String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
    }

    @Test func aColumnPerThemeDefaultFirst() {
        let page = Self.page(Paths.themes)
        #expect(Self.headings(page) == ["default", "dark", "highcontrast", "lowcontrast"])
        #expect(page.contains("<th class=\"theme\">lowcontrast<small>inherits default</small></th>"))
        #expect(
            page.contains(
                "<th class=\"theme dark paired\">dark<small>inherits default</small>"
                    + "<small class=\"appearance\">dark · light partner: default</small></th>"))
    }

    /// A folder of themes, each `name.plist` holding `entries` (one `<key>…</key><…>` each).
    static func folder(_ themes: [String: [String]]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, entries) in themes {
            try "<plist version=\"1.0\"><dict>\(entries.joined())</dict></plist>\n"
                .write(to: folder.appendingPathComponent(name + ".plist"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func aPartnerStandsBesideItsThemeLightFirstEachWithItsOwnContrast() throws {
        let folder = try Self.folder([
            "alpha": [
                "<key>DARK_THEME</key><string>zeta</string>", "<key>backgroundColor</key><string>#FFFFFF</string>",
                "<key>textColor</key><string>#000000</string>",
            ],
            "beta": ["<key>textColor</key><string>#000000</string>"],
            "zeta": [
                "<key>INHERITED_THEME</key><string>alpha</string>", "<key>APPEARANCE</key><string>dark</string>",
                "<key>LIGHT_THEME</key><string>alpha</string>", "<key>backgroundColor</key><string>#111111</string>",
                "<key>textColor</key><string>#222222</string>",
            ],
            "night-dark": [
                "<key>APPEARANCE</key><string>dark</string>", "<key>LIGHT_THEME</key><string>night-light</string>",
            ],
            "night-light": ["<key>DARK_THEME</key><string>night-dark</string>"],
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = Self.page(folder.path)
        #expect(Self.headings(page) == ["alpha", "zeta", "beta", "night-light", "night-dark"])
        #expect(page.contains("<small class=\"appearance\">light · dark partner: zeta</small>"))
        #expect(page.contains("<th class=\"theme\">beta<small>root theme</small></th>"), "no partner: as before")
        // The text color's row: AA passes in alpha (black on white) and fails in zeta.
        let row = try #require(page.split(separator: "\n").first { $0.contains("<code>textColor</code>") })
        let cells = Array(row.components(separatedBy: "<td").dropFirst())
        #expect(cells.count == 5)
        #expect(cells[0].contains("<span class=\"ratio pass\">21.00:1 ✓ AA<small> on backgroundColor</small>"))
        #expect(cells[1].contains("<span class=\"ratio fail\">1.18:1 ✗ AA<small> on backgroundColor</small>"))
    }

    @Test func aPartnerThatDidNotLoadIsNamedSoInTheHeading() throws {
        let folder = try Self.folder([
            "default": ["<key>DARK_THEME</key><string>night</string>"],
            "night": ["<key>APPEARANCE</key><string>dark</string>", "<key>titleFont</key><string>Menlo</string>"],
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = Self.page(folder.path)
        #expect(Self.headings(page) == ["default"])
        #expect(page.contains("<small class=\"appearance\">light · dark partner: night (did not load)</small>"))
    }

    @Test func aDarkThemeWithoutAPartnerIsHeadedDark() throws {
        let folder = try Self.folder(["default": ["<key>APPEARANCE</key><string>dark</string>"]])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            Self.page(folder.path).contains(
                "<th class=\"theme dark\">default<small>root theme</small><small class=\"appearance\">dark</small></th>"
            ))
    }

    @Test func textColorsShowTheirContrastRatioWithAPassMark() throws {
        let page = Self.page(Paths.themes)
        // lowcontrast: textColor #5A5A5A on backgroundColor #F2F2F2.
        let ratio = try #require(ThemeColor(hex: "5A5A5A")).contrastRatio(
            against: try #require(ThemeColor(hex: "F2F2F2")))
        #expect(ratio >= 4.5)
        #expect(
            page.contains(
                #"<span class="ratio pass">\#(ThemeColor.contrastRatioText(ratio)):1 ✓ AA<small> on backgroundColor</small>"#
            ))
        // lowcontrast: secondaryTextColor #8E8E93 on #F2F2F2 fails AA.
        #expect(page.contains(#"<span class="ratio fail">2.91:1 ✗ AA<small> on backgroundColor</small>"#))
        // header text is also measured on the header's own color.
        #expect(page.contains("<small> on headerColor</small>"))
    }

    @Test func textColorAndBackgroundRules() {
        let white = ThemeValue.color(ThemeColor(red: 1, green: 1, blue: 1))
        let theme = Theme(
            name: "t",
            values: [
                "zBackgroundColor": white, "aBackgroundColor": white, "inkColor": white, "titleTextColor": white,
                "linkForegroundColor": white, "titleColor": white, "textSize": .size(3),
            ])
        #expect(PreviewPage.backgroundKey(of: theme) == "aBackgroundColor", "the first key ending BackgroundColor")
        #expect(PreviewPage.isTextColor("titleTextColor", in: theme))
        #expect(PreviewPage.isTextColor("linkForegroundColor", in: theme))
        #expect(!PreviewPage.isTextColor("inkColor", in: theme))
        #expect(!PreviewPage.isTextColor("textSize", in: theme), "not a color")
        #expect(PreviewPage.ownBackgroundKey(ofText: "titleTextColor", in: theme) == "titleColor")
        #expect(PreviewPage.ownBackgroundKey(ofText: "linkForegroundColor", in: theme) == nil)
        let both = Theme(name: "u", values: ["backgroundColor": white, "aBackgroundColor": white])
        #expect(PreviewPage.backgroundKey(of: both) == "backgroundColor")
    }

    @Test func valuesThatDifferFromTheParentAreHighlighted() {
        let page = Self.page(Paths.themes)
        let rows = page.components(separatedBy: "\n")
        let brand = rows.first { $0.contains("<code>brandColor</code>") } ?? ""
        // default has no parent; the three children all change brandColor.
        #expect(brand.components(separatedBy: "<td class=\"changed\"").count == 4)
        let logo = rows.first { $0.contains("<code>logoImage</code>") } ?? ""
        #expect(!logo.contains("changed"), "inherited unchanged everywhere")
        #expect(brand.contains("title=\"differs from default\""))
    }

    @Test func aliasesFontsAndFallbackNote() {
        let page = Self.page(Paths.themes)
        #expect(page.contains("<span class=\"alias\">→ canvasColor</span>"))
        #expect(
            page.contains(
                #"data-font="ArialRoundedMTBold" style="font-family: &quot;ArialRoundedMTBold&quot;, system-ui, sans-serif; font-size: 20px""#
            ))
        #expect(page.contains("fallback font"))
        #expect(page.contains(#"document.documentElement.setAttribute("data-preview", "ready")"#))
    }

    @Test func aDesignersAliasIsShownAsTheReferenceTheyWrote() {
        let page = Self.page(Paths.fixtures.appendingPathComponent("DTCG/design-system").path)
        #expect(page.contains("<span class=\"alias\">→ {color.fg.accent}</span>"))
        #expect(!page.contains("<span class=\"alias\">→ color.fg.accent</span>"))
    }

    @Test func everyThemeDerivedTextIsEscaped() {
        let page = Self.page(Paths.fixtures.appendingPathComponent("hostile").path)
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!page.contains("<img"))
        #expect(!page.contains("</td><script"))
        #expect(!page.contains("onmouseover=\""))
        #expect(page.contains("<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>"))
        #expect(page.contains("<code>quote&quot;&#39;&amp;Color</code>"))
        #expect(page.contains("&quot;&lt;/td&gt;&lt;script&gt;alert(&quot;&amp;&quot;)&lt;/script&gt;&quot;"))
        #expect(page.contains("<span class=\"alias\">→ &lt;img alt=x&gt;TextColor</span>"))
        #expect(page.contains(#"font-family: &quot;Evil\&quot; onmouseover=\&quot;alert(1)\3c /style&gt;"#))
    }

    @Test func bidiControlsInKeysAndValuesAreShownEscaped() throws {
        let folder = try Self.folder([
            "default": [
                "<key>a&#x202E;b&#x2066;Color</key><string>#000000</string>",
                "<key>label</key><string>x&#x200F;y&#x061C;z</string>",
            ]
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = Self.page(folder.path)
        #expect(page.contains(#"a\u{202e}b\u{2066}Color"#))
        #expect(page.contains(#"x\u{200f}y\u{61c}z"#))
        for scalar in ["\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}"] { #expect(!page.contains(scalar)) }
    }

    @Test func themesThatFailAreListedWithTheirDiagnostics() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<plist version=\"1.0\"><dict><key>a&lt;Font</key><string>Menlo</string></dict></plist>"
            .write(to: folder.appendingPathComponent("broken.plist"), atomically: true, encoding: .utf8)
        let page = PreviewPage.render(
            ThemeCollection(directory: folder.path), folder: "x", path: DisplayPath(currentDirectory: folder.path))
        #expect(page.contains("<h2>Themes that did not load</h2>\n<h3>broken</h3>\n<pre>broken.plist:1:"))
        #expect(page.contains("&#39;a&lt;Font&#39; has no size"))
    }

    /// The part of a page after the keys' table: the styles' section.
    static func styleSection(_ page: String) -> String {
        page.components(separatedBy: "<section class=\"styles\">").dropFirst().first ?? ""
    }

    @Test(
        "a section per style: each combination of containers and states its keys name, as each theme's lookup sees it")
    func stylesShowEachStateCombination() throws {
        let folder = try Self.folder([
            "default": [
                "<key>tintColor</key><string>#000000</string>",
                "<key>Button.tintColor</key><string>#111111</string>",
                "<key>Button:highlighted.tintColor</key><string>#222222</string>",
                "<key>Popover/Button:pressed.borderColor</key><string>#333333</string>",
                "<key>Danger&lt;x.INHERITED_STYLE</key><string>Button</string>",
            ],
            "night": [
                "<key>INHERITED_THEME</key><string>default</string>",
                "<key>Button:highlighted.tintColor</key><string>#444444</string>",
            ],
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let section = Self.styleSection(Self.page(folder.path))
        #expect(section.hasPrefix("\n<h2>Styles</h2>\n<table class=\"style\">\n<caption><code>Button</code></caption>"))
        // The bare style first, then by the number of states and containers.
        let combinations = section.components(separatedBy: "<tr class=\"section\"><th colspan=\"3\"><code>").dropFirst()
            .map { String($0.prefix { $0 != "<" }) }
        #expect(combinations == ["Button", "Button:highlighted", "Popover/Button:pressed", "Danger&lt;x"])
        // Each theme's own value for the state, and the key it came from; the global key
        // when no styled key supplies it.
        #expect(
            section.contains(
                "<td><span class=\"swatch\" style=\"--c: #222222\"></span><code>#222222</code>"
                    + "<span class=\"from\">from <code>Button:highlighted.tintColor</code></span></td>"))
        #expect(
            section.contains("<code>#444444</code><span class=\"from\">from <code>Button:highlighted.tintColor</code>"))
        // A state the keys name beyond the built-in ones is looked up too.
        #expect(
            section.contains(
                "<code>#333333</code><span class=\"from\">from <code>Popover/Button:pressed.borderColor</code>"))
        // In a combination, a property no key of it sets falls back as the lookup does: to
        // the bare style's key, or to nothing when neither it nor a global key is there.
        let pressed = section.components(separatedBy: "Popover/Button:pressed</code></th></tr>").dropFirst().first ?? ""
        #expect(pressed.contains("<code>#111111</code><span class=\"from\">from <code>Button.tintColor</code>"))
        let bare = section.components(separatedBy: "<code>Button</code> (no state)</th></tr>").dropFirst().first ?? ""
        #expect(
            bare.hasPrefix(
                "\n<tr><th class=\"key\" scope=\"row\"><code>borderColor</code></th><td class=\"missing\">not set</td>")
        )
    }

    @Test("themes without styled keys get no styles section")
    func noStylesNoSection() {
        #expect(!Self.page(Paths.themes).contains("<section class=\"styles\">"))
    }
}

import Foundation
import Observation
import Testing

@testable import ThemeKit

/// Styles, containers and states (SPEC §9): which key a style's lookup reads.
@Suite("Styles")
struct StyleTests {
    /// BRStyle's examples as flat keys: `MyCustomButton`, its subclass `MyDangerButton`, the
    /// container `UIPopoverController` (inside `UIWindow`), states highlighted, selected and
    /// disabled. Every key holds a color of its own (its index), so a color names its key.
    static let keys: [String] = [
        "actionColor", "titleColor", "backgroundColor",
        "MyCustomButton.actionColor", "MyCustomButton:highlighted.actionColor",
        "MyCustomButton:highlighted:selected.actionColor", "MyCustomButton:disabled.actionColor",
        "UIPopoverController/MyCustomButton.actionColor", "UIWindow/MyCustomButton.actionColor",
        "UIPopoverController/MyCustomButton:selected.actionColor",
        "MyCustomButton.titleColor", "UIWindow/UIPopoverController/MyCustomButton.titleColor",
        "MyDangerButton:selected.titleColor", "UIPopoverController/MyDangerButton.titleColor",
        "MyCustomButton.borderColor",
    ]

    static func color(_ index: Int) -> ThemeColor {
        ThemeColor(red: 0, green: Double(index / 256) / 255, blue: Double(index % 256) / 255)
    }

    static func entries() -> [(String, String)] {
        keys.enumerated().map { index, key in (key, String(format: "#00%04x", index)) }
            + [("MyDangerButton.INHERITED_STYLE", "MyCustomButton")]
    }

    /// The fixture, loaded from a file (the table's lookup by joined bytes) or made from a
    /// dictionary.
    enum Storage: String, CaseIterable, CustomTestStringConvertible {
        case loaded, dictionary
        var testDescription: String { rawValue }

        func theme() throws -> Theme {
            switch self {
            case .loaded:
                let folder = try TemporaryDirectory()
                var text = "<plist version=\"1.0\">\n<dict>\n"
                for (key, value) in StyleTests.entries() { text += "\t<key>\(key)</key><string>\(value)</string>\n" }
                try folder.write("brstyle.plist", text + "</dict>\n</plist>\n")
                return try folder.loader.load("brstyle")
            case .dictionary:
                var values: [String: ThemeValue] = [:]
                for (index, key) in StyleTests.keys.enumerated() { values[key] = .color(StyleTests.color(index)) }
                values["MyDangerButton.INHERITED_STYLE"] = .string("MyCustomButton")
                return Theme(name: "brstyle", values: values)
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let style: String
        let states: Set<ThemeState>
        let containers: [String]
        let property: String
        let expected: String?

        var testDescription: String {
            "\(containers.map { $0 + "/" }.joined())\(style)\(states.sorted().map { ":" + $0.rawValue }.joined()).\(property)"
        }
    }

    static let table: [Case] = [
        Case(
            style: "MyCustomButton", states: [], containers: [], property: "actionColor",
            expected: "MyCustomButton.actionColor"),
        Case(
            style: "MyCustomButton", states: [.highlighted], containers: [], property: "actionColor",
            expected: "MyCustomButton:highlighted.actionColor"),
        Case(
            style: "MyCustomButton", states: [.selected, .highlighted], containers: [], property: "actionColor",
            expected: "MyCustomButton:highlighted:selected.actionColor"),
        Case(
            style: "MyCustomButton", states: [.selected], containers: [], property: "actionColor",
            expected: "MyCustomButton.actionColor"),
        Case(
            style: "MyCustomButton", states: [.selected], containers: ["UIPopoverController"],
            property: "actionColor", expected: "UIPopoverController/MyCustomButton:selected.actionColor"),
        // A state beats a container; a container beats the bare style.
        Case(
            style: "MyCustomButton", states: [.highlighted], containers: ["UIPopoverController"],
            property: "actionColor", expected: "MyCustomButton:highlighted.actionColor"),
        Case(
            style: "MyCustomButton", states: [], containers: ["UIPopoverController"], property: "actionColor",
            expected: "UIPopoverController/MyCustomButton.actionColor"),
        // Single states by priority: disabled before highlighted.
        Case(
            style: "MyCustomButton", states: [.highlighted, .disabled], containers: [], property: "actionColor",
            expected: "MyCustomButton:disabled.actionColor"),
        // Pairs by priority: disabled+highlighted, disabled+selected, then highlighted+selected.
        Case(
            style: "MyCustomButton", states: [.highlighted, .selected, .disabled],
            containers: ["UIPopoverController"], property: "actionColor",
            expected: "MyCustomButton:highlighted:selected.actionColor"),
        // The innermost container first among equal lengths, the longest first.
        Case(
            style: "MyCustomButton", states: [], containers: ["UIWindow", "UIPopoverController"],
            property: "actionColor", expected: "UIPopoverController/MyCustomButton.actionColor"),
        Case(
            style: "MyCustomButton", states: [], containers: ["UIPopoverController", "UIWindow"],
            property: "actionColor", expected: "UIWindow/MyCustomButton.actionColor"),
        Case(
            style: "MyCustomButton", states: [], containers: ["UIWindow", "UIPopoverController"],
            property: "titleColor", expected: "UIWindow/UIPopoverController/MyCustomButton.titleColor"),
        // The subclass, then its INHERITED_STYLE.
        Case(
            style: "MyDangerButton", states: [], containers: [], property: "actionColor",
            expected: "MyCustomButton.actionColor"),
        Case(
            style: "MyDangerButton", states: [.highlighted], containers: [], property: "actionColor",
            expected: "MyCustomButton:highlighted.actionColor"),
        Case(
            style: "MyDangerButton", states: [.selected], containers: [], property: "titleColor",
            expected: "MyDangerButton:selected.titleColor"),
        Case(
            style: "MyDangerButton", states: [.highlighted], containers: ["UIPopoverController"],
            property: "titleColor", expected: "UIPopoverController/MyDangerButton.titleColor"),
        Case(
            style: "MyCustomButton", states: [.highlighted], containers: [], property: "titleColor",
            expected: "MyCustomButton.titleColor"),
        // Then the global key; a style no key names reads only global keys.
        Case(
            style: "MyCustomButton", states: [.highlighted], containers: ["UIPopoverController"],
            property: "backgroundColor", expected: "backgroundColor"),
        Case(
            style: "NoSuchStyle", states: [.highlighted], containers: ["UIPopoverController"],
            property: "actionColor", expected: "actionColor"),
        Case(
            style: "MyDangerButton", states: [], containers: [], property: "borderColor",
            expected: "MyCustomButton.borderColor"),
        Case(style: "NoSuchStyle", states: [], containers: [], property: "borderColor", expected: nil),
        Case(style: "MyDangerButton", states: [], containers: [], property: "INHERITED_STYLE", expected: nil),
    ]

    @Test("the winning key of each (style, states, containers, property)", arguments: Storage.allCases, table)
    func winningKey(_ storage: Storage, _ row: Case) throws {
        let theme = try storage.theme()
        let style = theme.style(row.style, states: row.states, in: row.containers)
        #expect(style.sourceKey(forProperty: row.property) == row.expected)
        let color = row.expected.flatMap { Self.keys.firstIndex(of: $0) }.map(Self.color)
        #expect(style.color(forKey: row.property) == color)
        #expect(style[ThemeKey<ThemeColor>(row.property)] == color)
    }

    @Test("a style's typed lookups read the winning key's value", arguments: Storage.allCases)
    func typedLookups(_ storage: Storage) throws {
        let folder = try TemporaryDirectory()
        try folder.theme(
            "typed",
            [
                "Card.titleFont": "Helvetica", "Card.titleFontSize": "<integer>17</integer>",
                "Card:highlighted.titleFont": "Avenir", "Card:highlighted.titleFontSize": "<integer>19</integer>",
                "Card.iconImage": "star", "Card:disabled.label": "Off", "Card.fadeDuration": "<real>0.5</real>",
                "Card.cornerRadius": "<integer>4</integer>", "Card:selected.isBold": "<true/>",
            ])
        let loaded = try folder.loader.load("typed")
        let theme = storage == .loaded ? loaded : Theme(name: "typed", values: loaded.values)
        let card = theme.style("Card", states: [.highlighted, .disabled, .selected])
        #expect(card.font(forKey: "titleFont") == ThemeFont(name: "Avenir", size: 19))
        #expect(theme.style("Card").font(forKey: "titleFont") == ThemeFont(name: "Helvetica", size: 17))
        #expect(card.image(forKey: "iconImage") == "star")
        #expect(card.string(forKey: "label") == "Off")
        #expect(card.duration(forKey: "fadeDuration") == .milliseconds(500))
        #expect(card.number(forKey: "cornerRadius") == 4)
        #expect(card.bool(forKey: "isBold") == true)
        #expect(card["label"] == .string("Off"))
        #expect(card.color(forKey: "label") == nil)
        #expect(theme.style("Card").string(forKey: "label") == nil)
    }

    @Test("an INHERITED_STYLE cycle ends at its first repeat")
    func cycleTerminates() {
        let theme = Theme(
            name: "cycle",
            values: [
                "A.INHERITED_STYLE": .string("B"), "B.INHERITED_STYLE": .string("C"),
                "C.INHERITED_STYLE": .string("A"), "Self.INHERITED_STYLE": .string("Self"),
                "C.tintColor": .color(Self.color(1)), "tintColor": .color(Self.color(2)),
            ])
        let style = theme.style("A", states: [.hovered])
        #expect(style.chain == ["A", "B", "C"])
        #expect(style.sourceKey(forProperty: "tintColor") == "C.tintColor")
        #expect(style.sourceKey(forProperty: "otherColor") == nil)
        #expect(theme.style("Self").chain == ["Self"])
        #expect(theme.style("Self").sourceKey(forProperty: "tintColor") == "tintColor")
    }

    @Test("an INHERITED_STYLE value is a style name, never an alias, even where a key has that name")
    func inheritedStyleIsNoAlias() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "named.plist",
            """
            <plist version="1.0"><dict>
            <key>Base</key><string>#111111</string>
            <key>Sub.INHERITED_STYLE</key><string>Base</string>
            <key>Other.INHERITED_STYLE</key><string>@Base</string>
            <key>Base.tintColor</key><string>#222222</string>
            <key>tintColor</key><string>#333333</string>
            </dict></plist>
            """)
        let theme = try folder.loader.load("named")
        #expect(theme.string(forKey: "Sub.INHERITED_STYLE") == "Base")
        #expect(theme.string(forKey: "Other.INHERITED_STYLE") == "@Base")
        let style = theme.style("Sub")
        #expect(style.chain == ["Sub", "Base"])
        #expect(style.sourceKey(forProperty: "tintColor") == "Base.tintColor")
        #expect(theme.style("Other").chain == ["Other", "@Base"])
    }

    @Test("plain lookups are unchanged: styled keys and INHERITED_STYLE are ordinary keys of the theme")
    func plainLookupsUnchanged() throws {
        let theme = try Storage.loaded.theme()
        for (index, key) in Self.keys.enumerated() { #expect(theme.color(forKey: key) == Self.color(index)) }
        #expect(theme.string(forKey: "MyDangerButton.INHERITED_STYLE") == "MyCustomButton")
        #expect(theme.count == Self.keys.count + 1)
        #expect(theme.color(forKey: "highlighted.actionColor") == nil)
    }

    @Test("states are written and tried in priority order; a project can add its own")
    func statePriority() {
        #expect(
            ThemeState.builtIn.map(\.rawValue) == [
                "disabled", "dangerous", "highlighted", "selected", "focused", "hovered",
            ])
        #expect(ThemeState.builtIn == ThemeState.builtIn.sorted())
        #expect(ThemeState(rawValue: "selected") == .selected)
        #expect(ThemeState(rawValue: "pressed") == nil)
        let pressed = ThemeState("pressed", priority: ThemeState.hovered.priority + 1)
        let theme = Theme(
            name: "custom",
            values: [
                "Key:hovered:pressed.tintColor": .color(Self.color(1)), "Key:pressed.tintColor": .color(Self.color(2)),
            ])
        let style = theme.style("Key", states: [pressed, .hovered])
        #expect(style.states == [.hovered, pressed])
        #expect(style.sourceKey(forProperty: "tintColor") == "Key:hovered:pressed.tintColor")
    }

    // MARK: Against a brute force

    /// Every key the order of SPEC §9 tries, the slow obvious way: each candidate as a tuple
    /// of ranks, all of them sorted at once by the rules, then written out.
    static func bruteForce(
        style: String, states: Set<ThemeState>, containers: [String], property: String, keys: [String: ThemeValue]
    ) -> String? {
        var chain: [String] = []
        var next: String? = style
        while let name = next, !chain.contains(name) {
            chain.append(name)
            if case .string(let parent) = keys[name + ".INHERITED_STYLE"], !parent.isEmpty {
                next = parent
            } else {
                next = nil
            }
        }
        let ordered = states.sorted { $0.priority < $1.priority }
        func powerset<T>(_ items: [T]) -> [[Int]] {
            (0..<(1 << items.count)).map { mask in items.indices.filter { mask >> $0 & 1 == 1 } }
        }
        struct Candidate {
            var style: Int
            var states: [Int]
            var containers: [Int]
            var key: String
        }
        var candidates: [Candidate] = []
        for (rank, name) in chain.enumerated() {
            for subset in powerset(ordered) {
                for subsequence in powerset(containers) {
                    let path = subsequence.map { containers[$0] + "/" }.joined()
                    let written = subset.map { ":" + ordered[$0].rawValue }.joined()
                    candidates.append(
                        Candidate(
                            style: rank, states: subset, containers: subsequence,
                            key: path + name + written + "." + property))
                }
            }
        }
        candidates.sort { a, b in
            if a.style != b.style { return a.style < b.style }
            if a.states.count != b.states.count { return a.states.count > b.states.count }
            if a.states != b.states {
                // Equal sizes: the first state that differs decides, the higher priority first.
                let (x, y) = zip(a.states, b.states).first { $0 != $1 } ?? (0, 0)
                return x < y
            }
            if a.containers.count != b.containers.count { return a.containers.count > b.containers.count }
            // Equal lengths: from the innermost out, the more inner container first.
            let (x, y) = zip(a.containers.reversed(), b.containers.reversed()).first { $0 != $1 } ?? (0, 0)
            return x > y
        }
        if property == "INHERITED_STYLE" { return nil }
        return (candidates.map(\.key) + [property]).first { keys[$0] != nil }
    }

    @Test("the lookup agrees with a brute force over random key sets")
    func agreesWithBruteForce() throws {
        var random = SplitMix64(seed: 29)
        let styles = ["A", "B", "C"]
        let containerNames = ["X", "Y", "Z"]
        let properties = ["tintColor", "INHERITED_STYLE"]
        let folder = try TemporaryDirectory()
        for round in 0..<400 {
            // Every key a lookup in this universe could try, each kept with probability 1/3.
            var keys: [String: ThemeValue] = [:]
            var index = 0
            for style in styles {
                for subset in 0..<8 {
                    let states = [ThemeState.disabled, .highlighted, .hovered].enumerated()
                        .filter { subset >> $0.offset & 1 == 1 }.map { ":" + $0.element.rawValue }.joined()
                    for path in ["", "X/", "Y/", "Z/", "X/Y/", "X/Z/", "Y/Z/", "X/Y/Z/", "X/X/", "Z/X/", "Y/Y/Z/"] {
                        index += 1
                        if random.next() % 3 == 0 {
                            keys[path + style + states + ".tintColor"] = .color(Self.color(index))
                        }
                    }
                }
                if random.next() % 2 == 0 {
                    keys[style + ".INHERITED_STYLE"] = .string(styles[Int(random.next() % 3)])
                }
            }
            if random.next() % 2 == 0 { keys["tintColor"] = .color(Self.color(0)) }
            let states = Set(ThemeState.builtIn.filter { _ in random.next() % 2 == 0 })
            // Some containers twice, as a view hierarchy holds a class at several depths.
            let containers = (0..<Int(random.next() % 5)).map { _ in containerNames[Int(random.next() % 3)] }
            let style = styles[Int(random.next() % 3)]
            let property = properties[Int(random.next() % 4 == 0 ? 1 : 0)]
            let expected = Self.bruteForce(
                style: style, states: states, containers: containers, property: property, keys: keys)
            var theme = Theme(name: "random", values: keys)
            if round % 20 == 0 {
                // Through the loaded table too.
                var text = "<plist version=\"1.0\">\n<dict>\n"
                for (key, value) in keys {
                    let written: String
                    switch value {
                    case .color(let color): written = color.hexString
                    case .string(let name): written = name
                    default: written = ""
                    }
                    text += "\t<key>\(key)</key><string>\(written)</string>\n"
                }
                try folder.write("random\(round).plist", text + "</dict>\n</plist>\n")
                theme = try folder.loader.load("random\(round)")
            }
            let found = theme.style(style, states: states, in: containers).sourceKey(forProperty: property)
            #expect(found == expected, "round \(round): \(style) \(states.sorted()) \(containers) \(property)")
        }
    }

    // MARK: Many containers

    @Test("a style inside 14 containers and 3 states looks only at the prefixes the theme's keys write")
    func manyContainersLookAtWrittenPrefixes() {
        let containers = (0..<14).map { "C\($0)" }
        let theme = Theme(
            name: "deep",
            values: [
                "C2/C9/Button.tintColor": .color(Self.color(1)), "Button:highlighted.tintColor": .color(Self.color(2)),
                "C2/C9/Button.borderColor": .color(Self.color(3)), "C9/Button.borderColor": .color(Self.color(4)),
                "Nowhere/Button.borderColor": .color(Self.color(5)), "Other.tintColor": .color(Self.color(6)),
                "tintColor": .color(Self.color(7)),
            ])
        let style = theme.style("Button", states: [.highlighted, .selected, .disabled], in: containers)
        #expect(style.sourceKey(forProperty: "tintColor") == "Button:highlighted.tintColor")
        #expect(style.sourceKey(forProperty: "borderColor") == "C2/C9/Button.borderColor")
        #expect(style.sourceKey(forProperty: "fillColor") == nil)
        // Four prefixes name Button; 2^14 · 2^3 candidate prefixes could be written.
        #expect(style.candidatesExamined <= 4)
    }

    @Test("a view hierarchy 100 deep, one class at many depths: the innermost written path wins")
    func deepHierarchyWithRepeats() {
        // Window, then View, Panel, View, Panel, … 99 more; the innermost is a View at 99.
        let containers = ["Window"] + (1..<100).map { $0 % 2 == 1 ? "View" : "Panel" }
        let theme = Theme(
            name: "deep",
            values: [
                "Window/Button.tintColor": .color(Self.color(1)), "Panel/Button.tintColor": .color(Self.color(2)),
                "View/Button.tintColor": .color(Self.color(3)), "Panel/View/Button.borderColor": .color(Self.color(4)),
                "View/Panel/Button.borderColor": .color(Self.color(5)),
                "Window/Button.borderColor": .color(Self.color(6)),
                "Cell/Button.tintColor": .color(Self.color(7)),
            ])
        let style = theme.style("Button", in: containers)
        // Equal lengths: the path whose innermost container is the more inner one (View at 99).
        #expect(style.sourceKey(forProperty: "tintColor") == "View/Button.tintColor")
        #expect(style.sourceKey(forProperty: "borderColor") == "Panel/View/Button.borderColor")
        #expect(style.candidatesExamined == 6)
        #expect(
            theme.style("Button", in: ["Window", "Panel"]).sourceKey(forProperty: "tintColor")
                == "Panel/Button.tintColor")
    }

    // MARK: The cache

    @Test("a theme keeps at most StyleCache.capacity built styles, the latest")
    func styleCacheIsBounded() throws {
        let theme = try Storage.loaded.theme()
        for index in 0..<(2 * StyleCache.capacity + 3) {
            _ = theme.style("MyCustomButton", in: ["Container\(index)"])
        }
        #expect(theme.styleCache.count == StyleCache.capacity)
        let latest = theme.style("MyCustomButton", in: ["Container\(2 * StyleCache.capacity + 2)"])
        #expect(
            latest.sharesBuild(with: theme.style("MyCustomButton", in: ["Container\(2 * StyleCache.capacity + 2)"])))
        #expect(
            theme.style("MyCustomButton", states: [.highlighted]).sourceKey(forProperty: "actionColor")
                == "MyCustomButton:highlighted.actionColor")
    }

    @Test("a theme's style is built once per (style, states, containers) and shared by every ask")
    func stylesAreBuiltOnce() throws {
        let theme = try Storage.loaded.theme()
        let first = theme.style("MyCustomButton", states: [.highlighted], in: ["UIWindow"])
        let again = theme.style("MyCustomButton", states: [.highlighted], in: ["UIWindow"])
        #expect(first.sharesBuild(with: again))
        #expect(!first.sharesBuild(with: theme.style("MyCustomButton", states: [.selected], in: ["UIWindow"])))
        #expect(!first.sharesBuild(with: theme.style("MyCustomButton", states: [.highlighted])))
        #expect(!first.sharesBuild(with: theme.style("MyDangerButton", states: [.highlighted], in: ["UIWindow"])))
    }

    @Test("the manager's styles are cached for its theme, and built anew after a change")
    func managerStylesCachedPerTheme() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["tintColor": "0000ff", "Button:highlighted.tintColor": "00ff00"])
        try folder.theme("dark", ["tintColor": "000000", "Button:highlighted.tintColor": "ff0000"])
        let manager = ThemeManager(directory: folder.path)
        let first = manager.style("Button", states: [.highlighted])
        #expect(first.sharesBuild(with: manager.style("Button", states: [.highlighted])))
        try manager.changeTheme("dark")
        let changed = manager.style("Button", states: [.highlighted])
        #expect(!first.sharesBuild(with: changed))
        #expect(changed.color(forKey: "tintColor") == ThemeColor(hex: "ff0000"))
        #expect(first.color(forKey: "tintColor") == ThemeColor(hex: "00ff00"))
    }

    // MARK: Through the manager

    @Test("the manager's style reads the current theme, and a new one after a change")
    func managerStyle() throws {
        let folder = try TemporaryDirectory()
        try folder.theme("default", ["tintColor": "0000ff", "Button:highlighted.tintColor": "00ff00"])
        try folder.theme("dark", ["tintColor": "000000", "Button.tintColor": "ff0000"])
        let manager = ThemeManager(directory: folder.path)
        let style = manager.style("Button", states: [.highlighted])
        #expect(style.sourceKey(forProperty: "tintColor") == "Button:highlighted.tintColor")
        #expect(style.color(forKey: "tintColor") == ThemeColor(hex: "00ff00"))
        try manager.changeTheme("dark")
        #expect(manager.style("Button", states: [.highlighted]).color(forKey: "tintColor") == ThemeColor(hex: "ff0000"))
        #expect(style.theme.name == "default")
    }
}

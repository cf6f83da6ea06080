/// Generates the benchmark's themes: realistic, deterministic, of an exact size.
///
/// A generated theme named `<name>` inherits from `<name>-base`. The child has exactly
/// `keys` entries (its `INHERITED_THEME` among them) and the parent `keys / 10`, so the
/// merged theme has `keys - 1 + keys / 10` values. The child cycles through a mix: color
/// literals, fonts with sizes, images, sizes, strings, bools, numbers, and aliases three
/// links deep whose last link is a palette key of the parent (so resolution crosses files
/// and binds late), plus font aliases that take their size from their target.
public struct ThemeGenerator: Sendable {
    /// How many entries the child theme has.
    public var keys: Int
    /// Varies the values (not the structure), so two themes of one size differ.
    public var seed: Int

    /// Creates a generator.
    public init(keys: Int, seed: Int = 0) {
        precondition(keys >= 20, "a generated theme has at least 20 keys")
        self.keys = keys
        self.seed = seed
    }

    /// How many entries the parent has.
    public var parentKeys: Int { keys / 10 }

    /// How many values the merged theme has.
    public var mergedValues: Int { keys - 1 + parentKeys }

    /// The parent's palette: its entries, and which indices are colors and which fonts.
    private func palette() -> (entries: [(String, String)], colors: [Int], fonts: [Int]) {
        var entries: [(String, String)] = []
        var colors: [Int] = []
        var fonts: [Int] = []
        var index = 0
        while entries.count < parentKeys {
            if index % 3 == 2, entries.count + 2 <= parentKeys {
                entries.append(("palette\(index)Font", string("Helvetica-\(index)")))
                entries.append(("palette\(index)FontSize", "<integer>\(12 + index % 20)</integer>"))
                fonts.append(index)
            } else {
                entries.append(("palette\(index)Color", string(hex(index))))
                colors.append(index)
            }
            index += 1
        }
        return (entries, colors, fonts)
    }

    /// The parent theme's XML: a palette of colors and fonts, each font with its size.
    public func parent() -> String {
        document(palette().entries)
    }

    /// The child theme's XML, inheriting from `parentName`.
    public func child(parentName: String) -> String {
        let (_, colors, fonts) = palette()
        let entries = [("INHERITED_THEME", string(parentName))] + items(count: keys - 1, colors: colors, fonts: fonts)
        return document(entries)
    }

    /// A theme of `keys` entries that carries its own palette, so that it needs no parent;
    /// with `inheriting`, its first entry names a parent instead. Two standalone themes of
    /// one size have the same keys (the seed changes values only), so a child written
    /// this way overrides its parent and adds nothing (no `unknown_override`).
    public func standalone(inheriting parentName: String? = nil) -> String {
        let (paletteEntries, colors, fonts) = palette()
        var entries = paletteEntries + items(count: keys - paletteEntries.count, colors: colors, fonts: fonts)
        if let parentName {
            entries.insert(("INHERITED_THEME", string(parentName)), at: 0)
        }
        return document(Array(entries.prefix(keys)))
    }

    /// `count` entries of the mix, whose aliases name the palette's colors and fonts.
    private func items(count: Int, colors paletteColors: [Int], fonts paletteFonts: [Int]) -> [(String, String)] {
        var entries: [(String, String)] = []
        var index = 0
        while entries.count < count {
            let room = count - entries.count
            switch index % 10 {
            case 0, 1:
                entries.append(("item\(index)Color", string(hex(index))))
            case 2 where room >= 2:
                entries.append(("item\(index)Font", string("Avenir-\(index % 7)")))
                entries.append(
                    (
                        "item\(index)FontSize",
                        index % 4 == 0 ? "<real>\(index % 30 + 9).5</real>" : "<string>\(index % 30 + 9)</string>"
                    ))
            case 3:
                entries.append(("item\(index)Image", string("image\(index)")))
            case 4:
                entries.append(("item\(index)Size", "<integer>\(index % 40 + 1)</integer>"))
            case 5 where room >= 3 && !paletteColors.isEmpty:
                // Three links: a → b → c → a palette color.
                let palette = paletteColors[index % paletteColors.count]
                entries.append(("alias\(index)aColor", string("alias\(index)bColor")))
                entries.append(("alias\(index)bColor", string("@alias\(index)cColor")))
                entries.append(("alias\(index)cColor", string("palette\(palette)Color")))
            case 6:
                entries.append(("item\(index)Title", string("Title number \(index)")))
            case 7:
                entries.append(("item\(index)Enabled", index % 2 == 0 ? "<true/>" : "<false/>"))
            case 8 where !paletteFonts.isEmpty:
                // A font alias with no size of its own: it takes the palette font's size.
                let font = paletteFonts[index / 10 % paletteFonts.count]
                entries.append(("item\(index)Font", string("palette\(font)Font")))
            default:
                entries.append(("item\(index)Opacity", "<real>0.\(index % 10)</real>"))
            }
            index += 1
        }
        return Array(entries.prefix(count))
    }

    private func hex(_ index: Int) -> String {
        let value = (index &* 2_654_435_761 &+ seed &* 40_503) & 0xFF_FFFF
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 6 - text.count) + text
    }

    private func string(_ text: String) -> String { "<string>\(text)</string>" }

    private func document(_ entries: [(String, String)]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        text.reserveCapacity(entries.count * 56)
        for (key, value) in entries {
            text += "\t<key>\(key)</key>\n\t\(value)\n"
        }
        return text + "</dict>\n</plist>\n"
    }
}

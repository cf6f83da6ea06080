package import Foundation

/// Small DTCG folders that more than one test target starts from.
package enum TokensFixtures {
    /// Writes into `folder` a resolver with a light/dark modifier and a density modifier: four
    /// themes named after their contexts (`light-regular`, `dark-compact`, …), each light one
    /// the partner of the dark one of the same density. `color.bg` is `#ffffff`, `#000000` in
    /// the dark context; `gap` is 8 px, 4 px in the compact one.
    package static func writeTwoModifierFolder(to folder: URL) throws {
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write(
            "base.tokens.json",
            ##"{ "color": { "$type": "color", "bg": { "$value": "#ffffff" } }, "gap": { "$type": "dimension", "$value": { "value": 8, "unit": "px" } } }"##
        )
        try write("dark.tokens.json", ##"{ "color": { "$type": "color", "bg": { "$value": "#000000" } } }"##)
        try write(
            "compact.tokens.json", ##"{ "gap": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } } }"##)
        try write(
            "app.resolver.json",
            """
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
              "modifiers": {
                "mode": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" },
                "density": {
                  "contexts": { "regular": [], "compact": [{ "$ref": "compact.tokens.json" }] }, "default": "regular"
                }
              },
              "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/mode" }, { "$ref": "#/modifiers/density" }]
            }
            """)
    }
}

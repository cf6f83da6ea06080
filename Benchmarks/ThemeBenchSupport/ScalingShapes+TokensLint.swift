extension ScalingShape {
    /// themelint on DTCG files (issue 37): what grows with a resolver's sets.
    static let tokensLintShapes: [ScalingShape] = [
        // A resolver of n sets and a light/dark modifier: every set declares `color.$type`
        // (as each set of a design system does), names the previous set's token, and writes
        // a hex string (a token_note). Run once per set, a rule that reads the whole merged
        // theme (declaration_without_keys, case_collision) read it n times: n².
        ScalingShape(
            "lint-dtcg-resolver-many-files",
            "a resolver of n token files, each declaring color.$type and naming the previous file's token, and a light/dark modifier",
            tool: .lint(format: "text"), n: 1_000
        ) { n in
            var files: [String: String] = [:]
            var sources: [String] = []
            for index in 0..<n {
                let reference = index == 0 ? "\"#3366ff\"" : "\"{color.t\(index - 1)}\""
                files["Themes/sets/s\(index).tokens.json"] =
                    "{\"color\": {\"$type\": \"color\",\n \"t\(index)\": {\"$value\": \(reference)},\n"
                    + " \"u\(index)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0.5, 1]}}}}\n"
                sources.append("{\"$ref\": \"sets/s\(index).tokens.json\"}")
            }
            files["Themes/light.tokens.json"] =
                "{\"color\": {\"$type\": \"color\", \"bg\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [1, 1, 1]}}}}\n"
            files["Themes/dark.tokens.json"] =
                "{\"color\": {\"$type\": \"color\", \"bg\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0]}}}}\n"
            files["Themes/app.resolver.json"] =
                "{\"version\": \"2025.10\",\n\"sets\": {\"all\": {\"sources\": [\n" + sources.joined(separator: ",\n")
                + "]}},\n\"modifiers\": {\"mode\": {\"contexts\": {\"light\": [{\"$ref\": \"light.tokens.json\"}], "
                + "\"dark\": [{\"$ref\": \"dark.tokens.json\"}]}}},\n"
                + "\"resolutionOrder\": [{\"$ref\": \"#/sets/all\"}, {\"$ref\": \"#/modifiers/mode\"}]}\n"
            return files
        },
        // A modifier of n contexts, each a theme of the base set and its own inline set:
        // each theme looked at every file of the resolver for its notes, and at every other
        // theme for its partners' names and appearances: n².
        ScalingShape(
            "lint-dtcg-resolver-many-contexts",
            "a resolver of a small base set and a modifier of n contexts, each an inline set of one token",
            tool: .lint(format: "text"), n: 1_000
        ) { n in
            let contexts = (0..<n).map {
                "\"c\($0)\": [{\"n\": {\"$type\": \"number\", \"a\": {\"$value\": \($0)}}}]"
            }
            return [
                "Themes/base.tokens.json":
                    "{\"n\": {\"$type\": \"number\", \"a\": {\"$value\": 0}, \"b\": {\"$value\": \"{n.a}\"}},\n"
                    + " \"hex\": {\"$type\": \"color\", \"$value\": \"#3366ff\"}}\n",
                "Themes/app.resolver.json":
                    "{\"version\": \"2025.10\", \"sets\": {\"base\": {\"sources\": [{\"$ref\": \"base.tokens.json\"}]}},\n"
                    + "\"modifiers\": {\"m\": {\"contexts\": {" + contexts.joined(separator: ",\n") + "}}},\n"
                    + "\"resolutionOrder\": [{\"$ref\": \"#/sets/base\"}, {\"$ref\": \"#/modifiers/m\"}]}\n",
            ]
        },
    ]
}

/// The one loop behind every escaper of the linter and the tools (HTML, CSS, Swift
/// literals, GitHub commands, terminal display, configuration text): each says only what a
/// scalar becomes. JSON is not among them: `JSONOutput` leaves it to `JSONEncoder`.
package enum Escaping {
    /// `text` with each scalar replaced by what `replacement` gives for it; a scalar it
    /// gives `nil` for is kept as it is.
    package static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        escape(text, into: &out, replacement)
        return out
    }

    /// `escape(_:_:)` appended to `out`: one buffer for a whole document.
    package static func escape(
        _ text: String, into out: inout String, _ replacement: (Unicode.Scalar) -> String?
    ) {
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// C0 controls and DEL.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

    /// What must not reach a terminal or a source file raw: C0 and C1 controls, DEL, line
    /// and paragraph separators, and invisible format characters, among them the bidi
    /// overrides and isolates that make text read in another order than it runs
    /// ("Trojan Source"). Escaped, each stays the same scalar.
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0..<0xA0: return false
        default:
            switch scalar.properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// `text` as a person reads it in a terminal, a log, an editor's problem list or a
    /// summary: line breaks and tabs as `\n`, `\r`, `\t`, every other invisible scalar
    /// (`isInvisible`) as `\u{…}`, the rest as it is. A key, value, path or theme name
    /// quoted in a line of output thus stays on that line and reads in the order it runs: a
    /// key holding `&#10;` cannot print a forged `file:line:col: error:` line, nor a `&#13;`
    /// rewrite the line it is on. Every human-readable output of the library and the tools
    /// goes through this one function; machine formats escape in their own syntax.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        return escape(text, visibleEscape)
    }

    /// What `visible` writes for `scalar`, or `nil` to keep it.
    package static func visibleEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where isInvisible(scalar): "\\u{" + hex(scalar) + "}"
        default: nil
        }
    }

    /// The scalar's value in hex: lower case unless asked, at least `width` digits.
    package static func hex(_ scalar: Unicode.Scalar, width: Int = 1, uppercase: Bool = false) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

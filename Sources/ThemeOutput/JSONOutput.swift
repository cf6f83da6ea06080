import Foundation

/// The one way the linter and the tools write JSON: a typed `Encodable` value through a
/// `JSONEncoder` configured here, pretty-printed (two spaces an indent level,
/// `"key" : value`), with keys sorted by Unicode scalars and `/` left unescaped, so that the
/// same input always gives the same bytes.
///
/// Numbers are Foundation's: Swift's shortest decimal that reads back as the same `Double`
/// (`description`), a final `.0` dropped: `12`, `-0`, `0.1`, `1000000000000000`, `1e+16`,
/// `1e+300`, `5e-324`. Each reads back through `JSONDecoder` as the same `Double`, the sign
/// of zero included (Foundation's `JSONSerialization` on Linux reads `-0` as the integer 0
/// and a few decimals one ulp off, whoever wrote them). JSON has no NaN or infinity: the
/// encoder throws on one, and callers check their values first.
///
/// Beyond what `JSONEncoder` escapes (quotes, backslashes, C0 controls), DEL, U+2028,
/// U+2029 (line breaks to JavaScript) and U+FEFF (a byte-order mark, which Foundation's
/// `JSONSerialization` on Linux drops from the start of a string when reading) are written
/// as `\u007F`, `\u2028`, `\u2029` and `\uFEFF`, so that every reader gets the same text
/// back and a terminal shows where they are.
package enum JSONOutput {
    /// `value` as JSON text, without a final line break.
    ///
    /// - Throws: `EncodingError` for a NaN or infinite number, or what `value` throws.
    package static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return escapingInvisibles(try encoder.encode(value))
    }

    /// `value` as a JSON document: its text and a final line break.
    ///
    /// - Throws: `EncodingError` for a NaN or infinite number, or what `value` throws.
    package static func document(_ value: some Encodable) throws -> String {
        try text(value) + "\n"
    }

    /// The encoded bytes as text, with DEL, U+2028, U+2029 and U+FEFF as `\u` escapes, in
    /// one pass. Outside its strings JSON text is ASCII punctuation, digits, letters and
    /// white space, so each of these can only stand inside a string, where the escape means
    /// the same character.
    static func escapingInvisibles(_ data: Data) -> String {
        let bytes = [UInt8](data)
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8; U+FEFF is EF BB BF.
        guard bytes.contains(where: { $0 == 0x7F || $0 == 0xE2 || $0 == 0xEF }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let escape: String? =
                switch byte {
                case 0x7F: "\\u007F"
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8:
                    "\\u2028"
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
                    "\\u2029"
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                    "\\uFEFF"
                default: nil
                }
            if let escape {
                out.append(contentsOf: escape.utf8)
                index += byte == 0x7F ? 1 : 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

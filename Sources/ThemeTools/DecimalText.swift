/// Numbers as plain positional decimals (`10000000000000000`, `0.0000001`), of any
/// magnitude, exactly as Swift's shortest round-tripping representation gives their digits:
/// no exponent, no rounding, no detour through `Int`.
enum DecimalText {
    /// `number` in positional notation: `12`, `12.5`, `-0.0000001`,
    /// `10000000000000000`; `nil` for NaN and the infinities, which have none. Zero of
    /// either sign is `0`.
    static func positional(_ number: Double) -> String? {
        guard number.isFinite else { return nil }
        guard number != 0 else { return "0" }
        // The shortest digits that read back as `number`, e.g. "1.2345e-07" or "1e+16".
        let shortest = Array(String(number.magnitude).utf8)
        var digits: [UInt8] = []
        var point: Int?
        var exponent = 0
        var index = 0
        while index < shortest.count {
            let byte = shortest[index]
            if byte == UInt8(ascii: ".") {
                point = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let parsed = Int(String(decoding: shortest[(index + 1)...], as: UTF8.self)) else { return nil }
                exponent = parsed
                break
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits.append(byte)
            } else {
                return nil
            }
            index += 1
        }
        // The decimal point sits `pointAt` digits from the left of `digits`.
        var pointAt = (point ?? digits.count) + exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        pointAt -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard !digits.isEmpty else { return "0" }
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = number < 0 ? [UInt8(ascii: "-")] : []
        if pointAt <= 0 {
            out += [zero, UInt8(ascii: ".")] + Array(repeating: zero, count: -pointAt) + digits
        } else if pointAt >= digits.count {
            out += digits + Array(repeating: zero, count: pointAt - digits.count)
        } else {
            out += digits[..<pointAt] + [UInt8(ascii: ".")] + digits[pointAt...]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

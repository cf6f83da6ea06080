/// How the reader reads the text of an `<integer>`, as CoreFoundation reads it.
enum PlistNumber {
    /// The common case, read straight from the bytes: up to 18 decimal digits, no sign,
    /// no space (18 digits cannot overflow `Int`).
    static func plainInteger(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !utf8.isEmpty, utf8.count <= 18 else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Decimal with an optional sign, or `0x` hexadecimal, as CoreFoundation reads them.
    static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        let radix: Int
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        } else {
            radix = 10
        }
        guard !digits.isEmpty, digits.first != "+", digits.first != "-" else { return nil }
        return Int(negative ? "-" + digits : String(digits), radix: radix)
    }

    /// Whether `text` is written like an integer (sign, digits, or `0x` and hex digits),
    /// so that a failure to read it can only mean it does not fit.
    static func looksNumeric(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            body = body.dropFirst(2)
            return !body.isEmpty && body.allSatisfy(\.isHexDigit)
        }
        return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

// The fuzz targets' shared input format, compiled into both (Scripts/fuzz.sh): one input
// holds up to `maxParts` theme files separated by `%%%%`, served from `directory`.

let separator: [UInt8] = Array("%%%%".utf8)
let maxParts = 3
let directory = "/fuzz"

/// `bytes` cut at the first `maxParts - 1` separators.
func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    var index = 0
    while parts.count < maxParts - 1, index + separator.count <= bytes.count {
        if bytes[index..<index + separator.count].elementsEqual(separator) {
            parts.append(Array(bytes[start..<index]))
            index += separator.count
            start = index
        } else {
            index += 1
        }
    }
    parts.append(Array(bytes[start...]))
    return parts
}

/// How ThemeKit's tools show a file path: relative to the current directory where the file
/// lies under it, as given otherwise, so that output is the same on every machine. The one
/// implementation behind the linter's reports and `themekit`'s output (its `DisplayPath`).
package enum PathDisplay {
    /// `path` relative to `currentDirectory` (absolute; trailing slashes do not matter) when
    /// it lies under it, without `./` segments or doubled slashes; as given otherwise. The
    /// current directory itself is shown as given; `""` as `.`.
    ///
    /// Worked on the path's bytes in one pass: the linter calls it for every file it reads.
    package static func relative(_ path: String, to currentDirectory: String) -> String {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        // Runs of slashes become one, and `/./` becomes `/`.
        var bytes: [UInt8] = []
        var path = path
        path.withUTF8 { given in  // contiguous bytes, read by index
            bytes.reserveCapacity(given.count)
            var index = 0
            while index < given.count {
                let byte = given[index]
                index += 1
                if byte == slash, bytes.last == slash { continue }
                if byte == dot, bytes.last == slash, index < given.count, given[index] == slash {
                    index += 1
                    continue
                }
                bytes.append(byte)
            }
        }
        var base = Array(currentDirectory.utf8)
        while base.count > 1, base.last == slash { base.removeLast() }
        if bytes.first == slash, base.first == slash {
            let prefix = base == [slash] ? base : base + [slash]
            if bytes.starts(with: prefix) { bytes.removeFirst(prefix.count) }
        }
        var start = 0
        while bytes.count - start >= 2, bytes[start] == dot, bytes[start + 1] == slash { start += 2 }
        return start == bytes.count ? "." : String(decoding: bytes[start...], as: UTF8.self)
    }
}

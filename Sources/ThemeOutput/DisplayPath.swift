package import ThemeKit

/// How the linter and the tools show a file path: relative to the current directory where
/// the file lies under it, as given otherwise, so that output is the same on every machine.
/// The one implementation behind themelint's reports and `themekit`'s output.
package struct DisplayPath: Sendable, Hashable {
    /// The directory paths are made relative to (absolute, no trailing slash needed).
    package var currentDirectory: String

    /// Creates a display rule for paths under `currentDirectory`.
    package init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// `path` relative to the current directory when it lies under it, without `./`
    /// segments or doubled slashes; as given otherwise (`relative(_:to:)`).
    package func callAsFunction(_ path: String) -> String {
        Self.relative(path, to: currentDirectory)
    }

    /// `location` with its file shown by this rule.
    package func callAsFunction(_ location: SourceLocation) -> SourceLocation {
        var location = location
        location.file = self(location.file)
        return location
    }

    /// Every diagnostic of `error` rendered compiler-style, its paths and its notes' paths
    /// shown by this rule, one after another with a final line break.
    package func rendered(_ error: ThemeError) -> String {
        error.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.location = self(diagnostic.location)
            diagnostic.notes = diagnostic.notes.map { note in
                var note = note
                note.location = self(note.location)
                return note
            }
            return diagnostic.rendered + "\n"
        }.joined()
    }

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

/// A glob from `included` or `excluded` in `.themelint.json`, compiled once, matched against
/// paths relative to the configuration's folder.
///
/// `*` matches any run of characters within one path segment, `?` one character (a Unicode
/// scalar) other than `/`, and a segment that is exactly `**` matches any number of
/// segments, none included. Everything else matches itself. A pattern matches a path when it
/// matches the whole path or one of the folders above it, so a pattern naming a folder
/// covers everything below it (`Vendor` covers `Vendor/a/b.plist`), as `.gitignore` does.
/// Matching is case-sensitive, as the Linux file system is.
package struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern, between slashes.
    enum Segment: Sendable, Hashable {
        /// `**`: any number of segments.
        case anySegments
        /// A segment with no `*` or `?`: compared whole.
        case literal(Substring)
        /// A segment with `*` or `?`, as scalars.
        case wildcard([Unicode.Scalar])
    }

    /// Whether the pattern is the configuration's folder itself (`.`, `./`), which covers
    /// every path below it.
    package var isWholeFolder: Bool { segments.isEmpty }

    /// The pattern as written in the configuration.
    package var description: String
    let segments: [Segment]

    /// Compiles `pattern`; `nil` when it is not relative to the configuration's folder (it
    /// starts with `/`, or a segment is `..`). `./` at the start, `.` segments and `/` at the
    /// end are ignored: `.` and `./` name the configuration's folder itself (`isWholeFolder`).
    package init?(_ pattern: String) {
        description = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        guard !pattern.hasPrefix("/"), !pattern.isEmpty else { return nil }
        var segments: [Segment] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            guard part != ".." else { return nil }
            if part == "**" {
                // `**/**` means what `**` means; one is enough for the matcher.
                if segments.last != .anySegments { segments.append(.anySegments) }
            } else if part.contains("*") || part.contains("?") {
                segments.append(.wildcard(Array(part.unicodeScalars)))
            } else {
                segments.append(.literal(part))
            }
        }
        self.segments = segments
    }

    /// Whether the pattern matches `path` (segments relative to the configuration's folder)
    /// or a folder above it, of at least `shortest` segments (a folder search passes the
    /// length of the path it was given, plus one: what was named is not excluded).
    ///
    /// One pass over the path that carries the set of pattern positions reached: at most
    /// segments × pattern length steps, however many `**` there are.
    package func matches(_ path: [Substring], shortest: Int = 0) -> Bool {
        // Two rows, made once per call and swapped: no array per segment.
        var reached = [Bool](repeating: false, count: segments.count + 1)
        var next = reached
        reached[0] = true
        close(&reached)
        for (length, part) in path.enumerated() {
            if reached[segments.count], length >= shortest { return true }
            for index in next.indices { next[index] = false }
            var any = false
            for index in segments.indices where reached[index] {
                let step: Int
                switch segments[index] {
                case .anySegments: step = 0
                case .literal(let literal): step = literal == part ? 1 : -1
                case .wildcard(let scalars): step = Self.matches(scalars[...], part.unicodeScalars) ? 1 : -1
                }
                guard step >= 0 else { continue }
                next[index + step] = true
                any = true
            }
            guard any else { return false }
            close(&next)
            swap(&reached, &next)
        }
        return reached[segments.count] && path.count >= shortest
    }

    /// Adds the positions reached by letting each `**` match no segment.
    private func close(_ reached: inout [Bool]) {
        for index in segments.indices where reached[index] && segments[index] == .anySegments {
            reached[index + 1] = true
        }
    }

    /// Whether one segment's `*`/`?` pattern matches one name: the classic greedy match with
    /// one backtrack point, linear in practice and never exponential. The name is walked in
    /// place, by its scalars.
    static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ name: Substring.UnicodeScalarView) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var star: (pattern: Int, name: Substring.UnicodeScalarView.Index)?
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n = name.index(after: n)
            } else if let last = star {
                let resume = name.index(after: last.name)
                p = last.pattern + 1
                n = resume
                star = (last.pattern, resume)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    /// `path` (absolute) with `.` and `..` segments and doubled slashes removed, on the text
    /// alone, as the patterns are matched: `/repo/app/../.themelint.json/..` is `/repo`.
    package static func normalized(_ path: String) -> String {
        var kept: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                _ = kept.popLast()
            } else {
                kept.append(part)
            }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// The segments of `path` (absolute, normalized) below `folder` (absolute, normalized);
    /// `nil` when it is not below it.
    package static func segments(of path: String, below folder: String) -> [Substring]? {
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.hasPrefix(prefix) || path == folder else { return nil }
        return path.dropFirst(min(prefix.count, path.count)).split(separator: "/")
    }
}

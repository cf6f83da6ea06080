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

/// The patterns of `included` or `excluded`, compiled into one matcher: a tree of their
/// segments, shared where patterns start alike, walked once per path.
///
/// A path is matched in one pass over its segments that carries the nodes reached (as
/// `PathPattern.matches` carries positions). At a node, a literal segment is one dictionary
/// lookup, whatever the number of patterns; a segment with `*` or `?` is looked up by the
/// text after its last wildcard (`*-old.plist`), else by the text before its first one
/// (`legacy-*`), so only the patterns that can match the name are tried; `**` is a node that
/// any segment keeps. Matching each path against each pattern instead cost patterns × files
/// (2,000 files against 40,000 patterns took 15-19 s).
package struct PathPatternSet: Sendable {
    /// A place in the tree: the segments of a pattern's start, shared by every pattern that
    /// starts so.
    struct Node: Sendable {
        /// The node after each literal segment.
        var literals: [Substring: Int] = [:]
        /// The wildcard segments here (indices into `wildcards`), by the text after their
        /// last wildcard, by the text before their first one, or neither.
        var bySuffix: [Substring: [Int]] = [:]
        var byPrefix: [Substring: [Int]] = [:]
        var unanchored: [Int] = []
        /// Each wildcard segment's index in `wildcards`, by its text: one child per text.
        var wildcardChildren: [String: Int] = [:]
        /// The node after a `**` segment.
        var anySegments: Int?
        /// Whether this node follows a `**`: any segment leaves the walk here.
        var loops = false
        /// Whether a pattern ends here.
        var isEnd = false
    }

    private var nodes = [Node()]
    /// Each wildcard segment of the tree: its scalars, and the node after it.
    private var wildcards: [(scalars: [Unicode.Scalar], child: Int)] = []
    /// Whether there is no pattern at all.
    package private(set) var isEmpty = true

    /// The matcher of `patterns`.
    package init(_ patterns: [PathPattern]) {
        for pattern in patterns { add(pattern) }
    }

    private mutating func add(_ pattern: PathPattern) {
        isEmpty = false
        var node = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let name):
                if let child = nodes[node].literals[name] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].literals[name] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .anySegments:
                if let child = nodes[node].anySegments {
                    node = child
                } else {
                    nodes.append(Node(loops: true))
                    nodes[node].anySegments = nodes.count - 1
                    node = nodes.count - 1
                }
            case .wildcard(let scalars):
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars)
                let key = String(text)
                if let index = nodes[node].wildcardChildren[key] {
                    node = wildcards[index].child
                    continue
                }
                nodes.append(Node())
                let index = wildcards.count
                wildcards.append((scalars, nodes.count - 1))
                nodes[node].wildcardChildren[key] = index
                let isWildcard = { (scalar: Unicode.Scalar) in scalar == "*" || scalar == "?" }
                let prefixEnd = scalars.firstIndex(where: isWildcard) ?? scalars.count
                let suffixStart = (scalars.lastIndex(where: isWildcard) ?? -1) + 1
                if suffixStart < scalars.count {
                    nodes[node].bySuffix[Self.text(scalars[suffixStart...]), default: []].append(index)
                } else if prefixEnd > 0 {
                    nodes[node].byPrefix[Self.text(scalars[..<prefixEnd]), default: []].append(index)
                } else {
                    nodes[node].unanchored.append(index)
                }
                node = nodes.count - 1
            }
        }
        nodes[node].isEnd = true
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> Substring {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return Substring(String(text))
    }

    /// Whether one of the patterns matches `path` or a folder above it, of at least
    /// `shortest` segments: what `PathPattern.matches(_:shortest:)` of each would say.
    package func matches(_ path: [Substring], shortest: Int = 0) -> Bool {
        guard !isEmpty else { return false }
        // Two lists of nodes, made once per path and swapped; `seen` keeps each node once.
        var reached: [Int] = []
        var next: [Int] = []
        var seen = Set<Int>()
        enter(0, into: &reached, seen: &seen)
        for (length, part) in path.enumerated() {
            if length >= shortest, reached.contains(where: { nodes[$0].isEnd }) { return true }
            next.removeAll(keepingCapacity: true)
            seen.removeAll(keepingCapacity: true)
            for index in reached {
                if nodes[index].loops { enter(index, into: &next, seen: &seen) }
                if let child = nodes[index].literals[part] { enter(child, into: &next, seen: &seen) }
                forEachWildcard(at: index, couldMatch: part) { wildcard in
                    let (scalars, child) = wildcards[wildcard]
                    if PathPattern.matches(scalars[...], part.unicodeScalars) { enter(child, into: &next, seen: &seen) }
                }
            }
            guard !next.isEmpty else { return false }
            swap(&reached, &next)
        }
        return path.count >= shortest && reached.contains { nodes[$0].isEnd }
    }

    /// Adds `node`, and the node after its `**` (which may match no segment), once each.
    private func enter(_ node: Int, into list: inout [Int], seen: inout Set<Int>) {
        var node = node
        while seen.insert(node).inserted {
            list.append(node)
            guard let after = nodes[node].anySegments else { return }
            node = after
        }
    }

    /// Calls `body` with each wildcard segment at `node` whose fixed start or end `name`
    /// has: one lookup per length of the name, not one test per pattern.
    private func forEachWildcard(at node: Int, couldMatch name: Substring, _ body: (Int) -> Void) {
        let here = nodes[node]
        here.unanchored.forEach(body)
        guard !here.bySuffix.isEmpty || !here.byPrefix.isEmpty else { return }
        let scalars = name.unicodeScalars
        var index = scalars.startIndex
        while true {
            if !here.bySuffix.isEmpty, let found = here.bySuffix[Substring(scalars[index...])] { found.forEach(body) }
            if !here.byPrefix.isEmpty, index > scalars.startIndex,
                let found = here.byPrefix[Substring(scalars[..<index])]
            {
                found.forEach(body)
            }
            guard index < scalars.endIndex else { return }
            index = scalars.index(after: index)
        }
    }
}

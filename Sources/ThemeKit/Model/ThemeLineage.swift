/// The names and files of a theme and its ancestors, the theme first.
///
/// Themes loaded one by one hold their lineage as two arrays. Themes loaded together by
/// the tools and the linter share it: each holds its own link and its parent's, so that the
/// themes of a chain of n hold n links between them, not n² names.
struct ThemeLineage: Sendable {
    /// One theme of a shared lineage: its name, its file, and its parent's link.
    final class Link: Sendable {
        let name: String
        let path: String
        let parent: Link?

        init(name: String, path: String, parent: Link?) {
            self.name = name
            self.path = path
            self.parent = parent
        }

        /// This link and each above it, nearest first.
        var upward: some Sequence<Link> { sequence(first: self, next: \.parent) }
    }

    private enum Storage: Sendable {
        case arrays(names: [String], paths: [String])
        case linked(Link)
    }

    private let storage: Storage

    /// A lineage as arrays (`paths` may be shorter, or empty, for a theme made by hand).
    init(names: [String], paths: [String]) { storage = .arrays(names: names, paths: paths) }

    /// A shared lineage, from its theme's link.
    init(_ link: Link) { storage = .linked(link) }

    /// The theme's name, then each ancestor's.
    var names: [String] {
        switch storage {
        case .arrays(let names, _): names
        case .linked(let link): link.upward.map(\.name)
        }
    }

    /// The files of `names`, in the same order.
    var paths: [String] {
        switch storage {
        case .arrays(_, let paths): paths
        case .linked(let link): link.upward.map(\.path)
        }
    }

    /// The parent's name, if the theme has one.
    var parent: String? {
        switch storage {
        case .arrays(let names, _): names.count > 1 ? names[1] : nil
        case .linked(let link): link.parent?.name
        }
    }
}

// The folder's links to files: which watch sees each link's target, and how `Watches` follows
// a link as it is made, removed or pointed elsewhere. Under the watcher's `watches` lock (the
// lock order is at the top of DirectoryWatcher.swift); takes no lock of its own.

/// The folder's symbolic links to files, by the watch and name of the file each leads to,
/// so that a record about a target names its links in one lookup.
struct LinkedFiles: Sendable {
    /// For each watch, the names of the targets in its folder, and the links to each.
    private var targets: [Int32: [String: Set<String>]] = [:]
    /// For each link, its target's watch and name.
    private var links: [String: Target] = [:]

    private struct Target: Sendable {
        var watch: Int32
        var name: String
    }

    /// The links whose target is the entry `name` of the folder `watch` watches.
    func links(to name: String, in watch: Int32) -> Set<String>? {
        targets.isEmpty ? nil : targets[watch]?[name]
    }

    mutating func add(link: String, watch: Int32, target: String) {
        links[link] = Target(watch: watch, name: target)
        targets[watch, default: [:]][target, default: []].insert(link)
    }

    /// Forgets `link`; returns its target's watch when no other link needs it.
    mutating func remove(link: String) -> Int32? {
        guard let target = links.removeValue(forKey: link) else { return nil }
        targets[target.watch]?[target.name]?.remove(link)
        if targets[target.watch]?[target.name]?.isEmpty == true { targets[target.watch]?[target.name] = nil }
        guard targets[target.watch]?.isEmpty ?? true else { return nil }
        targets[target.watch] = nil
        return target.watch
    }

    /// Forgets the links whose targets `watch` watched (its folder went); returns them.
    mutating func forget(watch: Int32) -> Set<String>? {
        guard let names = targets.removeValue(forKey: watch) else { return nil }
        let gone = names.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for link in gone { links[link] = nil }
        return gone
    }

    /// Forgets every link; returns the watches they used.
    mutating func removeAll() -> [Int32] {
        defer {
            targets = [:]
            links = [:]
        }
        return Array(targets.keys)
    }
}

extension Watches {
    /// Follows every link to a file in the folder anew (at the start, and after anything
    /// that is a rescan): one read of the folder, and a look at each link.
    mutating func followLinks() {
        unfollowLinks()
        guard folder != nil else { return }
        for name in Inotify.linkNames(in: directory) { follow(name) }
        for path in outsideFiles { follow(outside: path) }
    }

    /// Follows `paths` (files outside the folder) from now on, instead of those followed so far.
    mutating func follow(outsideFiles paths: [String]) {
        for path in outsideFiles {
            if let unused = linked.remove(link: path) { releaseTarget(unused) }
        }
        outsideFiles = paths
        guard folder != nil else { return }
        for path in paths { follow(outside: path) }
    }

    /// Watches the folder of the file at `path` (of the file it leads to, for a link) and
    /// notes `path` as the name its changes are reported under. A path holds a '/', a
    /// folder entry's name none, so the two never meet.
    private mutating func follow(outside path: String) {
        if let unused = linked.remove(link: path) { releaseTarget(unused) }
        let target: (folder: String, name: String)
        if let linkTarget = Inotify.linkTarget(path) {
            target = linkTarget
        } else if let slash = path.lastIndex(of: "/") {
            target = (
                slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...])
            )
        } else {
            return
        }
        guard !target.name.isEmpty, let watch = try? Inotify.addWatch(target.folder, .targetWatch, to: descriptor)
        else { return }
        linked.add(link: path, watch: watch, target: target.name)
    }

    /// Forgets every link, and ends the watches kept only for their targets.
    mutating func unfollowLinks() {
        for watch in linked.removeAll() { releaseTarget(watch) }
    }

    /// Looks at the folder's entry `name` again: when it is a link to a file, watches the
    /// folder of the file it leads to (or would lead to, for a link whose file is not there)
    /// and notes the link under the target's name; otherwise forgets it.
    mutating func follow(_ name: String) {
        if let unused = linked.remove(link: name) { releaseTarget(unused) }
        guard let target = Inotify.linkTarget(directory + "/" + name),
            let watch = try? Inotify.addWatch(target.folder, .targetWatch, to: descriptor)
        else { return }
        linked.add(link: name, watch: watch, target: target.name)
    }

    /// Ends a watch kept for links' targets, unless it is the folder's or its parent's too.
    func releaseTarget(_ watch: Int32) {
        guard watch != folder, watch != parent else { return }
        Inotify.removeWatch(watch, from: descriptor)
    }
}

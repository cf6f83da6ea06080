#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries of a folder tree, for the linter's search: folders reached through symbolic
/// links are walked too, each folder once.
///
/// FileManager's enumerator neither descends into a link to a folder nor walks a folder
/// named by a link: through it, `themelint Themes` with `Themes` a link would find nothing,
/// and linked folders inside a tree would be skipped without a word. Here every folder
/// walked is known by its device and inode: a link to a folder already walked (a loop back
/// up the tree, two links to one folder) is not walked again. The real folders of a tree
/// are walked before the links in it, so that a theme is reported under its own path where
/// it has one.
///
/// Each folder is read once and each entry is looked at once (a `stat` for a link, an
/// `lstat` where the folder does not say an entry's type): linear in the size of the tree.
struct FolderWalk {
    /// One entry of the walk.
    struct Entry {
        /// The path below the walk's root, `/`-separated, through links as they are named.
        var relative: String
        /// The entry's name, the last part of `relative`.
        var name: String
        /// Whether it is a folder, or a link to one.
        var isFolder: Bool
    }

    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Walks the tree at `root` (a folder, or a link to one), calling `visit` for every entry
    /// below it; a folder is entered when `visit` returns true. False when `root` cannot be
    /// read as a folder.
    func walk(_ root: String, _ visit: (Entry) -> Bool) -> Bool {
        guard let rootIdentity = Self.folderIdentity(root), let first = Self.entries(of: root) else { return false }
        var visited: Set<Identity> = [rootIdentity]
        var folders: [(path: String, relative: String, entries: [(name: String, type: UInt8)]?)] = [
            (root, "", first)
        ]
        // Links found while the folders are walked wait for the next round; a round is
        // taken in name order, so which of two links to one folder is followed does not
        // depend on the order a folder lists its entries in.
        var pending: [(path: String, relative: String)] = []
        var round: [(path: String, relative: String)] = []
        var nextLink = 0
        while true {
            while let (path, relative, read) = folders.popLast() {
                guard let entries = read ?? Self.entries(of: path) else { continue }
                for (name, type) in entries {
                    let childPath = path.hasSuffix("/") ? path + name : path + "/" + name
                    let childRelative = relative.isEmpty ? name : relative + "/" + name
                    let kind = type == Self.unknownType ? Self.typeNotFollowing(childPath) : type
                    let isLink = kind == Self.linkType
                    let isFolder = isLink ? Self.folderIdentity(childPath) != nil : kind == Self.folderType
                    guard visit(Entry(relative: childRelative, name: name, isFolder: isFolder)), isFolder else {
                        continue
                    }
                    if isLink {
                        pending.append((childPath, childRelative))
                    } else if let identity = Self.folderIdentity(childPath), visited.insert(identity).inserted {
                        folders.append((childPath, childRelative, nil))
                    }
                }
            }
            if nextLink == round.count {
                guard !pending.isEmpty else { return true }
                round = pending.sorted { $0.relative < $1.relative }
                pending = []
                nextLink = 0
            }
            let link = round[nextLink]
            nextLink += 1
            if let identity = Self.folderIdentity(link.path), visited.insert(identity).inserted {
                folders.append((link.path, link.relative, nil))
            }
        }
    }

    private static let unknownType = UInt8(DT_UNKNOWN)
    private static let linkType = UInt8(DT_LNK)
    private static let folderType = UInt8(DT_DIR)

    /// The names in the folder at `path` (not `.` and `..`) with their types as the folder
    /// gives them; nil when it cannot be opened.
    private static func entries(of path: String) -> [(name: String, type: UInt8)]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            guard name != ".", name != ".." else { continue }
            entries.append((name, entry.pointee.d_type))
        }
        return entries
    }

    /// The type of the entry at `path` itself, not following a link (for a folder that does
    /// not say).
    private static func typeNotFollowing(_ path: String) -> UInt8 {
        var info = stat()
        guard lstat(path, &info) == 0 else { return unknownType }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return linkType
        case S_IFDIR: return folderType
        default: return unknownType
        }
    }

    /// The device and inode of the folder at `path`, following links; nil when it is no folder.
    private static func folderIdentity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return Identity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }
}

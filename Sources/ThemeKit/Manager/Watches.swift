// What the watcher's read source does with the inotify descriptor, on the watcher's queue and
// under its `watches` lock (the lock order is at the top of DirectoryWatcher.swift); takes no
// lock of its own.

/// The inotify descriptor and its two watches: the folder, and its parent, where the folder
/// shows up again after it was deleted or moved away.
struct Watches: Sendable {
    typealias Record = DirectoryWatcher.InotifyRecord

    let descriptor: Int32
    let directory: String
    let placement: DirectoryWatcher.Placement?
    /// The folder's watch, or `nil` while the folder is gone.
    var folder: Int32?
    /// The parent's watch, or `nil` if the parent cannot be watched or is gone.
    var parent: Int32?
    /// Why there is no parent watch, worded to end "it was deleted or moved away"; empty
    /// while the parent is watched or when the path names no parent.
    var parentProblem = ""
    /// The folder's links to files, and the watches that see their targets.
    var linked = LinkedFiles()
    /// Files outside the folder whose changes are reported under their paths (a DTCG
    /// theme's token files in a subfolder, as its resolver names them): followed as links are.
    var outsideFiles: [String] = []

    /// Opens a descriptor and watches the parent, then the folder: in that order, a folder
    /// replaced just after it was watched still shows up in the parent.
    init(directory: String) throws(ThemeError) {
        let descriptor: Int32
        do {
            descriptor = try Inotify.open()
        } catch {
            throw Self.failure(directory, error.reason)
        }
        self.descriptor = descriptor
        self.directory = directory
        self.placement = DirectoryWatcher.Placement(of: directory)
        // Best effort: without the parent the watcher still works until the folder goes.
        watchParent()
        do {
            folder = try Inotify.addWatch(directory, .folderWatch, to: descriptor)
        } catch {
            Inotify.close(descriptor)
            throw Self.failure(directory, error.reason)
        }
        followLinks()
    }

    /// Adds a buffer of records to `burst`, following the folder as it goes and comes back.
    /// Returns why the folder can no longer be watched, if it cannot.
    mutating func absorb(_ records: [Record], into burst: inout Burst) -> ThemeError? {
        var overflowed = false
        for record in records {
            if record.events.contains(.queueOverflow) {
                overflowed = true
                continue
            }
            // A link's target may sit in the folder, its parent or another folder: its
            // change is the link's.
            if let name = record.name, let links = linked.links(to: name, in: record.watch) {
                burst.names.formUnion(links)
            }
            if record.watch == folder {
                if !record.events.isDisjoint(with: .watchEnded) {
                    release(record)
                    folder = nil
                    unfollowLinks()
                    if parent == nil { return gone() }
                } else if let name = record.name {
                    burst.names.insert(name)
                    if !record.events.isDisjoint(with: .entryReplaced) { follow(name) }
                }
            } else if record.watch == parent {
                if !record.events.isDisjoint(with: .watchEnded) {
                    release(record)
                    parent = nil
                    parentProblem = ", and so was its parent folder \(placement?.parent ?? "")"
                    if folder == nil { return gone() }
                } else if record.events.contains(.isDirectory), !record.events.isDisjoint(with: [.created, .movedTo]),
                    let name = record.name, name == placement?.name
                {
                    if let error = watchFolderAgain(into: &burst) { return error }
                }
            } else if !record.events.isDisjoint(with: .watchEnded), let links = linked.forget(watch: record.watch) {
                // A target's folder went: its links lead nowhere now, which is news.
                release(record)
                burst.names.formUnion(links)
            }
            // Any other watch is one this code already ended; its last records mean nothing.
        }
        if overflowed {
            // Any record may have been dropped, the folder's and the parent's own ends too:
            // ask the kernel again what the paths hold now.
            burst.rescan = true
            watchParent()
            let error = watchFolderAgain(into: &burst)
            followLinks()
            return error
        }
        return nil
    }

    /// Removes the watch of a record that says its directory moved away: the kernel keeps
    /// watching a moved directory under its new name. (It drops a deleted one by itself.)
    private func release(_ record: Record) {
        if record.events.contains(.movedSelf) {
            Inotify.removeWatch(record.watch, from: descriptor)
        }
    }

    /// Watches whatever directory the folder's path names now. A new watch means events
    /// between the folder's creation and now were missed: a rescan. A path that names no
    /// directory (gone again) keeps the watcher waiting while the parent is watched.
    private mutating func watchFolderAgain(into burst: inout Burst) -> ThemeError? {
        do {
            let watch = try Inotify.addWatch(directory, .folderWatch, to: descriptor)
            guard watch != folder else { return nil }
            if let folder { Inotify.removeWatch(folder, from: descriptor) }
            folder = watch
            burst.rescan = true
            followLinks()
            return nil
        } catch let error where error.isMissing {
            if let folder { Inotify.removeWatch(folder, from: descriptor) }
            folder = nil
            unfollowLinks()
            return parent == nil ? gone() : nil
        } catch {
            return Self.failure(directory, error.reason)
        }
    }

    /// Watches whatever directory the parent's path names now (at the start, and after an
    /// overflow, which may have dropped the parent's own end), or notes why it cannot.
    private mutating func watchParent() {
        guard let placement else { return }
        let watch: Int32?
        do {
            watch = try Inotify.addWatch(placement.parent, .parentWatch, to: descriptor)
            parentProblem = ""
        } catch {
            watch = nil
            parentProblem = ", and its parent folder \(placement.parent) cannot be watched (\(error.reason))"
        }
        if let parent, parent != watch { Inotify.removeWatch(parent, from: descriptor) }
        parent = watch
    }

    /// Why the watcher stops when the folder is gone and cannot be seen coming back.
    private func gone() -> ThemeError {
        Self.failure(directory, "it was deleted or moved away" + parentProblem)
    }

    static func failure(_ directory: String, _ reason: String) -> ThemeError {
        ThemeError(
            Diagnostic(
                .ioError, "cannot watch \(directory): \(reason)",
                at: SourceLocation(file: directory, line: 1, column: 1)))
    }
}

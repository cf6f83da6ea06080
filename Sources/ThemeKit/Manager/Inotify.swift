#if canImport(Glibc)
    import Glibc
#endif

// inotify: its records as the kernel writes them, and the few system calls the watcher
// makes. No state and no lock (the watcher's lock order is at the top of DirectoryWatcher.swift).

extension DirectoryWatcher {
    /// The events of an inotify record that the watcher asks for or reads: the values of
    /// `<sys/inotify.h>` (the Linux ABI), spelled out so that the parser builds everywhere.
    struct InotifyEvents: OptionSet, Hashable, Sendable {
        let rawValue: UInt32

        static let attributes = Self(rawValue: 0x0000_0004)
        static let closedAfterWrite = Self(rawValue: 0x0000_0008)
        static let movedFrom = Self(rawValue: 0x0000_0040)
        static let movedTo = Self(rawValue: 0x0000_0080)
        static let created = Self(rawValue: 0x0000_0100)
        static let deleted = Self(rawValue: 0x0000_0200)
        static let deletedSelf = Self(rawValue: 0x0000_0400)
        static let movedSelf = Self(rawValue: 0x0000_0800)
        /// The kernel's queue overflowed: events after this one were dropped (`wd` is -1).
        static let queueOverflow = Self(rawValue: 0x0000_4000)
        /// The watch is gone: removed, or its directory deleted.
        static let ignored = Self(rawValue: 0x0000_8000)
        /// Asked for: watch the path only if it is a directory.
        static let onlyDirectory = Self(rawValue: 0x0100_0000)
        /// Asked for: add these events to the directory's watch, if it has one, rather than
        /// replace its events (a link's target may sit in the folder's parent).
        static let addToWatch = Self(rawValue: 0x2000_0000)
        /// Reported: the entry the event names is a directory.
        static let isDirectory = Self(rawValue: 0x4000_0000)

        /// What the folder's watch asks for: its entries' changes, and its own end.
        static let folderWatch: Self = [
            .closedAfterWrite, .movedTo, .movedFrom, .created, .deleted, .attributes, .deletedSelf, .movedSelf,
            .onlyDirectory,
        ]
        /// What the parent's watch asks for: entries appearing (the folder made again), and its own end.
        static let parentWatch: Self = [.created, .movedTo, .deletedSelf, .movedSelf, .onlyDirectory]
        /// What the watch of a folder holding a link's target asks for: its entries' changes,
        /// added to what the folder's watch already asks for, if it has one.
        static let targetWatch: Self = [
            .closedAfterWrite, .movedTo, .movedFrom, .created, .deleted, .attributes, .deletedSelf, .movedSelf,
            .onlyDirectory, .addToWatch,
        ]
        /// Events that may make an entry a link, or end one.
        static let entryReplaced: Self = [.created, .movedTo, .movedFrom, .deleted]
        /// Any of these ends what a watch stands for: the kernel dropped it (`ignored`, after
        /// `deletedSelf`), or its directory left the watched path (`movedSelf`).
        static let watchEnded: Self = [.ignored, .deletedSelf, .movedSelf]
    }

    /// One inotify record: which watch it is for, what happened, and the entry it names.
    struct InotifyRecord: Hashable, Sendable {
        /// The watch descriptor (`wd`) the record is for; -1 for a queue overflow.
        var watch: Int32
        var events: InotifyEvents
        /// The entry's name, or `nil` when the record is about the watched directory itself.
        var name: String?
    }

    /// The records in a buffer read from an inotify descriptor, in order.
    ///
    /// Each record is a 16-byte header (`wd`, `mask`, `cookie`, `len`, native-endian 32-bit
    /// integers) followed by `len` bytes holding the name, NUL-padded. A truncated record
    /// ends the parse.
    static func records(inInotifyRecords bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
        let headerSize = 16
        var records: [InotifyRecord] = []
        var offset = 0
        while bytes.count - offset >= headerSize {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard bytes.count - nameStart >= length else { break }
            let name = bytes[nameStart..<nameStart + length].prefix { $0 != 0 }
            records.append(
                InotifyRecord(
                    watch: watch, events: InotifyEvents(rawValue: mask),
                    name: name.isEmpty ? nil : String(decoding: name, as: UTF8.self)))
            offset = nameStart + length
        }
        return records
    }
}

/// The few system calls the watcher makes, kept apart so that other platforms compile.
enum Inotify {
    /// A failed system call's `errno`.
    struct SystemError: Error {
        let code: Int32
    }

    #if canImport(Glibc)
        /// Opens a non-blocking inotify descriptor.
        static func open() throws(SystemError) -> Int32 {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw SystemError(code: errno) }
            return descriptor
        }

        /// Watches `path` for `events`; returns the watch, which is the existing one if the
        /// directory at `path` is already watched.
        static func addWatch(_ path: String, _ events: DirectoryWatcher.InotifyEvents, to descriptor: Int32)
            throws(SystemError) -> Int32
        {
            let watch = inotify_add_watch(descriptor, path, events.rawValue)
            guard watch >= 0 else { throw SystemError(code: errno) }
            return watch
        }

        /// Removes a watch; the kernel then sends its `ignored` record, which is not read as news.
        static func removeWatch(_ watch: Int32, from descriptor: Int32) {
            _ = inotify_rm_watch(descriptor, watch)
        }

        /// Reads every pending record until the descriptor would block, one buffer at a time.
        static func drain(_ descriptor: Int32, _ body: ([DirectoryWatcher.InotifyRecord]) -> Void) {
            // Room for many records; one record is at most 16 + NAME_MAX + 1 bytes.
            let capacity = 64 * 1024
            let buffer = UnsafeMutableRawBufferPointer.allocate(
                byteCount: capacity, alignment: MemoryLayout<UInt32>.alignment)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer.baseAddress, capacity)
                if count > 0 {
                    body(DirectoryWatcher.records(inInotifyRecords: UnsafeRawBufferPointer(rebasing: buffer[..<count])))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break  // EAGAIN: drained. Any other error: nothing more to read now.
                }
            }
        }

        static func close(_ descriptor: Int32) {
            _ = Glibc.close(descriptor)
        }

        /// The names of the entries of `folder` that are symbolic links.
        static func linkNames(in folder: String) -> [String] {
            guard let stream = opendir(folder) else { return [] }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                let type = entry.pointee.d_type
                guard type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { continue }
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                        String(cString: $0)
                    }
                }
                guard name != ".", name != ".." else { continue }
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
                }
                names.append(name)
            }
            return names
        }

        /// Where the symbolic link at `path` leads, as a folder and a name in it: the file at
        /// the end of its links; for a link whose file is not there, the path it names. Nil
        /// when `path` is no link, or leads to a folder.
        static func linkTarget(_ path: String) -> (folder: String, name: String)? {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
            let target: String
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
                guard stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
            } else {
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(path, &buffer, buffer.count - 1)
                guard count > 0 else { return nil }
                let written = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                    .joined(separator: "/")
                target = written.hasPrefix("/") ? written : folder + "/" + written
            }
            guard let slash = target.lastIndex(of: "/") else { return nil }
            let name = String(target[target.index(after: slash)...])
            guard !name.isEmpty, name != ".", name != ".." else { return nil }
            let folder = String(target[..<slash])
            return (folder.isEmpty ? "/" : folder, name)
        }

        static func currentThread() -> UInt {
            UInt(pthread_self())
        }
    #else
        static func open() throws(SystemError) -> Int32 {
            throw SystemError(code: -1)
        }

        // Unreachable: `open` always throws, so no watcher is ever started.
        static func addWatch(_ path: String, _ events: DirectoryWatcher.InotifyEvents, to descriptor: Int32)
            throws(SystemError) -> Int32
        { throw SystemError(code: -1) }
        static func removeWatch(_ watch: Int32, from descriptor: Int32) {}
        static func drain(_ descriptor: Int32, _ body: ([DirectoryWatcher.InotifyRecord]) -> Void) {}
        static func close(_ descriptor: Int32) {}
        static func linkNames(in folder: String) -> [String] { [] }
        static func linkTarget(_ path: String) -> (folder: String, name: String)? { nil }
        static func currentThread() -> UInt { 0 }
    #endif
}

extension Inotify.SystemError {
    /// The path names no directory (now): nothing there, or something that is not a directory.
    var isMissing: Bool {
        #if canImport(Glibc)
            code == ENOENT || code == ENOTDIR
        #else
            false
        #endif
    }

    /// What went wrong, as the C library says it.
    var reason: String {
        #if canImport(Glibc)
            String(cString: strerror(code))
        #else
            "live reload is Linux-only (it reads inotify)"
        #endif
    }
}

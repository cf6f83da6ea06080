#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the tools (`themekit`, `themelint`) write an output file.
///
/// A regular file, or a path with nothing there yet, is replaced atomically (written beside
/// it, then renamed), so that a reader never sees half a report. A symbolic link is written
/// through: its target is replaced, and the link stays a link. Anything else (a device such
/// as `/dev/stdout`, a pipe, a terminal) and any link that leads through `/dev` or `/proc` is
/// written in place: renaming a new file over it would replace the device with a file.
///
/// Paths are taken apart with `UserPath` (never `NSString`'s path methods, which trap on a
/// one-character path), and every failure says the system's reason (`strerror` of the call
/// that failed): "No such file or directory", "Permission denied", "Read-only file system".
package enum OutputFile {
    /// Why the output could not be written.
    package struct WriteError: Error, Sendable, Hashable {
        /// The path as given.
        package var path: String
        /// What the system said (`strerror`), when it said something.
        package var reason: String
    }

    /// Writes `text` to `path` (see the type's documentation for how).
    package static func write(_ text: String, to path: String) throws(WriteError) {
        try write(to: path) { sink in try sink(text) }
    }

    /// Writes what `body` hands its sink, piece by piece, to `path` (see the type's
    /// documentation for how): the whole text is never held at once.
    package static func write(
        to path: String, _ body: (_ sink: (String) throws -> Void) throws -> Void
    ) throws(WriteError) {
        switch destination(of: path) {
        case .replace(let target):
            let (descriptor, temporary) = try temporaryFile(beside: target, path: path)
            do {
                try stream(body, into: descriptor, path: path)
            } catch {
                unlink(temporary)
                throw error
            }
            try moveIntoPlace(temporary, over: target, path: path)
        case .inPlace:
            try stream(body, into: try openInPlace(path), path: path)
        }
    }

    /// Writes `text` as a new file at `path` (0666 less the umask), directly: for a file
    /// inside a folder nobody sees yet, such as the scratch folder an asset catalog is built
    /// in before it is renamed into place, where a file beside it and a rename would only
    /// double the system calls. Anything already at `path` (a file, a link) is an error
    /// ("File exists"), never written through or replaced. A write that fails part of the way
    /// leaves what it wrote: the caller removes the folder.
    package static func writeNew(_ text: String, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: UserPath.reason(errno)) }
        try stream({ sink in try sink(text) }, into: descriptor, path: path)
    }

    /// Writes `text` as far as it can go without touching `path`: into a file beside it,
    /// renamed over it by `Staged.commit()` (or, for a device, the device opened). A caller
    /// that writes other files too stages this one first, so that a path that cannot be
    /// written fails before anything else is written.
    package static func stage(_ text: String, to path: String) throws(WriteError) -> Staged {
        switch destination(of: path) {
        case .replace(let target):
            let (descriptor, temporary) = try temporaryFile(beside: target, path: path)
            do {
                try stream({ sink in try sink(text) }, into: descriptor, path: path)
            } catch {
                unlink(temporary)
                throw error
            }
            return Staged(path: path, state: .written(temporary: temporary, target: target))
        case .inPlace:
            return Staged(path: path, state: .open(descriptor: try openInPlace(path), text: text))
        }
    }

    /// A staged output (`stage(_:to:)`): `commit()` puts it in place; dropped uncommitted, it
    /// leaves nothing behind.
    package final class Staged {
        enum State {
            case written(temporary: String, target: String)
            case open(descriptor: Int32, text: String)
            case done
        }

        private let path: String
        private var state: State

        init(path: String, state: State) {
            self.path = path
            self.state = state
        }

        /// Puts the output in place: the rename over the path, or the text written to the
        /// device. Once only.
        package func commit() throws(WriteError) {
            let current = state
            state = .done
            switch current {
            case .written(let temporary, let target): try OutputFile.moveIntoPlace(temporary, over: target, path: path)
            case .open(let descriptor, let text):
                try OutputFile.stream({ sink in try sink(text) }, into: descriptor, path: path)
            case .done: return
            }
        }

        deinit {
            switch state {
            case .written(let temporary, _): unlink(temporary)
            case .open(let descriptor, _): close(descriptor)
            case .done: break
            }
        }
    }

    /// Appends `text` to the file at `path`, creating it (0666 less the umask) if there is
    /// none: a log that other steps write too, such as GitHub's step summary.
    package static func append(_ text: String, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: UserPath.reason(errno)) }
        try stream({ sink in try sink(text) }, into: descriptor, path: path)
    }

    /// A new file beside `target` (hidden, named after it), with the mode the target has, or
    /// 0666 less the umask for a new one: its descriptor and path.
    private static func temporaryFile(beside target: String, path: String) throws(WriteError) -> (Int32, String) {
        let name = "." + UserPath.lastComponent(of: target) + ".XXXXXX"
        var template = Array(UserPath.appending(name, to: UserPath.folder(of: target)).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: UserPath.reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var info = stat()
        if stat(target, &info) == 0 {
            fchmod(descriptor, info.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        return (descriptor, temporary)
    }

    /// Renames the written `temporary` over `target`, removing it if that fails.
    private static func moveIntoPlace(_ temporary: String, over target: String, path: String) throws(WriteError) {
        guard systemRename(temporary, target) == 0 else {
            let message = UserPath.reason(errno)
            unlink(temporary)
            throw WriteError(path: path, reason: message)
        }
    }

    /// `path` opened for writing as it is (a device, a pipe).
    private static func openInPlace(_ path: String) throws(WriteError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: UserPath.reason(errno)) }
        return descriptor
    }

    /// Runs `body`, writing what it hands on to `descriptor` in blocks of about 1 MB, then
    /// closes the descriptor. A failed write or close says the system's reason.
    private static func stream(
        _ body: (_ sink: (String) throws -> Void) throws -> Void, into descriptor: Int32, path: String
    ) throws(WriteError) {
        var buffer: [UInt8] = []
        let block = 1 << 20
        func flush() throws(WriteError) {
            var offset = 0
            while offset < buffer.count {
                let written = buffer.withUnsafeBytes { bytes in
                    systemWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(path: path, reason: UserPath.reason(errno))
                }
                offset += written
            }
            buffer.removeAll(keepingCapacity: true)
        }
        do {
            try body { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= block { try flush() }
            }
            try flush()
        } catch {
            close(descriptor)
            throw error as? WriteError ?? WriteError(path: path, reason: "\(error)")
        }
        guard close(descriptor) == 0 else { throw WriteError(path: path, reason: UserPath.reason(errno)) }
    }

    package enum Destination: Equatable {
        /// Replace the regular file (or create the file) at this path atomically.
        case replace(String)
        /// Open the path as given and write to it.
        case inPlace
    }

    /// How `path` is written: links followed (at most 40, as the kernel does) to the file
    /// they name.
    package static func destination(of path: String) -> Destination {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there yet (or a dangling link's target): a new file.
                return .replace(current)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .replace(current)
            case S_IFLNK:
                guard let target = linkTarget(current) else { return .inPlace }
                let resolved =
                    target.hasPrefix("/") ? target : UserPath.appending(target, to: UserPath.folder(of: current))
                // `/dev/stdout` → `/proc/self/fd/1` → whatever the descriptor holds: a link
                // through these is a descriptor or a device, not a file to replace.
                if resolved.hasPrefix("/dev/") || resolved.hasPrefix("/proc/") { return .inPlace }
                current = resolved
            default: return .inPlace
            }
        }
        return .inPlace
    }

    /// What the symbolic link at `path` holds (`readlink`).
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress.map { readlink(path, $0, bytes.count) } ?? -1
        }
        guard count >= 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The system's `write` and `rename`, which `OutputFile`'s own `write` methods hide inside it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }

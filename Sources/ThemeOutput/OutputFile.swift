import Foundation

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
            let directory = (target as NSString).deletingLastPathComponent
            var template = Array(
                ((directory.isEmpty ? "." : directory) + "/." + (target as NSString).lastPathComponent + ".XXXXXX")
                    .utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else { throw WriteError(path: path, reason: reason(errno)) }
            let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A new file gets the usual 0666 less the umask; a replaced one keeps its mode.
            var info = stat()
            if stat(target, &info) == 0 {
                fchmod(descriptor, info.st_mode & 0o7777)
            } else {
                let mask = umask(0)
                umask(mask)
                fchmod(descriptor, 0o666 & ~mask)
            }
            do {
                try stream(body, into: descriptor, path: path)
            } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, target) == 0 else {
                let message = reason(errno)
                unlink(temporary)
                throw WriteError(path: path, reason: message)
            }
        case .inPlace:
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw WriteError(path: path, reason: reason(errno)) }
            try stream(body, into: descriptor, path: path)
        }
    }

    /// Appends `text` to the file at `path`, creating it (0666 less the umask) if there is
    /// none: a log that other steps write too, such as GitHub's step summary.
    package static func append(_ text: String, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: reason(errno)) }
        try stream({ sink in try sink(text) }, into: descriptor, path: path)
    }

    /// Runs `body`, writing what it hands on to `descriptor` in blocks of about 1 MB, then
    /// closes the descriptor.
    private static func stream(
        _ body: (_ sink: (String) throws -> Void) throws -> Void, into descriptor: Int32, path: String
    ) throws(WriteError) {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var buffer = Data()
        let block = 1 << 20
        do {
            try body { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= block {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.close()
        } catch {
            throw WriteError(path: path, reason: "\(error.localizedDescription)")
        }
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
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    return .inPlace
                }
                let resolved =
                    target.hasPrefix("/")
                    ? target
                    : (URL(fileURLWithPath: current).deletingLastPathComponent().path as NSString)
                        .appendingPathComponent(target)
                // `/dev/stdout` → `/proc/self/fd/1` → whatever the descriptor holds: a link
                // through these is a descriptor or a device, not a file to replace.
                if resolved.hasPrefix("/dev/") || resolved.hasPrefix("/proc/") { return .inPlace }
                current = resolved
            default: return .inPlace
            }
        }
        return .inPlace
    }

    /// The system's text for `code`.
    private static func reason(_ code: Int32) -> String {
        strerror(code).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
            ?? "error \(code)"
    }
}

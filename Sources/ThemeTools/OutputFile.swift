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
        let data = Data(text.utf8)
        switch destination(of: path) {
        case .replace(let target):
            do {
                try data.write(to: URL(fileURLWithPath: target), options: .atomic)
            } catch {
                throw WriteError(path: path, reason: "\(error.localizedDescription)")
            }
        case .inPlace:
            try writeInPlace(data, to: path)
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

    /// Opens `path` for writing (following links, truncating a regular file) and writes all
    /// of `data`.
    private static func writeInPlace(_ data: Data, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw WriteError(path: path, reason: "\(error.localizedDescription)")
        }
    }
}

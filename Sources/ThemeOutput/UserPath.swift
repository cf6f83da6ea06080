#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the tools take a path a user gave apart and put one together: as text, by
/// its slashes, as POSIX `dirname` and `basename` do.
///
/// swift-corelibs-foundation's `NSString` path methods (`deletingLastPathComponent`,
/// `appendingPathComponent`, …) trap on some inputs, a one-character relative path among
/// them, so no user path goes through them. Every function here takes any text, the empty
/// one included, and never traps.
package enum UserPath {
    /// The folder `path`'s last component is in, as `dirname` says it: `X`, `./X` and `X/`
    /// are in `.`, `a/b` in `a`, `/a` and `/` in `/`, `..` in `.`.
    package static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        trimTrailingSlashes(&bytes)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        var folder = Array(bytes[..<slash])
        trimTrailingSlashes(&folder)
        return folder.isEmpty ? "/" : String(decoding: folder, as: UTF8.self)
    }

    /// `path`'s last component, as `basename` says it: `X/` is `X`, `/` is `/`, `..` is `..`;
    /// the empty path is empty.
    package static func lastComponent(of path: String) -> String {
        var bytes = Array(path.utf8)
        trimTrailingSlashes(&bytes)
        if bytes == [UInt8(ascii: "/")] { return "/" }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// The path of `name` inside the folder `path`, with one slash between them: `X` and `a`
    /// give `X/a`, `X/` gives `X/a`, `/` gives `/a`, the empty path gives `a`.
    package static func appending(_ name: String, to path: String) -> String {
        guard !path.isEmpty else { return name }
        return path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// `path` made absolute against the current directory (as the system resolves a relative
    /// path), not otherwise changed.
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return appending(path, to: currentDirectory())
    }

    /// The current directory, or `/` when the system cannot say.
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The absolute path `path` names, with every symbolic link of the part that exists
    /// resolved and `.`, `..` and doubled slashes taken out of the rest. Two paths name the
    /// same file when their resolved forms are equal, whether the file exists yet or not.
    ///
    /// A path longer than the system's limit (`PATH_MAX`), which no call can open, is only
    /// made absolute and taken apart as text: the work stays linear in any path's length.
    package static func resolved(_ path: String) -> String {
        let absolute = absolute(path)
        let components = absolute.split(separator: "/", omittingEmptySubsequences: true)
        guard absolute.utf8.count < Int(PATH_MAX) else { return lexical(components, onto: []) }
        // The longest part that exists, resolved by the system; the rest taken apart as text.
        var existing = components.count
        var base: [Substring] = []
        while existing > 0 {
            if let real = realPath("/" + components[..<existing].joined(separator: "/")) {
                base = real.split(separator: "/", omittingEmptySubsequences: true)
                break
            }
            existing -= 1
        }
        return lexical(components[existing...], onto: base)
    }

    /// `components` applied to `base` (both without slashes), `.` skipped and `..` going up,
    /// as one absolute path.
    private static func lexical(_ components: some Sequence<Substring>, onto base: [Substring]) -> String {
        var out = base
        for component in components {
            switch component {
            case ".": continue
            case "..": _ = out.popLast()
            default: out.append(component)
            }
        }
        return "/" + out.joined(separator: "/")
    }

    /// `path` made absolute, with `.`, `..` and doubled slashes taken out as text (links are
    /// not followed): `a/./b/../c` in `/w` is `/w/a/c`.
    package static func normalized(_ path: String) -> String {
        lexical(absolute(path).split(separator: "/", omittingEmptySubsequences: true), onto: [])
    }

    /// Whether `first` and `second` name the same file: the same resolved path, or, both
    /// existing, the same device and inode (a hard link).
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        if resolved(first) == resolved(second) { return true }
        var one = stat()
        var two = stat()
        guard stat(first, &one) == 0, stat(second, &two) == 0 else { return false }
        return one.st_dev == two.st_dev && one.st_ino == two.st_ino
    }

    /// The system's words for the error `code` (`strerror`): "No such file or directory".
    package static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func trimTrailingSlashes(_ bytes: inout [UInt8]) {
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    }
}

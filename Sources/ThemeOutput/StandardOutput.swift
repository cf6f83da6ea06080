#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Musl)
    @preconcurrency import Musl
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Standard output, checked as a tool ends: `print` reports no failure, so without this a
/// report sent to a full disk or a closed descriptor would be lost while the tool said it
/// succeeded.
package enum StandardOutput {
    /// Flushes standard output. Returns why it, or an earlier write to it, failed (the
    /// system's words), or nil when everything written got out.
    package static func failure() -> String? {
        errno = 0
        let flushed = fflush(stdout) == 0
        guard !flushed || ferror(stdout) != 0 else { return nil }
        return errno != 0 ? String(cString: strerror(errno)).lowercased() : "a write failed"
    }
}

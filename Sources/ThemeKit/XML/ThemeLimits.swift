/// Bounds that keep any input from taking unbounded memory or time.
public struct ThemeLimits: Sendable, Hashable {
    /// The largest file read, in bytes. Larger files are refused before being read.
    public var maxFileSize: Int
    /// The deepest element nesting accepted. A theme needs 2 (`<plist><dict>`), plus
    /// one for a nested value that is reported as not flat.
    public var maxDepth: Int

    /// Creates limits.
    public init(maxFileSize: Int = 64 << 20, maxDepth: Int = 64) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
    }

    /// 64 MiB and 64 levels.
    public static let standard = ThemeLimits()
}

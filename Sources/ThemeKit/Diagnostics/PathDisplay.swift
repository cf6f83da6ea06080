/// How ThemeKit's tools show a file path: relative to the current directory where the file
/// lies under it, as given otherwise, so that output is the same on every machine. The one
/// implementation behind the linter's reports and `themekit`'s output (its `DisplayPath`).
package enum PathDisplay {
    /// `path` relative to `currentDirectory` (absolute; trailing slashes do not matter) when
    /// it lies under it, without `./` segments or doubled slashes; as given otherwise. The
    /// current directory itself is shown as given; `""` as `.`.
    package static func relative(_ path: String, to currentDirectory: String) -> String {
        var path = path
        while path.contains("//") {
            path = path.replacing("//", with: "/")
        }
        while path.contains("/./") {
            path = path.replacing("/./", with: "/")
        }
        var base = currentDirectory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        if path.hasPrefix("/"), base.hasPrefix("/") {
            let prefix = base == "/" ? "/" : base + "/"
            if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path.isEmpty ? "." : path
    }
}

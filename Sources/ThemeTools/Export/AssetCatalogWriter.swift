import Foundation
package import ThemeOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts an asset catalog in place, all or nothing: every file is written into a hidden scratch
/// folder beside the catalog's, which is then renamed to it; a failure on the way removes the
/// scratch folder and leaves the catalog's place as it was. Nobody sees the scratch folder
/// until that rename, so its files are created directly (`OutputFile.writeNew`: open, write,
/// close), not each through a file beside it and a rename of its own: a colorset costs a
/// `mkdir` and those three calls.
///
/// The catalog is the export's, whole: a folder already there is replaced only when it is
/// empty or a catalog this writer wrote (it holds the `.themekit-export` file, which Xcode,
/// like any hidden file, leaves out), so that a hand-made catalog or an app's own
/// `Assets.xcassets` is never taken for it. The old catalog is moved aside, the new one renamed
/// into its place (the old one put back if that fails), and the old one removed.
package enum AssetCatalogWriter {
    /// The file that marks a catalog as this writer's, and its text.
    package static let marker = (
        name: ".themekit-export",
        text: "This asset catalog was written by `themekit export --format xcassets`, which replaces it whole.\n"
    )

    /// Why the catalog was not written (exit 2): the system's reason, or what is in the way.
    package struct Failure: Error, Sendable, Hashable {
        package var message: String

        package init(message: String) { self.message = message }
    }

    /// Writes `catalog` as the folder `directory`, all or nothing.
    ///
    /// - Parameter writeFile: writes one file (the tests make it fail part of the way).
    package static func write(
        _ catalog: AssetCatalogExporter.Catalog, to directory: String,
        writeFile: (_ text: String, _ path: String) throws(OutputFile.WriteError) -> Void = OutputFile.writeNew
    ) throws(Failure) {
        guard !directory.isEmpty else {
            throw Failure(message: "give a folder to write the catalog to: the path is empty")
        }
        let replacing = try isReplaceable(directory)
        let parent = UserPath.folder(of: directory)
        let name = UserPath.lastComponent(of: directory)
        let scratch = UserPath.appending(".\(name).themekit-\(UUID().uuidString)", to: parent)
        guard mkdir(scratch, 0o777) == 0 else {
            throw Failure(message: "cannot write \(directory): \(UserPath.reason(errno))")
        }
        var leftover = scratch
        defer { try? FileManager.default.removeItem(atPath: leftover) }
        var folders = Set<String>()
        for file in catalog.files {
            let path = UserPath.appending(file.path, to: scratch)
            let folder = UserPath.folder(of: path)
            if folder != scratch, folders.insert(folder).inserted, mkdir(folder, 0o777) != 0 {
                throw Failure(message: "cannot write \(directory): \(UserPath.reason(errno))")
            }
            do { try writeFile(file.text, path) } catch {
                throw Failure(message: "cannot write \(directory): \(error.reason)")
            }
        }
        do { try writeFile(marker.text, UserPath.appending(marker.name, to: scratch)) } catch {
            throw Failure(message: "cannot write \(directory): \(error.reason)")
        }
        guard replacing else {
            guard rename(scratch, directory) == 0 else {
                throw Failure(message: "cannot write \(directory): \(UserPath.reason(errno))")
            }
            return
        }
        let old = UserPath.appending(".\(name).themekit-old-\(UUID().uuidString)", to: parent)
        guard rename(directory, old) == 0 else {
            throw Failure(message: "cannot replace \(directory): \(UserPath.reason(errno))")
        }
        guard rename(scratch, directory) == 0 else {
            let reason = UserPath.reason(errno)
            _ = rename(old, directory)
            throw Failure(message: "cannot replace \(directory): \(reason)")
        }
        leftover = old
    }

    /// Whether a folder is at `directory` to be replaced: `false` when nothing is there; `true`
    /// for an empty folder or one holding the marker.
    ///
    /// - Throws: `Failure` for anything else there (a file, a link, another folder).
    static func isReplaceable(_ directory: String) throws(Failure) -> Bool {
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            if errno == ENOENT { return false }
            throw Failure(message: "cannot write \(directory): \(UserPath.reason(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(message: "not replacing \(directory): it is not a folder")
        }
        var marked = stat()
        if lstat(UserPath.appending(marker.name, to: directory), &marked) == 0, marked.st_mode & S_IFMT == S_IFREG {
            return true
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [""]
        guard entries.isEmpty else {
            throw Failure(
                message: "not replacing \(directory): it is not a catalog themekit wrote (it has no \(marker.name)); "
                    + "remove it or give another folder")
        }
        return true
    }
}

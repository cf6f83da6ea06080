import Foundation
import ThemeKit
import ThemeLint
import ThemeOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts an import's themes in a folder, all or nothing: each is written to a scratch
/// folder, loaded with ThemeKit's loader and linted there, and only when every one loads
/// and lints with no error are they moved into the folder (a rename each, in the same file
/// system). Every target is checked before anything moves (a folder in a theme's place is
/// not replaced, even with `--force`), each file replaced is kept (a hard link) until the
/// last move has succeeded, and a move that fails puts back what the earlier ones replaced:
/// a run that fails leaves the folder as it was.
package enum ImportWriter {
    /// Why the themes were not written.
    package enum Failure: Error, Sendable, Hashable {
        /// The folder, or a file in it, is in the way (`--force` replaces files), or cannot
        /// be written: exit 2.
        case output(String)
        /// A written theme does not load or lint (a bug of the importer): exit 1.
        case check(String)
    }

    /// Writes `themes` into `directory`, replacing files already there only when `force`,
    /// then runs `last` (the command's other outputs, such as its report). When `last` throws,
    /// the themes are taken out again and what they replaced put back.
    /// Returns the paths written, in the themes' order.
    package static func write(
        _ themes: [ImportedTheme], to directory: String, force: Bool,
        last: () throws(Failure) -> Void = {}
    ) throws(Failure) -> [String] {
        var info = stat()
        let exists: Bool
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .output("\(directory) is a file, not a folder") }
            exists = true
        } else if errno == ENOENT {
            exists = false
        } else {
            throw .output("cannot write to \(directory): \(UserPath.reason(errno))")
        }
        let targets = themes.map { UserPath.appending($0.name + ".plist", to: directory) }
        if exists { try checkTargets(targets, force: force) }
        // The scratch folder: inside the folder (hidden, so that no linter or manager takes
        // it for themes), or beside it when the folder is still to be made.
        let scratchBase = exists ? directory : UserPath.folder(of: directory)
        let scratch = UserPath.appending(".themekit-import-\(UUID().uuidString)", to: UserPath.absolute(scratchBase))
        if !exists, let reason = makeFolders(UserPath.folder(of: scratch)) {
            throw .output("cannot make \(directory): \(reason)")
        }
        guard mkdir(scratch, 0o777) == 0 else {
            let reason = UserPath.reason(errno)
            throw .output(exists ? "cannot write to \(directory): \(reason)" : "cannot make \(directory): \(reason)")
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let written = themes.map { UserPath.appending($0.name + ".plist", to: scratch) }
        for (theme, path) in zip(themes, written) {
            do { try OutputFile.write(theme.text, to: path) } catch {
                throw .output("cannot write \(path): \(error.reason)")
            }
        }
        try check(themes, in: scratch)
        if !exists {
            guard rename(scratch, directory) == 0 else {
                throw .output("cannot make \(directory): \(UserPath.reason(errno))")
            }
            do {
                try last()
            } catch {
                // Back where the scratch folder was, which the deferred removal takes away.
                _ = rename(directory, scratch)
                throw error
            }
            return targets
        }
        var moves = Moves(kept: UserPath.appending(".replaced", to: scratch))
        for ((theme, from), target) in zip(zip(themes, written), targets) {
            if let reason = moves.move(from, over: target) {
                moves.undo()
                throw .output("cannot move \(theme.name).plist into \(directory): \(reason)")
            }
        }
        do {
            try last()
        } catch {
            moves.undo()
            throw error
        }
        return targets
    }

    /// Fails, before anything is written, when a target is in the way: a folder or another
    /// file that is not a theme's (always), or an existing file without `force`.
    static func checkTargets(_ targets: [String], force: Bool) throws(Failure) {
        var inTheWay: [String] = []
        for target in targets {
            var info = stat()
            guard lstat(target, &info) == 0 else {
                if errno == ENOENT { continue }
                throw .output("cannot replace \(target): \(UserPath.reason(errno))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFLNK: inTheWay.append(target)
            case S_IFDIR: throw .output("cannot replace \(target): it is a folder, and --force replaces files only")
            default: throw .output("cannot replace \(target): it is not a file, and --force replaces files only")
            }
        }
        if !inTheWay.isEmpty, !force {
            throw .output("not overwriting \(inTheWay.joined(separator: ", ")): --force replaces existing files")
        }
    }

    /// The themes moved into the folder so far, and the files they replaced, kept in a
    /// scratch folder until the import is over, so that a failed move can be undone.
    struct Moves {
        /// The folder the replaced files are kept in (made when the first one is).
        let kept: String
        /// Each move done: the target, and where the file it replaced is kept, if any.
        var done: [(target: String, kept: String?)] = []
        /// Whether `kept` is made.
        var madeKept = false

        /// Moves `from` over `target`, keeping the file there first; the system's reason if
        /// it could not.
        mutating func move(_ from: String, over target: String) -> String? {
            var info = stat()
            var keptAt: String?
            if lstat(target, &info) == 0 {
                if !madeKept {
                    guard mkdir(kept, 0o700) == 0 || errno == EEXIST else { return UserPath.reason(errno) }
                    madeKept = true
                }
                let path = UserPath.appending("\(done.count)", to: kept)
                // A hard link keeps the old file while the rename replaces it in one step;
                // where links are not allowed, the old file is moved aside first.
                guard link(target, path) == 0 || rename(target, path) == 0 else { return UserPath.reason(errno) }
                keptAt = path
            }
            guard rename(from, target) == 0 else {
                let reason = UserPath.reason(errno)
                if let keptAt, lstat(target, &info) != 0 { _ = rename(keptAt, target) }
                return reason
            }
            done.append((target, keptAt))
            return nil
        }

        /// Puts back every file replaced, and takes out every new one, last move first.
        func undo() {
            for (target, keptAt) in done.reversed() {
                if let keptAt {
                    _ = rename(keptAt, target)
                } else {
                    _ = unlink(target)
                }
            }
        }
    }

    /// Makes `path` and the folders it is in (`mkdir -p`); the system's reason if it cannot.
    static func makeFolders(_ path: String) -> String? {
        // No call takes a path this long: say so at once, not once a folder.
        guard path.utf8.count < Int(PATH_MAX) else { return UserPath.reason(ENAMETOOLONG) }
        var info = stat()
        if stat(path, &info) == 0 {
            return info.st_mode & S_IFMT == S_IFDIR ? nil : UserPath.reason(ENOTDIR)
        }
        let folder = UserPath.folder(of: path)
        if folder != path, let reason = makeFolders(folder) { return reason }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { return UserPath.reason(errno) }
        return nil
    }

    /// Loads every theme of `folder` with ThemeKit's loader and lints it: any error fails.
    static func check(_ themes: [ImportedTheme], in folder: String) throws(Failure) {
        // One session: each file read once, and a chain's themes resolved from their
        // parents' merges, so that checking n themes of a chain costs n, not n².
        let loader = ThemeLoader(directory: folder)
        let session = ThemeLoader.Session(reader: loader.cachingReader())
        var problems: [String] = []
        for theme in themes {
            let analysis = loader.analyze(theme.name, in: session)
            if !analysis.errors.isEmpty {
                problems.append(
                    "the imported theme '\(theme.name)' does not load: "
                        + analysis.errors.map(\.rendered).joined(separator: "\n"))
            }
        }
        let paths = themes.map { UserPath.appending($0.name + ".plist", to: folder) }
        do {
            let report = try ThemeLinter(currentDirectory: folder).lint(paths: paths)
            let errors = report.diagnostics.filter { $0.severity == .error && $0.code != "missing_default" }
            problems += errors.map(\.rendered)
        } catch {
            problems.append("themelint could not lint the imported themes: \(error.message)")
        }
        guard problems.isEmpty else {
            throw .check(
                "the imported themes have themelint errors (an importer bug: please report it):\n"
                    + problems.joined(separator: "\n"))
        }
    }
}

extension Error {
    /// The system's words for a file error, or the error's description.
    var reason: String {
        if let error = self as? OutputFile.WriteError { return error.reason }
        return (self as NSError).localizedDescription
    }
}

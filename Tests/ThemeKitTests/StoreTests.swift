import Foundation
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// `FileThemeStore`: one store per application, a bounded read that never blocks, and
/// saves that write through symbolic links instead of replacing them.
@Suite("File theme store")
struct StoreTests {
    // MARK: Per-application paths

    @Test("the current application's name is one non-empty path component, and the default")
    func currentApplicationNameIsOneComponent() {
        let name = FileThemeStore.currentApplicationName
        #expect(!name.isEmpty)
        #expect(!name.contains("/"))
        #expect(name != "." && name != "..")
        #expect(name.utf8.count <= 255)
        #expect(FileThemeStore.standard(environment: ["XDG_CONFIG_HOME": "/cfg"]).path == "/cfg/\(name)/theme")
    }

    @Test(
        "an application name becomes one safe path component",
        arguments: [
            ("a/b", "a_b"), ("", "themekit"), (".", "themekit"), ("..", "themekit"), ("/", "_"),
            ("a\nb", "a_b"), ("a\u{0}b", "a_b"), ("a\u{7F}\u{85}\u{2028}b", "a___b"), ("...", "..."),
            ("org.example.Mail", "org.example.Mail"),
        ])
    func applicationNameIsSanitised(_ given: String, _ component: String) {
        #expect(
            FileThemeStore.standard(applicationName: given, environment: ["XDG_CONFIG_HOME": "/cfg"]).path
                == "/cfg/\(component)/theme")
    }

    @Test("a long application name is cut to 255 bytes, between characters", arguments: ["x", "é"])
    func longApplicationNameIsCut(_ unit: String) throws {
        let given = String(repeating: unit, count: 300 / unit.utf8.count)
        #expect(given.utf8.count == 300)
        let path = FileThemeStore.standard(applicationName: given, environment: ["XDG_CONFIG_HOME": "/cfg"]).path
        let component = try #require(path.split(separator: "/").dropLast().last.map(String.init))
        #expect(component.utf8.count > 255 - unit.utf8.count && component.utf8.count <= 255)
        #expect(given.hasPrefix(component))
    }

    @Test("two applications keep two saved themes in the same config folder")
    func applicationsDoNotShareAStore() throws {
        let config = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": config.path]
        let mail = FileThemeStore.standard(applicationName: "org.example.mail", environment: environment)
        let notes = FileThemeStore.standard(applicationName: "org.example.notes", environment: environment)
        #expect(mail.path != notes.path)

        try mail.saveThemeName("dark")
        #expect(try notes.loadThemeName() == nil)
        try notes.saveThemeName("light")
        #expect(try mail.loadThemeName() == "dark")
        #expect(try notes.loadThemeName() == "light")
    }

    @Test(
        "XDG_CONFIG_HOME comes first when absolute and not the root; else $HOME/.config",
        arguments: [
            (["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/h"], "/x/cfg/app/theme"),
            (["XDG_CONFIG_HOME": "", "HOME": "/h"], "/h/.config/app/theme"),
            (["XDG_CONFIG_HOME": "cfg", "HOME": "/h"], "/h/.config/app/theme"),
            (["XDG_CONFIG_HOME": "/", "HOME": "/h//"], "/h/.config/app/theme"),
        ])
    func configFolderPrecedence(_ environment: [String: String], _ path: String) {
        #expect(FileThemeStore.standard(applicationName: "app", environment: environment).path == path)
    }

    @Test(
        "an empty, relative or root HOME is not used: the home folder comes from the password database",
        arguments: [["HOME": ""], ["HOME": "relative"], ["HOME": "/"], ["HOME": "", "XDG_CONFIG_HOME": ""], [:]])
    func unusableHomeIsReplaced(_ environment: [String: String]) throws {
        let path = FileThemeStore.standard(applicationName: "app", environment: environment).path
        #expect(path.hasPrefix("/"))
        #expect(!path.hasPrefix("/.config") && !path.hasPrefix("//"))
        #expect(path.hasSuffix("/.config/app/theme"))
        let entry = try #require(getpwuid(getuid()))
        let home = String(cString: try #require(entry.pointee.pw_dir))
        if home.hasPrefix("/"), home != "/" {
            #expect(path == home + "/.config/app/theme")
        }
    }

    // MARK: Bounded, non-blocking reads

    @Test("a name up to 4096 bytes with its line break loads; one byte more is refused")
    func sizeLimit() throws {
        let folder = try TemporaryDirectory()
        let atLimit = try folder.write("fits", String(repeating: "a", count: 4095) + "\n")
        #expect(try FileThemeStore(path: atLimit).loadThemeName() == String(repeating: "a", count: 4095))
        let over = try folder.write("over", String(repeating: "a", count: 4096) + "\n")
        let error = try #require(throws: ThemeStoreError.self) { try FileThemeStore(path: over).loadThemeName() }
        #expect(
            error.message
                == "the saved theme at \(over) is too large to be a theme name: 4097 bytes, over the limit of 4096")
    }

    @Test("a 2 GiB sparse store file is refused from its size, before any of it is read")
    func hugeStoreFileIsRefusedUnread() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/theme"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, 2 << 30) == 0)

        let error = try #require(throws: ThemeStoreError.self) { try FileThemeStore(path: path).loadThemeName() }
        // The whole size is in the message: it came from the file's metadata, not a read.
        #expect(
            error.message
                == "the saved theme at \(path) is too large to be a theme name: 2147483648 bytes, over the limit of 4096"
        )
    }

    @Test("a FIFO at the store's path is refused, without waiting for a writer, by load and save")
    func fifoAtPathIsRefused() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/theme"
        try #require(mkfifo(path, 0o644) == 0)
        let store = FileThemeStore(path: path)

        let loadError = try #require(throws: ThemeStoreError.self) { try store.loadThemeName() }
        #expect(loadError.message == "cannot read the saved theme at \(path): is not a regular file")
        let saveError = try #require(throws: ThemeStoreError.self) { try store.saveThemeName("dark") }
        #expect(saveError.message == "cannot save the theme to \(path): it is a FIFO, not a regular file")
        #expect(fileType(path) == S_IFIFO)
    }

    @Test("a store file that is not UTF-8 or not a theme name is an error saying so")
    func badContentsAreNamed() throws {
        let folder = try TemporaryDirectory()
        let binary = try folder.write("binary", [0xFF, 0xFE, 0x64])
        let binaryError = try #require(throws: ThemeStoreError.self) {
            try FileThemeStore(path: binary).loadThemeName()
        }
        #expect(binaryError.message == "the saved theme at \(binary) is not UTF-8 text")
        let path = try folder.write("path", "../../etc/passwd\n")
        let pathError = try #require(throws: ThemeStoreError.self) { try FileThemeStore(path: path).loadThemeName() }
        #expect(pathError.message == "the saved theme at \(path) is not a theme name")
    }

    // MARK: Saving through links

    @Test("a store file that is an absolute link stays a link; the file it leads to gets the name")
    func saveThroughAbsoluteLink() throws {
        let folder = try TemporaryDirectory()
        let target = try folder.write("dotfiles-theme", "light\n")
        let path = folder.path + "/app/theme"
        try FileManager.default.createDirectory(atPath: folder.path + "/app", withIntermediateDirectories: true)
        try #require(symlink(target, path) == 0)
        let store = FileThemeStore(path: path)
        #expect(try store.loadThemeName() == "light")

        try store.saveThemeName("dark")
        #expect(fileType(path) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "dark\n")
        #expect(try store.loadThemeName() == "dark")
    }

    @Test("a chain of relative links is followed, each link from its own folder")
    func saveThroughRelativeLinks() throws {
        let folder = try TemporaryDirectory()
        for sub in ["app", "dotfiles"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true)
        }
        let real = try folder.write("dotfiles/real", "light\n")
        let path = folder.path + "/app/theme"
        try #require(symlink("../dotfiles/theme", path) == 0)  // from app/
        try #require(symlink("real", folder.path + "/dotfiles/theme") == 0)  // from dotfiles/, not app/

        try FileThemeStore(path: path).saveThemeName("dark")
        #expect(fileType(path) == S_IFLNK)
        #expect(fileType(folder.path + "/dotfiles/theme") == S_IFLNK)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "dark\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/app/real"))
    }

    @Test("a link that leads nowhere loads as nothing saved; saving creates its file and folders")
    func saveThroughDanglingLink() throws {
        let folder = try TemporaryDirectory()
        let target = folder.path + "/missing/sub/theme"
        let path = folder.path + "/theme"
        try #require(symlink(target, path) == 0)
        let store = FileThemeStore(path: path)
        #expect(try store.loadThemeName() == nil)

        try store.saveThemeName("dark")
        #expect(fileType(path) == S_IFLNK)
        #expect(fileType(target) == S_IFREG)
        #expect(try store.loadThemeName() == "dark")
    }

    @Test("a link to a FIFO is refused: nothing is written and nothing waits")
    func linkToFIFOIsRefused() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path + "/fifo"
        try #require(mkfifo(fifo, 0o644) == 0)
        let path = folder.path + "/theme"
        try #require(symlink(fifo, path) == 0)

        let error = try #require(throws: ThemeStoreError.self) { try FileThemeStore(path: path).saveThemeName("dark") }
        #expect(
            error.message
                == "cannot save the theme to \(path): it leads to \(fifo), which is a FIFO, not a regular file")
        #expect(fileType(path) == S_IFLNK)
        #expect(fileType(fifo) == S_IFIFO)
    }

    /// Whether a device node can be made here, tried once in a scratch folder: root in a
    /// container without `CAP_MKNOD` cannot, and would have only `/dev/null` to link to.
    static let mayMakeDevices: Bool = {
        guard let folder = try? TemporaryDirectory() else { return false }
        return mknod(folder.path + "/probe", S_IFCHR | 0o666, 0x103) == 0
    }()

    @Test(
        "a link to a character device is refused and the device is left in place",
        .enabled(
            if: geteuid() != 0 || mayMakeDevices,
            "root without CAP_MKNOD: the only device to link to is /dev/null, which a wrong save would replace"))
    func linkToDeviceIsRefused() throws {
        let folder = try TemporaryDirectory()
        // A null device of our own when allowed (root), so that a wrong replace would hit
        // only the scratch folder; else /dev/null, which a user cannot replace anyway.
        var device = folder.path + "/null"
        if mknod(device, S_IFCHR | 0o666, 0x103) != 0 {
            try #require(geteuid() != 0, "root without CAP_MKNOD: not risking /dev/null")
            device = "/dev/null"
        }
        let path = folder.path + "/theme"
        try #require(symlink(device, path) == 0)

        let error = try #require(throws: ThemeStoreError.self) { try FileThemeStore(path: path).saveThemeName("dark") }
        #expect(
            error.message
                == "cannot save the theme to \(path): it leads to \(device), which is a character device, not a regular file"
        )
        #expect(fileType(device) == S_IFCHR)
        #expect(fileType(path) == S_IFLNK)
    }

    @Test("links that lead back to themselves are refused by load and save")
    func linkLoopIsRefused() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/theme"
        try #require(symlink("other", path) == 0)
        try #require(symlink("theme", folder.path + "/other") == 0)
        let store = FileThemeStore(path: path)
        #expect(throws: ThemeStoreError.self) { try store.loadThemeName() }
        let error = try #require(throws: ThemeStoreError.self) { try store.saveThemeName("dark") }
        #expect(error.message == "cannot save the theme to \(path): too many levels of symbolic links")
    }
}

/// The type bits of what is at `path`, not following a link there; 0 if nothing is.
private func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
}

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
}

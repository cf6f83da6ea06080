import Foundation
import TestSupport
import Testing

/// An app repository as themelint meets it: a `.git`, a `.themelint.json` at the root, and,
/// in the app folder (the current directory), its themes beside what holds none: build
/// checkouts, `node_modules`, a hidden folder, a vendored folder, the app's `Info.plist`.
private struct AppRepository: ~Copyable {
    let scratch: ScratchFolder
    var root: URL { scratch.url }
    var app: URL { scratch.url.appendingPathComponent("App") }

    static func plist(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
    }

    /// Not a theme: a value that is an array, as in an `Info.plist` or a package's plist.
    static let notATheme = plist("\t<key>items</key><array/>\n")

    init(configuration: String?) throws {
        let folder = try ScratchFolder("repository")
        let files: [String: String] = [
            ".git/HEAD": "ref: refs/heads/main\n",
            "App/Themes/default.plist": Self.plist(
                "\t<key>primaryColor</key><string>35a2fb</string>\n\t<key>textColor</key><string>000000</string>\n"),
            "App/Themes/dark.plist": Self.plist(
                "\t<key>primaryColor</key><string>#12345G</string>\n\t<key>textcolor</key><string>ffffff</string>\n"
                    + "\t<key>textColor</key><string>ffffff</string>\n"),
            "App/Features/Settings/Themes/default.plist": Self.plist(
                "\t<key>primaryColor</key><string>35a2fb</string>\n"),
            "App/Vendor/Themes/default.plist": Self.notATheme,
            "App/.build/checkouts/dep/Themes/x.plist": Self.notATheme,
            "App/node_modules/pkg/y.plist": Self.notATheme,
            "App/.hidden/z.plist": Self.notATheme,
            "App/Info.plist": Self.plist(
                "\t<key>CFBundleName</key><string>App</string>\n\t<key>UIAppFonts</key><array/>\n"),
        ]
        for (path, text) in files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        if let configuration { _ = try folder.write(configuration, to: ".themelint.json") }
        scratch = folder
    }

    func run(_ arguments: [String], in folder: String = "App") throws -> CLI.Result {
        try CLI.run(arguments, in: root.appendingPathComponent(folder))
    }
}

@Suite("themelint in an app repository, end to end", .serialized)
struct RepositoryTests {
    static let configuration = """
        {
          "disabled_rules": ["case_collision"],
          "excluded": ["App/Vendor"],
          "rules": {"invalid_color": {"severity": "warning"}}
        }
        """

    static let invalidColor =
        "Themes/dark.plist:4:25: warning: 'primaryColor' is '#12345G', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]"

    @Test("a folder search skips .build, node_modules, hidden folders and Info.plist; nested Themes folders are found")
    func defaultExcludes() throws {
        let repository = try AppRepository(configuration: nil)
        let result = try repository.run(["."])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Themes/dark.plist:4:25: error: 'primaryColor' is '#12345G', which is not a color (3, 4, 6 or 8 hex digits, '#' optional) [invalid_color]
                Themes/dark.plist:6:2: warning: 'textColor' differs from 'textcolor' only in letter case [case_collision]
                Vendor/Themes/default.plist:4:18: error: 'items' is an <array>; theme values are <string>, <integer>, <real>, <true/> or <false/> [not_flat]
                2 errors, 1 warning in 4 files

                """)
    }

    @Test("naming a skipped folder or file on the command line lints it")
    func namingASkippedPathLintsIt() throws {
        let repository = try AppRepository(configuration: nil)
        let result = try repository.run([
            ".build/checkouts/dep/Themes", "node_modules/pkg/y.plist", ".hidden", "Info.plist",
        ])
        #expect(result.status == 1)
        let files = Set(result.stdout.split(separator: "\n").compactMap { $0.split(separator: ":").first })
        #expect(
            files == [
                ".build/checkouts/dep/Themes", ".build/checkouts/dep/Themes/x.plist", ".hidden", ".hidden/z.plist",
                "Info.plist", "node_modules/pkg/y.plist", "6 errors, 0 warnings in 4 files",
            ])
    }

    @Test(
        "the configuration one folder above is found: a disabled rule is silent, excluded is skipped, a re-graded error exits 0"
    )
    func configurationAbove() throws {
        let repository = try AppRepository(configuration: Self.configuration)
        let result = try repository.run(["."])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == Self.invalidColor + "\n0 errors, 1 warning in 3 files\n")
        #expect(try repository.run(["--strict", "."]).status == 1)
        // Without the configuration, the same run fails on the error and reports the rest.
        let ignored = try repository.run(["--no-config", "."])
        #expect(ignored.status == 1)
        #expect(ignored.stdout.contains("[case_collision]"))
        #expect(ignored.stdout.contains("Vendor/Themes/default.plist"))
        // Naming the excluded folder lints it.
        let vendor = try repository.run(["Vendor/Themes"])
        #expect(vendor.status == 1)
        #expect(vendor.stdout.hasPrefix("Vendor/Themes/default.plist:4:18: error: "))
    }

    @Test("a re-graded severity is the severity in json, sarif and github too")
    func severityInEveryFormat() throws {
        let repository = try AppRepository(configuration: Self.configuration)
        let json = try repository.run(["--format", "json", "."])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""severity" : "warning""#))
        #expect(!json.stdout.contains(#""severity" : "error""#))
        let sarif = try repository.run(["--format", "sarif", "."])
        let results = try #require(
            ((try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])?["runs"]
                as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["warning"])
        let github = try repository.run(["--format", "github", "."])
        #expect(github.stdout.hasPrefix("::warning file=Themes/dark.plist,line=4,col=25,"))
        #expect(github.status == 0)
    }

    @Test("the search stops at the repository root; from the root, patterns are relative to it as well")
    func searchStopsAtTheRepositoryRoot() throws {
        let repository = try AppRepository(configuration: Self.configuration)
        // From the root itself: the same themes, reported from there.
        let fromRoot = try repository.run(["App"], in: ".")
        #expect(fromRoot.status == 0)
        #expect(fromRoot.stdout == "App/" + Self.invalidColor + "\n0 errors, 1 warning in 3 files\n")
        // A configuration above the repository is not read: the .git folder ends the search.
        let outer = try ScratchFolder("outer")
        try FileManager.default.moveItem(at: repository.root, to: outer.url.appendingPathComponent("repo"))
        _ = try outer.write(#"{"disabled_rules": ["invalid_color"]}"#, to: ".themelint.json")
        try FileManager.default.removeItem(at: outer.url.appendingPathComponent("repo/.themelint.json"))
        let result = try CLI.run(["."], in: outer.url.appendingPathComponent("repo/App"))
        #expect(result.stdout.contains("[invalid_color]"))
        #expect(result.stdout.contains("[case_collision]"))
        try FileManager.default.moveItem(at: outer.url.appendingPathComponent("repo"), to: repository.root)
    }

    @Test("included keeps a folder search to the themes' folders; a configuration error names the file found above")
    func includedAndErrorsAbove() throws {
        let repository = try AppRepository(
            configuration: #"{"included": ["App/Features/**/Themes"], "disabled_rules": ["case_collision"]}"#)
        let result = try repository.run(["."])
        #expect(result.status == 0)
        #expect(result.stdout == "0 errors, 0 warnings in 1 file\n")
        // A file named is linted even outside included.
        #expect(try repository.run(["Themes/dark.plist"]).stdout.contains("[invalid_color]"))
        _ = try repository.scratch.write(#"{"disabled_rules": ["case_colision"]}"#, to: ".themelint.json")
        let broken = try repository.run(["."], in: "App/Features")
        #expect(broken.status == 2)
        #expect(
            broken.stderr
                == "themelint: error: ../../.themelint.json:1:21: .disabled_rules[0]: unknown rule 'case_colision'; did you mean 'case_collision'?; themelint --list-rules lists the rules\n"
        )
    }

    @Test(
        "--default-path folders are found, not named: hidden, vendored and excluded ones are left out, as 'themelint .' leaves them"
    )
    func defaultPathsObeyExcluded() throws {
        let repository = try AppRepository(configuration: Self.configuration)
        // What the plugin finds in App: its Themes folders, the excluded vendor's, and one in
        // a scratch checkout under .build: the plugin's run must report what `themelint .` does.
        let found = ["Themes", "Features/Settings/Themes", "Vendor/Themes", ".build/checkouts/dep/Themes"]
        let plugin = try repository.run(found.flatMap { ["--default-path", $0] })
        let dot = try repository.run(["."])
        #expect(plugin.status == dot.status)
        #expect(plugin.stdout == dot.stdout)
        #expect(plugin.stdout == Self.invalidColor + "\n0 errors, 1 warning in 3 files\n")
        // A path named on the command line still wins over `excluded`.
        let named = try repository.run(found.flatMap { ["--default-path", $0] } + ["Vendor/Themes"])
        #expect(named.status == 1)
        #expect(named.stdout.hasPrefix("Vendor/Themes/default.plist:4:18: error: "))
        // All of them left out: nothing to lint is a usage error, as `themelint .` finding no
        // theme is.
        let none = try repository.run([
            "--default-path", "Vendor/Themes", "--default-path", ".build/checkouts/dep/Themes",
        ])
        #expect(none.status == 2)
        #expect(
            none.stderr
                == "themelint: error: nothing to lint: every Themes folder found (2) is in a hidden or skipped folder or in the configuration's excluded; name a path to lint it anyway\n"
        )
    }

    @Test("--default-path (the plugin's Themes folders) is linted only when no path is given")
    func defaultPathsOfThePlugin() throws {
        let repository = try AppRepository(configuration: Self.configuration)
        let none = try repository.run(["--default-path", "Features/Settings/Themes", "--strict"])
        #expect(none.status == 0)
        #expect(none.stdout == "0 errors, 0 warnings in 1 file\n")
        let given = try repository.run([
            "--default-path", "Features/Settings/Themes", "--config", "../.themelint.json", "Themes",
        ])
        #expect(given.stdout == Self.invalidColor + "\n0 errors, 1 warning in 2 files\n")
    }
}

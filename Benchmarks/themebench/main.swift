// themebench: ThemeKit measured against Foundation, raw libxml2 and a plain dictionary,
// side by side in one run, reported as ratios so that they hold on a noisy machine.
//
//     swift run -c release themebench            # the table
//     swift run -c release themebench --json     # the same results as JSON
//     swift build -c release && .build/release/themebench --scaling [--only ID] [--repeat R] [--json]
//                                                 # time and memory at n and 4n (Scaling.swift)
//     themebench --help                          # every run and setting (BenchOptions)
import ArgumentParser
import CSAXBaseline
import Dispatch
import Foundation
import ThemeBenchSupport
import ThemeKit
import ThemeLint
import ThemeOutput

#if canImport(Glibc)
    import Glibc
#endif

// MARK: Measuring

/// Keeps results alive so the optimiser cannot drop the work that made them.
nonisolated(unsafe) var sink = 0

/// The median time of one call of `body`, in nanoseconds, over `runs` samples after
/// `warmup` unmeasured calls. A sample times `batch` calls and divides.
func median(runs: Int, warmup: Int = 3, batch: Int = 1, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        for _ in 0..<batch { body() }
        let elapsed = clock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(batch))
    }
    samples.sort()
    return samples[samples.count / 2]
}

func format(nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: String(format: "%.1f ns", nanoseconds)
    case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1_000)
    default: String(format: "%.2f ms", nanoseconds / 1_000_000)
    }
}

/// One line of the report.
struct Row: Encodable {
    var name: String
    var themeKit: String
    var baseline: String
    var baselineName: String
    var ratio: Double
    var ratioText: String
    var target: String
    var holds: Bool?
    var themeKitNanoseconds: Double?
    var baselineNanoseconds: Double?
}

var rows: [Row] = []
let arguments = CommandLine.arguments

func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

// MARK: Memory probe (run in a child process, so its peak is its own)

func residentPeakKilobytes() -> Int { themebench_peak_rss_kb() }

if arguments.count >= 2, arguments[1] == "--memory-probe" {
    // --memory-probe DIR NAME|-: load NAME from DIR (or nothing, for the baseline) and
    // print the peak RSS in kB and the heap bytes still in use while the theme is held.
    let before = themebench_heap_in_use()
    var retained = 0
    if arguments.count >= 4, arguments[3] != "-" {
        let theme = try ThemeLoader(directory: arguments[2]).load(arguments[3])
        retained = themebench_heap_in_use() - before
        sink &+= theme.count
    }
    print("\(residentPeakKilobytes()) \(retained)")
    exit(0)
}

if arguments.count >= 3, arguments[1] == "--scaling-load" {
    // --scaling-load DIR: what the manager does on a change, for `--scaling`: load DIR's
    // `default` (keeping the keys that resolve, as a degraded start does).
    // Exit 3 when it does not load, so that the benchmark never times a failure.
    guard let theme = try? ThemeLoader(directory: arguments[2]).load("default", allowingErrors: true) else { exit(3) }
    print(theme.count)
    exit(0)
}

if arguments.count >= 3, arguments[1] == "--scaling-read-tokens" {
    // --scaling-read-tokens DIR: the DTCG reader on DIR's resolver or tokens file, for
    // `--scaling`. Exit 3 when it reads nothing, so that the benchmark never times a failure.
    let resolver = arguments[2] + "/" + ScalingShape.tokensResolverPath
    let path =
        FileManager.default.fileExists(atPath: resolver) ? resolver : arguments[2] + "/" + ScalingShape.tokensFilePath
    guard let read = try? TokensReader.themes(contentsOf: path), !read.themes.isEmpty else { exit(3) }
    print(read.themes.reduce(0) { $0 + $1.files.reduce(0) { $0 + $1.document.entryCount } })
    exit(0)
}

if arguments.count >= 3, arguments[1] == "--scaling-resolve-tokens" {
    // --scaling-resolve-tokens DIR: DIR's resolver read and each of its themes resolved, for
    // `--scaling`. Exit 3 when a theme does not resolve whole, so that the benchmark never
    // times a failure.
    guard let read = try? TokensReader.themes(contentsOf: arguments[2] + "/" + ScalingShape.tokensResolverPath),
        !read.themes.isEmpty
    else { exit(3) }
    var values = 0
    for theme in read.themes {
        guard let resolved = theme.resolved().theme else { exit(3) }
        values += resolved.count
    }
    print(values)
    exit(0)
}

if arguments.count >= 3, ["--scaling-manager-switch", "--scaling-manager-reload"].contains(arguments[1]) {
    // --scaling-manager-switch DIR: a manager on DIR/Tokens (DTCG files) started on its
    // default, switched to dark and back; --scaling-manager-reload DIR: started, then its
    // theme reloaded twice. For `--scaling`. Exit 3 when a theme does not load whole, so that
    // the benchmark never times a failure.
    let manager = ThemeManager(
        directory: arguments[2] + "/" + ScalingShape.managerTokensFolder, notificationCenter: NotificationCenter())
    guard manager.currentThemeName == "light", !manager.isDegraded else { exit(3) }
    do {
        if arguments[1] == "--scaling-manager-switch" {
            try manager.changeTheme("dark")
            try manager.changeTheme("light")
        } else {
            try manager.reloadTheme()
            try manager.reloadTheme()
        }
    } catch {
        exit(3)
    }
    print(manager.currentTheme.count)
    exit(0)
}

if arguments.count >= 3, arguments[1] == "--scaling-lsp-open" {
    // --scaling-lsp-open DIR: the language server opening every theme of DIR, for `--scaling`.
    // Exit 3 when it cannot, so that the benchmark never times a failure.
    guard let written = try? lspOpenEach(folder: arguments[2]) else { exit(3) }
    print(written)
    exit(0)
}

// MARK: The command line

/// The run asked for; a usage error ends the process with status 2, as themelint and
/// themekit do (ArgumentParser's own is 64), and `--help` with 0.
let run: BenchRun = {
    do {
        return try BenchOptions.parse(Array(arguments.dropFirst())).benchRun
    } catch {
        let code = BenchOptions.exitCode(for: error)
        if code == .success { BenchOptions.exit(withError: error) }
        log(BenchOptions.fullMessage(for: error))
        BenchOptions.exit(withError: ExitCode(2))
    }
}()

// MARK: Inputs

/// A generated theme and its parent, in memory and on disk.
struct Inputs {
    let generator: ThemeGenerator
    let name: String
    let directory: String
    let child: [UInt8]
    let parent: [UInt8]
    /// The same bytes, each with a NUL after them, as libxml2 reads them in place.
    private let terminated: [[UInt8]]

    init(keys: Int, name: String, directory: String, seed: Int = 0) throws {
        generator = ThemeGenerator(keys: keys, seed: seed)
        self.name = name
        self.directory = directory
        child = Array(generator.child(parentName: name + "-base").utf8)
        parent = Array(generator.parent().utf8)
        terminated = [child + [0], parent + [0]]
        try Data(child).write(to: URL(fileURLWithPath: directory + "/\(name).plist"))
        try Data(parent).write(to: URL(fileURLWithPath: directory + "/\(name)-base.plist"))
    }

    var byteCount: Int { child.count + parent.count }

    /// Load and resolve from the bytes in memory: the whole of ThemeKit's work.
    func loadFromBytes() -> Theme? {
        let loader = ThemeLoader(directory: directory)
        let files = [loader.path(of: name): child, loader.path(of: name + "-base"): parent]
        let analysis = loader.analyze(name) { path in
            guard let bytes = files[path] else {
                return .failure(ThemeError(Diagnostic(.themeNotFound, path, at: .wholeFile(path))))
            }
            return .success(ThemeFile(PropertyListReader().parse(bytes, file: path)))
        }
        return analysis.theme
    }

    /// The floor: libxml2's SAX2 pass with no-op callbacks over the same bytes.
    func floorPass() -> Int {
        var events = 0
        for bytes in terminated {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        events &+= Int(themebench_sax_noop($0, Int32(buffer.count - 1)))
                    }
                }
            }
        }
        return events
    }
}

/// The generated DTCG design system (`TokensGenerator`) on disk, and its files' bytes.
struct TokensInputs {
    let generator: TokensGenerator
    let resolverPath: String
    /// The folder holding the files.
    let folder: String
    /// Every file's bytes: the resolver and the four token files.
    let files: [Data]

    init(tokens: Int, folder: String) throws {
        generator = TokensGenerator(tokens: tokens)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [Data] = []
        for (name, text) in generator.files().sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try data.write(to: URL(fileURLWithPath: folder + "/" + name))
            files.append(data)
        }
        self.files = files
        resolverPath = folder + "/" + TokensGenerator.resolverName
        self.folder = folder
    }

    var byteCount: Int { files.reduce(0) { $0 + $1.count } }

    /// ThemeKit's whole work, as the manager will do it: the resolver and every file it
    /// names read, and each theme (light, dark) resolved and built. The values of every theme.
    func readAndResolve() -> Int {
        guard let read = try? TokensReader.themes(contentsOf: resolverPath) else { return 0 }
        return read.themes.reduce(0) { $0 + ($1.resolved().theme?.count ?? 0) }
    }

    /// The reader alone: the resolver and its files read into located entries.
    func readOnly() -> Int {
        guard let read = try? TokensReader.themes(contentsOf: resolverPath) else { return 0 }
        return read.documents.reduce(0) { $0 + $1.document.entryCount }
    }

    /// A manager on the design system's folder, started on its default (`light`).
    func manager() -> ThemeManager {
        let manager = ThemeManager(directory: folder, notificationCenter: NotificationCenter())
        _ = manager.currentThemeName
        return manager
    }

    /// One switch of `manager` to the other context (`light` ↔ `dark`), as an app's
    /// `changeTheme` does it: the folder's files read and the theme resolved. Its values.
    func switchContext(_ manager: ThemeManager) -> Int {
        let next = manager.currentThemeName == "light" ? "dark" : "light"
        guard (try? manager.changeTheme(next)) != nil else { return 0 }
        return manager.currentTheme.count
    }

    /// Foundation's decoder over the same bytes, and nothing else.
    func foundationDecode() -> Int {
        files.reduce(0) { count, data in
            count + (((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?.count ?? 0)
        }
    }
}

let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("themebench-\(getpid())").path
try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: workspace) }

/// Ends the process with `status`, removing the workspace first (`exit` runs no `defer`,
/// so without this each profiling run would leave its themes in the temporary folder).
func finish(_ status: Int32) -> Never {
    try? FileManager.default.removeItem(atPath: workspace)
    exit(status)
}

if case .scaling(let only, let repeats, let timeout, let json, let scale) = run {
    // Exit status: 0 every shape holds, 1 one does not, 2 the benchmark could not run.
    let status: Int32
    do {
        status =
            try Scaling.run(
                only: only, repeats: repeats, timeout: timeout, json: json, scale: scale, workspace: workspace) ? 0 : 1
    } catch {
        log("themebench: \(error)")
        status = 2
    }
    finish(status)
}

/// Writes the lint case's corpus: `default` and 999 children, each of 100 keys, each
/// overriding what `default` has. Returns the theme names.
func writeLintCorpus(to folder: String) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var names = ["default"]
    try Data(ThemeGenerator(keys: 100).standalone().utf8).write(to: URL(fileURLWithPath: folder + "/default.plist"))
    for index in 1..<1_000 {
        let name = String(format: "theme%04d", index)
        names.append(name)
        let theme = ThemeGenerator(keys: 100, seed: index).standalone(inheriting: "default")
        try Data(theme.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).plist"))
    }
    return names
}

if case .appearanceLatency(let flips) = run {
    finish(AppearanceLatency.run(flips: flips, workspace: workspace))
}

if case .lintCorpus(let folder) = run {
    // The 1,000 themes of the lint case, to time the CLI on them (hyperfine 'themelint DIR').
    _ = try writeLintCorpus(to: folder)
    finish(0)
}

if case .profileLoad(let count, let keys, let pass) = run {
    // For callgrind: only ThemeKit's load of the theme of `keys` keys, `count` times; or
    // the C floor's pass over the same bytes, or the reader alone (no resolution).
    let inputs = try Inputs(keys: keys, name: "profile", directory: workspace)
    let reader = PropertyListReader()
    for _ in 0..<count {
        switch pass {
        case .floor:
            sink &+= inputs.floorPass()
        case .read:
            sink &+= reader.parse(inputs.child, file: "c").entryCount
            sink &+= reader.parse(inputs.parent, file: "p").entryCount
        case .load:
            sink &+= inputs.loadFromBytes()?.count ?? 0
        }
    }
    print(sink)
    finish(0)
}

if case .profileTokens(let count, let tokens, let pass) = run {
    // For callgrind: ThemeKit's read + resolve of the generated design system, `count`
    // times; or the reader alone, or JSONSerialization's decode of the same files.
    let inputs = try TokensInputs(tokens: tokens, folder: workspace + "/tokens")
    let manager = pass == .managerSwitch ? inputs.manager() : nil
    for _ in 0..<count {
        switch pass {
        case .readAndResolve: sink &+= inputs.readAndResolve()
        case .read: sink &+= inputs.readOnly()
        case .foundation: sink &+= inputs.foundationDecode()
        case .managerSwitch: sink &+= manager.map(inputs.switchContext) ?? 0
        }
    }
    print(sink)
    finish(0)
}

if case .profileChange(let count) = run {
    // For callgrind: `count` calls of `changeTheme` between two 10,000-key
    // RNThemeManager-style themes (the held-out case's shape), reading each from disk.
    let folder = workspace + "/rn"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(RNStyleTheme.text(seed: 1).utf8).write(to: URL(fileURLWithPath: folder + "/rnA.plist"))
    try Data(RNStyleTheme.text(seed: 2).utf8).write(to: URL(fileURLWithPath: folder + "/rnB.plist"))
    let manager = ThemeManager(directory: folder, notificationCenter: NotificationCenter())
    for index in 0..<count { try manager.changeTheme(index % 2 == 0 ? "rnA" : "rnB") }
    print(manager.currentTheme.count)
    finish(0)
}

if case .profileLookup(let count) = run {
    // For callgrind: the lookup rows' hits, `count` rounds through the manager and `count`
    // through plain dictionaries, each in a function of its own to collect alone.
    _ = try Inputs(keys: 1_000, name: "lookup", directory: workspace)
    let manager = ThemeManager(directory: workspace, notificationCenter: NotificationCenter())
    try manager.changeTheme("lookup")
    var colors: [String: ThemeColor] = [:]
    var fonts: [String: ThemeFont] = [:]
    for (key, value) in manager.currentTheme.values {
        if case .color(let color) = value { colors[key] = color }
        if case .font(let font) = value { fonts[key] = font }
    }
    let colorKeys = colors.keys.sorted()
    let fontKeys = fonts.keys.sorted()
    profileManagerLookups(manager, colors: colorKeys, fonts: fontKeys, rounds: count)
    profilePlainLookups(colors, fonts, colors: colorKeys, fonts: fontKeys, rounds: count)
    print("\(colorKeys.count) colors, \(fontKeys.count) fonts, \(sink)")
    finish(0)
}

/// `rounds` lookups of every key of `colors` and `fonts` through `manager`.
@inline(never)
func profileManagerLookups(_ manager: ThemeManager, colors: [String], fonts: [String], rounds: Int) {
    for _ in 0..<rounds {
        for key in colors where manager.color(forKey: key) != nil { sink &+= 1 }
        for key in fonts where manager.font(forKey: key) != nil { sink &+= 1 }
    }
}

/// The same reads of plain dictionaries: the lookup rows' baseline.
@inline(never)
func profilePlainLookups(
    _ colorTable: [String: ThemeColor], _ fontTable: [String: ThemeFont], colors: [String], fonts: [String],
    rounds: Int
) {
    for _ in 0..<rounds {
        for key in colors where colorTable[key] != nil { sink &+= 1 }
        for key in fonts where fontTable[key] != nil { sink &+= 1 }
    }
}

/// Foundation's decoder over `data`: the baseline of every "faster than Foundation" row.
func foundationDecode(_ data: Data) -> Int {
    let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    return (plist as? [String: Any])?.count ?? 0
}

/// A row of ThemeKit's time against Foundation's decode of the same bytes, holding when
/// ThemeKit is at least `target` times faster (no target: reported only).
func fasterThanFoundation(
    _ name: String, themeKit: Double, foundation: Double, target: Double?,
    baselineName: String = "Foundation PropertyListSerialization (decode only)"
) -> Row {
    Row(
        name: name, themeKit: format(nanoseconds: themeKit), baseline: format(nanoseconds: foundation),
        baselineName: baselineName, ratio: foundation / themeKit,
        ratioText: String(format: "%.1fx faster", foundation / themeKit),
        target: target.map { String(format: "≥ %.0fx faster", $0) } ?? "-",
        holds: target.map { foundation / themeKit >= $0 },
        themeKitNanoseconds: themeKit, baselineNanoseconds: foundation)
}

// MARK: Load + resolve against Foundation and the libxml2 floor

for (keys, runs, targeted) in [(10_000, 30, true), (1_000, 200, false), (100, 2_000, true)] {
    let inputs = try Inputs(keys: keys, name: "bench\(keys)", directory: workspace)
    guard let theme = inputs.loadFromBytes(), theme.count == inputs.generator.mergedValues else {
        log("themebench: the generated \(keys)-key theme did not load whole")
        finish(1)
    }
    let childData = Data(inputs.child)
    let parentData = Data(inputs.parent)
    log("load + resolve, \(keys) keys (\(inputs.byteCount) bytes)…")
    let themeKit = median(runs: runs) { sink &+= inputs.loadFromBytes()?.count ?? 0 }
    let foundation = median(runs: runs) {
        for data in [childData, parentData] { sink &+= foundationDecode(data) }
    }
    let floor = median(runs: runs) { sink &+= inputs.floorPass() }
    if keys == 10_000 {
        // The reader alone, which the foundation issue measured against Foundation.
        let reader = PropertyListReader()
        let readOnly = median(runs: runs) {
            sink &+= reader.parse(inputs.child, file: "c").entryCount
            sink &+= reader.parse(inputs.parent, file: "p").entryCount
        }
        rows.append(
            fasterThanFoundation(
                "read \(keys) keys (reader only)", themeKit: readOnly, foundation: foundation, target: 5))
    }
    rows.append(
        fasterThanFoundation(
            "load + resolve \(keys) keys", themeKit: themeKit, foundation: foundation, target: targeted ? 10 : nil))
    rows.append(
        Row(
            name: "load + resolve \(keys) keys", themeKit: format(nanoseconds: themeKit),
            baseline: format(nanoseconds: floor), baselineName: "libxml2 SAX2, no-op callbacks (C)",
            ratio: themeKit / floor, ratioText: String(format: "%.2fx the floor", themeKit / floor),
            target: targeted ? "≤ 2.5x" : "-", holds: targeted ? themeKit / floor <= 2.5 : nil,
            themeKitNanoseconds: themeKit, baselineNanoseconds: floor))
}

// MARK: DTCG read + resolve against JSONSerialization

for (tokens, runs, targeted) in [(5_000, 30, true), (500, 200, false)] {
    let inputs = try TokensInputs(tokens: tokens, folder: workspace + "/tokens\(tokens)")
    let values = inputs.readAndResolve()
    guard values == 2 * inputs.generator.valuesPerTheme else {
        log(
            "themebench: the generated \(tokens)-token design system resolved to \(values) values, not \(2 * inputs.generator.valuesPerTheme)"
        )
        finish(1)
    }
    log("DTCG read + resolve, \(tokens) tokens, 2 themes (\(inputs.byteCount) bytes of JSON)…")
    let themeKit = median(runs: runs) { sink &+= inputs.readAndResolve() }
    let foundation = median(runs: runs) { sink &+= inputs.foundationDecode() }
    let baseline = "Foundation JSONSerialization (decode only)"
    if targeted {
        let readOnly = median(runs: runs) { sink &+= inputs.readOnly() }
        rows.append(
            fasterThanFoundation(
                "DTCG read \(tokens) tokens (reader only)", themeKit: readOnly, foundation: foundation, target: nil,
                baselineName: baseline))
    }
    rows.append(
        fasterThanFoundation(
            "DTCG read + resolve \(tokens) tokens, light and dark", themeKit: themeKit, foundation: foundation,
            target: targeted ? 1 : nil, baselineName: baseline))
    if targeted {
        // A manager on the folder switching light ↔ dark: each switch reads the folder's
        // files and resolves one theme, against the decode of the same files.
        let manager = inputs.manager()
        guard inputs.switchContext(manager) == inputs.generator.valuesPerTheme else {
            log("themebench: a manager on the generated design system did not switch to a whole theme")
            finish(1)
        }
        log("manager switching light ↔ dark on \(tokens) DTCG tokens…")
        let switching = median(runs: runs) { sink &+= inputs.switchContext(manager) }
        rows.append(
            fasterThanFoundation(
                "manager switch light ↔ dark, \(tokens) DTCG tokens", themeKit: switching, foundation: foundation,
                target: nil, baselineName: baseline))
    }
}

// MARK: Lookups against a plain dictionary

do {
    let inputs = try Inputs(keys: 1_000, name: "lookup", directory: workspace)
    let manager = ThemeManager(directory: workspace)
    try manager.changeTheme("lookup")
    let theme = manager.currentTheme
    var colors: [String: ThemeColor] = [:]
    var fonts: [String: ThemeFont] = [:]
    for (key, value) in theme.values {
        if case .color(let color) = value { colors[key] = color }
        if case .font(let font) = value { fonts[key] = font }
    }
    log("lookups on a \(inputs.generator.mergedValues)-value theme…")
    rows += lookupRows("color", lookup: manager.color(forKey:), table: colors)
    rows += lookupRows("font", lookup: manager.font(forKey:), table: fonts)
}

/// Rows for one lookup, hit and miss, against a read of a plain dictionary with the same
/// keys: the time per key, over every key of that type in the theme.
func lookupRows<Value>(_ kind: String, lookup: (String) -> Value?, table: [String: Value]) -> [Row] {
    let hits = table.keys.sorted()
    let misses = (0..<hits.count).map { "absent\($0)\(kind.prefix(1).uppercased() + kind.dropFirst())" }
    return [("\(kind)(forKey:) hit", hits), ("\(kind)(forKey:) miss", misses)].map { label, keys in
        let perKey = Double(keys.count)
        let managed = median(runs: 200, batch: 5) { for key in keys where lookup(key) != nil { sink &+= 1 } } / perKey
        let plain = median(runs: 200, batch: 5) { for key in keys where table[key] != nil { sink &+= 1 } } / perKey
        return Row(
            name: label, themeKit: format(nanoseconds: managed), baseline: format(nanoseconds: plain),
            baselineName: "[String: Theme\(kind.prefix(1).uppercased() + kind.dropFirst())] read",
            ratio: managed / plain, ratioText: String(format: "%.2fx", managed / plain), target: "≤ 2x",
            holds: managed / plain <= 2, themeKitNanoseconds: managed, baselineNanoseconds: plain)
    }
}

// MARK: Lookups through a style against a plain lookup

do {
    // A style with 2 states inside 1 container has 8 candidate prefixes before the global
    // key. Every one of them names some key (a filler), so none is skipped as unused: the
    // worst case, where the value at the k-th candidate costs k probes.
    let states: Set<ThemeState> = [.highlighted, .selected]
    let containers = ["Popover"]
    let prefixes = [
        "Popover/Button:highlighted:selected", "Button:highlighted:selected", "Popover/Button:highlighted",
        "Button:highlighted", "Popover/Button:selected", "Button:selected", "Popover/Button", "Button",
    ]
    let properties = (0..<200).map { "property\($0)Color" }
    var text = "<plist version=\"1.0\">\n<dict>\n"
    for prefix in prefixes { text += "<key>\(prefix).fillerColor</key><string>#123456</string>\n" }
    text += "<key>Lone.fillerColor</key><string>#123456</string>\n"
    for (index, property) in properties.enumerated() {
        text += "<key>\(property)</key><string>#000000</string>\n"
        // Property i is found at candidate 1, 4 or 8 (i % 3), else only globally.
        for k in [1, 4, 8] where index % 4 == [1, 4, 8].firstIndex(of: k) {
            text += "<key>\(prefixes[k - 1]).\(property)</key><string>#ffffff</string>\n"
        }
    }
    try (text + "</dict>\n</plist>\n").write(
        toFile: workspace + "/styled.plist", atomically: true, encoding: .utf8)
    let theme = try ThemeLoader(directory: workspace).load("styled")
    let style = theme.style("Button", states: states, in: containers)
    let lone = theme.style("Lone", states: states, in: containers)
    log("lookups through a style (2 states, 1 container)…")
    let globals = properties.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
    let plain =
        median(runs: 200, batch: 5) { for key in globals where theme.color(forKey: key) != nil { sink &+= 1 } }
        / Double(globals.count)
    func styleRow(_ label: String, _ style: ThemeStyle, _ keys: [String]) -> Row {
        let styled =
            median(runs: 200, batch: 5) { for key in keys where style.color(forKey: key) != nil { sink &+= 1 } }
            / Double(keys.count)
        return Row(
            name: "style color(forKey:), \(label)", themeKit: format(nanoseconds: styled),
            baseline: format(nanoseconds: plain), baselineName: "Theme.color(forKey:) of a global key",
            ratio: styled / plain, ratioText: String(format: "%.2fx", styled / plain), target: "≤ 3x",
            holds: styled / plain <= 3, themeKitNanoseconds: styled, baselineNanoseconds: plain)
    }
    for (slot, k) in [1, 4, 8].enumerated() {
        let keys = properties.enumerated().filter { $0.offset % 4 == slot }.map(\.element)
        rows.append(styleRow("found at candidate \(k) of 9", style, keys))
    }
    rows.append(styleRow("found at the global key (8 prefixes name other keys)", style, globals))
    rows.append(styleRow("found at the global key (1 prefix names a key)", lone, globals))
    let made = median(runs: 200, batch: 20) {
        sink &+= theme.style("Button", states: states, in: containers).chain.count
    }
    rows.append(
        Row(
            name: "theme.style(_:states:in:), 2 states, 1 container", themeKit: format(nanoseconds: made),
            baseline: format(nanoseconds: plain), baselineName: "Theme.color(forKey:) of a global key",
            ratio: made / plain, ratioText: String(format: "%.2fx", made / plain), target: "-", holds: nil,
            themeKitNanoseconds: made, baselineNanoseconds: plain))
}

// MARK: changeTheme with 100 observers against load + a bare post

do {
    let first = try Inputs(keys: 100, name: "switchA", directory: workspace, seed: 1)
    _ = try Inputs(keys: 100, name: "switchB", directory: workspace, seed: 2)
    let center = NotificationCenter()
    let manager = ThemeManager(directory: workspace, notificationCenter: center)
    let counter = Counter()
    var observers: [any NSObjectProtocol] = []
    for _ in 0..<100 {
        observers.append(
            center.addObserver(forName: ThemeManager.didChangeThemeNotification, object: nil, queue: nil) { _ in
                counter.increment()
            })
    }
    log("changeTheme between two 100-key themes, 100 observers…")
    var flip = false
    let change = median(runs: 300) {
        flip.toggle()
        try? manager.changeTheme(flip ? "switchA" : "switchB")
    }
    let loader = ThemeLoader(directory: workspace)
    let loadAndPost = median(runs: 300) {
        flip.toggle()
        sink &+= (try? loader.load(flip ? "switchA" : "switchB"))?.count ?? 0
        center.post(
            name: ThemeManager.didChangeThemeNotification, object: nil,
            userInfo: [ThemeManager.previousThemeKey: "switchA", ThemeManager.themeKey: "switchB"])
    }
    sink &+= counter.value + first.byteCount
    observers.forEach(center.removeObserver)
    rows.append(
        Row(
            name: "changeTheme, 100 keys, 100 observers", themeKit: format(nanoseconds: change),
            baseline: format(nanoseconds: loadAndPost), baselineName: "load + NotificationCenter.post to 100 observers",
            ratio: change / loadAndPost, ratioText: String(format: "%.2fx", change / loadAndPost), target: "≤ 1.2x",
            holds: change / loadAndPost <= 1.2, themeKitNanoseconds: change, baselineNanoseconds: loadAndPost))
}

// MARK: changeTheme to a 10,000-key RNThemeManager-style theme against Foundation

do {
    let folder = workspace + "/rn"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let first = Data(RNStyleTheme.text(seed: 1).utf8)
    try first.write(to: URL(fileURLWithPath: folder + "/rnA.plist"))
    try Data(RNStyleTheme.text(seed: 2).utf8).write(to: URL(fileURLWithPath: folder + "/rnB.plist"))
    let manager = ThemeManager(directory: folder, notificationCenter: NotificationCenter())
    log("changeTheme to a 10,000-key RNThemeManager-style theme…")
    var flip = false
    let change = median(runs: 30) {
        flip.toggle()
        try? manager.changeTheme(flip ? "rnA" : "rnB")
    }
    let foundation = median(runs: 30) { sink &+= foundationDecode(first) }
    sink &+= manager.currentTheme.count
    rows.append(
        fasterThanFoundation(
            "changeTheme, 10,000 RNThemeManager-style keys", themeKit: change, foundation: foundation, target: 10))
}

final class Counter: @unchecked Sendable {
    // Only ever touched from the thread that posts: NotificationCenter delivers
    // synchronously on the posting thread when no queue is given.
    private(set) var value = 0
    func increment() { value += 1 }
}

// MARK: Linting 1,000 themes

do {
    let folder = workspace + "/lint"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let names = try writeLintCorpus(to: folder)
    log("lint 1,000 themes of 100 keys…")
    let linter = ThemeLinter(currentDirectory: folder)
    let report = try linter.lint(paths: ["."])
    guard report.diagnostics.isEmpty else {
        log("themebench: the generated themes do not lint clean:\n" + TextReporter.report(report))
        finish(1)
    }
    let lint = median(runs: 15, warmup: 2) { sink &+= (try? linter.lint(paths: ["."]))?.fileCount ?? 0 }
    let loader = ThemeLoader(directory: folder)
    let loadEach = median(runs: 15, warmup: 2) {
        for name in names { sink &+= (try? loader.load(name))?.count ?? 0 }
    }
    let filesPerSecond = Double(report.fileCount) / (lint / 1e9)
    rows.append(
        Row(
            name: "lint 1,000 files (in process, \(ProcessInfo.processInfo.activeProcessorCount) cores)",
            themeKit: String(format: "%@ = %.0f files/s", format(nanoseconds: lint), filesPerSecond),
            baseline: String(format: "%@ = %.0f files/s", format(nanoseconds: loadEach), 1_000 / (loadEach / 1e9)),
            baselineName: "one ThemeKit load per theme, one thread", ratio: loadEach / lint,
            ratioText: String(format: "%.2fx", loadEach / lint), target: "≥ 10,000 files/s",
            holds: filesPerSecond >= 10_000, themeKitNanoseconds: lint, baselineNanoseconds: loadEach))
}

// MARK: Peak memory loading the 10,000-key theme

do {
    let inputs = try Inputs(keys: 10_000, name: "memory", directory: workspace)
    func probe(_ name: String) throws -> (peakKilobytes: Int, retained: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--memory-probe", workspace, name]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else { throw ThemeStoreError("memory probe printed '\(output)'") }
        return (fields[0], fields[1])
    }
    log("peak memory loading 10,000 keys…")
    // The same load of a 20-key theme (and its parent) runs the same code: what a 10,000-key
    // theme adds over it is the memory the theme's size costs. Over an empty process, the
    // peak also counts what loading any theme first touches (libxml2's, ThemeKit's and
    // Foundation's code pages, the runtime's first allocations), whatever the theme's size.
    _ = try Inputs(keys: 20, name: "memory-small", directory: workspace)
    var peaks: [Int] = []
    var overEmpty: [Int] = []
    var retained = 0
    for _ in 0..<5 {
        let loaded = try probe("memory")
        let small = try probe("memory-small")
        let empty = try probe("-")
        peaks.append((loaded.peakKilobytes - small.peakKilobytes) * 1024)
        overEmpty.append((loaded.peakKilobytes - empty.peakKilobytes) * 1024)
        log(
            "  probe: peak \(loaded.peakKilobytes) kB loaded, \(small.peakKilobytes) kB for 20 keys, \(empty.peakKilobytes) kB empty; retained \(loaded.retained) B"
        )
        retained = loaded.retained
    }
    peaks.sort()
    overEmpty.sort()
    let peak = Double(peaks[peaks.count / 2])
    let peakOverEmpty = Double(overEmpty[overEmpty.count / 2])
    let values = Double(inputs.generator.mergedValues)
    let fileSize = Double(inputs.byteCount)
    rows.append(
        Row(
            name: "peak memory, 10,000-key theme, over a 20-key one",
            themeKit: String(format: "%.1f MiB peak (%.0f B/key)", peak / 1_048_576, peak / values),
            baseline: String(format: "%.1f KiB of XML", fileSize / 1024), baselineName: "file size",
            ratio: peak / fileSize, ratioText: String(format: "%.1fx the file", peak / fileSize),
            target: "≤ 4x", holds: peak <= 4 * fileSize, themeKitNanoseconds: nil, baselineNanoseconds: nil))
    rows.append(
        Row(
            name: "peak memory, 10,000-key theme, over an empty process",
            themeKit: String(format: "%.1f MiB peak", peakOverEmpty / 1_048_576),
            baseline: String(format: "%.1f KiB of XML", fileSize / 1024), baselineName: "file size",
            ratio: peakOverEmpty / fileSize, ratioText: String(format: "%.1fx the file", peakOverEmpty / fileSize),
            target: "report", holds: nil, themeKitNanoseconds: nil, baselineNanoseconds: nil))
    rows.append(
        Row(
            name: "retained heap, 10,000-key theme",
            themeKit: String(format: "%.1f MiB (%.0f B/key)", Double(retained) / 1_048_576, Double(retained) / values),
            baseline: String(format: "%.1f KiB of XML", Double(inputs.byteCount) / 1024), baselineName: "file size",
            ratio: Double(retained) / Double(inputs.byteCount),
            ratioText: String(format: "%.1fx the file", Double(retained) / Double(inputs.byteCount)), target: "report",
            holds: nil, themeKitNanoseconds: nil, baselineNanoseconds: nil))
}

// MARK: themekit lsp: an edit to its diagnostics, a hover

rows += try lspRows(workspace: workspace)

// MARK: Report

if case .table(json: true) = run {
    struct Output: Encodable {
        var date: String
        var machine: String
        var rows: [Row]
    }
    let output = Output(
        date: ISO8601DateFormatter().string(from: Date()),
        machine:
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB",
        rows: rows)
    print(try JSONOutput.text(output))
} else {
    let header = ["case", "ThemeKit", "baseline", "", "ratio", "target", "holds"]
    let table = rows.map { row in
        [
            row.name, row.themeKit, row.baseline, row.baselineName, row.ratioText, row.target,
            row.holds.map { $0 ? "yes" : "NO" } ?? "-",
        ]
    }
    let widths = (0..<header.count).map { column in
        ([header] + table).map { $0[column].count }.max() ?? 0
    }
    for line in [header] + table {
        print(
            zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces))
    }
    let held = rows.compactMap(\.holds)
    print(
        "\n\(held.filter { $0 }.count) of \(held.count) targets hold. (checksum \(sink & 0xFFFF), printed so the work is kept)"
    )
}

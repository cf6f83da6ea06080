public import ArgumentParser
import ThemeKit
import ThemeSupport

/// What one `themebench` run does, read from its command line by `BenchOptions`.
public enum BenchRun: Equatable, Sendable {
    /// Which pass `--profile-load` repeats.
    public enum ProfilePass: Equatable, Sendable {
        /// ThemeKit's whole load: read both files and resolve.
        case load
        /// The C floor: libxml2's SAX2 pass with no-op callbacks.
        case floor
        /// The reader alone, without resolution.
        case read
    }

    /// Which pass `--profile-tokens` repeats.
    public enum TokensPass: Equatable, Sendable {
        /// ThemeKit's whole work: the resolver and its files read, every theme resolved.
        case readAndResolve
        /// The DTCG reader alone, without resolution.
        case read
        /// Foundation's `JSONSerialization` decoding the same files' bytes.
        case foundation
        /// A manager on the design system's folder switching between its `light` and `dark`
        /// contexts (`changeTheme`), each switch reading the folder's files and resolving one theme.
        case managerSwitch
    }

    /// Every case against its baseline, as a table or as JSON.
    case table(json: Bool)
    /// Time and memory of each scaling shape at n and 4n, each shape's n multiplied by
    /// `scale` (a debug build runs them at a fraction of it).
    case scaling(only: String?, repeats: Int, timeout: Double, json: Bool, scale: Double = 1)
    /// `count` passes over the generated theme of `keys` keys, for callgrind.
    case profileLoad(count: Int, keys: Int, pass: ProfilePass)
    /// `count` passes over the generated DTCG design system of `tokens` tokens, for callgrind.
    case profileTokens(count: Int, tokens: Int, pass: TokensPass)
    /// `count` calls of `changeTheme` between two RNThemeManager-style themes, for callgrind.
    case profileChange(count: Int)
    /// `count` rounds of `color(forKey:)` and `font(forKey:)` hits through a manager, and of
    /// the same reads of plain dictionaries, each in a function of its own, for callgrind.
    case profileLookup(count: Int)
    /// Writes the lint case's 1,000 themes to `folder`, to time `themelint` on them.
    case lintCorpus(folder: String)
    /// `flips` of the desktop's appearance through a fake portal on a private D-Bus, each
    /// timed from the portal's `SettingChanged` to a bound object restyled.
    case appearanceLatency(flips: Int)
}

/// themebench's command line. A flag it does not know, a value that is missing or not a
/// number, or a setting of another run than the one asked for is a usage error (exit 2),
/// never ignored with the whole benchmark run instead.
public struct BenchOptions: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "themebench",
        abstract: "ThemeKit's load, lookups, changeTheme and linter against Foundation, libxml2 and a dictionary.",
        discussion: """
            With no run named, prints every case against its baseline, measured in the same \
            run (about 10 s after a release build), and which targets hold. Exit status: 0 \
            the run completed; 1 with --scaling, a shape does not hold; 2 usage errors, or \
            the benchmark could not run.
            """,
        version: ThemeKitVersion.current)

    @Flag(help: "Print the table (or the scaling results) as JSON.")
    var json = false

    @Flag(help: "Time and memory of each input shape at n and 4n (about 10 minutes).")
    var scaling = false

    @Option(
        help: ArgumentHelp(
            "With --scaling: only the shapes whose ID contains ID (several IDs: separated by commas).",
            valueName: "ID"))
    var only: String?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp("With --scaling: runs of each size, the median kept (default 3).", valueName: "R"))
    var repeats: Int?

    @Option(help: ArgumentHelp("With --scaling: seconds before a tool's run is stopped (default 300).", valueName: "S"))
    var timeout: Double?

    @Option(
        help: ArgumentHelp(
            "With --scaling: each shape's n times F (default 1), for a debug build, whose tools are slower.",
            valueName: "F"))
    var scale: Double?

    @Option(
        name: .customLong("profile-load"),
        help: ArgumentHelp("Load the generated theme and its parent N times, and nothing else.", valueName: "N"))
    var profileLoad: Int?

    @Argument(
        help: ArgumentHelp(
            "With --profile-load: the theme's keys (at least 20); with --profile-tokens: the tokens (at least 50).",
            valueName: "KEYS"))
    var keys: Int?

    @Flag(help: "With --profile-load: the C floor's pass over the same bytes instead.")
    var profileFloor = false

    @Flag(help: "With --profile-load or --profile-tokens: the reader alone (no resolution) instead.")
    var profileRead = false

    @Option(
        name: .customLong("profile-tokens"),
        help: ArgumentHelp(
            "Read the generated DTCG design system (a resolver, a light/dark modifier, four token files) and "
                + "resolve its themes N times, and nothing else.",
            valueName: "N"))
    var profileTokens: Int?

    @Flag(help: "With --profile-tokens: Foundation's JSONSerialization decoding the same files instead.")
    var profileFoundation = false

    @Flag(help: "With --profile-tokens: a manager on the files' folder switching light ↔ dark N times instead.")
    var profileSwitch = false

    @Option(
        name: .customLong("profile-change"),
        help: ArgumentHelp(
            "Call changeTheme N times between two 10,000-key RNThemeManager-style themes.", valueName: "N"))
    var profileChange: Int?

    @Option(
        name: .customLong("lint-corpus"),
        help: ArgumentHelp("Write the lint case's 1,000 themes to DIR (to time themelint DIR).", valueName: "DIR"))
    var lintCorpus: String?

    @Option(
        name: .customLong("profile-lookup"),
        help: ArgumentHelp(
            "Look up every color and font of the 1,000-key lookup theme N times through a manager, and N times in "
                + "plain dictionaries (for callgrind: --toggle-collect='*profileManagerLookups*' or "
                + "'*profilePlainLookups*').",
            valueName: "N"))
    var profileLookup: Int?

    @Option(
        name: .customLong("appearance-latency"),
        help: ArgumentHelp(
            "Flip the desktop's appearance N times through a fake portal on a private D-Bus (needs dbus-daemon "
                + "and /usr/bin/python3 with python3-dbus and python3-gi): from SettingChanged to a bound object "
                + "restyled.",
            valueName: "N"))
    var appearanceLatency: Int?

    public init() {}

    /// The run the options name; only valid after `validate()`, which `parse` calls.
    public var benchRun: BenchRun {
        if scaling {
            return .scaling(only: only, repeats: repeats ?? 3, timeout: timeout ?? 300, json: json, scale: scale ?? 1)
        }
        if let count = profileLoad {
            return .profileLoad(
                count: count, keys: keys ?? 10_000, pass: profileFloor ? .floor : profileRead ? .read : .load)
        }
        if let count = profileTokens {
            return .profileTokens(
                count: count, tokens: keys ?? 5_000,
                pass: profileFoundation
                    ? .foundation : profileSwitch ? .managerSwitch : profileRead ? .read : .readAndResolve)
        }
        if let count = profileChange { return .profileChange(count: count) }
        if let count = profileLookup { return .profileLookup(count: count) }
        if let folder = lintCorpus { return .lintCorpus(folder: folder) }
        if let flips = appearanceLatency { return .appearanceLatency(flips: flips) }
        return .table(json: json)
    }

    public func validate() throws {
        let runs = [
            scaling ? "--scaling" : nil, profileLoad.map { _ in "--profile-load" },
            profileTokens.map { _ in "--profile-tokens" },
            profileChange.map { _ in "--profile-change" }, profileLookup.map { _ in "--profile-lookup" },
            lintCorpus.map { _ in "--lint-corpus" }, appearanceLatency.map { _ in "--appearance-latency" },
        ].compactMap { $0 }
        guard runs.count <= 1 else {
            throw ValidationError("choose one of \(runs.joined(separator: ", ")), not several")
        }
        let scalingSettings = [
            only.map { _ in "--only" }, repeats.map { _ in "--repeat" }, timeout.map { _ in "--timeout" },
            scale.map { _ in "--scale" },
        ].compactMap { $0 }
        if !scaling, let setting = scalingSettings.first {
            throw ValidationError("\(setting) is a setting of --scaling")
        }
        let loadSettings = [
            keys.map { _ in "KEYS" }, profileFloor ? "--profile-floor" : nil, profileRead ? "--profile-read" : nil,
        ].compactMap { $0 }
        if profileLoad == nil, profileTokens == nil, let setting = loadSettings.first {
            throw ValidationError("\(setting) is a setting of --profile-load")
        }
        if profileTokens != nil, profileFloor {
            throw ValidationError("--profile-floor is a setting of --profile-load")
        }
        if profileTokens == nil, profileFoundation {
            throw ValidationError("--profile-foundation is a setting of --profile-tokens")
        }
        if profileTokens == nil, profileSwitch {
            throw ValidationError("--profile-switch is a setting of --profile-tokens")
        }
        guard !(profileFoundation && profileRead) else {
            throw ValidationError("choose --profile-foundation or --profile-read, not both")
        }
        guard !(profileSwitch && (profileFoundation || profileRead)) else {
            throw ValidationError("--profile-switch goes alone, not with --profile-foundation or --profile-read")
        }
        if json, runs.contains(where: { $0 != "--scaling" }) {
            throw ValidationError("--json goes with the table or --scaling")
        }
        guard !(profileFloor && profileRead) else {
            throw ValidationError("choose --profile-floor or --profile-read, not both")
        }
        if let flips = appearanceLatency, flips < 1 {
            throw ValidationError("--appearance-latency takes 1 flip or more, not \(flips)")
        }
        for (name, count) in [
            ("--profile-load", profileLoad), ("--profile-change", profileChange), ("--profile-lookup", profileLookup),
            ("--profile-tokens", profileTokens),
        ] {
            if let count, count < 0 { throw ValidationError("\(name) takes a count of 0 or more, not \(count)") }
        }
        if let keys, profileTokens != nil, keys < 50 {
            throw ValidationError("a generated design system has at least 50 tokens, not \(keys)")
        }
        if let keys, keys < 20 { throw ValidationError("a generated theme has at least 20 keys, not \(keys)") }
        if let repeats, repeats < 1 { throw ValidationError("--repeat takes 1 or more, not \(repeats)") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout takes seconds above 0, not \(timeout)") }
        if let scale, !(scale > 0 && scale <= 1) {
            throw ValidationError("--scale takes a factor above 0 and at most 1, not \(scale)")
        }
        if let only {
            for id in ScalingShape.ids(in: only) where !ScalingShape.all.contains(where: { $0.id.contains(id) }) {
                throw ValidationError(
                    "no scaling shape's ID contains '\(id)'; the shapes: "
                        + ScalingShape.all.map(\.id).joined(separator: ", "))
            }
        }
    }
}

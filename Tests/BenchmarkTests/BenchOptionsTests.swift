import ArgumentParser
import Testing
import ThemeBenchSupport

/// `themebench`'s command line: each run the Performance article names is read as that
/// run, and anything else is refused with a message, rather than running the whole
/// benchmark (an unknown flag, `--profile-load abc`) or crashing (`--scaling --only` with no ID).
@Suite("themebench's command line")
struct BenchOptionsTests {
    private func run(_ arguments: [String]) throws -> BenchRun {
        try BenchOptions.parse(arguments).benchRun
    }

    /// The message `themebench` prints for `arguments`, which must be refused.
    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try BenchOptions.parse(arguments)
            return nil
        } catch {
            #expect(BenchOptions.exitCode(for: error) != .success, "\(arguments) should be an error")
            return BenchOptions.message(for: error)
        }
    }

    @Test("each run the Performance article names")
    func runs() throws {
        #expect(try run([]) == .table(json: false))
        #expect(try run(["--json"]) == .table(json: true))
        #expect(try run(["--scaling"]) == .scaling(only: nil, repeats: 3, timeout: 300, json: false))
        #expect(
            try run(["--scaling", "--only", "long-name", "--repeat", "1", "--timeout", "60", "--json"])
                == .scaling(only: "long-name", repeats: 1, timeout: 60, json: true))
        #expect(
            try run(["--scaling", "--only", "load-,chain-lint", "--scale", "0.1"])
                == .scaling(only: "load-,chain-lint", repeats: 3, timeout: 300, json: false, scale: 0.1))
        #expect(try run(["--appearance-latency", "20"]) == .appearanceLatency(flips: 20))
        #expect(try run(["--profile-load", "0"]) == .profileLoad(count: 0, keys: 10_000, pass: .load))
        #expect(
            try run(["--profile-load", "500", "100", "--profile-floor"])
                == .profileLoad(count: 500, keys: 100, pass: .floor))
        #expect(
            try run(["--profile-load", "10", "--profile-read"]) == .profileLoad(count: 10, keys: 10_000, pass: .read))
        #expect(try run(["--profile-tokens", "5"]) == .profileTokens(count: 5, tokens: 5_000, pass: .readAndResolve))
        #expect(
            try run(["--profile-tokens", "5", "500", "--profile-read"])
                == .profileTokens(count: 5, tokens: 500, pass: .read))
        #expect(
            try run(["--profile-tokens", "5", "--profile-foundation"])
                == .profileTokens(count: 5, tokens: 5_000, pass: .foundation))
        #expect(
            try run(["--profile-tokens", "5", "--profile-switch"])
                == .profileTokens(count: 5, tokens: 5_000, pass: .managerSwitch))
        #expect(try run(["--profile-change", "20"]) == .profileChange(count: 20))
        #expect(try run(["--profile-lookup", "3"]) == .profileLookup(count: 3))
        #expect(try run(["--lint-corpus", "/tmp/corpus"]) == .lintCorpus(folder: "/tmp/corpus"))
    }

    @Test("--help is not an error")
    func help() {
        do {
            _ = try BenchOptions.parse(["--help"])
            Issue.record("--help parsed as a run")
        } catch {
            #expect(BenchOptions.exitCode(for: error) == .success)
            #expect(BenchOptions.helpMessage().contains("--profile-load <N>"))
        }
    }

    @Test(
        "a flag it does not know, a missing or malformed value, or a value out of range",
        arguments: [
            (["--bogus"], "Unknown option '--bogus'"),
            (["--profile-load", "abc"], "'abc' is invalid"),
            (["--scaling", "--only"], "Missing value for '--only <ID>'"),
            (["--scaling", "--repeat"], "Missing value for '--repeat <R>'"),
            (["--scaling", "--repeat", "x"], "'x' is invalid"),
            (["--scaling", "--repeat", "0"], "--repeat takes 1 or more"),
            (["--scaling", "--timeout", "0"], "--timeout takes seconds above 0"),
            (["--scaling", "--only", "nosuchshape"], "no scaling shape's ID contains 'nosuchshape'"),
            (["--scaling", "--only", "load-,nosuchshape"], "no scaling shape's ID contains 'nosuchshape'"),
            (["--scaling", "--scale", "0"], "--scale takes a factor above 0 and at most 1"),
            (["--scaling", "--scale", "2"], "--scale takes a factor above 0 and at most 1"),
            (["--profile-load", "5", "10"], "at least 20 keys, not 10"),
            (["--profile-change=-1"], "a count of 0 or more"),
            (["--profile-tokens=-1"], "a count of 0 or more"),
            (["--profile-tokens", "5", "40"], "at least 50 tokens, not 40"),
            (["--appearance-latency", "0"], "--appearance-latency takes 1 flip or more"),
            (["--appearance-latency", "5", "--scaling"], "choose one of --scaling, --appearance-latency"),
        ])
    func malformed(arguments: [String], message: String) throws {
        let text = try #require(refusal(arguments))
        #expect(text.contains(message), "\(arguments): \(text)")
    }

    @Test(
        "a setting of another run than the one asked for, or two runs at once",
        arguments: [
            (["--profile-floor"], "--profile-floor is a setting of --profile-load"),
            (["500"], "KEYS is a setting of --profile-load"),
            (["--only", "long"], "--only is a setting of --scaling"),
            (["--repeat", "3"], "--repeat is a setting of --scaling"),
            (["--scale", "0.5"], "--scale is a setting of --scaling"),
            (["--profile-change", "2", "--timeout", "9"], "--timeout is a setting of --scaling"),
            (["--profile-load", "1", "--profile-change", "2"], "choose one of --profile-load, --profile-change"),
            (["--scaling", "--lint-corpus", "x"], "choose one of --scaling, --lint-corpus"),
            (["--json", "--profile-load", "1"], "--json goes with the table or --scaling"),
            (["--profile-load", "1", "--profile-floor", "--profile-read"], "not both"),
            (["--profile-foundation"], "--profile-foundation is a setting of --profile-tokens"),
            (["--profile-tokens", "1", "--profile-floor"], "--profile-floor is a setting of --profile-load"),
            (["--profile-tokens", "1", "--profile-foundation", "--profile-read"], "not both"),
            (["--profile-switch"], "--profile-switch is a setting of --profile-tokens"),
            (["--profile-tokens", "1", "--profile-switch", "--profile-read"], "--profile-switch goes alone"),
            (["--profile-tokens", "1", "--profile-load", "2"], "choose one of --profile-load, --profile-tokens"),
        ])
    func misplaced(arguments: [String], message: String) throws {
        let text = try #require(refusal(arguments))
        #expect(text.contains(message), "\(arguments): \(text)")
    }
}

import Foundation
import TestSupport
import Testing

/// The golden-file helper itself: an update run rewrites a golden file and then fails, as
/// swift-snapshot-testing's record mode does, so that a THEMEKIT_UPDATE_GOLDEN left set in a
/// shell or in CI can never make a run pass.
@Suite struct GoldenTests {
    @Test func updateVariableIsReadOnlyWhenItIsOne() {
        #expect(Golden.isUpdating(environment: ["THEMEKIT_UPDATE_GOLDEN": "1"]))
        #expect(!Golden.isUpdating(environment: ["THEMEKIT_UPDATE_GOLDEN": "0"]))
        #expect(!Golden.isUpdating(environment: [:]))
    }

    @Test func updateRunRewritesTheGoldenFileAndRecordsAFailure() throws {
        let scratch = try Scratch()
        let file = try scratch.write("out.txt", "old output\n")
        let golden = Golden(folder: scratch.url, updating: true)
        try withKnownIssue("an update run fails the test that rewrote") {
            try golden.expect("new output\n", "out.txt")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("rewrote the golden file out.txt") }
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "new output\n")
    }

    @Test func updateRunFailsEvenWhenTheOutputIsUnchanged() throws {
        let scratch = try Scratch()
        try scratch.write("same.txt", "same\n")
        withKnownIssue("an update run fails the test that rewrote") {
            try Golden(folder: scratch.url, updating: true).expect("same\n", "same.txt")
        }
    }

    @Test func fileAnotherTestOwnsIsOnlyComparedInAnUpdateRun() throws {
        let scratch = try Scratch()
        let file = try scratch.write("owned.txt", "kept\n")
        try Golden(folder: scratch.url, updating: true).expect("kept\n", "owned.txt", rewrite: false)
        #expect(try String(contentsOf: file, encoding: .utf8) == "kept\n")
    }

    @Test func comparingRunLeavesTheFileAndPassesOnTheSameText() throws {
        let scratch = try Scratch()
        let file = try scratch.write("out.txt", "output\n")
        try Golden(folder: scratch.url, updating: false).expect("output\n", "out.txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == "output\n")
    }

    @Test func comparingRunRecordsADifference() throws {
        let scratch = try Scratch()
        try scratch.write("out.txt", "golden\n")
        withKnownIssue("a difference fails the test") {
            try Golden(folder: scratch.url, updating: false).expect("changed\n", "out.txt")
        }
    }
}

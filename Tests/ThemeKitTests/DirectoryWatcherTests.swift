import Foundation
import Synchronization
import Testing

@testable import ThemeKit

#if canImport(Glibc)
    import Glibc
#endif

/// The live tests run against the real file system (Linux only). Waits are bounded polls;
/// nothing asserts on time.
@Suite("Watching a directory", .serialized)
struct DirectoryWatcherTests {
    #if canImport(Glibc)
        @Test("an in-place write reports exactly that file")
        func reportsInPlaceWrite() async throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("a.plist", "old")
            let recorder = Recorder()
            let watcher = try recorder.watch(directory)
            defer { watcher.stop() }

            try overwrite(file, "new contents")

            let calls = await recorder.waitForCalls { !$0.isEmpty }
            #expect(calls.first == .files(["a.plist"]))
        }

        @Test("an atomic save (temporary file renamed over the target) reports the target")
        func reportsAtomicSave() async throws {
            let directory = try TemporaryDirectory()
            try directory.write("a.plist", "old")
            let recorder = Recorder()
            let watcher = try recorder.watch(directory)
            defer { watcher.stop() }

            let temporary = try directory.write(".a.plist.tmp", "new contents")
            #expect(rename(temporary, directory.url.appendingPathComponent("a.plist").path) == 0)

            // The rename may land in a later burst than the write, so look at every call.
            let calls = await recorder.waitForCalls { $0.contains { $0.fileNames.contains("a.plist") } }
            #expect(calls.contains { $0.fileNames.contains("a.plist") })
        }

        @Test("a burst of 20 writes to two files is coalesced into one call naming both")
        func coalescesBurst() async throws {
            let directory = try TemporaryDirectory()
            let files = [try directory.write("a.plist", ""), try directory.write("b.plist", "")]
            let recorder = Recorder()
            // A long quiet period, so that only a stall of a quarter second inside the loop
            // could split the burst.
            let watcher = try recorder.watch(directory, quietPeriod: .milliseconds(250))
            defer { watcher.stop() }

            for index in 0..<20 {
                try overwrite(files[index % 2], "write \(index)")
            }

            _ = await recorder.waitForCalls { $0.reduce(into: Set()) { $0.formUnion($1.fileNames) }.count == 2 }
            // Give any stray further call time to arrive before counting.
            try await Task.sleep(for: .milliseconds(600))
            let calls = recorder.calls
            #expect(calls.first == .files(["a.plist", "b.plist"]))
            #expect(calls.count <= 2, "20 writes gave \(calls.count) calls")
        }

        @Test("after stop() nothing is reported, and stop() may be called twice")
        func stopEndsReports() async throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("a.plist", "old")
            let recorder = Recorder()
            let watcher = try recorder.watch(directory)

            try overwrite(file, "while watching")
            let before = await recorder.waitForCalls { !$0.isEmpty }
            try #require(before.count == 1)

            watcher.stop()
            watcher.stop()
            try overwrite(file, "after stop")
            try directory.write("b.plist", "after stop")
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.calls.count == 1)
        }

        @Test("stop() called from inside the handler returns and ends reports")
        func stopFromHandler() async throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("a.plist", "old")
            let recorder = Recorder()
            let holder = Mutex<DirectoryWatcher?>(nil)
            let watcher = try DirectoryWatcher(directory: directory.path) { change in
                recorder.record(change)
                holder.withLock { $0 }?.stop()
            }
            holder.withLock { $0 = watcher }
            defer { watcher.stop() }

            try overwrite(file, "first")
            let calls = await recorder.waitForCalls { !$0.isEmpty }
            try #require(calls.count == 1)
            try overwrite(file, "second")
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.calls.count == 1)
        }

        @Test("watching a missing directory throws io_error naming it")
        func missingDirectoryThrows() throws {
            let directory = try TemporaryDirectory()
            let missing = directory.url.appendingPathComponent("missing").path
            let error = #expect(throws: ThemeError.self) {
                try DirectoryWatcher(directory: missing) { _ in }
            }
            #expect(error?.diagnostics.first?.code == .ioError)
            #expect(error?.diagnostics.first?.message == "cannot watch \(missing): No such file or directory")
            #expect(error?.diagnostics.first?.location == SourceLocation(file: missing, line: 1, column: 1))
        }

        @Test("watching a regular file throws io_error")
        func regularFileThrows() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("a.plist", "")
            let error = #expect(throws: ThemeError.self) {
                try DirectoryWatcher(directory: file) { _ in }
            }
            #expect(error?.diagnostics.first?.code == .ioError)
        }

        @Test(
            "more events than the kernel's queue holds are reported as one rescan, then files again",
            .enabled(if: overflowLimit != nil, "needs a readable max_queued_events of at most 100,000"))
        func reportsOverflowAsRescan() async throws {
            let limit = try #require(overflowLimit)
            let directory = try TemporaryDirectory()
            let files = [try directory.write("a.plist", ""), try directory.write("b.plist", "")]
            let recorder = Recorder()
            let watcher = try recorder.watch(directory)
            defer { watcher.stop() }

            watcher.pauseForTesting()
            // Alternate files: the kernel merges an event only with an identical one just before it.
            for index in 0..<(limit + limit / 4 + 100) {
                touchForWriting(files[index % 2])
            }
            watcher.resumeForTesting()

            let calls = await recorder.waitForCalls { $0.contains(.rescan) }
            #expect(calls.contains(.rescan))
            #expect(calls.allSatisfy { $0 == .rescan || $0.fileNames.isSubset(of: ["a.plist", "b.plist"]) })
            #expect(watcher.isWatching)

            let later = try directory.write("c.plist", "after the overflow")
            let after = await recorder.waitForCalls { $0.contains { $0.fileNames.contains("c.plist") } }
            #expect(after.contains { $0.fileNames.contains("c.plist") }, "wrote \(later)")
        }

        @Test("a folder deleted with its files and made again is watched anew: a rescan, then files")
        func rewatchesFolderMadeAgain() async throws {
            let parent = try TemporaryDirectory()
            let folder = try parent.folder("Themes")
            try parent.write("Themes/a.plist", "old")
            let recorder = Recorder()
            let watcher = try DirectoryWatcher(directory: folder.path) { recorder.record($0) }
            defer { watcher.stop() }

            try FileManager.default.removeItem(at: folder)
            #expect(watcher.isWatching)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try parent.write("Themes/b.plist", "written right after mkdir")

            let calls = await recorder.waitForCalls { $0.contains(.rescan) }
            #expect(calls.contains(.rescan))
            #expect(!calls.contains { if case .stopped = $0 { true } else { false } })
            #expect(watcher.isWatching)

            try parent.write("Themes/c.plist", "written later")
            let after = await recorder.waitForCalls { $0.contains { $0.fileNames.contains("c.plist") } }
            #expect(after.contains { $0.fileNames.contains("c.plist") })
            #expect(watcher.isWatching)

            watcher.stop()
            #expect(!watcher.isWatching)
            let count = recorder.calls.count
            try parent.write("Themes/d.plist", "after stop")
            try FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.calls.count == count)
        }

        @Test("a folder moved away and another made in its place is watched anew")
        func rewatchesFolderReplacedByRename() async throws {
            let parent = try TemporaryDirectory()
            let folder = try parent.folder("Themes")
            let recorder = Recorder()
            let watcher = try DirectoryWatcher(directory: folder.path) { recorder.record($0) }
            defer { watcher.stop() }

            let old = parent.url.appendingPathComponent("Themes.old")
            try FileManager.default.moveItem(at: folder, to: old)
            let replacement = try parent.folder("Themes.new")
            try FileManager.default.moveItem(at: replacement, to: folder)

            let calls = await recorder.waitForCalls { $0.contains(.rescan) }
            #expect(calls.contains(.rescan))

            // Only the folder now at the path is watched, not the one moved away.
            try parent.write("Themes.old/moved.plist", "ignored")
            try parent.write("Themes/c.plist", "reported")
            let after = await recorder.waitForCalls { $0.contains { $0.fileNames.contains("c.plist") } }
            #expect(after.contains { $0.fileNames.contains("c.plist") })
            #expect(!after.contains { $0.fileNames.contains("moved.plist") })
            #expect(watcher.isWatching)
        }

        @Test("a folder deleted with its parent stops the watcher with io_error, its last call")
        func stopsWhenParentDeletedToo() async throws {
            let grandparent = try TemporaryDirectory()
            let parent = try grandparent.folder("parent")
            let folder = try grandparent.folder("parent/Themes")
            try grandparent.write("parent/Themes/a.plist", "old")
            let recorder = Recorder()
            let holder = Mutex<DirectoryWatcher?>(nil)
            let watcher = try DirectoryWatcher(directory: folder.path) { change in
                recorder.record(change)
                if case .stopped = change { holder.withLock { $0 }?.stop() }  // stop() inside the last call returns
            }
            holder.withLock { $0 = watcher }
            defer {
                watcher.stop()
                holder.withLock { $0 = nil }  // the handler holds the watcher through holder: end the cycle
            }

            try FileManager.default.removeItem(at: parent)

            let calls = await recorder.waitForCalls { $0.last?.stopError != nil }
            let error = try #require(calls.last?.stopError)
            #expect(error.codes == [.ioError])
            #expect(
                error.diagnostics.first?.message
                    == "cannot watch \(folder.path): it was deleted or moved away, and so was its parent folder \(parent.path)"
            )
            #expect(error.diagnostics.first?.location == SourceLocation(file: folder.path, line: 1, column: 1))
            #expect(calls.filter { $0.stopError != nil }.count == 1)
            #expect(!watcher.isWatching)

            // Made again, the folder is not watched any more; stop() after the end still returns.
            _ = try grandparent.folder("parent")
            _ = try grandparent.folder("parent/Themes")
            try grandparent.write("parent/Themes/b.plist", "not seen")
            watcher.stop()
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.calls.count == calls.count)
        }

        @Test("stop() while the folder is gone ends reports: its return is not reported")
        func stopWhileFolderGone() async throws {
            let parent = try TemporaryDirectory()
            let folder = try parent.folder("Themes")
            let recorder = Recorder()
            let watcher = try DirectoryWatcher(directory: folder.path) { recorder.record($0) }

            try FileManager.default.removeItem(at: folder)
            watcher.stop()
            #expect(!watcher.isWatching)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try parent.write("Themes/a.plist", "not seen")
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.calls.isEmpty)
        }
    #endif

    @Test("variable-length records: NUL padding dropped, nameless records have no name")
    func parsesRecords() {
        var bytes: [UInt8] = []
        bytes += record(name: "default.plist", paddedTo: 16)
        bytes += record(watch: 1, mask: 0x400, name: nil, paddedTo: 0)  // the folder deleted
        bytes += record(name: ".default.plist.tmp", paddedTo: 32)
        bytes += record(name: "x", paddedTo: 16)
        let records = bytes.withUnsafeBytes { DirectoryWatcher.records(inInotifyRecords: $0) }
        #expect(records.map(\.name) == ["default.plist", nil, ".default.plist.tmp", "x"])
        #expect(records[1].events == .deletedSelf)
        #expect(records[0].events == .closedAfterWrite)
    }

    @Test("a queue overflow record (wd -1, mask 0x4000, no name) is read as an overflow")
    func parsesOverflowRecord() {
        let bytes = record(name: "a.plist", paddedTo: 16) + record(watch: -1, mask: 0x4000, name: nil, paddedTo: 0)
        let records = bytes.withUnsafeBytes { DirectoryWatcher.records(inInotifyRecords: $0) }
        #expect(records.count == 2)
        #expect(records.last == DirectoryWatcher.InotifyRecord(watch: -1, events: .queueOverflow, name: nil))
    }

    @Test("records of two watches are told apart by their wd, with the directory flag")
    func parsesWatchDescriptors() {
        let bytes =
            record(watch: 1, mask: 0x8, name: "a.plist", paddedTo: 16)
            + record(watch: 2, mask: 0x4000_0100, name: "Themes", paddedTo: 16)
        let records = bytes.withUnsafeBytes { DirectoryWatcher.records(inInotifyRecords: $0) }
        #expect(
            records == [
                DirectoryWatcher.InotifyRecord(watch: 1, events: .closedAfterWrite, name: "a.plist"),
                DirectoryWatcher.InotifyRecord(watch: 2, events: [.created, .isDirectory], name: "Themes"),
            ])
    }

    @Test("a truncated record ends the parse without reading past the buffer")
    func stopsAtTruncatedRecord() {
        let whole = record(name: "a.plist", paddedTo: 16)
        for cut in [4, 16, 20] {
            let bytes = whole + record(name: "b.plist", paddedTo: 16).dropLast(cut)
            let records = bytes.withUnsafeBytes { DirectoryWatcher.records(inInotifyRecords: $0) }
            #expect(records.map(\.name) == ["a.plist"], "cut \(cut) bytes")
        }
        let headerOnly = record(watch: -1, mask: 0x4000, name: nil, paddedTo: 0).dropLast(1)
        #expect(headerOnly.withUnsafeBytes { DirectoryWatcher.records(inInotifyRecords: $0) }.isEmpty)
    }

    #if canImport(Glibc)
        @Test("the event bits spelled out for the parser are the kernel's")
        func eventBitsMatchKernel() {
            typealias Events = DirectoryWatcher.InotifyEvents
            let pairs: [(Events, Int32)] = [
                (.attributes, IN_ATTRIB), (.closedAfterWrite, IN_CLOSE_WRITE), (.movedFrom, IN_MOVED_FROM),
                (.movedTo, IN_MOVED_TO), (.created, IN_CREATE), (.deleted, IN_DELETE),
                (.deletedSelf, IN_DELETE_SELF), (.movedSelf, IN_MOVE_SELF), (.queueOverflow, IN_Q_OVERFLOW),
                (.ignored, IN_IGNORED), (.onlyDirectory, IN_ONLYDIR), (.isDirectory, IN_ISDIR),
            ]
            for (events, kernel) in pairs {
                #expect(events.rawValue == UInt32(kernel))
            }
        }
    #endif

    @Test(
        "a folder's parent and name come from its path's components",
        arguments: [
            ("Themes", DirectoryWatcher.Placement(parent: ".", name: "Themes")),
            ("./Themes", DirectoryWatcher.Placement(parent: ".", name: "Themes")),
            ("Themes/", DirectoryWatcher.Placement(parent: ".", name: "Themes")),
            ("app/Themes", DirectoryWatcher.Placement(parent: "app", name: "Themes")),
            ("/a", DirectoryWatcher.Placement(parent: "/", name: "a")),
            ("/srv//app/Themes/", DirectoryWatcher.Placement(parent: "/srv/app", name: "Themes")),
            ("/", nil), (".", nil), ("Themes/..", nil), ("", nil),
        ])
    func placesFolder(path: String, expected: DirectoryWatcher.Placement?) {
        #expect(DirectoryWatcher.Placement(of: path) == expected)
    }

    /// One record as the kernel lays it out: wd, mask, cookie, len, then the padded name.
    private func record(watch: Int32 = 1, mask: UInt32 = 0x8, name: String?, paddedTo length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch) { bytes += $0 }
        for field in [mask, 0, UInt32(length)] {
            withUnsafeBytes(of: field) { bytes += $0 }
        }
        var nameBytes = Array((name ?? "").utf8)
        nameBytes += Array(repeating: 0, count: length - nameBytes.count)
        return bytes + nameBytes
    }
}

#if canImport(Glibc)
    /// The kernel's inotify queue length, if it is readable and small enough to overflow in a
    /// test.
    private let overflowLimit: Int? = {
        guard let text = try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8),
            let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0, limit <= 100_000
        else { return nil }
        return limit
    }()

    /// Opens a file for writing and closes it: one `IN_CLOSE_WRITE` event, nothing written.
    private func touchForWriting(_ path: String) {
        let descriptor = open(path, O_WRONLY)
        if descriptor >= 0 { close(descriptor) }
    }
#endif

extension DirectoryWatcher.Change {
    /// The file names of a `.files` call; empty for the others.
    fileprivate var fileNames: Set<String> {
        if case .files(let names) = self { names } else { [] }
    }

    /// The error of a `.stopped` call.
    fileprivate var stopError: ThemeError? {
        if case .stopped(let error) = self { error } else { nil }
    }
}

extension TemporaryDirectory {
    /// Makes a folder inside this one and returns its URL.
    fileprivate func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }
}

/// Collects handler calls from the watcher's queue for the test to inspect.
private final class Recorder: Sendable {
    private let recorded = Mutex<[DirectoryWatcher.Change]>([])

    var calls: [DirectoryWatcher.Change] { recorded.withLock { $0 } }

    func record(_ change: DirectoryWatcher.Change) {
        recorded.withLock { $0.append(change) }
    }

    func watch(_ directory: TemporaryDirectory, quietPeriod: Duration = .milliseconds(50)) throws
        -> DirectoryWatcher
    {
        try DirectoryWatcher(directory: directory.path, quietPeriod: quietPeriod) { [self] change in
            record(change)
        }
    }

    /// Polls until `condition` holds for the calls so far, or five seconds pass; returns
    /// the calls either way, so that the caller's expectations report what happened.
    func waitForCalls(until condition: ([DirectoryWatcher.Change]) -> Bool) async -> [DirectoryWatcher.Change] {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, !condition(calls) {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return calls
    }
}

/// Rewrites an existing file in place: truncate, write, close (no rename).
private func overwrite(_ path: String, _ text: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
}

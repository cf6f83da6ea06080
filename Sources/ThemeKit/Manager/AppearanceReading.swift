import Dispatch
import ThemeSupport

/// What a manager knows of its appearance source's preference: "no answer yet" is not "no
/// preference" (SPEC §8). A theme chosen for the system's appearance waits for the first answer
/// (at most `ThemeManager.firstAnswerLimit` after the source was installed), so that an app
/// whose desktop is dark is never styled light first.
enum SourceAnswer: Sendable {
    /// The source has not answered yet; `FirstAnswer` opens when it does.
    case awaiting(FirstAnswer)
    /// The source's last value (`nil`: no preference); also what a manager with no source has.
    case answered(ThemeAppearance?)

    /// The preference as it is known now: nothing while no answer came.
    var appearance: ThemeAppearance? {
        if case .answered(let appearance) = self { appearance } else { nil }
    }
}

/// A gate that opens on a source's first answer, for the threads that must not choose a theme
/// before it: they wait at most until a deadline set when the source was installed.
///
/// `Sendable`: whether it is open lives behind a `Locked`; the `DispatchGroup` is entered once at
/// creation and left once, when it opens (or when it goes: libdispatch traps on releasing an
/// unbalanced group).
final class FirstAnswer: Sendable {
    private let group = DispatchGroup()
    private let isOpen = Locked(false)
    private let deadline: DispatchTime

    /// A closed gate that waiters give up on `limit` from now.
    init(limit: Duration) {
        let (seconds, attoseconds) = max(limit, .zero).components
        let nanoseconds = min(seconds, 3600) * 1_000_000_000 + attoseconds / 1_000_000_000
        deadline = .now() + .nanoseconds(Int(nanoseconds))
        group.enter()
    }

    /// Opens the gate: every waiter goes on. Any thread, any number of times.
    func open() {
        let opening = isOpen.withLock { open -> Bool in
            defer { open = true }
            return !open
        }
        if opening { group.leave() }
    }

    /// Waits until the gate opens or its deadline passes, whichever comes first. Call it with
    /// no lock held: the answer comes on the source's thread and the reading task's queue.
    func wait() {
        _ = group.wait(timeout: deadline)
    }

    deinit {
        open()
    }
}

/// Runs the task that reads one appearance source on a serial dispatch queue of its own, not on
/// Swift concurrency's shared pool: the threads that wait for the source's first answer may be
/// the pool's own (an async `main`, a test), and on a machine of two cores two such waits would
/// leave no thread to take the answer in. The queue's threads are dispatch's, made as needed.
/// Task executors came with iOS 18 and macOS 15: before them the stream is read on the pool
/// (`ThemeManager.replaceAppearanceSource`), and the wait stays bounded by its deadline.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class AppearanceReadingExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "ThemeKit.ThemeManager.appearance")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

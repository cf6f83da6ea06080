import Foundation
import Synchronization
import Testing
import ThemeSupport

@Suite("Locked: a value behind a pthread mutex")
struct LockedTests {
    /// Sixteen threads (more than the machine has cores) each take the lock many times; inside,
    /// a counter of the threads inside must read one, and the plain `+= 1`s must all count.
    @Test("one thread at a time holds the lock, under contention from many threads")
    func excludesUnderContention() {
        let threads = 16
        let rounds = 2_000
        let locked = Locked(0)
        let inside = Atomic(0)
        let overlaps = Atomic(0)
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                for _ in 0..<rounds {
                    locked.withLock { count in
                        if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                            overlaps.add(1, ordering: .relaxed)
                        }
                        // A read, a pause and a write: a second thread inside would lose counts.
                        let seen = count
                        if seen % 97 == 0 { sched_yield() }
                        count = seen + 1
                        inside.subtract(1, ordering: .sequentiallyConsistent)
                    }
                }
                done.leave()
            }
        }
        done.wait()
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(locked.withLock { $0 } == threads * rounds)
    }

    @Test("withLock returns what its closure returns, and keeps what the closure wrote")
    func returnsTheClosuresValue() {
        let locked = Locked([String]())
        let count = locked.withLock { names -> Int in
            names.append("night")
            return names.count * 10
        }
        #expect(count == 10)
        #expect(locked.withLock { $0 } == ["night"])
    }

    struct Refused: Error, Equatable { let code: Int }

    @Test("a typed error leaves withLock as it is, with what was written before it and the lock released")
    func rethrowsTypedErrorsAndReleases() {
        let locked = Locked(1)
        #expect(throws: Refused(code: 7)) {
            try locked.withLock { (value: inout Int) throws(Refused) -> Void in
                value = 2
                throw Refused(code: 7)
            }
        }
        // Taken again on the same thread: it was released.
        #expect(locked.withLock { $0 } == 2)
    }

    @Test("copies of a Locked share one value and one lock")
    func copiesShareTheValue() {
        let locked = Locked(0)
        let copy = locked
        copy.withLock { $0 = 5 }
        #expect(locked.withLock { $0 } == 5)
    }

    /// Not reentrant, as `Synchronization.Mutex` is not: a second `withLock` on the thread that
    /// holds the lock traps (an error-checking mutex) rather than hang.
    @Test("taking the lock again on the thread that holds it traps, not hangs")
    func reentryTraps() async {
        await #expect(processExitsWith: .failure) {
            let locked = Locked(0)
            locked.withLock { _ in
                locked.withLock { $0 += 1 }
            }
        }
    }
}

// Public imports: `withLock` is inlinable, so that a lock costs what `Mutex`'s did (no call
// into this module at each use), and inlinable code may only use what is imported publicly.
// ThemeSupport has no product: no app sees them.
#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
#endif

/// A value behind a lock of its own: `withLock` gives one thread at a time `inout` access, as
/// `Synchronization.Mutex` does, over a `pthread_mutex_t` (swift-nio's `NIOLockedValueBox`
/// and swift-log's `Lock` are the same) so that it runs where `Mutex` (iOS 18, macOS 15) does
/// not: iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1.
///
/// The value and the mutex live in one allocation (a `ManagedBuffer`: the mutex must not
/// move once initialized); copies of a `Locked` share them, as a class reference does.
///
/// Not reentrant: taking the lock again on the thread that holds it (a `withLock` inside
/// another on the same `Locked`) traps in a debug build, where the mutex is of the
/// error-checking kind, and deadlocks in a release build, where it is a plain one (as
/// swift-nio's locks do): the check cost every theme lookup about 33 instructions, 564
/// against 531 (`valgrind --tool=callgrind --toggle-collect='*profileManagerLookups*'
/// themebench --profile-lookup 80`, release, 2026-11-27). Call out of the package
/// (observers, streams, app closures) only once the closure has returned.
///
/// `Sendable` whatever the value, as `Mutex` is, and for the same reason: the value goes in
/// and comes out only as `sending` (region isolation), so no reference to it outlives a
/// `withLock` but through the lock, which is what makes sharing it safe.
///
/// Public, in a module no product exposes, for one reason: an `@inlinable package` function is
/// not specialized in the modules that call it (Swift 6.3), and an unspecialized `withLock`
/// cost every theme lookup a generic call. Apps cannot import ThemeSupport.
public struct Locked<Value>: @unchecked Sendable {
    /// Keeps the value and the mutex alive; the two addresses below point into it.
    @usableFromInline
    let storage: LockedStorage<Value>
    /// The value and the mutex, taken once: a class instance does not move, and asking
    /// `ManagedBuffer` for them at each `withLock` is an access ThreadSanitizer sees as a write,
    /// made before the lock is taken.
    @usableFromInline
    nonisolated(unsafe) let value: UnsafeMutablePointer<Value>
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A lock around `value`.
    public init(_ value: consuming sending Value) {
        let storage = LockedStorage.make(value)
        self.storage = storage
        self.value = storage.withUnsafeMutablePointerToHeader { $0 }
        self.mutex = storage.withUnsafeMutablePointerToElements { $0 }
    }

    /// Runs `body` with the lock held and the value `inout`, and returns what it returns.
    /// `body` must not take this lock again (see the type's note).
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let locked = pthread_mutex_lock(mutex)
        // EDEADLK: this thread holds the lock already; `Mutex` traps there too.
        precondition(locked == 0, "Locked: the lock is taken again by the thread holding it, or failed: \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "Locked: pthread_mutex_unlock failed: \(unlocked)")
            // `storage` outlives every use of the two addresses.
            withExtendedLifetime(storage) {}
        }
        // `nonisolated(unsafe)`: the value is handed out only under the lock, which the region
        // checker cannot see; the standard library's `Mutex` hands out its cell's address the
        // same way.
        nonisolated(unsafe) let value = value
        return try body(&value.pointee)
    }
}

/// The allocation behind a `Locked`: the value as the header, one `pthread_mutex_t` as the
/// element, initialized at creation and destroyed at `deinit`.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    /// A storage holding `value` with its mutex initialized: error-checking in a debug build
    /// (a relock on the same thread fails instead of hanging, and `withLock` traps on it),
    /// plain in a release build.
    static func make(_ value: consuming sending Value) -> LockedStorage<Value> {
        // A copy the closure below can take: the parameter itself is `consuming`.
        nonisolated(unsafe) let initial = value
        let buffer = create(minimumCapacity: 1) { _ in initial }
        // `create` is `ManagedBuffer`'s and returns the class it is called on.
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            #if DEBUG
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            #else
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_NORMAL))
            #endif
            let status = pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
        }
    }
}

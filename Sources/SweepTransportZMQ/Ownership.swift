#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread that created a socket or poller. libzmq sockets are not thread-safe; in debug builds every call
/// checks that it runs on this thread and stops the program with a message naming the call if it does not.
/// Release builds skip the check (it costs a `pthread_self` per call).
struct OwnerThread {
    private let thread: pthread_t
    private let kind: StaticString

    init(_ kind: StaticString) {
        self.thread = pthread_self()
        self.kind = kind
    }

    @inline(__always)
    func check(_ operation: StaticString, file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
            precondition(
                pthread_equal(thread, pthread_self()) != 0,
                "\(kind).\(operation) called from a thread other than the one that created it; libzmq sockets must stay on their creating thread (see ZMQSocket)",
                file: file, line: line
            )
        #endif
    }
}

/// A plain mutex for the one class that is shared between threads (`ZMQContext`).
final class PThreadMutex {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let rc = pthread_mutex_init(mutex, nil)
        precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

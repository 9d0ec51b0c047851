internal import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libzmq context: the I/O threads and the `inproc://` namespace that sockets share.
///
/// Contexts are thread-safe in libzmq, so this class is `Sendable` (the only one in this module besides
/// ``ZMQSignal``): create one per process and hand it to every thread that makes sockets.
///
/// ## Shutting down
/// - ``shutdown()`` returns at once and makes every blocking call on the context's sockets fail with
///   ``ZMQError/isTerminated``; each socket's owner thread then closes its socket.
/// - ``terminate()`` (and `deinit`) calls `zmq_ctx_term`, which **blocks until every socket of the context is
///   closed and, for each closed socket, until its pending outgoing messages are sent or its
///   ``ZMQSocketOptions/linger`` expires**. libzmq's default linger is infinite: give every socket a bounded
///   linger (about 1000 ms on a clean shutdown, 0 on an abort) or termination can hang on an unreachable peer.
///
/// Every ``ZMQSocket`` keeps its context alive, so `deinit` only runs once all sockets are gone.
public final class ZMQContext: @unchecked Sendable {
    private enum State { case live, terminating, terminated }

    /// Valid until `zmq_ctx_term` returns; `state` (under `lock`) says whether it may still be used.
    private let handle: UnsafeMutableRawPointer
    private let lock = PThreadMutex()
    private var state = State.live

    /// A new context with `ioThreads` background I/O threads (libzmq's default is 1, enough for about a
    /// gigabyte per second of traffic).
    public init(ioThreads: Int = 1) throws {
        guard let handle = zmq_ctx_new() else { throw ZMQError.last("zmq_ctx_new") }
        self.handle = handle
        if ioThreads != 1 {
            guard let n = Int32(exactly: ioThreads), n >= 0, zmq_ctx_set(handle, ZMQ_IO_THREADS, n) == 0 else {
                let error = ZMQError(errno: EINVAL, operation: "zmq_ctx_set(ZMQ_IO_THREADS, \(ioThreads))")
                zmq_ctx_term(handle)
                throw error
            }
        }
    }

    deinit {
        terminate()
    }

    /// Whether ``terminate()`` has been called.
    public var isTerminated: Bool {
        lock.withLock { state != .live }
    }

    /// Makes blocking calls on this context's sockets return ``ZMQError/isTerminated`` and refuses new sockets,
    /// without waiting (`zmq_ctx_shutdown`). Any thread may call it, any number of times.
    public func shutdown() {
        lock.withLock {
            if state == .live { _ = zmq_ctx_shutdown(handle) }
        }
    }

    /// Terminates the context (`zmq_ctx_term`): blocking calls on its sockets fail with
    /// ``ZMQError/isTerminated``, then this call waits until every socket is closed and lingering messages are
    /// sent or dropped (see the type's discussion). Any thread may call it; only the first call waits, later
    /// ones return at once.
    public func terminate() {
        let first = lock.withLock { () -> Bool in
            guard state == .live else { return false }
            state = .terminating
            return true
        }
        guard first else { return }
        while zmq_ctx_term(handle) != 0 && zmq_errno() == EINTR {}
        lock.withLock { state = .terminated }
    }

    /// `zmq_socket` under the lock, so a socket is never made on a context that is being freed.
    func makeSocket(_ type: Int32, operation: @autoclosure () -> String) throws -> UnsafeMutableRawPointer {
        try lock.withLock {
            guard state == .live else { throw ZMQError(errno: ZMQErrno.eterm, operation: operation()) }
            guard let socket = zmq_socket(handle, type) else { throw ZMQError.last(operation()) }
            return socket
        }
    }
}

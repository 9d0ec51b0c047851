#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes a thread waiting in ``ZMQPoller/poll(timeoutMs:)`` from any other thread.
///
/// Producers (Dispatch work items finishing units, say) put their data in a lock-protected queue and call
/// ``notify()``; the I/O thread polls the signal with its sockets and, when it is readable, calls ``drain()``
/// and then empties the queue. Signals coalesce: any number of `notify()` calls before a `drain()` make one
/// wake-up, so always drain first and then take everything queued.
///
/// **Why a pipe and not an `inproc://` PAIR pair:** it is a non-blocking pipe whose read end is polled through
/// `zmq_pollitem_t.fd` (the self-pipe trick; an eventfd would need a C header Swift's Glibc module does not
/// export, and does not exist on macOS). Unlike a PAIR socket it is safe to call from any number of threads at
/// once with no lock (one `write` of one byte), never blocks (a full pipe is already readable, so the write is
/// skipped), needs no ZeroMQ context (so it can never hold up ``ZMQContext/terminate()``) and costs no
/// message allocation. It is therefore `Sendable`; the descriptors close when the last reference goes.
public final class ZMQSignal: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// A new, unsignalled signal (two file descriptors).
    public init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ZMQError(errno: errno, operation: "pipe") }
        for fd in fds {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
                let error = ZMQError(errno: errno, operation: "fcntl(O_NONBLOCK)")
                _ = close(fds[0])
                _ = close(fds[1])
                throw error
            }
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        _ = close(readEnd)
        _ = close(writeEnd)
    }

    /// The descriptor ``ZMQPoller`` waits on.
    var pollDescriptor: Int32 { readEnd }

    /// Makes the signal readable, waking a poll that includes it. Any thread, any time; never blocks.
    public func notify() {
        var byte: UInt8 = 1
        while write(writeEnd, &byte, 1) < 0 && errno == EINTR {}
        // EAGAIN: the pipe is full, so it is readable already.
    }

    /// Clears the signal; returns whether it had been signalled since the last drain. Call it on the polling
    /// thread (any thread is safe, but a drain elsewhere would swallow the poller's wake-up).
    @discardableResult
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        var signalled = false
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            if n > 0 {
                signalled = true
                if n < buffer.count { return signalled }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return signalled // EAGAIN: empty
            }
        }
    }
}

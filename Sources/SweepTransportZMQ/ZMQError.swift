internal import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed libzmq call: the `errno` it set, libzmq's text for it and the call that failed.
///
/// `description` is one sentence, e.g. `zmq_bind(tcp://0.0.0.0:5555) failed: Address already in use`.
/// The predicates name the outcomes callers must tell apart:
/// - ``isHostUnreachable``: a ROUTER with ``ZMQSocketOptions/routerMandatory`` on sent to a routing id with no
///   connected peer (the peer is unknown, or gone);
/// - ``isAgain``: a `dontWait` send found the peer at its high-water mark (or no peer at all), or a
///   `dontWait` receive found nothing (``ZMQSocket/receive(dontWait:)`` returns `nil` instead of throwing this);
/// - ``isTerminated``: the context was shut down or terminated; close the socket and stop;
/// - ``isInterrupted``: a signal interrupted a blocking call.
public struct ZMQError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The error number: a POSIX `errno` or one of libzmq's own (`ETERM`, `EFSM`, ...).
    public let errno: Int32
    /// `zmq_strerror(errno)`.
    public let message: String
    /// The call and its subject, e.g. `zmq_bind(tcp://0.0.0.0:5555)` or `zmq_setsockopt(ZMQ_LINGER, 0)`.
    public let operation: String

    /// An error for `operation` with the given error number; `message` comes from `zmq_strerror`.
    public init(errno: Int32, operation: String) {
        self.errno = errno
        self.operation = operation
        self.message = String(cString: zmq_strerror(errno))
    }

    /// `errno` as libzmq left it after the failed call (`zmq_errno()`, which is thread-local).
    static func last(_ operation: @autoclosure () -> String) -> ZMQError {
        ZMQError(errno: zmq_errno(), operation: operation())
    }

    public var description: String { "\(operation) failed: \(message)" }

    /// `EHOSTUNREACH`: a ROUTER with `routerMandatory` on has no peer with that routing id.
    public var isHostUnreachable: Bool { errno == EHOSTUNREACH }
    /// `EAGAIN`: a non-blocking call could not proceed now (high-water mark, no peer, nothing to receive).
    public var isAgain: Bool { errno == EAGAIN }
    /// `ETERM`: the socket's context is shutting down or terminated.
    public var isTerminated: Bool { errno == ZMQErrno.eterm }
    /// `EINTR`: a signal interrupted the call.
    public var isInterrupted: Bool { errno == EINTR }
    /// `ENOTSOCK`: the socket was already closed.
    public var isClosed: Bool { errno == ENOTSOCK }
}

/// libzmq's own error numbers (`zmq.h` defines them as expressions, which Swift does not import).
enum ZMQErrno {
    static let eterm = Int32(ZMQ_HAUSNUMERO) + 53
}

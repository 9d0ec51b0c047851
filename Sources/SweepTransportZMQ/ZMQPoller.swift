internal import CZeroMQ

/// Events to wait for, or found, on a poll item.
public struct ZMQPollEvents: OptionSet, Sendable, Hashable {
    public let rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// A whole message can be received without blocking (`ZMQ_POLLIN`); for a ``ZMQSignal``, it was signalled.
    public static let readable = ZMQPollEvents(rawValue: Int16(ZMQ_POLLIN))
    /// A message can be sent without blocking (`ZMQ_POLLOUT`).
    public static let writable = ZMQPollEvents(rawValue: Int16(ZMQ_POLLOUT))
}

/// A reusable set of sockets and signals to wait on together (`zmq_poll`), for an I/O thread's loop:
///
/// ```swift
/// let poller = ZMQPoller()
/// let fromPeers = poller.add(socket)
/// let fromWorkers = poller.add(signal)
/// while running {
///     try poller.poll(timeoutMs: heartbeatMs)
///     if poller.isReadable(fromWorkers) { signal.drain(); /* take the queued results */ }
///     while poller.isReadable(fromPeers), let message = try socket.receive(dontWait: true) { /* ... */ }
/// }
/// ```
///
/// Like a socket, a poller belongs to the thread that created it (checked in debug builds), and every socket
/// added must belong to that thread too. Items are numbered from 0 in the order they were added.
public final class ZMQPoller {
    private enum Source {
        case socket(ZMQSocket)
        case signal(ZMQSignal)
    }

    private var sources: [Source] = []
    private var items: [zmq_pollitem_t] = []
    private let owner = OwnerThread("ZMQPoller")

    public init() {}

    /// The number of items.
    public var count: Int { items.count }

    /// Adds `socket`, waiting for `events` (readable by default); returns its index.
    @discardableResult
    public func add(_ socket: ZMQSocket, events: ZMQPollEvents = .readable) -> Int {
        owner.check("add(_:events:)")
        sources.append(.socket(socket))
        items.append(zmq_pollitem_t(socket: nil, fd: -1, events: events.rawValue, revents: 0))
        return items.count - 1
    }

    /// Adds `signal`, which is readable once signalled until drained; returns its index.
    @discardableResult
    public func add(_ signal: ZMQSignal) -> Int {
        owner.check("add(_:)")
        sources.append(.signal(signal))
        items.append(zmq_pollitem_t(socket: nil, fd: signal.pollDescriptor, events: Int16(ZMQ_POLLIN), revents: 0))
        return items.count - 1
    }

    /// Waits up to `timeoutMs` milliseconds (−1: forever, 0: just look) for any item's events and returns how
    /// many items have some. A signal interrupting the wait returns 0 early, as a timeout would. Throws
    /// ``ZMQError/isTerminated`` when the context is shut down, ``ZMQError/isClosed`` for a closed socket.
    @discardableResult
    public func poll(timeoutMs: Int) throws -> Int {
        owner.check("poll(timeoutMs:)")
        for index in items.indices {
            items[index].revents = 0
            if case .socket(let socket) = sources[index] {
                socket.owner.check("poll (through ZMQPoller)")
                items[index].socket = try socket.liveHandle("zmq_poll")
            }
        }
        let n = Int32(items.count)
        let rc = items.withUnsafeMutableBufferPointer { zmq_poll($0.baseAddress, n, timeoutMs) }
        if rc >= 0 { return Int(rc) }
        let error = ZMQError.last("zmq_poll")
        if error.isInterrupted {
            for index in items.indices { items[index].revents = 0 }
            return 0
        }
        throw error
    }

    /// The events item `index` had at the last ``poll(timeoutMs:)``.
    public func events(_ index: Int) -> ZMQPollEvents {
        owner.check("events(_:)")
        return ZMQPollEvents(rawValue: items[index].revents)
    }

    /// Whether item `index` was readable at the last ``poll(timeoutMs:)``.
    public func isReadable(_ index: Int) -> Bool {
        events(index).contains(.readable)
    }
}

/// Pollers stay on their creating thread: never `Sendable`.
@available(*, unavailable)
extension ZMQPoller: Sendable {}

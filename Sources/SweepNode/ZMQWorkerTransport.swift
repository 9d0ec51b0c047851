import SweepProtocol
import SweepTransportZMQ

/// A worker's transport on ZeroMQ: a DEALER socket (its routing id the worker's id) with a monitor, replaced on
/// every `open`, and a ``ZMQSignal`` that wakes `wait` when a unit finishes. Lives on the worker's I/O thread.
public final class ZMQWorkerTransport: WorkerTransport {
    let context: ZMQContext
    let endpoint: String
    let workerID: String
    let curve: ZMQCurveRole?
    let signal: ZMQSignal
    var socket: ZMQSocket?
    var monitor: ZMQMonitor?
    /// The current socket lost its connection since it was made (libzmq reconnects by itself).
    var lostConnection = false
    var poller = ZMQPoller()
    var socketIndex = -1, monitorIndex = -1

    public init(connect endpoint: String, workerID: String, security: ClientSecurity) throws {
        context = try ZMQContext()
        self.endpoint = endpoint
        self.workerID = workerID
        curve = security.role
        do { signal = try ZMQSignal() } catch {
            context.terminate()
            throw error
        }
    }

    public var waker: @Sendable () -> Void { { [signal] in signal.notify() } }

    public func open() throws {
        socket?.close()
        var o = ZMQSocketOptions()
        o.linger = 0
        // Not ZMQ_IMMEDIATE: a worker has one peer, and its hello must wait for the connection, not vanish.
        o.routingID = Array(workerID.utf8)
        // libzmq retries a connection that failed or dropped every 250 ms, without backing off: the state
        // machine backs off itself (1 s … 32 s) when it replaces the socket. libzmq's own doubling (to 32 s)
        // kept a fresh socket away from a coordinator that came up a moment after its first try.
        o.reconnectInterval = 250
        o.reconnectIntervalMax = 0
        o.maxMessageSize = Int64(WireLimits.payloadBytes)
        o.curve = curve
        let s = try ZMQSocket(context: context, type: .dealer, options: o)
        socket = s
        (socketIndex, monitorIndex) = (-1, -1) // nothing is read before the next wait
        lostConnection = false
        monitor?.close()
        monitor = try s.monitor()
        try s.connect(endpoint)
    }

    public func close() {
        // Closed now, not when the backoff ends: left open, libzmq would reconnect it by itself and hand a
        // queued hello to a coordinator whose welcome nobody then reads.
        socket?.close()
        socket = nil
        monitor?.close()
        monitor = nil
        (socketIndex, monitorIndex) = (-1, -1)
    }

    public func send(_ frames: [[UInt8]]) throws {
        guard let socket else { return }
        try socket.send(frames, dontWait: true)
    }

    public func receive() throws -> [[UInt8]]? {
        guard let socket, socketIndex >= 0, poller.isReadable(socketIndex) else { return nil }
        return try socket.receive(dontWait: true)
    }

    public func wait(timeoutMs: Int) throws {
        poller = ZMQPoller()
        socketIndex = socket.map { poller.add($0) } ?? -1
        _ = poller.add(signal)
        monitorIndex = monitor.map { poller.add($0.socket) } ?? -1
        _ = try poller.poll(timeoutMs: timeoutMs)
        _ = signal.drain()
    }

    public func connectionEvents() throws -> [WorkerConnectionEvent] {
        guard monitorIndex >= 0, let monitor, poller.isReadable(monitorIndex) else { return [] }
        var events: [WorkerConnectionEvent] = []
        for event in try monitor.drain() {
            switch event.kind {
            case .authenticationFailed: events.append(.handshakeFailed(.keyRefused))
            case .cryptographicFailure: events.append(.handshakeFailed(.cryptographic))
            case .mechanismMismatch, .handshakeFailed: events.append(.handshakeFailed(.mechanism))
            case .disconnected:
                lostConnection = true
                events.append(.lost)
            case .handshakeSucceeded where lostConnection:
                // A connection libzmq made again after losing one: the state machine may need to say hello.
                lostConnection = false
                events.append(.reestablished)
            default: break
            }
        }
        return events
    }

    deinit {
        close()
        context.terminate()
    }
}

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the ``InboundRelay`` holds each connection to.
public struct InboundRelayLimits: Sendable, Equatable {
    /// The most bytes one connection may make libzmq hold: its largest message on the wire, every frame's framing
    /// counted, and room for its handshake.
    public var connectionBytes: Int
    /// What a connection may send before the gatekeeper has said who it is (``InboundRelay/setLimit(peerAddress:bytes:)``):
    /// a CURVE handshake. Nil: ``connectionBytes`` from the start (no gatekeeper, as on a plain endpoint).
    public var handshakeBytes: Int?
    /// How long a connection may stay at its limit with nothing taken out before it is closed.
    public var stallMs: Int64
    /// Connections open at once; more are closed as they come.
    public var maxConnections: Int
    /// The buffer each way of each connection.
    public var bufferBytes: Int

    public init(connectionBytes: Int, handshakeBytes: Int? = nil, stallMs: Int64 = 5000, maxConnections: Int = 1024, bufferBytes: Int = 64 << 10) {
        self.connectionBytes = connectionBytes
        self.handshakeBytes = handshakeBytes
        self.stallMs = stallMs
        self.maxConnections = maxConnections
        self.bufferBytes = bufferBytes
    }
}

/// Something the relay did that its owner may log.
public enum InboundRelayEvent: Sendable, Equatable {
    /// A connection stayed at its limit, a message libzmq had not seen the end of, for the stall time: closed, and
    /// what libzmq held of it freed.
    case closedAtLimit(peer: String, limit: Int)
    /// A connection closed as it came: `open` connections already (``InboundRelayLimits/maxConnections``).
    case refused(peer: String, open: Int)
    /// `accept` failed (out of file descriptors, say); the relay tries again in 100 ms.
    case acceptFailed(ZMQError)
    /// The relay could not open its own connection for a peer (closed).
    case upstreamFailed(peer: String, error: ZMQError)
}

/// A TCP front for a ROUTER that bounds what each peer can make libzmq hold.
///
/// libzmq 4.3.4 hands a multipart message to its socket only once the last frame is in, and `ZMQ_MAXMSGSIZE`
/// bounds frames, not messages, so a peer that completes a handshake can make it buffer any number of frames
/// before the coordinator sees the first. The relay listens on the public endpoint and passes each connection's
/// bytes, unchanged, to the ROUTER on 127.0.0.1, from a loopback address of the connection's own (127.42.x.y,
/// ``RelayAddressPool``): the `Peer-Address` of every message names its connection. It reads from a peer no more
/// than the peer's ``RelayBudget`` allows; each message the coordinator takes out gives its wire bytes back
/// (``giveBack(peerAddress:wireBytes:)``, sized by ``ZMTPFraming``). A message too large to fit never completes:
/// its connection stays at its limit and is closed after ``InboundRelayLimits/stallMs``.
///
/// The relay runs on a thread of its own, started by ``start()`` and ended by ``stop()`` (call it: the thread keeps
/// the relay alive). Its other methods may be called from any thread.
public final class InboundRelay: Sendable {
    /// The endpoint bound: what peers connect to (`tcp://0.0.0.0:41235` for `tcp://*:*`).
    public let endpoint: String
    let limits: InboundRelayLimits
    let upstreamPort: UInt16
    let listener: Int32
    /// A pipe's two ends: a byte written to `wakeWriter` ends the thread's `poll`.
    let wakeFD: Int32
    let wakeWriter: Int32
    let shared = Mutex(RelayShared())

    /// Whether this system lets the relay connect from 127.42.0.1 (Linux routes all of 127/8 to loopback).
    public static var isSupported: Bool { TCPSockets.canBind(RelayAddressPool.address(at: 0)) }

    /// Binds `listen` (a `tcp://` endpoint as `zmq_bind` takes it) for a ROUTER bound on 127.0.0.1:`upstreamPort`.
    public init(listen: String, upstreamPort: UInt16, limits: InboundRelayLimits) throws {
        (listener, endpoint) = try TCPSockets.listen(listen)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let error = ZMQError(errno: errno, operation: "pipe")
            Glibc.close(listener)
            throw error
        }
        (wakeFD, wakeWriter) = (ends[0], ends[1])
        TCPSockets.makeNonBlocking(wakeFD)
        TCPSockets.makeNonBlocking(wakeWriter)
        self.limits = limits
        self.upstreamPort = upstreamPort
    }

    /// Starts the relay's thread.
    public func start() throws {
        let box = Unmanaged.passRetained(RelayLoop(relay: self)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<RelayLoop>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, box)
        guard rc == 0 else {
            Unmanaged<RelayLoop>.fromOpaque(box).release()
            throw ZMQError(errno: rc, operation: "starting the relay's thread (pthread_create)")
        }
        shared.withLock { $0.thread = thread }
    }

    /// The coordinator took out a message of `wireBytes` that came from `peerAddress` (its `Peer-Address`).
    public func giveBack(peerAddress: String, wireBytes: Int) {
        guard let source = RelayAddressPool.parse(peerAddress) else { return }
        // The thread takes what was given back whenever it wakes; it is woken for it only when the connection
        // waits at its limit (a pipe write for every message would cost the coordinator a system call each).
        let waiting = shared.withLock { state in
            state.givenBack[source, default: 0] += wireBytes
            return state.waiting.contains(source)
        }
        if waiting { wake() }
    }

    /// Sets the limit of the connection whose `Peer-Address` is `peerAddress` (the gatekeeper knows who it is).
    public func setLimit(peerAddress: String, bytes: Int) {
        guard let source = RelayAddressPool.parse(peerAddress) else { return }
        shared.withLock { $0.newLimits[source] = bytes }
        wake()
    }

    /// The address of the peer whose connection comes from `peerAddress` (`10.0.0.7:51234`), while it is open.
    public func peer(of peerAddress: String) -> String? {
        guard let source = RelayAddressPool.parse(peerAddress) else { return nil }
        return shared.withLock { $0.peers[source] }
    }

    /// The bytes the connection whose `Peer-Address` is `peerAddress` holds now: read from its peer and not given
    /// back (what was given back and the thread has not yet taken counted off). Nil once it is closed.
    public func heldBytes(peerAddress: String) -> Int? {
        guard let source = RelayAddressPool.parse(peerAddress) else { return nil }
        return shared.withLock { state in state.held[source].map { max(0, $0 - state.givenBack[source, default: 0]) } }
    }

    /// Connections open now.
    public var openConnections: Int { shared.withLock { $0.peers.count } }

    /// What happened since the last call.
    public func takeEvents() -> [InboundRelayEvent] {
        shared.withLock { state in
            defer { state.events.removeAll() }
            return state.events
        }
    }

    /// Closes every connection and the listening socket, and waits for the thread to end. Twice does nothing.
    public func stop() {
        let thread: pthread_t? = shared.withLock { state in
            guard !state.stopping else { return nil }
            state.stopping = true
            return state.thread
        }
        wake()
        if let thread { pthread_join(thread, nil) }
        shared.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            Glibc.close(listener)
            Glibc.close(wakeFD)
            Glibc.close(wakeWriter)
        }
    }

    /// Ends the thread's `poll` (under the lock, so never after ``stop()`` closed the descriptor).
    func wake() {
        shared.withLock { state in
            guard !state.closed else { return }
            var one: UInt8 = 1
            // A full pipe already wakes the thread.
            _ = Glibc.write(wakeWriter, &one, 1)
        }
    }
}

/// What the relay's thread and its callers share.
struct RelayShared {
    var thread: pthread_t?
    var stopping = false
    var closed = false
    var givenBack: [UInt32: Int] = [:]
    var newLimits: [UInt32: Int] = [:]
    var peers: [UInt32: String] = [:]
    var held: [UInt32: Int] = [:]
    /// Connections at their limit, not read until something is given back.
    var waiting: Set<UInt32> = []
    var events: [InboundRelayEvent] = []
}

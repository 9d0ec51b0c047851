import SweepDistributed

/// A message a coordinator's transport read: who sent it, its frames (not yet decoded, so FrameCodec, malformed
/// frames and the version refusal stay on the node's path), and whether it came over a status key's connection.
public struct InboundFrames: Sendable {
    public var peer: WorkerID
    /// The message's frames; none when it was over its limit (``oversize``).
    public var frames: [[UInt8]]
    /// The connection was authenticated with a status key (`--status-keys`): it may ask for status and nothing else.
    public var isStatusKey: Bool
    /// The connection's public key as log lines name it ("no key" without CURVE).
    public var key: String
    /// Set when the message was over its limit (``InboundLimits``): it was counted and freed, never copied whole.
    public var oversize: OversizeMessage?
    public init(peer: WorkerID, frames: [[UInt8]], isStatusKey: Bool = false, key: String = "no key", oversize: OversizeMessage? = nil) {
        self.peer = peer; self.frames = frames; self.isStatusKey = isStatusKey; self.key = key; self.oversize = oversize
    }
}

/// What a transport says about a message it refused for its size: its frames and bytes (all of them, the
/// routing id not counted), the limit it broke, and its first frame when that was within the limit (the header,
/// for the log line's message type).
public struct OversizeMessage: Sendable, Equatable {
    public var frames: Int, bytes: Int
    public var mostFrames: Int, mostBytes: Int
    public var header: [UInt8]?
    public init(frames: Int, bytes: Int, mostFrames: Int, mostBytes: Int, header: [UInt8]?) {
        self.frames = frames; self.bytes = bytes; self.mostFrames = mostFrames; self.mostBytes = mostBytes; self.header = header
    }
}

/// What became of a message a coordinator sent.
public enum SendOutcome: Sendable, Equatable {
    case sent
    /// No connection to that worker (it is gone): the state machine hears `unreachable`.
    case unreachable
    /// The worker is too slow to take it now: the message is lost (logged).
    case dropped(reason: String)
}

/// Something about a coordinator's connections worth a log line (failed handshakes are the transport's own business).
public enum CoordinatorConnectionEvent: Sendable, Equatable {
    /// A connection closed. Almost always its peer closed it (a worker leaving, a `sweep status` that has its
    /// answer); libzmq also closes one whose peer sent a frame over `ZMQ_MAXMSGSIZE`, and libzmq 4.3.4 reports
    /// both with the same monitor event (`ZMQ_EVENT_DISCONNECTED`), so the two cannot be told apart here.
    case dropped(endpoint: String)
}

/// The coordinator's side of the network: one bound endpoint, many workers (docs/ARCHITECTURE.md, "Transports").
/// Used from one thread. ``ZMQCoordinatorTransport`` is the ZeroMQ ROUTER; ``InMemoryNetwork`` has another.
public protocol CoordinatorTransport: AnyObject {
    /// Binds and returns the endpoint workers connect to (a `tcp://…:0` names its port here).
    func bind(_ endpoint: String) throws -> String
    /// Waits at most `timeoutMs` for something to read; whether a message may be waiting.
    @discardableResult func wait(timeoutMs: Int) throws -> Bool
    /// The next message, or nil when none is waiting (never blocks).
    func receive() throws -> InboundFrames?
    /// Sends frames to one worker without blocking.
    func send(_ frames: [[UInt8]], to worker: WorkerID) throws -> SendOutcome
    /// Connection events since the last call (for logging).
    func connectionEvents(nowMs: Int64) throws -> [CoordinatorConnectionEvent]
    /// Periodic work of the transport itself (answering CURVE handshakes, logging refused keys); every pass.
    func housekeeping(nowMs: Int64) throws
    /// Connections refused so far (keys off the allow-list, failed handshakes).
    var refusals: Int { get }
    func close()
}

/// Something about a worker's connection.
public enum WorkerConnectionEvent: Sendable, Equatable {
    /// The connection to the coordinator was lost (the transport tries to make it again by itself).
    case lost
    /// The connection is back after a loss: a hello not yet answered may have gone down with the old one.
    case reestablished
    /// A handshake failed, for this reason (logged as advice, once a minute per kind).
    case handshakeFailed(HandshakeFailure)
}

/// Why a worker's CURVE handshake failed.
public enum HandshakeFailure: Sendable, Equatable {
    /// The coordinator refused this worker's key (not on its allow-list).
    case keyRefused
    /// The handshake did not decrypt: the wrong coordinator key.
    case cryptographic
    /// The coordinator speaks another mechanism (plain against CURVE, or the other way round).
    case mechanism
}

/// A worker's side of the network: one connection to the coordinator, made and dropped as the state machine says.
/// Used from one thread; its ``waker`` from any.
public protocol WorkerTransport: AnyObject {
    /// Makes a new connection to the coordinator (closing any old one). Messages sent before it is up wait for it.
    func open() throws
    /// Drops the connection; nothing is sent or received until the next `open`.
    func close()
    /// Sends frames to the coordinator without blocking; throws when they are lost.
    func send(_ frames: [[UInt8]]) throws
    /// The next message, or nil when none is waiting (or the connection is closed).
    func receive() throws -> [[UInt8]]?
    /// Waits at most `timeoutMs` for a message, a connection event or a call of ``waker``.
    func wait(timeoutMs: Int) throws
    /// Ends a `wait` from another thread (a unit finished).
    var waker: @Sendable () -> Void { get }
    /// Connection events since the last call.
    func connectionEvents() throws -> [WorkerConnectionEvent]
}

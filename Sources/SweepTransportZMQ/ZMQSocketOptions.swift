/// ZMTP heartbeats (libzmq >= 4.2): connection-level liveness, in milliseconds.
///
/// They detect a dead TCP connection, not a hung application; the sweep protocol's own heartbeats and leases
/// are still needed.
public struct ZMQHeartbeat: Equatable, Sendable {
    /// `ZMQ_HEARTBEAT_IVL`: send a PING this often (0 turns heartbeats off).
    public var interval: Int
    /// `ZMQ_HEARTBEAT_TIMEOUT`: close the connection when nothing arrives this long after a PING
    /// (`nil` keeps libzmq's default, which is `interval`).
    public var timeout: Int?
    /// `ZMQ_HEARTBEAT_TTL`: asks the peer to close the connection after this long without traffic
    /// (`nil` keeps libzmq's default, none). libzmq rounds it down to deciseconds; at most 6,553,599.
    public var ttl: Int?

    public init(interval: Int, timeout: Int? = nil, ttl: Int? = nil) {
        self.interval = interval
        self.timeout = timeout
        self.ttl = ttl
    }
}

/// Socket options, applied with ``ZMQSocket/init(context:type:options:)`` or ``ZMQSocket/apply(_:)``.
///
/// `nil` leaves libzmq's default. Most options only affect connections made after they are set, so set them
/// before `bind`/`connect` (passing them to the initializer does that). Times are milliseconds. The defaults
/// quoted are libzmq's; see docs/protocol.md §4 for the values the sweep uses.
public struct ZMQSocketOptions: Equatable, Sendable {
    /// `ZMQ_ROUTER_MANDATORY` (ROUTER only; default off): sending to an unknown or departed routing id throws
    /// ``ZMQError/isHostUnreachable`` instead of dropping the message silently, and a `dontWait` send to a peer
    /// at its high-water mark throws ``ZMQError/isAgain`` instead of dropping. Write-only in libzmq.
    public var routerMandatory: Bool?
    /// `ZMQ_ROUTER_HANDOVER` (ROUTER only; default off): a peer connecting with a routing id already in use takes
    /// it over from the stale connection instead of being ignored. Write-only in libzmq.
    public var routerHandover: Bool?
    /// `ZMQ_LINGER` (default −1, forever): how long `close` keeps unsent messages and so how long
    /// ``ZMQContext/terminate()`` may block; 0 drops them at once.
    public var linger: Int?
    /// `ZMQ_MAXMSGSIZE` (default −1, no limit): the largest inbound message in bytes. A peer that sends a larger
    /// one is disconnected and the message never arrives. Applies to `tcp://` and `ipc://`, not to `inproc://`.
    public var maxMessageSize: Int64?
    /// `ZMQ_ROUTING_ID` (default: the ROUTER peer assigns a random one): how a ROUTER peer addresses this socket;
    /// 1 to 255 bytes, not starting with a zero byte. Set before `connect`.
    public var routingID: [UInt8]?
    /// `ZMQ_SNDHWM` (default 1000): queued outbound messages per peer; 0 means no limit.
    public var sendHWM: Int?
    /// `ZMQ_RCVHWM` (default 1000): queued inbound messages per peer; 0 means no limit.
    public var receiveHWM: Int?
    /// `ZMQ_IMMEDIATE` (default off): queue messages only to completed connections, so a send with no connected
    /// peer blocks (or throws ``ZMQError/isAgain`` with `dontWait`) instead of waiting in a pipe.
    public var immediate: Bool?
    /// `ZMQ_RECONNECT_IVL` (default 100): wait before reconnecting a dropped or refused connection; −1 never.
    public var reconnectInterval: Int?
    /// `ZMQ_RECONNECT_IVL_MAX` (default 0, no backoff): double the reconnect wait on every failure up to this.
    public var reconnectIntervalMax: Int?
    /// `ZMQ_HEARTBEAT_IVL`, `_TIMEOUT` and `_TTL` (default off).
    public var heartbeat: ZMQHeartbeat?
    /// `ZMQ_TCP_KEEPALIVE` (default −1, the OS default, read back as `nil`): TCP keep-alive probes on or off.
    public var tcpKeepalive: Bool?
    /// CURVE encryption and authentication (`ZMQ_CURVE_SERVER`, `_SECRETKEY`, `_PUBLICKEY`, `_SERVERKEY`;
    /// default none, the NULL mechanism). Write-only here: secrets are never read back.
    public var curve: ZMQCurveRole?
    /// `ZMQ_ZAP_DOMAIN` (default empty): the domain named in ZAP requests. Setting it makes a server consult the
    /// context's ZAP handler (``ZMQAuthenticator``) for every handshake, whatever the mechanism.
    public var zapDomain: String?

    public init(
        routerMandatory: Bool? = nil,
        routerHandover: Bool? = nil,
        linger: Int? = nil,
        maxMessageSize: Int64? = nil,
        routingID: [UInt8]? = nil,
        sendHWM: Int? = nil,
        receiveHWM: Int? = nil,
        immediate: Bool? = nil,
        reconnectInterval: Int? = nil,
        reconnectIntervalMax: Int? = nil,
        heartbeat: ZMQHeartbeat? = nil,
        tcpKeepalive: Bool? = nil,
        curve: ZMQCurveRole? = nil,
        zapDomain: String? = nil
    ) {
        self.routerMandatory = routerMandatory
        self.routerHandover = routerHandover
        self.linger = linger
        self.maxMessageSize = maxMessageSize
        self.routingID = routingID
        self.sendHWM = sendHWM
        self.receiveHWM = receiveHWM
        self.immediate = immediate
        self.reconnectInterval = reconnectInterval
        self.reconnectIntervalMax = reconnectIntervalMax
        self.heartbeat = heartbeat
        self.tcpKeepalive = tcpKeepalive
        self.curve = curve
        self.zapDomain = zapDomain
    }

    /// Sets the three heartbeat options at once (a shorthand for assigning ``heartbeat``).
    public mutating func heartbeat(interval: Int, timeout: Int? = nil, ttl: Int? = nil) {
        heartbeat = ZMQHeartbeat(interval: interval, timeout: timeout, ttl: ttl)
    }
}

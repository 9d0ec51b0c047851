internal import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket types the sweep uses.
public enum ZMQSocketType: Sendable, CaseIterable {
    /// Addresses peers by routing id; the coordinator's socket. Received messages start with the sender's id
    /// frame; sent messages must start with the recipient's.
    case router
    /// Round-robins sends over its peers and fair-queues receives, with no envelope; the worker's socket.
    case dealer
    /// Exactly one peer.
    case pair
    /// Strict send/receive alternation, with an empty delimiter frame added and removed for you.
    case req
    /// Strict receive/send alternation; replies go back to the request's sender.
    case rep

    var raw: Int32 {
        switch self {
        case .router: ZMQ_ROUTER
        case .dealer: ZMQ_DEALER
        case .pair: ZMQ_PAIR
        case .req: ZMQ_REQ
        case .rep: ZMQ_REP
        }
    }
}

/// A libzmq socket. Messages are multipart: `[[UInt8]]`, one array per frame, delivered all or nothing.
///
/// ## Threads
/// A socket is **not thread-safe and not `Sendable`**: create it on the thread that will use it and make every
/// call (including ``close()``) there. The usual shape is one I/O thread (a `Thread`, not a Swift `Task`, whose
/// thread can change at every `await`) that owns its sockets and waits in ``ZMQPoller/poll(timeoutMs:)``; other
/// threads hand it work through a lock-protected queue and wake it with a ``ZMQSignal``. In debug builds every
/// call checks that it runs on the creating thread (`pthread_self`) and stops the program if not. `deinit`
/// closes the socket if it is still open and is the one exception allowed to run elsewhere (reference counting
/// gives the memory barrier libzmq needs when a socket changes threads).
///
/// ## Errors
/// Failed calls throw ``ZMQError``. Calls on a closed socket throw an error with ``ZMQError/isClosed``.
/// Blocking calls retry when a signal interrupts them.
public final class ZMQSocket {
    /// The context this socket belongs to; kept alive while the socket exists.
    public let context: ZMQContext
    /// What kind of socket this is.
    public let type: ZMQSocketType

    /// `nil` once closed.
    private(set) var handle: UnsafeMutableRawPointer?
    /// One `zmq_msg_t` at a stable address, reused by every `receive` (small messages live inside it).
    private let message: UnsafeMutablePointer<zmq_msg_t>
    let owner = OwnerThread("ZMQSocket")

    /// Makes a socket of `type` in `context` and applies `options` (before any `bind` or `connect`, which is when
    /// most options must be set). Throws ``ZMQError/isTerminated`` if the context is shut down.
    public init(context: ZMQContext, type: ZMQSocketType, options: ZMQSocketOptions = ZMQSocketOptions()) throws {
        self.context = context
        self.type = type
        self.handle = try context.makeSocket(type.raw, operation: "zmq_socket(\(type))")
        self.message = .allocate(capacity: 1)
        zmq_msg_init(message)
        do {
            try apply(options)
        } catch {
            abandon()
            throw error
        }
    }

    deinit {
        if handle != nil { zmq_close(handle) }
        zmq_msg_close(message)
        message.deallocate()
    }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { handle == nil }

    /// Closes the socket (`zmq_close`). Unsent messages stay queued for up to ``ZMQSocketOptions/linger``
    /// milliseconds while ``ZMQContext/terminate()`` waits for them. Closing twice does nothing.
    public func close() {
        owner.check("close()")
        guard let handle else { return }
        zmq_close(handle)
        self.handle = nil
    }

    /// Closes with linger 0, for failed initialization.
    private func abandon() {
        guard let handle else { return }
        var zero: Int32 = 0
        zmq_setsockopt(handle, ZMQ_LINGER, &zero, MemoryLayout<Int32>.size)
        zmq_close(handle)
        self.handle = nil
    }

    func liveHandle(_ operation: @autoclosure () -> String) throws -> UnsafeMutableRawPointer {
        guard let handle else { throw ZMQError(errno: ENOTSOCK, operation: "\(operation()) on a closed socket") }
        return handle
    }

    // MARK: - Endpoints

    /// Binds to `endpoint` (`tcp://127.0.0.1:5555`, `tcp://*:*`, `inproc://name`, `ipc:///path`) and returns the
    /// endpoint actually bound (`ZMQ_LAST_ENDPOINT`): binding `tcp://127.0.0.1:*` returns the chosen port, as in
    /// `tcp://127.0.0.1:41235`.
    @discardableResult
    public func bind(_ endpoint: String) throws -> String {
        owner.check("bind(_:)")
        let socket = try liveHandle("zmq_bind(\(endpoint))")
        guard zmq_bind(socket, endpoint) == 0 else { throw ZMQError.last("zmq_bind(\(endpoint))") }
        return try lastEndpoint(socket)
    }

    /// Connects to `endpoint`. The connection is made (and remade after failures, see
    /// ``ZMQSocketOptions/reconnectInterval``) in the background, so this succeeds before any peer listens.
    public func connect(_ endpoint: String) throws {
        owner.check("connect(_:)")
        let socket = try liveHandle("zmq_connect(\(endpoint))")
        guard zmq_connect(socket, endpoint) == 0 else { throw ZMQError.last("zmq_connect(\(endpoint))") }
    }

    /// Undoes ``connect(_:)`` for `endpoint`.
    public func disconnect(_ endpoint: String) throws {
        owner.check("disconnect(_:)")
        let socket = try liveHandle("zmq_disconnect(\(endpoint))")
        guard zmq_disconnect(socket, endpoint) == 0 else { throw ZMQError.last("zmq_disconnect(\(endpoint))") }
    }

    /// Undoes ``bind(_:)`` for `endpoint` (pass the endpoint `bind` returned).
    public func unbind(_ endpoint: String) throws {
        owner.check("unbind(_:)")
        let socket = try liveHandle("zmq_unbind(\(endpoint))")
        guard zmq_unbind(socket, endpoint) == 0 else { throw ZMQError.last("zmq_unbind(\(endpoint))") }
    }

    private func lastEndpoint(_ socket: UnsafeMutableRawPointer) throws -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        var size = buffer.count
        guard zmq_getsockopt(socket, ZMQ_LAST_ENDPOINT, &buffer, &size) == 0 else {
            throw ZMQError.last("zmq_getsockopt(ZMQ_LAST_ENDPOINT)")
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    // MARK: - Messages

    /// Sends one message of `frames.count` frames (at least one; empty frames are allowed). Delivery is all or
    /// nothing: the message is queued whole once its first frame is accepted.
    ///
    /// Blocks while the peer is at its high-water mark (or, with ``ZMQSocketOptions/immediate`` on, while no peer
    /// is connected) unless `dontWait` is set, in which case it throws ``ZMQError/isAgain`` and sends nothing.
    /// A ROUTER with ``ZMQSocketOptions/routerMandatory`` on throws ``ZMQError/isHostUnreachable`` when the first
    /// frame names no connected peer; without it such messages are dropped silently.
    public func send(_ frames: [[UInt8]], dontWait: Bool = false) throws {
        owner.check("send(_:dontWait:)")
        precondition(!frames.isEmpty, "ZMQSocket.send needs at least one frame")
        let socket = try liveHandle("zmq_send")
        let last = frames.count - 1
        for (index, frame) in frames.enumerated() {
            var flags: Int32 = index < last ? ZMQ_SNDMORE : 0
            // Later frames of an accepted message never wait; only the first may.
            if dontWait && index == 0 { flags |= ZMQ_DONTWAIT }
            while true {
                let rc = frame.withUnsafeBytes { bytes -> Int32 in
                    if let base = bytes.baseAddress { return zmq_send(socket, base, bytes.count, flags) }
                    return Self.sendEmpty(socket, flags)
                }
                if rc >= 0 { break }
                let error = ZMQError.last("zmq_send")
                if error.isInterrupted { continue }
                throw error
            }
        }
    }

    /// Sends an empty frame through a `zmq_msg_t` (`zmq_send` wants a buffer address).
    private static func sendEmpty(_ socket: UnsafeMutableRawPointer, _ flags: Int32) -> Int32 {
        var empty = zmq_msg_t()
        zmq_msg_init(&empty)
        let rc = zmq_msg_send(&empty, socket, flags)
        if rc < 0 {
            let saved = zmq_errno()
            zmq_msg_close(&empty)
            errno = saved
        }
        return rc
    }

    /// Receives one whole message, frame by frame. Blocks until a message arrives, unless `dontWait` is set, in
    /// which case it returns `nil` when none is waiting. Use ``ZMQPoller`` to wait with a timeout.
    public func receive(dontWait: Bool = false) throws -> [[UInt8]]? {
        try receive(dontWait: dontWait, readUserID: false) { _ in .none }?.frames
    }

    /// Like ``receive(dontWait:)``, held to a limit on the whole message: `limit` gives it for the `User-Id` of the
    /// sender's connection (nil until a frame carries one: a ROUTER's routing-id frame is made locally and carries
    /// none; nil throughout without authentication). Frames are counted as they are taken out; once the message is
    /// over its limit, the rest are taken out of libzmq and freed without being copied, so the socket is ready for
    /// the next message. libzmq delivers a message only once all its frames are in, so what the peer sent is in
    /// memory by then: the limit bounds what this process copies, not what libzmq held (docs/operations.md).
    public func receive(dontWait: Bool = false, limit: (_ userID: String?) -> ZMQMessageLimit) throws -> ZMQBoundedMessage? {
        try receive(dontWait: dontWait, readUserID: true, limit: limit)
    }

    private func receive(
        dontWait: Bool, readUserID: Bool, limit: (String?) -> ZMQMessageLimit
    ) throws -> ZMQBoundedMessage? {
        owner.check("receive(dontWait:)")
        let socket = try liveHandle("zmq_msg_recv")
        var received = ZMQBoundedMessage(frames: [], userID: nil, peerAddress: nil, size: ZMQMessageSize(), limit: limit(nil))
        var first = true
        while true {
            // Only the first frame may be missing: libzmq hands over whole messages.
            let flags: Int32 = dontWait && first ? ZMQ_DONTWAIT : 0
            if zmq_msg_recv(message, socket, flags) < 0 {
                let error = ZMQError.last("zmq_msg_recv")
                if error.isInterrupted { continue }
                if error.isAgain && dontWait && first { return nil }
                throw error
            }
            first = false
            // Read from every frame until one has it: a ROUTER's routing-id frame is made locally and carries none.
            if readUserID && received.userID == nil, let value = zmq_msg_gets(message, "User-Id") {
                let text = String(cString: value)
                if !text.isEmpty {
                    received.userID = text
                    received.limit = limit(text)
                }
            }
            if readUserID && received.peerAddress == nil, let value = zmq_msg_gets(message, "Peer-Address") {
                let text = String(cString: value)
                if !text.isEmpty { received.peerAddress = text }
            }
            let count = zmq_msg_size(message)
            if received.size.add(frameOf: count, limit: received.limit) {
                received.frames.append(count == 0 ? [] : Array(UnsafeRawBufferPointer(start: zmq_msg_data(message), count: count)))
            }
            if zmq_msg_more(message) == 0 { return received }
        }
    }

    // MARK: - Options

    /// Applies every non-`nil` option in `options`, in declaration order, stopping at the first failure
    /// (`EINVAL` for a value libzmq refuses or an option the socket type lacks, ``ZMQError/isTerminated``).
    public func apply(_ options: ZMQSocketOptions) throws {
        owner.check("apply(_:)")
        let socket = try liveHandle("zmq_setsockopt")
        if let v = options.routerMandatory { try set(socket, ZMQ_ROUTER_MANDATORY, "ZMQ_ROUTER_MANDATORY", v) }
        if let v = options.routerHandover { try set(socket, ZMQ_ROUTER_HANDOVER, "ZMQ_ROUTER_HANDOVER", v) }
        if let v = options.linger { try set(socket, ZMQ_LINGER, "ZMQ_LINGER", v) }
        if let v = options.maxMessageSize {
            var value = v
            guard zmq_setsockopt(socket, ZMQ_MAXMSGSIZE, &value, MemoryLayout<Int64>.size) == 0 else {
                throw ZMQError.last("zmq_setsockopt(ZMQ_MAXMSGSIZE, \(v))")
            }
        }
        if let v = options.routingID {
            let rc = v.withUnsafeBytes { zmq_setsockopt(socket, ZMQ_ROUTING_ID, $0.baseAddress, $0.count) }
            guard rc == 0 else { throw ZMQError.last("zmq_setsockopt(ZMQ_ROUTING_ID, \(v.count) bytes)") }
        }
        if let v = options.sendHWM { try set(socket, ZMQ_SNDHWM, "ZMQ_SNDHWM", v) }
        if let v = options.receiveHWM { try set(socket, ZMQ_RCVHWM, "ZMQ_RCVHWM", v) }
        if let v = options.immediate { try set(socket, ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE", v) }
        if let v = options.reconnectInterval { try set(socket, ZMQ_RECONNECT_IVL, "ZMQ_RECONNECT_IVL", v) }
        if let v = options.reconnectIntervalMax {
            try set(socket, ZMQ_RECONNECT_IVL_MAX, "ZMQ_RECONNECT_IVL_MAX", v)
        }
        if let h = options.heartbeat {
            try set(socket, ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL", h.interval)
            if let v = h.timeout { try set(socket, ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT", v) }
            if let v = h.ttl { try set(socket, ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL", v) }
        }
        if let v = options.tcpKeepalive { try set(socket, ZMQ_TCP_KEEPALIVE, "ZMQ_TCP_KEEPALIVE", v) }
        if let v = options.zapDomain {
            let bytes = Array(v.utf8)
            let rc = bytes.withUnsafeBytes { zmq_setsockopt(socket, ZMQ_ZAP_DOMAIN, $0.baseAddress, $0.count) }
            guard rc == 0 else { throw ZMQError.last("zmq_setsockopt(ZMQ_ZAP_DOMAIN, \(v))") }
        }
        switch options.curve {
        case nil:
            break
        case .server(let secret):
            try set(socket, ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER", true)
            try setKey(socket, ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", secret.bytes)
        case let .client(serverKey, secret):
            try setKey(socket, ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", serverKey.bytes)
            try setKey(socket, ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", secret.publicKey.bytes)
            try setKey(socket, ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", secret.bytes)
        }
    }

    /// Sets a 32-byte CURVE key; the error names the option, never the key.
    private func setKey(_ socket: UnsafeMutableRawPointer, _ option: Int32, _ name: String, _ key: [UInt8]) throws {
        let rc = key.withUnsafeBytes { zmq_setsockopt(socket, option, $0.baseAddress, $0.count) }
        guard rc == 0 else {
            if zmq_errno() == EINVAL, !ZMQLibrary.hasCurve {
                throw ZMQError(errno: EINVAL, operation: "zmq_setsockopt(\(name)): this libzmq was built without CURVE")
            }
            throw ZMQError.last("zmq_setsockopt(\(name))")
        }
    }

    /// The options libzmq can report, read back (`zmq_getsockopt`). ``ZMQSocketOptions/routerMandatory`` and
    /// ``ZMQSocketOptions/routerHandover`` are write-only and come back `nil`, as does an unset
    /// ``ZMQSocketOptions/tcpKeepalive``; ``ZMQSocketOptions/routingID`` is `nil` when none was set.
    public func currentOptions() throws -> ZMQSocketOptions {
        owner.check("currentOptions()")
        let socket = try liveHandle("zmq_getsockopt")
        var options = ZMQSocketOptions()
        options.linger = try int(socket, ZMQ_LINGER, "ZMQ_LINGER")
        var maxSize: Int64 = 0
        var size = MemoryLayout<Int64>.size
        guard zmq_getsockopt(socket, ZMQ_MAXMSGSIZE, &maxSize, &size) == 0 else {
            throw ZMQError.last("zmq_getsockopt(ZMQ_MAXMSGSIZE)")
        }
        options.maxMessageSize = maxSize
        var id = [UInt8](repeating: 0, count: 256)
        var idSize = id.count
        guard zmq_getsockopt(socket, ZMQ_ROUTING_ID, &id, &idSize) == 0 else {
            throw ZMQError.last("zmq_getsockopt(ZMQ_ROUTING_ID)")
        }
        options.routingID = idSize == 0 ? nil : Array(id[..<idSize])
        options.sendHWM = try int(socket, ZMQ_SNDHWM, "ZMQ_SNDHWM")
        options.receiveHWM = try int(socket, ZMQ_RCVHWM, "ZMQ_RCVHWM")
        options.immediate = try int(socket, ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE") != 0
        options.reconnectInterval = try int(socket, ZMQ_RECONNECT_IVL, "ZMQ_RECONNECT_IVL")
        options.reconnectIntervalMax = try int(socket, ZMQ_RECONNECT_IVL_MAX, "ZMQ_RECONNECT_IVL_MAX")
        options.heartbeat = ZMQHeartbeat(
            interval: try int(socket, ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL"),
            timeout: try int(socket, ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT"),
            ttl: try int(socket, ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL")
        )
        let keepalive = try int(socket, ZMQ_TCP_KEEPALIVE, "ZMQ_TCP_KEEPALIVE")
        options.tcpKeepalive = keepalive < 0 ? nil : keepalive != 0
        return options
    }

    private func set(_ socket: UnsafeMutableRawPointer, _ option: Int32, _ name: String, _ value: Bool) throws {
        try set(socket, option, name, value ? 1 : 0)
    }

    private func set(_ socket: UnsafeMutableRawPointer, _ option: Int32, _ name: String, _ value: Int) throws {
        guard var v = Int32(exactly: value) else {
            throw ZMQError(errno: EINVAL, operation: "zmq_setsockopt(\(name), \(value))")
        }
        guard zmq_setsockopt(socket, option, &v, MemoryLayout<Int32>.size) == 0 else {
            throw ZMQError.last("zmq_setsockopt(\(name), \(value))")
        }
    }

    private func int(_ socket: UnsafeMutableRawPointer, _ option: Int32, _ name: String) throws -> Int {
        var v: Int32 = 0
        var size = MemoryLayout<Int32>.size
        guard zmq_getsockopt(socket, option, &v, &size) == 0 else { throw ZMQError.last("zmq_getsockopt(\(name))") }
        return Int(v)
    }

    // MARK: - Polling

    /// Waits up to `timeoutMs` milliseconds (−1: forever, 0: just look) until one of `items` has one of its
    /// requested events, and returns, per item, whether it is readable (a whole message can be received). All
    /// sockets must belong to the calling thread. May return early with nothing ready when a signal interrupts
    /// the wait. For repeated polls, or to include a ``ZMQSignal``, use a ``ZMQPoller``.
    public static func poll(_ items: [(ZMQSocket, ZMQPollEvents)], timeoutMs: Int) throws -> [Bool] {
        let poller = ZMQPoller()
        for (socket, events) in items { poller.add(socket, events: events) }
        try poller.poll(timeoutMs: timeoutMs)
        return items.indices.map { poller.isReadable($0) }
    }
}

/// Sockets stay on their creating thread: never `Sendable`.
@available(*, unavailable)
extension ZMQSocket: Sendable {}

import Logging
import SweepDistributed
import SweepProtocol
import SweepTransportZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// The coordinator's transport on ZeroMQ: a ROUTER socket (a worker's routing id is its `WorkerID`), a monitor for
/// dropped connections and failed handshakes, with CURVE the ``Gatekeeper`` answering ZAP requests, and on a
/// `tcp://` endpoint the ``InboundRelay`` in front of the ROUTER, which bounds what each connection can make
/// libzmq hold. Lives on the thread that serves the coordinator.
public final class ZMQCoordinatorTransport: CoordinatorTransport {
    let context: ZMQContext
    let socket: ZMQSocket
    let monitor: ZMQMonitor
    let gatekeeper: Gatekeeper?
    let poller = ZMQPoller()
    let socketIndex: Int, monitorIndex: Int, gateIndex: Int?
    let framing: ZMTPFraming
    let logger: Logger
    let usesRelay: Bool
    /// In front of the ROUTER once a `tcp://` endpoint is bound.
    private(set) var relay: InboundRelay?
    private var relayLog = RelayLog()

    /// A ROUTER with the coordinator's socket options; `maxMessageBytes` is ZMQ_MAXMSGSIZE, the largest frame.
    /// `relay`: serve a `tcp://` endpoint through the ``InboundRelay`` (off only to measure its cost).
    public init(
        maxMessageBytes: Int64, security: CoordinatorSecurity, statusKeys: [CurvePublicKey: String], relay: Bool = true, logger: Logger
    ) throws {
        context = try ZMQContext()
        var socketOptions = ZMQSocketOptions()
        socketOptions.routerMandatory = true
        // A worker that reconnects (a new socket, the same routing id) takes over its old connection; without this
        // libzmq refuses the new one while it still knows the old, and the worker's hello never arrives.
        socketOptions.routerHandover = true
        socketOptions.linger = 1000
        socketOptions.maxMessageSize = maxMessageBytes
        socketOptions.sendHWM = 0
        socketOptions.receiveHWM = 0
        var gatekeeper: Gatekeeper?
        do {
            if case let .curve(secretKey, allowed) = security {
                // The ZAP handler must exist before the first handshake, so before the bind.
                gatekeeper = try Gatekeeper(context: context, allowed: allowed, statusKeys: statusKeys, logger: logger)
                socketOptions.curve = .server(secretKey: secretKey)
                socketOptions.zapDomain = Gatekeeper.zapDomain
            }
            socket = try ZMQSocket(context: context, type: .router, options: socketOptions)
            // Connection events: failed handshakes (the gatekeeper words them) and connections libzmq dropped.
            monitor = try socket.monitor()
        } catch {
            gatekeeper?.close()
            context.terminate()
            throw error
        }
        self.gatekeeper = gatekeeper
        self.logger = logger
        usesRelay = relay
        if case .curve = security { framing = .curve } else { framing = .null }
        socketIndex = poller.add(socket)
        monitorIndex = poller.add(monitor.socket)
        gateIndex = gatekeeper?.add(to: poller)
    }

    /// Binds `endpoint`. A `tcp://` endpoint is the relay's: the ROUTER itself binds 127.0.0.1 on a port of its own,
    /// reached only through the relay (where this system cannot connect from 127.42.x.y, the ROUTER binds the
    /// endpoint itself and a warning says that whole messages are then bounded only after libzmq has them).
    public func bind(_ endpoint: String) throws -> String {
        guard usesRelay, endpoint.hasPrefix("tcp://") else { return try socket.bind(endpoint) }
        guard InboundRelay.isSupported else {
            logger.log(
                .warning(
                    "this system cannot connect from 127.42.0.1, so no relay bounds what a peer's message can make libzmq hold",
                    ["endpoint": .text(endpoint)]))
            return try socket.bind(endpoint)
        }
        let inner = try socket.bind("tcp://127.0.0.1:*")
        guard let port = inner.split(separator: ":").last.flatMap({ UInt16($0) }) else {
            throw ZMQError(errno: EINVAL, operation: "binding the relay's ROUTER (\(inner))")
        }
        let relay = try InboundRelay(listen: endpoint, upstreamPort: port, limits: InboundLimits.relay(curve: framing == .curve))
        do { try relay.start() } catch {
            relay.stop()
            throw error
        }
        self.relay = relay
        gatekeeper?.relay = relay
        return relay.endpoint
    }

    public func wait(timeoutMs: Int) throws -> Bool {
        try poller.poll(timeoutMs: timeoutMs)
        return poller.isReadable(socketIndex)
    }

    /// The next message, held to its peer's limit (``InboundLimits``): a status key's connection may send a status
    /// request and no more, any other peer the largest message a worker sends.
    public func receive() throws -> InboundFrames? {
        let framing = framing
        while let next = try socket.receive(
            dontWait: true, limit: { InboundLimits.withRoutingID(isStatusKey: Gatekeeper.isStatusKey($0), framing: framing) })
        {
            if let relay, let address = next.peerAddress { relay.giveBack(peerAddress: address, wireBytes: next.size.wireBytes) }
            let isStatusKey = Gatekeeper.isStatusKey(next.userID)
            if let inbound = InboundLimits.inbound(next, isStatusKey: isStatusKey, key: Gatekeeper.keyText(next.userID)) { return inbound }
        }
        return nil
    }

    public func send(_ frames: [[UInt8]], to worker: WorkerID) throws -> SendOutcome {
        do { try socket.send([worker.bytes] + frames, dontWait: true) } catch let error as ZMQError where error.isHostUnreachable {
            return .unreachable
        } catch let error as ZMQError where error.isAgain {
            return .dropped(reason: "\(error)")
        }
        return .sent
    }

    public func connectionEvents(nowMs: Int64) throws -> [CoordinatorConnectionEvent] {
        guard poller.isReadable(monitorIndex) else { return [] }
        var events: [CoordinatorConnectionEvent] = []
        for var event in try monitor.drain() {
            // Behind the relay libzmq names the ROUTER's own 127.0.0.1 endpoint; log lines name the one peers use.
            if let relay { event.endpoint = relay.endpoint }
            gatekeeper?.note(event, nowMs: nowMs)
            if event.kind == .disconnected { events.append(.dropped(endpoint: event.endpoint)) }
        }
        return events
    }

    public func housekeeping(nowMs: Int64) throws {
        if let relay { relayLog.log(relay.takeEvents(), logger: logger, nowMs: nowMs) }
        guard let gatekeeper, let gateIndex else { return }
        try gatekeeper.serve(poller, gateIndex, nowMs: nowMs)
        gatekeeper.flushHeldKeys(nowMs: nowMs)
    }

    public var refusals: Int { (gatekeeper?.refusals ?? 0) + relayLog.refusals }

    public func close() {
        relay?.stop()
        monitor.close()
        socket.close()
        gatekeeper?.close()
        context.terminate()
    }
}

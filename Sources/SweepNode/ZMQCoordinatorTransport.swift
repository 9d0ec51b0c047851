import Logging
import SweepDistributed
import SweepProtocol
import SweepTransportZMQ

/// The coordinator's transport on ZeroMQ: a ROUTER socket (a worker's routing id is its `WorkerID`), a monitor for
/// dropped connections and failed handshakes, and, with CURVE, the ``Gatekeeper`` answering ZAP requests. Lives on
/// the thread that serves the coordinator.
public final class ZMQCoordinatorTransport: CoordinatorTransport {
    let context: ZMQContext
    let socket: ZMQSocket
    let monitor: ZMQMonitor
    let gatekeeper: Gatekeeper?
    let poller = ZMQPoller()
    let socketIndex: Int, monitorIndex: Int, gateIndex: Int?

    /// A ROUTER with the coordinator's socket options; `maxMessageBytes` is ZMQ_MAXMSGSIZE, the largest frame.
    public init(maxMessageBytes: Int64, security: CoordinatorSecurity, statusKeys: [CurvePublicKey: String], logger: Logger) throws {
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
        socketIndex = poller.add(socket)
        monitorIndex = poller.add(monitor.socket)
        gateIndex = gatekeeper?.add(to: poller)
    }

    public func bind(_ endpoint: String) throws -> String { try socket.bind(endpoint) }

    public func wait(timeoutMs: Int) throws -> Bool {
        try poller.poll(timeoutMs: timeoutMs)
        return poller.isReadable(socketIndex)
    }

    /// The next message, held to its peer's limit (``InboundLimits``): a status key's connection may send a status
    /// request and no more, any other peer the largest message a worker sends.
    public func receive() throws -> InboundFrames? {
        while let next = try socket.receive(dontWait: true, limit: { InboundLimits.withRoutingID(isStatusKey: Gatekeeper.isStatusKey($0)) }) {
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
        for event in try monitor.drain() {
            gatekeeper?.note(event, nowMs: nowMs)
            if event.kind == .disconnected { events.append(.dropped(endpoint: event.endpoint)) }
        }
        return events
    }

    public func housekeeping(nowMs: Int64) throws {
        guard let gatekeeper, let gateIndex else { return }
        try gatekeeper.serve(poller, gateIndex, nowMs: nowMs)
        gatekeeper.flushHeldKeys(nowMs: nowMs)
    }

    public var refusals: Int { gatekeeper?.refusals ?? 0 }

    public func close() {
        monitor.close()
        socket.close()
        gatekeeper?.close()
        context.terminate()
    }
}

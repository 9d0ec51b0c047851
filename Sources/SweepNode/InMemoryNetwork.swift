import SweepDistributed

/// A network in memory for testing and benchmarking the node loops in virtual time: endpoints by name, a
/// coordinator end (``InMemoryCoordinatorTransport``) and worker ends (``InMemoryWorkerTransport``), all owned by
/// the one thread that drives them. Messages arrive at once and in order. Faults, as the tests need them:
/// - ``drop(_:)``: a worker vanishes (its process died): the coordinator's sends to it are `unreachable`;
/// - ``freeze(_:)``: a worker goes silent (SIGSTOP): the driver skips its passes while ``isFrozen(_:)``, and
///   what the coordinator sends it waits in its inbox until it thaws;
/// - closing the coordinator end and binding a new one at the same name is a restart: open workers see
///   `lost`, then `reestablished`, and what they sent in between reaches the new coordinator;
/// - ``inject(_:from:to:)``: raw frames from any peer (garbage, another protocol version);
/// - a worker end marked ``InMemoryWorkerTransport/isStatusKey``: a client holding a status key.
/// Like libzmq, a worker's messages wait for a connection that is not up yet, and a worker that opens a new
/// connection with the id of an old one takes it over.
public final class InMemoryNetwork {
    final class Endpoint {
        var coordinator: InMemoryCoordinatorTransport?
        var workers: [WorkerID: InMemoryWorkerTransport] = [:]
    }

    var endpoints: [String: Endpoint] = [:]
    var frozen: Set<String> = []
    var gone: Set<String> = []

    public init() {}

    /// A coordinator end; `bind` it to a name.
    public func coordinator() -> InMemoryCoordinatorTransport { InMemoryCoordinatorTransport(network: self) }

    /// A worker end with routing id `id` that connects to `endpoint` on `open` (also a raw peer for tests).
    public func worker(_ id: String, connectingTo endpoint: String) -> InMemoryWorkerTransport {
        InMemoryWorkerTransport(network: self, id: id, endpoint: endpoint)
    }

    /// Worker `id` vanishes: its connection is gone for good, and what it sends from now on is lost.
    public func drop(_ id: String) {
        gone.insert(id)
        for (name, endpoint) in endpoints {
            guard let worker = endpoint.workers.removeValue(forKey: WorkerID(Array(id.utf8))) else { continue }
            worker.isOpen = false
            endpoint.coordinator?.events.append(.dropped(endpoint: name))
        }
    }

    /// Worker `id` goes silent until ``thaw(_:)``: the driver skips its passes meanwhile.
    public func freeze(_ id: String) { frozen.insert(id) }
    public func thaw(_ id: String) { frozen.remove(id) }
    public func isFrozen(_ id: String) -> Bool { frozen.contains(id) }

    /// Hands `frames` to the coordinator at `endpoint` as if peer `id` had sent them (nothing when none is bound).
    public func inject(_ frames: [[UInt8]], from id: String, to endpoint: String) {
        endpoints[endpoint]?.coordinator?.inbox.append(InboundFrames(peer: WorkerID(Array(id.utf8)), frames: frames))
    }

    func endpoint(_ name: String) -> Endpoint {
        if let e = endpoints[name] { return e }
        let e = Endpoint()
        endpoints[name] = e
        return e
    }
}

/// The coordinator's end of an ``InMemoryNetwork``.
public final class InMemoryCoordinatorTransport: CoordinatorTransport {
    unowned let network: InMemoryNetwork
    var name: String?
    var inbox: [InboundFrames] = []
    var events: [CoordinatorConnectionEvent] = []

    init(network: InMemoryNetwork) { self.network = network }

    /// Binds `endpoint` (any name): workers already open there connect, and what they held back goes out.
    public func bind(_ endpoint: String) throws -> String {
        let e = network.endpoint(endpoint)
        e.coordinator = self
        name = endpoint
        for id in e.workers.keys.sorted(by: { $0.description < $1.description }) { e.workers[id]!.connected() }
        return endpoint
    }

    public func wait(timeoutMs: Int) throws -> Bool { !inbox.isEmpty }

    /// The next message, held to its peer's limit like ZeroMQ's (``InboundLimits``).
    public func receive() throws -> InboundFrames? {
        while !inbox.isEmpty {
            let next = InboundLimits.bounded(inbox.removeFirst())
            if !next.frames.isEmpty || next.oversize != nil { return next }
        }
        return nil
    }

    public func send(_ frames: [[UInt8]], to worker: WorkerID) throws -> SendOutcome {
        guard let name, let peer = network.endpoints[name]?.workers[worker], peer.isOpen, peer.isConnected else { return .unreachable }
        peer.inbox.append(frames)
        return .sent
    }

    public func connectionEvents(nowMs: Int64) throws -> [CoordinatorConnectionEvent] {
        defer { events.removeAll() }
        return events
    }

    public func housekeeping(nowMs: Int64) throws {}
    public var refusals: Int { 0 }

    /// The coordinator is gone (stopped or killed): its unread messages with it; connected workers see `lost`.
    public func close() {
        guard let name, let e = network.endpoints[name], e.coordinator === self else { return }
        e.coordinator = nil
        inbox.removeAll()
        for worker in e.workers.values where worker.isConnected { worker.lost() }
        self.name = nil
    }
}

/// A worker's end of an ``InMemoryNetwork`` (or a raw peer's, read and written by a test directly).
public final class InMemoryWorkerTransport: WorkerTransport {
    unowned let network: InMemoryNetwork
    public let id: String
    let endpoint: String
    var isOpen = false
    var isConnected = false
    /// The connection was lost since it was opened (the next one is `reestablished`).
    var lostSinceOpen = false
    var held: [[[UInt8]]] = []
    var inbox: [[[UInt8]]] = []
    var events: [WorkerConnectionEvent] = []
    /// The connection counts as authenticated with a status key (CURVE's `--status-keys`): the coordinator reads
    /// `isStatusKey` on what it sends, with its id as the key.
    public var isStatusKey = false

    init(network: InMemoryNetwork, id: String, endpoint: String) {
        self.network = network; self.id = id; self.endpoint = endpoint
    }

    public func open() throws {
        close()
        guard !network.gone.contains(id) else { return }
        isOpen = true
        let e = network.endpoint(endpoint)
        e.workers[WorkerID(Array(id.utf8))] = self // takes over an old connection with this id
        if e.coordinator != nil { isConnected = true }
    }

    public func close() {
        let e = network.endpoints[endpoint]
        if e?.workers[WorkerID(Array(id.utf8))] === self { e?.workers[WorkerID(Array(id.utf8))] = nil }
        isOpen = false
        isConnected = false
        lostSinceOpen = false
        held.removeAll()
        inbox.removeAll()
    }

    public func send(_ frames: [[UInt8]]) throws {
        guard isOpen else { return }
        guard isConnected, let coordinator = network.endpoints[endpoint]?.coordinator else {
            held.append(frames)
            return
        }
        coordinator.inbox.append(
            InboundFrames(
                peer: WorkerID(Array(id.utf8)), frames: frames, isStatusKey: isStatusKey,
                key: isStatusKey ? id : "no key"))
    }

    public func receive() throws -> [[UInt8]]? {
        guard isOpen, !inbox.isEmpty else { return nil }
        return inbox.removeFirst()
    }

    public func wait(timeoutMs: Int) throws {}
    public var waker: @Sendable () -> Void { {} }

    public func connectionEvents() throws -> [WorkerConnectionEvent] {
        defer { events.removeAll() }
        return events
    }

    func connected() {
        guard isOpen, !isConnected else { return }
        isConnected = true
        if lostSinceOpen { events.append(.reestablished) }
        lostSinceOpen = false
        let pending = held
        held.removeAll()
        for frames in pending { try? send(frames) }
    }

    func lost() {
        isConnected = false
        lostSinceOpen = true
        events.append(.lost)
    }
}
